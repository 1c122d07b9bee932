// Checks the built package the way a host meets it: imported by name through the exports map as plain ESM, with
// React, react-query and the core as the host's own copies (nothing of them bundled), and the stylesheet in place.
// Run after `pnpm build`.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
assert.equal(manifest.type, 'module');
assert.deepEqual(manifest.sideEffects, ['**/*.css'], 'only the stylesheet has side effects');
// The core is the host's too: a peer, so an app never ends up with two copies of it.
assert.equal(manifest.dependencies, undefined, 'the kit has no dependencies of its own');
assert.deepEqual(Object.keys(manifest.peerDependencies).sort(), [
  '@ctxkit/core',
  '@tanstack/react-query',
  'react',
  'react-dom',
]);
assert.equal(manifest.license, 'MIT');
assert.equal(
  manifest.exports['.'].default,
  manifest.exports['.'].import,
  'require() and other tools get the ESM entry',
);
const targets = [...Object.values(manifest.exports['.']), manifest.exports['./styles.css']];
for (const target of targets) {
  assert.ok(
    existsSync(new URL(`../${target}`, import.meta.url)),
    `exports map points at a missing file: ${target}`,
  );
}

const code = readFileSync(new URL('../dist/index.js', import.meta.url), 'utf8');
const imported = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
assert.deepEqual(
  [...new Set(imported)].sort(),
  // The core's `replay` subpath holds the plan comparison ContextDetails shows, and its `view` subpath the models
  // every component renders; both are the core too.
  [
    '@ctxkit/core',
    '@ctxkit/core/replay',
    '@ctxkit/core/view',
    '@tanstack/react-query',
    'react',
    'react/jsx-runtime',
  ],
  'the bundle imports only its peers and the core',
);
assert.ok(!code.includes('dangerouslySetInnerHTML'), 'item text never becomes HTML');
assert.match(
  code,
  /^["']use client["'];\n/,
  'the entry is a client module for React Server Components hosts',
);
const css = readFileSync(new URL('../dist/styles.css', import.meta.url), 'utf8');
assert.ok(!/url\(|@import/.test(css), 'the stylesheet loads nothing from anywhere');

const kit = await import('@ctxkit/react');
for (const name of [
  'CtxkitProvider',
  'ContextDetails',
  'BudgetMeter',
  'PinManager',
  'ContextPicker',
  'TokenMeter',
]) {
  assert.equal(typeof kit[name], 'function', `${name} is exported`);
}
// A host's bundler keeps only what it imports: one formatting helper brings no component with it.
const { build } = await import('vite');
const entryPath = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const entryDir = mkdtempSync(join(tmpdir(), 'ctxkit-shake-'));
const entry = join(entryDir, 'one-helper.js');
writeFileSync(entry, `export { formatTokens } from ${JSON.stringify(entryPath)};\n`);
const output = await build({
  configFile: false,
  logLevel: 'silent',
  build: {
    write: false,
    minify: false,
    lib: { entry, formats: ['es'], fileName: 'one-helper' },
    rolldownOptions: { external: [/^react/, /^@tanstack\//, /^@ctxkit\/core/] },
  },
});
rmSync(entryDir, { recursive: true });
const shaken = [output].flat()[0].output[0].code;
for (const name of [
  'ContextDetails',
  'BudgetMeter',
  'PinManager',
  'ContextPicker',
  'CtxkitProvider',
  'createContext',
])
  assert.ok(!shaken.includes(name), `importing formatTokens alone also bundled ${name}`);
const required = createRequire(import.meta.url)('@ctxkit/react');
assert.equal(
  typeof required.BudgetMeter,
  'function',
  'require() loads the kit through the default condition',
);

console.log(`package check: @ctxkit/react ${manifest.version} imports by name; peers and core stay external`);
