// Size of @ctxkit/react as a host's bundler would ship it: the public entry and the stylesheet, minified and
// gzipped, with React, react-dom, @tanstack/react-query and @ctxkit/core left out (peers and the core).
//   pnpm --filter @ctxkit/react size

import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

const output = await build({
  root: packageDir,
  configFile: false,
  logLevel: 'silent',
  build: {
    write: false,
    minify: true,
    cssMinify: true,
    cssCodeSplit: true,
    target: 'es2022',
    lib: { entry: { index: 'src/index.ts', styles: 'src/styles/ctxkit.css' }, formats: ['es'] },
    rolldownOptions: {
      external: [/^react(-dom)?(\/.*)?$/, /^@tanstack\/react-query(\/.*)?$/, /^@ctxkit\/core(\/.*)?$/],
    },
  },
});

const files = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
const sizes = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
for (const file of files) {
  const content = file.type === 'chunk' ? file.code : file.source;
  const kind = file.fileName.endsWith('.css') ? 'css' : file.fileName.endsWith('.js') ? 'js' : null;
  if (!kind || content.length === 0) continue;
  sizes[kind].raw += Buffer.byteLength(content);
  sizes[kind].gzip += gzipSync(content, { level: 9 }).length;
}
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
for (const [kind, size] of Object.entries(sizes)) {
  console.log(`${kind.padEnd(4)} ${kB(size.raw).padStart(9)} minified  ${kB(size.gzip).padStart(8)} gzip`);
}
console.log(
  `all  ${kB(sizes.js.raw + sizes.css.raw).padStart(9)} minified  ${kB(sizes.js.gzip + sizes.css.gzip).padStart(8)} gzip`,
);
