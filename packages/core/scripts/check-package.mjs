// Checks the built package the way a consumer meets it: imported by name through the exports map, as plain ESM
// in Node, with the tokenizer's ranks loaded lazily from js-tiktoken. Run after `pnpm build`.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
assert.equal(manifest.type, 'module');
assert.equal(manifest.sideEffects, false);
assert.deepEqual(
  Object.keys(manifest.dependencies),
  ['idb', 'js-tiktoken'],
  'the runtime dependencies are idb and js-tiktoken',
);
for (const target of Object.values(manifest.exports['.'])) {
  assert.ok(
    existsSync(new URL(`../${target}`, import.meta.url)),
    `exports map points at a missing file: ${target}`,
  );
}

const core = await import('@ctxkit/core');
for (const name of [
  'createEngine',
  'defineCatalog',
  'planContext',
  'renderOpenAIChat',
  'renderAnthropicMessages',
  'MemoryStore',
  'openIdbStore',
  'requestPersistentStorage',
]) {
  assert.equal(typeof core[name], 'function', `${name} is exported`);
}

const engine = await core.createEngine({
  model: 'gpt-4o-mini',
  contextWindow: 8_000,
  catalog: { rules: [{ name: 'Tone', content: 'Answer briefly.' }] },
});
const session = await engine.createSession();
const turn = await session.prepare('hello world');
assert.equal(turn.plan.encoding, 'o200k_base');
assert.equal(turn.request.messages[0].content, '<rule name="Tone">\nAnswer briefly.\n</rule>');
assert.deepEqual(
  turn.requestContext.items.map((item) => [item.name, item.includeMode]),
  [['Tone', 'always']],
);
await session.commit(turn, 'Hi.');
assert.equal((await engine.getPlan(turn.plan.id)).id, turn.plan.id);
console.log(
  `package check: @ctxkit/core ${manifest.version} imports by name and plans a turn (${turn.plan.budget.used} tokens)`,
);
