import { describe, expect, inject, it } from 'vitest';
import type { TokenizerFamily } from './families.js';
import { loadModelTokenizer } from './load.js';
import { CORPUS } from './test/corpus.js';
import { referenceCounter } from './test/reference.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** Server paths of the registry packages' tokenizer folders, by family (browser projects only). */
    tokenizerReferences: { readonly llama3: string; readonly llama2: string; readonly tekken: string };
  }
}

// One family per algorithm, with the real data as an app's bundler serves it: byte-level BPE with listed merges
// (Llama 3) and with merges derived on load (Mistral's Tekken, its own split pattern), and SentencePiece BPE over
// characters with byte fallback (Llama 2, Phi-3's vocabulary).
const FAMILIES: readonly (readonly [TokenizerFamily, 'llama3' | 'llama2' | 'tekken'])[] = [
  ['llama3', 'llama3'],
  ['tekken', 'tekken'],
  ['phi3', 'llama2'],
];

describe.each(FAMILIES)('%s counts exactly as its tokenizer.json in this browser', (family, source) => {
  let count: (text: string) => number;
  let expected: (text: string) => number;

  it('loads', async () => {
    const folder = inject('tokenizerReferences')[source];
    const read = async (file: string) => (await fetch(`${folder}/${file}`)).json();
    const [counter, json, config] = await Promise.all([
      loadModelTokenizer(family),
      read('tokenizer.json'),
      read('tokenizer_config.json'),
    ]);
    expect(counter.encoding).toBe(family);
    count = (text) => counter.count(text);
    expected = referenceCounter(json, config);
  });

  it.each(CORPUS)('%s', (_name, text) => {
    expect(count(text)).toBe(expected(text));
  });
});
