// Checks the built package the way a consumer meets it: imported by name through the exports map, as plain ESM
// in Node, with the tokenizer's ranks loaded lazily from their parts in dist/tokens/ranks. Run after `pnpm build`.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
assert.equal(manifest.type, 'module');
assert.equal(manifest.sideEffects, false);
assert.deepEqual(
  Object.keys(manifest.dependencies),
  ['idb'],
  'the one runtime dependency is idb: the tokenizer ranks ship in dist/tokens/ranks',
);
// transformers.js is for apps that embed: an optional peer, never loaded by the main entry.
assert.deepEqual(manifest.peerDependenciesMeta, { '@huggingface/transformers': { optional: true } });
assert.ok(manifest.peerDependencies['@huggingface/transformers'], 'transformers.js is a peer dependency');
const entry = readFileSync(new URL('../dist/index.js', import.meta.url), 'utf8');
assert.doesNotMatch(
  entry,
  /^import[^;]*@huggingface\/transformers/m,
  'index.js does not import transformers.js',
);
// The transformers.js embedder is a subpath of its own; its worker stays a file that the app's bundler finds from
// this literal.
const transformersEntry = readFileSync(new URL('../dist/transformers.js', import.meta.url), 'utf8');
assert.doesNotMatch(entry, /embedder-worker/, 'the main entry does not start the embedder worker');
assert.match(transformersEntry, /new Worker\(new URL\(["']\.\/embedder-worker\.js["'], import\.meta\.url\)/);
for (const target of Object.values(manifest.exports).flatMap((paths) => Object.values(paths))) {
  assert.ok(
    existsSync(new URL(`../${target}`, import.meta.url)),
    `exports map points at a missing file: ${target}`,
  );
}

const core = await import('@ctxkit/core');
// Comparing plans is a subpath of its own: the main entry does not carry it.
const replay = await import('@ctxkit/core/replay');
assert.equal(typeof replay.diffPlans, 'function', '@ctxkit/core/replay exports diffPlans');
assert.equal(core.diffPlans, undefined, 'diffPlans is not part of the main entry');
// The framework-free view models and the boundary checks are subpaths too, for adapters and sibling packages.
const view = await import('@ctxkit/core/view');
assert.equal(typeof view.buildContextDetails, 'function', '@ctxkit/core/view exports the view models');
assert.equal(core.buildContextDetails, undefined, 'the view models are not part of the main entry');
const validation = await import('@ctxkit/core/validation');
assert.equal(typeof validation.checkKnownFields, 'function', '@ctxkit/core/validation exports the checks');
assert.equal(core.checkKnownFields, undefined, 'the checks are not part of the main entry');
const transformers = await import('@ctxkit/core/transformers');
assert.equal(typeof transformers.createTransformersEmbedder, 'function', 'the subpath exports the embedder');
assert.equal(core.createTransformersEmbedder, undefined, 'the embedder is not part of the main entry');
for (const name of [
  'createEngine',
  'defineCatalog',
  'planContext',
  'renderOpenAIChat',
  'renderAnthropicMessages',
  'MemoryStore',
  'embedWithCache',
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

// A model family's tokenizer from the built package: its data loads from dist/tokenizers, beside its NOTICE.
assert.equal(core.tokenizerFamilyOf('mistral:7b'), 'mistral');
const mistral = await core.loadModelTokenizer('mistral');
assert.equal(mistral.count('Hello world'), 2, 'Mistral counts ▁Hello ▁world');
assert.ok(
  existsSync(new URL('../dist/tokenizers/NOTICE', import.meta.url)),
  'the tokenizer data keeps its NOTICE',
);
console.log('package check: a model family loads its tokenizer data from dist/tokenizers');

// The embedder from the built package, on the tiny model `pnpm test` generated: transformers.js is found and
// imported lazily from dist, and its vectors rank the related text first.
const embedder = transformers.createTransformersEmbedder({
  model: 'ctxkit/tiny-embedder',
  modelBaseUrl: fileURLToPath(new URL('../generated/models/', import.meta.url)),
});
const [query, files, weather] = await embedder.embed([
  'read the config file',
  'open a document from disk',
  'rain forecast',
]);
const dot = (a, b) => a.reduce((sum, value, index) => sum + value * b[index], 0);
assert.ok(dot(query, files) > dot(query, weather), 'the tiny model ranks the related text first');
await embedder.dispose();
console.log(`package check: the embedder loads transformers.js lazily (${embedder.modelId})`);

// The IndexedDB store's implementation is a lazy chunk of dist, loaded by the first `openIdbStore`: the chunk is
// found next to the entry and works (fake-indexeddb stands in for the browser's IndexedDB).
await import('fake-indexeddb/auto');
const store = await core.openIdbStore({ name: 'package-check' });
const stored = await core.createEngine({
  model: 'gpt-4o-mini',
  contextWindow: 8_000,
  catalog: { rules: [{ name: 'Tone', content: 'Answer briefly.' }] },
  store,
});
const storedSession = await stored.createSession();
const storedTurn = await storedSession.prepare('hello again');
await storedSession.commit(storedTurn, 'Hi again.');
const reloaded = await core.openIdbStore({ name: 'package-check' });
assert.equal((await reloaded.loadSession(storedSession.id))?.messages.length, 2);
store.close();
reloaded.close();
console.log('package check: openIdbStore loads the IndexedDB store from its lazy chunk');

// Tools and hosts that load packages with require() get the same ESM entry (Node ≥ 20.19 loads it synchronously).
assert.equal(manifest.license, 'MIT');
const required = createRequire(import.meta.url)('@ctxkit/core');
assert.equal(required.createEngine, core.createEngine, 'require() and import give the same module');
console.log('package check: require() loads the ESM entry through the default condition');
