// The layering check on small trees made for the purpose: it passes a tree without a circle and fails, naming the
// files, on each kind of circle it exists to catch.
//   node --test scripts/check-imports.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkImports, relativeSpecifiers } from './check-imports.mjs';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'check-imports.mjs');
const roots = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  roots.push(root);
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), code);
  }
  return root;
}

function run(root) {
  return spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
}

// Layered: words at the bottom, store above it, engine on top; tests and a doc comment may point anywhere.
const LAYERED = {
  'packages/core/src/index.ts': "export * from './engine/index.js';\n",
  'packages/core/src/words/index.ts': 'export type Word = string;\n',
  'packages/core/src/store/index.ts':
    "import type { Word } from '../words/index.js';\nexport const keep = (w: Word) => w;\n",
  'packages/core/src/engine/index.ts':
    "/** Not an import: import { x } from '../engine/index.js' */\nexport { keep } from '../store/index.js';\n",
  'packages/core/src/words/words.test.ts': "import { keep } from '../engine/index.js';\n",
  'packages/core/src/words/test/helpers.ts': "import '../../engine/index.js';\n",
  'apps/demo/src/main.tsx': "const lazy = () => import('./ui/view.js');\n",
  'apps/demo/src/ui/view.tsx': 'export const View = () => null;\n',
};

test('a layered tree passes, with a one-line summary', () => {
  const result = run(tree(LAYERED));
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^check-imports: 6 files, 4 folders, no import circle\.\n$/);
});

test('a two-file circle fails, printed as a chain of files', () => {
  const root = tree({
    ...LAYERED,
    'packages/core/src/words/a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
    'packages/core/src/words/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
  });
  const result = run(root);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /File import circle \(2 files\)/);
  assert.match(
    result.stderr,
    /packages\/core\/src\/words\/a\.ts\n\s+-> packages\/core\/src\/words\/b\.ts\n\s+-> packages\/core\/src\/words\/a\.ts/,
  );
  assert.match(result.stderr, /1 file circle\(s\), 0 folder circle\(s\)/);
});

test('two folders that import each other fail, even when no file does', () => {
  const root = tree({
    ...LAYERED,
    // store/index.ts -> words/index.ts, and now words/late.ts -> store/other.ts: no file circle, a folder one.
    'packages/core/src/store/other.ts': 'export const other = 1;\n',
    'packages/core/src/words/late.ts': "export { other } from '../store/other.js';\n",
  });
  const result = checkImports(root);
  assert.equal(result.fileCircles.length, 0);
  assert.equal(result.folderCircles.length, 1);
  assert.deepEqual(result.folderCircles[0].members, ['packages/core/src/store', 'packages/core/src/words']);
  const printed = run(root);
  assert.equal(printed.status, 1);
  assert.match(printed.stderr, /Folder import circle \(2 folders\)/);
  assert.match(
    printed.stderr,
    /packages\/core\/src\/words\/late\.ts imports packages\/core\/src\/store\/other\.ts/,
  );
});

test('a circle through a folder door and a dynamic import is found', () => {
  const root = tree({
    ...LAYERED,
    'apps/demo/src/ui/view.tsx': "export const load = () => import('../main');\n",
  });
  const result = checkImports(root);
  assert.deepEqual(result.fileCircles[0].members, ['apps/demo/src/main.tsx', 'apps/demo/src/ui/view.tsx']);
});

test('specifiers are read from every import form, and not from comments or strings', () => {
  const code = [
    "import a from './a.js';",
    "import type { B } from './b.js';",
    "import {\n  c,\n  type D,\n} from './c.js';",
    "import * as e from './e.js';",
    "export * from './f.js';",
    "export type { G } from './g.js';",
    "export * as h from './h.js';",
    "import './i.css';",
    "const j = await import('./j.js');",
    "type K = typeof import('./k.js');",
    "import { l } from 'package-l';",
    "// import { m } from './m.js';",
    "/* export * from './n.js'; */",
    'const o = "import { o } from \'./o.js\'";',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the substitution is the code under test
    'const p = `${"`"} import(\'./p.js\')`;',
    "const q = /'/.test(x); import { r } from './r.js';",
  ].join('\n');
  assert.deepEqual(relativeSpecifiers(code).sort(), [
    './a.js',
    './b.js',
    './c.js',
    './e.js',
    './f.js',
    './g.js',
    './h.js',
    './i.css',
    './j.js',
    './k.js',
    './r.js',
  ]);
});
