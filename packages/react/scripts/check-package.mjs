// Checks the built package the way a host meets it: imported by name through the exports map as plain ESM, with
// React, react-query and the core as the host's own copies (nothing of them bundled), and the stylesheet in place.
// Run after `pnpm build`.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
assert.equal(manifest.type, 'module');
assert.deepEqual(manifest.sideEffects, ['**/*.css'], 'only the stylesheet has side effects');
assert.deepEqual(Object.keys(manifest.dependencies), ['@ctxkit/core']);
assert.deepEqual(Object.keys(manifest.peerDependencies).sort(), [
  '@tanstack/react-query',
  'react',
  'react-dom',
]);
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
  // The core's `replay` subpath holds the plan comparison ContextDetails shows; it is the core too.
  ['@ctxkit/core', '@ctxkit/core/replay', '@tanstack/react-query', 'react', 'react/jsx-runtime'],
  'the bundle imports only its peers and the core',
);
assert.ok(!code.includes('dangerouslySetInnerHTML'), 'item text never becomes HTML');
const css = readFileSync(new URL('../dist/styles.css', import.meta.url), 'utf8');
assert.ok(!/url\(|@import/.test(css), 'the stylesheet loads nothing from anywhere');

const kit = await import('@ctxkit/react');
for (const name of ['CtxkitProvider', 'ContextDetails', 'BudgetMeter', 'PinManager', 'ContextPicker']) {
  assert.equal(typeof kit[name], 'function', `${name} is exported`);
}
console.log(`package check: @ctxkit/react ${manifest.version} imports by name; peers and core stay external`);
