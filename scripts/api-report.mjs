#!/usr/bin/env node
/**
 * The API report of a package: every name each entry of its exports map publishes, with its declaration as the
 * built type declarations (dist/**\/*.d.ts) state it, written to api/<entry>.api.md and committed. A change to the
 * public surface then shows up in review as a change to that file, and the package's `pnpm test` fails while the
 * built surface and the committed report differ, so the surface cannot drift by accident.
 *
 * Run from a package folder, after its build:
 *
 *   node ../../scripts/api-report.mjs            check (the package's `api:check`, part of its `test`)
 *   node ../../scripts/api-report.mjs --update   rewrite the reports (the package's `api:update`)
 *
 * Each report lists, in order of name, the declaration of every export (comments left out), and then the
 * declarations the exports reach without exporting them (an option type of a public function that is not itself
 * exported, say): they are part of the surface too, since a caller depends on their shape, and a report that lists
 * them makes a missing export visible. File paths are left out, so moving a declaration between modules does not
 * change the report; only a change to what a caller can see does.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const update = process.argv.includes('--update');
const packageDir = process.cwd();
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const apiDir = join(packageDir, 'api');
const distDir = join(packageDir, 'dist') + sep;

/** Entries with type declarations, as [subpath, report file name, d.ts path]; `.` is `index`. */
function entriesOf(exportsMap) {
  const entries = [];
  for (const [subpath, target] of Object.entries(exportsMap ?? {})) {
    const types = typeof target === 'object' && target !== null ? target.types : undefined;
    if (typeof types !== 'string') continue;
    const name = subpath === '.' ? 'index' : subpath.replace(/^\.\//, '').replaceAll('/', '-');
    entries.push([subpath, name, resolve(packageDir, types)]);
  }
  return entries;
}

/** The name of the package a file belongs to: the nearest package.json above it that has one. */
function packageOf(fileName) {
  for (let dir = dirname(fileName); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const name = JSON.parse(readFileSync(file, 'utf8')).name;
    if (name) return name;
  }
  return 'another package';
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** A declaration as a caller sees it: the d.ts text, comments left out, `export`/`declare` dropped. */
function printDeclaration(node) {
  const source = node.getSourceFile();
  if (ts.isVariableDeclaration(node)) {
    const list = node.parent;
    const keyword = list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : 'var';
    // A literal const keeps its value in a .d.ts (`declare const LIMIT = 8;`), and its value is its type.
    const type = node.type
      ? `: ${printer.printNode(ts.EmitHint.Unspecified, node.type, source)}`
      : node.initializer
        ? ` = ${printer.printNode(ts.EmitHint.Expression, node.initializer, source)}`
        : '';
    return `${keyword} ${node.name.getText(source)}${type};`;
  }
  const text = printer.printNode(ts.EmitHint.Unspecified, node, source);
  return text.replace(/^export (default )?/, '').replace(/^declare /, '');
}

/** One program over every entry, so a type that one entry exports counts as public in the reports of the others. */
function surfaceOf(entries) {
  const program = ts.createProgram(
    entries.map(([, , dtsPath]) => dtsPath),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();
  const resolveAlias = (symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const exportsOf = new Map();
  for (const [subpath, , dtsPath] of entries) {
    const entryFile = program.getSourceFile(dtsPath);
    const entrySymbol = entryFile && checker.getSymbolAtLocation(entryFile);
    if (!entrySymbol) throw new Error(`${relative(packageDir, dtsPath)} is not a module`);
    const exported = new Map();
    for (const symbol of checker.getExportsOfModule(entrySymbol))
      exported.set(symbol.name, resolveAlias(symbol));
    exportsOf.set(subpath, exported);
  }
  const publicSymbols = new Set([...exportsOf.values()].flatMap((exported) => [...exported.values()]));
  return { checker, resolveAlias, exportsOf, publicSymbols };
}

function reportOf(surface, subpath, dtsPath) {
  const { checker, resolveAlias, exportsOf, publicSymbols } = surface;
  const ownDeclarations = (symbol) =>
    (symbol.declarations ?? []).filter((declaration) =>
      resolve(declaration.getSourceFile().fileName).startsWith(distDir),
    );

  const exported = exportsOf.get(subpath);

  // Declarations of this package that exported declarations reach by a type reference, found breadth first.
  const reached = new Map();
  const queue = [];
  const visit = (node) => {
    let symbol;
    if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
      symbol = checker.getSymbolAtLocation(ts.isTypeReferenceNode(node) ? node.typeName : node.expression);
    } else if (ts.isTypeQueryNode(node)) {
      symbol = checker.getSymbolAtLocation(node.exprName);
    } else if (ts.isImportTypeNode(node) && node.qualifier) {
      symbol = checker.getSymbolAtLocation(node.qualifier);
    }
    if (symbol) {
      const target = resolveAlias(symbol);
      const own = ownDeclarations(target).filter(
        (declaration) => !ts.isTypeParameterDeclaration(declaration),
      );
      if (own.length > 0 && !publicSymbols.has(target) && !reached.has(target)) {
        reached.set(target, own);
        queue.push(...own);
      }
    }
    ts.forEachChild(node, visit);
  };

  const sections = [];
  for (const name of [...exported.keys()].sort()) {
    const symbol = exported.get(name);
    const declarations = symbol.declarations ?? [];
    const own = ownDeclarations(symbol);
    if (declarations.length === 0) {
      sections.push(`// ${name}: no declaration`);
      continue;
    }
    // A name re-exported from another package (or renamed on the way out) says where it comes from.
    const from = own.length === 0 ? ` (from ${packageOf(declarations[0].getSourceFile().fileName)})` : '';
    const renamed = symbol.name !== name && symbol.name !== 'default' ? ` (declared as ${symbol.name})` : '';
    const header = from || renamed ? `// ${name}${renamed}${from}\n` : '';
    if (own.length === 0) {
      sections.push(`${header}export { ${symbol.name === name ? name : `${symbol.name} as ${name}`} };`);
      continue;
    }
    sections.push(header + own.map(printDeclaration).join('\n'));
    for (const declaration of own) visit(declaration);
  }
  while (queue.length > 0) visit(queue.shift());

  const unexported = [...reached.entries()]
    .map(([symbol, declarations]) => ({
      name: symbol.name,
      text: declarations.map(printDeclaration).join('\n'),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.text.localeCompare(b.text));

  const entryName = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`;
  const lines = [
    `# API report: \`${entryName}\``,
    '',
    `Made by \`pnpm --filter ${manifest.name} api:update\` from the built \`${relative(packageDir, dtsPath)}\`; do not`,
    'edit it by hand. `pnpm test` fails while it differs from the build: a change here is a change to the public API.',
    '',
    `## Exports (${exported.size})`,
    '',
    '```ts',
    sections.join('\n\n'),
    '```',
    '',
  ];
  if (unexported.length > 0) {
    lines.push(
      `## Reached from the exports, not exported (${unexported.length})`,
      '',
      'No entry exports these, yet callers depend on their shape.',
      '',
      '```ts',
      unexported.map((entry) => entry.text).join('\n\n'),
      '```',
      '',
    );
  }
  return lines.join('\n');
}

/** The lines that differ between two texts (a line diff of the part between their common start and end). */
function lineDiff(expected, actual, limit = 24) {
  const a = expected.split('\n');
  const b = actual.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  // Longest common subsequence of the differing middle, which is small for any one change.
  const lcs = Array.from({ length: x.length + 1 }, () => new Int32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const lines = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      i++;
      j++;
    } else if (i < x.length && (j === y.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      lines.push(`  - ${x[i++]}`);
    } else {
      lines.push(`  + ${y[j++]}`);
    }
  }
  const shown = lines.slice(0, limit);
  if (lines.length > limit) shown.push(`  … and ${lines.length - limit} more changed lines`);
  return shown.join('\n');
}

const entries = entriesOf(manifest.exports);
const expectedFiles = new Set(entries.map(([, name]) => `${name}.api.md`));
const problems = [];
const missing = entries.filter(([, , dtsPath]) => !existsSync(dtsPath));
for (const [, , dtsPath] of missing)
  problems.push(`${relative(packageDir, dtsPath)} is missing: build the package first (pnpm build).`);
const surface = missing.length === 0 ? surfaceOf(entries) : null;
for (const [subpath, name, dtsPath] of surface ? entries : []) {
  const report = reportOf(surface, subpath, dtsPath);
  const file = join(apiDir, `${name}.api.md`);
  if (update) {
    mkdirSync(apiDir, { recursive: true });
    writeFileSync(file, report);
    continue;
  }
  if (!existsSync(file)) {
    problems.push(`api/${name}.api.md is missing for the entry '${subpath}'.`);
    continue;
  }
  const committed = readFileSync(file, 'utf8');
  if (committed !== report)
    problems.push(
      `api/${name}.api.md differs from the built entry '${subpath}' (- committed, + built):\n${lineDiff(committed, report)}`,
    );
}
const stale = existsSync(apiDir) ? readdirSync(apiDir).filter((file) => !expectedFiles.has(file)) : [];
if (update) {
  for (const file of stale) rmSync(join(apiDir, file));
  console.log(`api report: wrote ${entries.length} report(s) of ${manifest.name} to api/`);
} else {
  for (const file of stale) problems.push(`api/${file} belongs to no entry of the exports map.`);
  if (problems.length > 0) {
    console.error(`api report: the public API of ${manifest.name} differs from its committed report.\n`);
    for (const problem of problems) console.error(`${problem}\n`);
    console.error(
      `If the change is intended, run \`pnpm --filter ${manifest.name} api:update\` (after \`pnpm build\`) and commit api/.`,
    );
    process.exit(1);
  }
  console.log(
    `api report: ${manifest.name} matches api/ (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'})`,
  );
}
