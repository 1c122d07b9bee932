/**
 * The entry chunk of an app that imports `createEngine` and `openIdbStore` from the built package, as esbuild
 * bundles it for the browser: minified, with code splitting, so what the engine loads on use lands in lazy chunks.
 * The target is on the entry chunk the app's page loads first; the shared chunks it imports statically are given
 * beside it, as they load up front too. `pnpm --filter @ctxkit/core bench:size` (also a step of `pnpm bench`, which
 * builds the package first); writes bench/app-entry-results.json.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { toJson } from './report.js';

/** The most the app's entry chunk may weigh, minified and gzipped, in kB (1,000 bytes). */
export const APP_ENTRY_TARGET_KB = 35;
/** What the app imports from `@ctxkit/core`. */
export const APP_IMPORTS = ['createEngine', 'openIdbStore'] as const;

export interface AppEntrySize {
  readonly tool: string;
  readonly imports: readonly string[];
  /** The app's entry chunk, minified. */
  readonly entryBytes: number;
  readonly entryGzipBytes: number;
  /** The entry and the shared chunks it imports statically, each gzipped on its own as each is served. */
  readonly upFrontFiles: number;
  readonly upFrontGzipBytes: number;
  /** Every other chunk of the app but the tokenizer's rank parts: loaded when the engine needs it. */
  readonly lazyGzipBytes: number;
}

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST_INDEX = fileURLToPath(new URL('../dist/index.js', import.meta.url));
// The files of the app's build are named after these; none is written.
const APP_SOURCE = 'app.js';
const OUT_DIR = fileURLToPath(new URL('../.app-entry/', import.meta.url));

/** The part of esbuild's API used here (its types do not resolve from this package either). */
interface Esbuild {
  readonly version: string;
  build(options: Record<string, unknown> & { readonly write: false; readonly metafile: true }): Promise<{
    readonly outputFiles: readonly { readonly path: string; readonly contents: Uint8Array }[];
    readonly metafile: {
      readonly outputs: Record<
        string,
        {
          readonly entryPoint?: string;
          readonly imports: readonly {
            readonly path: string;
            readonly kind: string;
            readonly external?: boolean;
          }[];
        }
      >;
    };
  }>;
}

/** esbuild as tsx brings it: pnpm keeps it out of this package's own dependencies. */
async function esbuild(): Promise<Esbuild> {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const path = createRequire(tsx).resolve('esbuild');
  return (await import(path)) as Esbuild;
}

export async function measureAppEntry(): Promise<AppEntrySize> {
  if (!existsSync(DIST_INDEX))
    throw new Error(
      'packages/core/dist is missing: run `pnpm --filter @ctxkit/core build` (`pnpm bench` builds it)',
    );
  const { build, version } = await esbuild();
  const result = await build({
    stdin: {
      contents: `export { ${APP_IMPORTS.join(', ')} } from '@ctxkit/core';`,
      resolveDir: PACKAGE_ROOT,
      sourcefile: APP_SOURCE,
      loader: 'js',
    },
    // `@ctxkit/core` is the built package, as an app installs it (its exports map, its `sideEffects: false`).
    alias: { '@ctxkit/core': DIST_INDEX },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    outdir: OUT_DIR,
    absWorkingDir: PACKAGE_ROOT,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const file = (name: string) => {
    const output = result.outputFiles.find((candidate) => relative(PACKAGE_ROOT, candidate.path) === name);
    if (!output) throw new Error(`esbuild wrote no ${name}`);
    return output.contents;
  };
  const entry = Object.keys(outputs).find((name) => outputs[name]?.entryPoint === APP_SOURCE);
  if (!entry) throw new Error('the app build produced no entry chunk');
  const upFront = new Set<string>();
  for (const pending = [entry]; pending.length > 0; ) {
    const name = pending.pop() as string;
    if (upFront.has(name)) continue;
    upFront.add(name);
    for (const imported of outputs[name]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) pending.push(imported.path);
  }
  const gzip = (name: string) => gzipSync(file(name)).length;
  const sum = (names: Iterable<string>) => [...names].reduce((total, name) => total + gzip(name), 0);
  // The rank parts and the model families' data are tokenizer data, loaded for the model in use whatever the code
  // around them weighs.
  const lazy = Object.keys(outputs).filter(
    (name) => name.endsWith('.js') && !upFront.has(name) && !TOKENIZER_DATA.test(name),
  );
  return {
    tool: `esbuild ${version}, minified, code splitting`,
    imports: APP_IMPORTS,
    entryBytes: file(entry).length,
    entryGzipBytes: gzip(entry),
    upFrontFiles: upFront.size,
    upFrontGzipBytes: sum(upFront),
    lazyGzipBytes: sum(lazy),
  };
}

const TOKENIZER_DATA =
  /(?:o200k_base|cl100k_base|llama3|llama2|qwen2|gemma2|gemma3|mistral|tekken|deepseek_v3)-\d+/;

const kB = (bytes: number) => `${(bytes / 1_000).toFixed(2)} kB`;

export function printAppEntry(size: AppEntrySize): void {
  const pass = size.entryGzipBytes / 1_000 <= APP_ENTRY_TARGET_KB;
  console.log(`\nApp entry chunk: an app importing ${size.imports.join(' + ')} (${size.tool})`);
  console.log(
    `  entry chunk, gzip                ${kB(size.entryGzipBytes).padStart(9)}   target ≤ ${APP_ENTRY_TARGET_KB} kB   ${pass ? 'PASS' : 'FAIL'}`,
  );
  console.log(`  entry chunk, minified            ${kB(size.entryBytes).padStart(9)}`);
  console.log(
    `  with its ${size.upFrontFiles - 1} shared chunks, gzip    ${kB(size.upFrontGzipBytes).padStart(9)}   (what the page loads before createEngine runs)`,
  );
  console.log(
    `  lazy chunks, gzip                ${kB(size.lazyGzipBytes).padStart(9)}   (loaded on use; tokenizer data not counted)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = await measureAppEntry();
  printAppEntry(size);
  const results = fileURLToPath(new URL('./app-entry-results.json', import.meta.url));
  writeFileSync(
    results,
    toJson({
      generatedAt: new Date().toISOString(),
      target: {
        entryGzipKB: `<= ${APP_ENTRY_TARGET_KB}`,
        pass: size.entryGzipBytes / 1_000 <= APP_ENTRY_TARGET_KB,
      },
      ...size,
    }),
  );
  console.log(`\nResults written to ${results}`);
}
