import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// transformers.js refers to ONNX Runtime's wasm file (27 MB) as its default location, so the bundler copies it into
// the build. The demo always gives the embedder `wasmPaths` in the user's model folder, so that copy is never
// fetched; leaving it out keeps every file of the build small enough for any static host.
const dropDefaultOrtWasm = (): Plugin => ({
  name: 'ctxkit-demo:drop-default-ort-wasm',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const name of Object.keys(bundle)) if (/ort-wasm[^/]*\.wasm$/.test(name)) delete bundle[name];
  },
});

// A static app: relative asset URLs (`base: './'`) and no server routes, so `dist/` works from any static host and
// any path on it. The workspace packages are used from their built `dist` (the root `pnpm demo` builds them first).
export default defineConfig({
  base: './',
  plugins: [react(), dropDefaultOrtWasm()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4_000,
    // Two pages: the full demo, and the same chat built on the Vercel AI SDK (`useChat` with ctxkit's transport).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        'ai-sdk': fileURLToPath(new URL('ai-sdk.html', import.meta.url)),
      },
    },
  },
  worker: { format: 'es' },
  optimizeDeps: {
    // Pre-bundling would move the core's embedder worker away from the URL it is started from; what the core
    // imports is pre-bundled up front instead, so the first visit does not reload the page halfway.
    exclude: ['@ctxkit/core'],
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-dev-runtime',
      '@tanstack/react-query',
      '@ctxkit/core > idb',
    ],
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
