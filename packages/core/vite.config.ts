import { defineConfig, type Plugin } from 'vite';

const WORKER_URL = "new URL('./embedder-worker.js', import.meta.url)";
const HIDDEN_WORKER_URL = "new URL(String('./embedder-worker.js'), import.meta.url)";

/**
 * Ships the embedder's worker as its own file next to index.js, and leaves `new Worker(new URL('./embedder-worker.js',
 * import.meta.url))` in index.js as written, for the app's bundler to follow. Vite would otherwise bundle the worker
 * (with transformers.js and ONNX Runtime's wasm inlined) into an asset of this library. The URL is hidden from
 * Vite's worker transform on the way in and restored in the output.
 */
export function keepEmbedderWorkerUrl(): Plugin {
  return {
    name: 'ctxkit:keep-embedder-worker-url',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/embeddings/worker-start.ts')) return undefined;
      if (!code.includes(WORKER_URL)) this.error(`worker-start.ts no longer contains ${WORKER_URL}`);
      // Same length and lines: the source map stays right.
      return { code: code.replace(WORKER_URL, HIDDEN_WORKER_URL), map: null };
    },
    renderChunk(code) {
      // Rolldown may fold the String() call itself; either way the output holds the plain literal.
      const hidden = /new URL\(String\((['"])\.\/embedder-worker\.js\1\), import\.meta\.url\)/;
      return hidden.test(code) ? { code: code.replace(hidden, WORKER_URL), map: null } : null;
    },
  };
}

// Library build: ESM only, entries src/index.ts and the embedder's worker. Type declarations are emitted separately
// by `tsc -p tsconfig.build.json` into the same dist folder.
export default defineConfig({
  plugins: [keepEmbedderWorkerUrl()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: 'src/index.ts',
        'embedder-worker': 'src/embeddings/embedder-worker.ts',
        replay: 'src/replay/index.ts',
        transformers: 'src/embeddings/transformers.ts',
      },
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rolldownOptions: {
      // Runtime dependencies (and their subpath imports, e.g. `js-tiktoken/lite`) stay external, and so does the
      // optional transformers.js, which only the embedder imports, lazily.
      external: [/^js-tiktoken(\/.*)?$/, /^idb(\/.*)?$/, /^@huggingface\/transformers(\/.*)?$/],
      output: {
        // Dynamic imports (e.g. encoder ranks) become separate chunks, loaded on demand.
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
