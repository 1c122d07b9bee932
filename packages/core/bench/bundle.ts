import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { keepEmbedderWorkerUrl } from '../vite.config.js';

export interface ChunkSize {
  readonly name: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface LazyChunk extends ChunkSize {
  /** The module the chunk is loaded for (its dynamic import), e.g. `src/store/idb/idb-store.ts`. */
  readonly loads: string;
}

export interface BundleSize {
  readonly tool: string;
  /**
   * What every app loads up front: the entry chunk and the chunks it imports statically (shared modules the
   * bundler split out), minified; gzip is the sum over those files, as each is served on its own.
   */
  readonly entryBytes: number;
  readonly entryGzipBytes: number;
  readonly entryFiles: readonly ChunkSize[];
  /** Chunks loaded only when a host calls what needs them (and what they import that the entry does not hold). */
  readonly lazyChunks: readonly LazyChunk[];
  /** The embedder's worker bundle (its own entry, as the app's bundler builds it) with its runtime chunk. */
  readonly worker: { readonly bytes: number; readonly gzipBytes: number };
  /** Everything an app loads that uses all of it: the entry, every lazy chunk and the worker, each file once. */
  readonly allGzipBytes: number;
}

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

const sizeOf = (chunk: Rolldown.OutputChunk): ChunkSize => ({
  name: chunk.fileName,
  bytes: Buffer.byteLength(chunk.code),
  gzipBytes: gzipSync(chunk.code).length,
});

const relative = (id: string | null): string =>
  id === null ? '(none)' : id.startsWith(PACKAGE_ROOT) ? id.slice(PACKAGE_ROOT.length) : id;

/**
 * Bundles `src/index.ts` the way an app would ship it: minified, everything bundled except `js-tiktoken`
 * (whose rank files load lazily and are not part of the entry) and `@huggingface/transformers` (loaded lazily by
 * the embedder, from the worker or a lazy chunk). The embedder's worker is a second entry, as in the package
 * build. esbuild does not resolve from this package (pnpm keeps tsx's copy private), so this uses Vite's build
 * API in library mode, in memory.
 */
async function bundle(entry: string): Promise<Map<string, Rolldown.OutputChunk>> {
  const result = await build({
    configFile: false,
    root: PACKAGE_ROOT,
    logLevel: 'silent',
    plugins: [keepEmbedderWorkerUrl()],
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: 'entry' },
      rolldownOptions: {
        // transformers.js is an optional peer the embedder imports lazily: never part of the core bundle.
        external: [/^js-tiktoken(\/.*)?$/, /^@huggingface\/transformers(\/.*)?$/],
        // An app's bundler may add shared modules to its own entry, as this lets Rolldown do with ours.
        preserveEntrySignatures: 'allow-extension',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return new Map(
    outputs
      .flatMap((output) => output.output)
      .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
}

/** A chunk and every chunk it imports statically (externals are not chunks of the build). */
function closure(
  chunks: ReadonlyMap<string, Rolldown.OutputChunk>,
  chunk: Rolldown.OutputChunk,
  into = new Set<string>(),
): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const name of chunk.imports) {
    const imported = chunks.get(name);
    if (imported) closure(chunks, imported, into);
  }
  return into;
}

function entryOf(chunks: ReadonlyMap<string, Rolldown.OutputChunk>): Rolldown.OutputChunk {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the library build produced no entry chunk');
  return entry;
}

/**
 * Bundles `src/index.ts` the way an app would ship it: minified, everything bundled except `js-tiktoken`
 * (whose rank files load lazily and are not part of the entry) and `@huggingface/transformers` (loaded lazily by
 * the embedder, from the worker or a lazy chunk). The embedder's worker is bundled on its own, as an app's
 * bundler does with `new Worker(new URL(…))`. esbuild does not resolve from this package (pnpm keeps tsx's copy
 * private), so this uses Vite's build API in library mode, in memory.
 */
export async function measureBundle(): Promise<BundleSize> {
  const chunks = await bundle('src/index.ts');
  const sizes = new Map([...chunks.values()].map((chunk) => [chunk.fileName, sizeOf(chunk)]));
  const total = (names: Iterable<string>, field: 'bytes' | 'gzipBytes') =>
    [...names].reduce((sum, name) => sum + (sizes.get(name)?.[field] ?? 0), 0);

  const entry = entryOf(chunks);
  const upFront = closure(chunks, entry);
  const lazyChunks: LazyChunk[] = [];
  const loaded = new Set(upFront);
  // Dynamic imports of the entry and, in turn, of the lazy chunks (the embedder's backends load its runtime).
  const pending = [...entry.dynamicImports];
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    const lazy = chunks.get(name);
    if (!lazy || loaded.has(name)) continue; // an external (tokenizer ranks, transformers.js), or counted
    const files = [...closure(chunks, lazy)].filter((file) => !loaded.has(file));
    for (const file of files) {
      loaded.add(file);
      pending.push(...(chunks.get(file)?.dynamicImports ?? []));
    }
    lazyChunks.push({
      name: files.join(' + '),
      bytes: total(files, 'bytes'),
      gzipBytes: total(files, 'gzipBytes'),
      loads: relative(lazy.facadeModuleId),
    });
  }
  const workerChunks = await bundle('src/embeddings/embedder-worker.ts');
  // The worker loads its runtime chunk as soon as it is asked to load a model: count every file of it.
  const workerFiles = [...workerChunks.values()].map(sizeOf);
  const worker = {
    bytes: workerFiles.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: workerFiles.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
  return {
    tool: 'vite (rolldown), minified',
    entryBytes: total(upFront, 'bytes'),
    entryGzipBytes: total(upFront, 'gzipBytes'),
    entryFiles: [...upFront].map((name) => sizes.get(name) as ChunkSize),
    lazyChunks,
    worker,
    allGzipBytes: total(loaded, 'gzipBytes') + worker.gzipBytes,
  };
}
