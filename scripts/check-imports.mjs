#!/usr/bin/env node
/**
 * Import layering: no import circle anywhere in the repo's source, so each module can be read, tested and
 * replaced from the bottom up.
 *
 *   node scripts/check-imports.mjs [root]
 *
 * It reads every .ts/.tsx file under packages/*\/src, apps/*\/src and examples/*\/src of `root` (default: the repo)
 * and follows their relative specifiers: `import … from`, `export … from`, `import '…'`, `import('…')`, type-only
 * imports included, since a type circle ties modules together as tightly as a value one. `.js` resolves to `.ts`
 * or `.tsx`, a folder to its `index.ts`. Tests, fixtures and stories (*.test.ts(x), *.fixtures.ts, test/ folders,
 * *.stories.tsx) stand outside the layering and are left out.
 *
 * It fails (exit code 1) on
 *   - a file-level circle: a file that reaches itself through its imports;
 *   - a folder-level circle: among the top-level entries of one package's src/ (a folder, or a file at src/'s
 *     root), one that reaches itself, e.g. store -> retrieval -> store, even when no file does. Each folder edge
 *     is shown with one file import that makes it.
 * Each circle is printed as a chain; a group of entangled modules is covered by as many chains as it takes to
 * name every member once.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_ROOTS = ['packages', 'apps', 'examples'];

function isExcluded(name, isDirectory) {
  if (isDirectory)
    return name === 'node_modules' || name === 'dist' || name === 'test' || name.startsWith('.');
  return (
    /\.test\.tsx?$/.test(name) ||
    /\.fixtures\.tsx?$/.test(name) ||
    /\.stories\.tsx?$/.test(name) ||
    !/\.tsx?$/.test(name)
  );
}

function walk(directory, files) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (isExcluded(entry.name, entry.isDirectory())) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) walk(path, files);
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** The src/ folders checked, one per package or app. */
function sourceFolders(root) {
  const folders = [];
  for (const group of SOURCE_ROOTS) {
    const groupPath = join(root, group);
    if (!existsSync(groupPath)) continue;
    for (const entry of readdirSync(groupPath, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules') continue;
      const src = join(groupPath, entry.name, 'src');
      if (existsSync(src) && statSync(src).isDirectory()) folders.push(src);
    }
  }
  return folders;
}

const blank = (text) => text.replace(/[^\n]/g, ' ');

/**
 * The code with comments and the text of strings blanked out, so an import written in a doc comment or a message
 * is not taken for one. Strings, template literals and regular expressions are read whole, since they may hold
 * `//` or quotes; a string that could be a specifier is kept.
 */
export function stripNonCode(code) {
  let out = '';
  let i = 0;
  // Template literals nest through `${ … }`: each open template pushes the brace depth at which it resumes.
  const templateStack = [];
  let braceDepth = 0;
  let lastSignificant = '';
  const regexMayFollow = () => lastSignificant === '' || /[(,=:[!&|?{};+\-*%<>~^]$/.test(lastSignificant);
  const readWordBefore = () => /\b(?:return|typeof|case|do|else|in|of|void|yield|await)$/.test(out.trimEnd());

  const skipQuoted = (quote) => {
    const start = i;
    i += 1;
    while (i < code.length && code[i] !== quote && code[i] !== '\n') i += code[i] === '\\' ? 2 : 1;
    i += 1;
    // A string that could not be a specifier (it has spaces or code in it) is blanked, so text that reads like
    // an import inside it is not taken for one.
    const text = code.slice(start, i);
    out += /^.[^\s{}();]*.$/.test(text) ? text : blank(text);
    lastSignificant = quote;
  };
  const skipTemplate = () => {
    // From just after a backtick or a closing `}` of a substitution, to the closing backtick or the next `${`;
    // the text between is blanked like a string's.
    const start = i;
    while (i < code.length) {
      if (code[i] === '\\') i += 2;
      else if (code[i] === '`') {
        i += 1;
        out += `${blank(code.slice(start, i - 1))}\``;
        lastSignificant = '`';
        return;
      } else if (code[i] === '$' && code[i + 1] === '{') {
        i += 2;
        out += `${blank(code.slice(start, i - 2))}\${`;
        templateStack.push(braceDepth);
        braceDepth += 1;
        lastSignificant = '{';
        return;
      } else i += 1;
    }
    out += blank(code.slice(start, i));
  };

  while (i < code.length) {
    const char = code[i];
    const next = code[i + 1];
    if (char === '/' && next === '/') {
      while (i < code.length && code[i] !== '\n') i += 1;
    } else if (char === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end === -1 ? code.length : end + 2;
      // Keep the line breaks so positions in messages still match lines.
      out += blank(code.slice(i, stop));
      i = stop;
    } else if (char === "'" || char === '"') {
      skipQuoted(char);
    } else if (char === '`') {
      out += char;
      i += 1;
      skipTemplate();
    } else if (char === '/' && (regexMayFollow() || readWordBefore())) {
      const start = i;
      i += 1;
      let inClass = false;
      while (i < code.length && code[i] !== '\n') {
        if (code[i] === '/' && !inClass) break;
        if (code[i] === '[') inClass = true;
        else if (code[i] === ']') inClass = false;
        i += code[i] === '\\' ? 2 : 1;
      }
      i += 1;
      out += code.slice(start, i);
      lastSignificant = '/x';
    } else if (char === '{') {
      braceDepth += 1;
      out += char;
      i += 1;
      lastSignificant = char;
    } else if (char === '}') {
      braceDepth -= 1;
      out += char;
      i += 1;
      if (templateStack.length > 0 && templateStack[templateStack.length - 1] === braceDepth) {
        templateStack.pop();
        skipTemplate();
      } else lastSignificant = char;
    } else {
      out += char;
      i += 1;
      if (!/\s/.test(char)) lastSignificant = /[\w$]/.test(char) ? 'w' : char;
    }
  }
  return out;
}

const IMPORT_PATTERNS = [
  // import x from '…', import { a, b } from '…', import type { T } from '…', import * as m from '…'
  /(?:^|[;\s])import\s+(?:type\s+)?[\w$*{][^;'"]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
  // export * from '…', export { a } from '…', export type { T } from '…', export * as m from '…'
  /(?:^|[;\s])export\s+(?:type\s+)?[*{][^;'"]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
  // import '…' (for its effects)
  /(?:^|[;\s])import\s*(['"])([^'"\n]+)\1/g,
  // import('…'), also as a type: typeof import('…')
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*[,)]/g,
];

/** The relative specifiers a module names. */
export function relativeSpecifiers(code) {
  const stripped = stripNonCode(code);
  const specifiers = new Set();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of stripped.matchAll(pattern)) {
      if (match[2].startsWith('.')) specifiers.add(match[2]);
    }
  }
  return [...specifiers];
}

function resolveSpecifier(fromFile, specifier, known) {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [];
  if (/\.jsx?$/.test(base)) {
    const stem = base.replace(/\.jsx?$/, '');
    candidates.push(`${stem}.ts`, `${stem}.tsx`);
  } else if (/\.mjs$/.test(base)) candidates.push(base.replace(/\.mjs$/, '.mts'));
  candidates.push(base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'));
  return candidates.find((candidate) => known.has(candidate));
}

/** Strongly connected components (Tarjan), iteratively, largest first; only those that form a circle. */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...graph.get(start)], 0]];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const next = edges[frame[2]];
        frame[2] += 1;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter);
          counter += 1;
          stack.push(next);
          onStack.add(next);
          work.push([next, [...graph.get(next)], 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || graph.get(node).has(node)) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** The shortest circle through `start` inside `members`, as a list of nodes ending where it began. */
function shortestCircle(graph, start, members) {
  const previous = new Map();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head];
    for (const next of graph.get(node)) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.push(at);
        path.push(start);
        return path.reverse();
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** Chains that together name every member of a circle group at least once. */
function chainsCovering(graph, component) {
  const members = new Set(component);
  const covered = new Set();
  const chains = [];
  for (const node of component) {
    if (covered.has(node)) continue;
    const chain = shortestCircle(graph, node, members);
    for (const member of chain) covered.add(member);
    chains.push(chain);
  }
  return chains;
}

export function checkImports(root) {
  const files = sourceFolders(root).flatMap((src) => walk(src, []).map((file) => ({ src, file })));
  const known = new Set(files.map(({ file }) => file));
  const srcOf = new Map(files.map(({ src, file }) => [file, src]));
  const fileGraph = new Map(files.map(({ file }) => [file, new Set()]));
  for (const { file } of files) {
    for (const specifier of relativeSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, specifier, known);
      if (target !== undefined) fileGraph.get(file).add(target);
    }
  }

  // Folder level: a node per top-level entry of a src/ folder; an edge where a file of one imports a file of
  // another in the same src/, remembered with one such import to show.
  const unitOf = (file) => {
    const src = srcOf.get(file);
    return join(src, relative(src, file).split(sep)[0]);
  };
  const folderGraph = new Map();
  const witness = new Map();
  for (const [file, targets] of fileGraph) {
    const from = unitOf(file);
    if (!folderGraph.has(from)) folderGraph.set(from, new Set());
    for (const target of targets) {
      if (srcOf.get(target) !== srcOf.get(file)) continue;
      const to = unitOf(target);
      if (to === from) continue;
      folderGraph.get(from).add(to);
      const key = `${from}\0${to}`;
      if (!witness.has(key)) witness.set(key, [file, target]);
    }
  }
  for (const targets of folderGraph.values())
    for (const to of targets) folderGraph.has(to) || folderGraph.set(to, new Set());

  const show = (path) => relative(root, path).split(sep).join('/');
  const fileCircles = circles(fileGraph).map((component) => ({
    members: component.map(show),
    chains: chainsCovering(fileGraph, component).map((chain) => chain.map(show)),
  }));
  const folderCircles = circles(folderGraph).map((component) => ({
    members: component.map(show),
    chains: chainsCovering(folderGraph, component).map((chain) =>
      chain.slice(1).map((to, at) => {
        const from = chain[at];
        const [file, target] = witness.get(`${from}\0${to}`);
        return { from: show(from), to: show(to), file: show(file), target: show(target) };
      }),
    ),
  }));
  // Files at the root of a src/ take part in the folder check as units of their own, but are not counted as folders.
  const folders = [...folderGraph.keys()].filter((unit) => statSync(unit).isDirectory()).length;
  return { files: files.length, folders, fileCircles, folderCircles };
}

function report(result) {
  const lines = [];
  for (const circle of result.fileCircles) {
    lines.push(`File import circle (${circle.members.length} files):`);
    for (const chain of circle.chains) lines.push(`  ${chain.join('\n    -> ')}`);
  }
  for (const circle of result.folderCircles) {
    lines.push(`Folder import circle (${circle.members.length} folders): ${circle.members.join(', ')}`);
    for (const chain of circle.chains) {
      lines.push(`  ${[chain[0].from, ...chain.map((step) => step.to)].join(' -> ')}`);
      for (const step of chain) lines.push(`    ${step.file} imports ${step.target}`);
    }
  }
  return lines.join('\n');
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const result = checkImports(root);
  const failures = result.fileCircles.length + result.folderCircles.length;
  if (failures > 0) {
    console.error(report(result));
    console.error(
      `\ncheck-imports: ${result.fileCircles.length} file circle(s), ${result.folderCircles.length} folder circle(s) ` +
        `in ${result.files} files, ${result.folders} folders. Move the shared names into a module both sides can ` +
        'import, below them.',
    );
    process.exit(1);
  }
  console.log(`check-imports: ${result.files} files, ${result.folders} folders, no import circle.`);
}
