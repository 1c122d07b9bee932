import { defineConfig } from 'vite';

// Library build: ESM only, entry src/index.ts. The styled default's stylesheet is plain CSS, copied as is to
// dist/styles.css by the build script (the JS never imports it, so hosts choose whether to load it).
// React, react-query and the core stay external: they are the host's (peers) or a dependency it installs once.
// Type declarations are emitted separately by `tsc -p tsconfig.build.json` into the same dist folder.
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
      external: [/^react(-dom)?(\/.*)?$/, /^@tanstack\/react-query(\/.*)?$/, /^@ctxkit\/core(\/.*)?$/],
      // Every export is a client component or hook: a React Server Components host (Next.js App Router) may import
      // the kit from a server component, and the directive tells its bundler where the client boundary is.
      output: { banner: "'use client';" },
    },
  },
});
