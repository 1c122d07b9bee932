import { defineConfig } from 'vite';

// Library build: ESM only, entry src/index.ts. Type declarations are emitted separately by
// `tsc -p tsconfig.build.json` into the same dist folder.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    minify: false,
    lib: {
      entry: 'src/index.ts',
      formats: ['es'],
      fileName: 'index',
    },
    rolldownOptions: {
      // Runtime dependencies (and their subpath imports, e.g. `js-tiktoken/lite`) stay external.
      external: [/^js-tiktoken(\/.*)?$/, /^idb(\/.*)?$/],
      output: {
        // Dynamic imports (e.g. encoder ranks) become separate chunks, loaded on demand.
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
