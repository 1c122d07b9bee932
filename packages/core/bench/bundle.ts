import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { keepEmbedderWorkerUrl } from '../vite.config.js';

export interface BundleSize {
  readonly tool: string;
  /** The entry chunk, minified. */
  readonly entryBytes: number;
  readonly entryGzipBytes: number;
  /** Other chunks (lazy imports), if the build split any. */
  readonly otherChunks: readonly {
    readonly name: string;
    readonly bytes: number;
    readonly gzipBytes: number;
  }[];
}

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles `src/index.ts` the way an app would ship it: minified, everything bundled except `js-tiktoken`
 * (whose rank files load lazily and are not part of the entry) and `@huggingface/transformers` (loaded lazily by
 * the embedder, from the worker or a lazy chunk). esbuild does not resolve from this package
 * (pnpm keeps tsx's copy private), so this uses Vite's build API in library mode, in memory.
 */
export async function measureBundle(): Promise<BundleSize> {
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
      lib: { entry: 'src/index.ts', formats: ['es'], fileName: 'index' },
      // transformers.js is an optional peer the embedder imports lazily: never part of the core bundle.
      rolldownOptions: { external: [/^js-tiktoken(\/.*)?$/, /^@huggingface\/transformers(\/.*)?$/] },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) =>
    output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk'),
  );
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the library build produced no entry chunk');
  return {
    tool: 'vite (rolldown), minified',
    entryBytes: Buffer.byteLength(entry.code),
    entryGzipBytes: gzipSync(entry.code).length,
    otherChunks: chunks
      .filter((chunk) => chunk !== entry)
      .map((chunk) => ({
        name: chunk.fileName,
        bytes: Buffer.byteLength(chunk.code),
        gzipBytes: gzipSync(chunk.code).length,
      })),
  };
}
