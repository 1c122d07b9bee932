import { ValidationError } from '../errors/index.js';
import { loadTiktokenCounter, loadTiktokenRanks, type TokenCounter } from '../tokens/index.js';
import { checkKnownFields, describe, isRecord } from '../validation/index.js';
import { DATA_PARTS, type DataName } from './data-parts.js';
import { isTokenizerFamily, TOKENIZER_FAMILIES, type TokenizerFamily } from './families.js';
import { countModule } from './lazy.js';

/** Which tokenizer to load: a family's name, or an object naming it. */
export type ModelTokenizerSource = TokenizerFamily | { readonly family: TokenizerFamily };

/** `loadModelTokenizer` (see load-door.ts) for every family: a chunk of its own, with the families' tables. */
export function loadModelTokenizer(source: ModelTokenizerSource): Promise<TokenCounter> {
  let family: TokenizerFamily;
  try {
    family = familyOf(source);
  } catch (error) {
    return Promise.reject(error);
  }
  if (family === 'o200k_base' || family === 'cl100k_base') return loadTiktokenCounter(family);
  if (family === 'o200k_harmony') {
    // The harmony encoding is o200k_base's ranks with other special tokens, which user text never becomes.
    let counter = loaded.get(family);
    if (!counter) {
      counter = Promise.all([loadTiktokenRanks('o200k_base'), countModule()]).then(
        ([ranks, { vocabularyCounter, vocabularyOfRanks }]) => vocabularyCounter(vocabularyOfRanks(ranks)),
      );
      counter.catch(() => loaded.delete(family));
      loaded.set(family, counter);
    }
    return counter.then((count) => ({ encoding: family, count }));
  }
  if (family === 'phi4')
    // Phi-4's tokenizer is cl100k_base's ranks with Phi's own special tokens (its model card); see the docs.
    return loadTiktokenCounter('cl100k_base').then((counter) => ({ encoding: family, count: counter.count }));
  const data = DATA_OF[family];
  const plain = PLAIN_TEXT_TAGS[family];
  const key = plain ? family : data;
  let counter = loaded.get(key);
  if (!counter) {
    counter = Promise.all([Promise.all(DATA_PARTS[data]()), countModule()]).then(
      ([parts, { vocabularyCounter, vocabularyOf }]) => {
        const vocabulary = vocabularyOf(parts.map((part) => part.default));
        if (!plain) return vocabularyCounter(vocabulary);
        const added = vocabulary.header.added.filter((token) => !plain.includes(token));
        return vocabularyCounter({ ...vocabulary, header: { ...vocabulary.header, added } });
      },
    );
    counter.catch(() => loaded.delete(key));
    loaded.set(key, counter);
  }
  return counter.then((count) => ({ encoding: family, count }));
}

/**
 * Added tokens of the shared data that a family does not have: its text is merged as any other. Qwen 2.5's
 * tokenizer is Qwen 3's, token for token and merge for merge, except that Qwen 3 added these four tags.
 */
const PLAIN_TEXT_TAGS: Partial<Record<TokenizerFamily, readonly string[]>> = {
  qwen2_5: ['<think>', '</think>', '<tool_response>', '</tool_response>'],
};

/** The data each family counts with: Phi-3 and Phi-3.5 use Llama 2's vocabulary, Qwen 2.5 Qwen 3's. */
const DATA_OF: Record<
  Exclude<TokenizerFamily, 'o200k_base' | 'cl100k_base' | 'o200k_harmony' | 'phi4'>,
  DataName
> = {
  llama3: 'llama3',
  llama2: 'llama2',
  phi3: 'llama2',
  qwen2: 'qwen2',
  qwen2_5: 'qwen2',
  gemma2: 'gemma2',
  gemma3: 'gemma3',
  mistral: 'mistral',
  tekken: 'tekken',
  deepseek_v3: 'deepseek_v3',
};

const loaded = new Map<DataName | TokenizerFamily, Promise<(text: string) => number>>();

function familyOf(source: unknown): TokenizerFamily {
  if (isTokenizerFamily(source)) return source;
  const expected = `one of ${TOKENIZER_FAMILIES.map((name) => `'${name}'`).join(', ')}`;
  if (!isRecord(source))
    throw new ValidationError('Invalid tokenizer', [
      { path: 'family', message: `must be ${expected} or { family }, got ${describe(source)}` },
    ]);
  const issues: { path: string; message: string }[] = [];
  checkKnownFields(source, ['family'], '', issues);
  if (!isTokenizerFamily(source.family))
    issues.push({ path: 'family', message: `must be ${expected}, got ${describe(source.family)}` });
  if (issues.length > 0) throw new ValidationError('Invalid tokenizer', issues);
  return source.family as TokenizerFamily;
}
