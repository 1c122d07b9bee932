import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import type { BpeRanks } from './src/tokens/bpe.js';
import { splitRanks } from './src/tokens/rank-parts.js';

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

/**
 * Parts of a rank file stay under Vite's chunk size warning (500 kB), in as few parts as that allows (o200k_base in
 * 5): every part is one more request at startup. (Next.js turns webpack's own size hints off.)
 */
const RANK_PART_LENGTH = 470_000;
const RANK_IMPORT = /\[import\('js-tiktoken\/ranks\/(o200k_base|cl100k_base)'\)\]/g;
const RANK_PART = /^ctxkit-ranks:(o200k_base|cl100k_base)-(\d+)$/;

/**
 * Ships each tokenizer encoding's ranks as js-tiktoken's rank file cut in parts (`dist/tokens/ranks/o200k_base-0.js`
 * …), every one a module under 500 kB. tiktoken.ts loads an encoding with `joinRankParts([import(…)])`;
 * here that list becomes the dynamic imports of the parts, so any bundler of the app (Vite, webpack, Turbopack)
 * makes one lazy chunk per part, fetched in parallel, only for the encoding in use, and never warns of a chunk
 * larger than its limit (js-tiktoken's o200k_base file alone is 2.3 MB). The parts keep js-tiktoken's MIT notice.
 */
export function rankParts(): Plugin {
  // js-tiktoken exports its rank files but not its package.json: the version is read from beside dist/ranks.
  const rankFile = createRequire(import.meta.url).resolve('js-tiktoken/ranks/o200k_base');
  const manifest = join(dirname(rankFile), '..', '..', 'package.json');
  const tiktokenVersion: string = JSON.parse(readFileSync(manifest, 'utf8')).version;
  const parts = new Map<string, Promise<BpeRanks[]>>();
  const partsOf = (encoding: string): Promise<BpeRanks[]> => {
    let list = parts.get(encoding);
    if (!list) {
      list = import(`js-tiktoken/ranks/${encoding}`).then((module: { default: BpeRanks }) =>
        splitRanks(module.default, RANK_PART_LENGTH),
      );
      parts.set(encoding, list);
    }
    return list;
  };
  return {
    name: 'ctxkit:rank-parts',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.endsWith('/src/tokens/tiktoken.ts')) return undefined;
      const encodings = [...code.matchAll(RANK_IMPORT)].map((match) => match[1] as string);
      if (encodings.length !== 2)
        this.error(`tiktoken.ts no longer loads its two encodings as [import('js-tiktoken/ranks/…')]`);
      const counts = new Map<string, number>();
      for (const encoding of encodings) counts.set(encoding, (await partsOf(encoding)).length);
      const replaced = code.replace(RANK_IMPORT, (_match, encoding: string) => {
        const imports = Array.from(
          { length: counts.get(encoding) ?? 0 },
          (_part, index) => `import('ctxkit-ranks:${encoding}-${index}')`,
        );
        return `[${imports.join(', ')}]`;
      });
      return { code: replaced, map: null };
    },
    resolveId(source) {
      return RANK_PART.test(source) ? `\0${source}` : undefined;
    },
    async load(id) {
      const match = RANK_PART.exec(id.replace(/^\0/, ''));
      if (!match || !id.startsWith('\0')) return undefined;
      const [, encoding = '', index = ''] = match;
      const list = await partsOf(encoding);
      const part = list[Number(index)];
      if (!part) this.error(`no part ${index} of ${encoding}`);
      return [
        `/*! ${encoding} ranks, part ${Number(index) + 1} of ${list.length}, from js-tiktoken ${tiktokenVersion}`,
        ' * (https://github.com/dqbd/tiktoken, MIT License), cut in parts by the build of @ctxkit/core. */',
        `export default ${JSON.stringify(part)};`,
        '',
      ].join('\n');
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'tokens/ranks/NOTICE',
        source: [
          `The files in this folder hold the o200k_base and cl100k_base ranks of js-tiktoken ${tiktokenVersion}`,
          '(https://github.com/dqbd/tiktoken, packages/js-tiktoken), cut in parts by the build of @ctxkit/core: each',
          "part is a module of the rank data as js-tiktoken ships it. js-tiktoken is a port of OpenAI's tiktoken",
          '(https://github.com/openai/tiktoken, Copyright (c) OpenAI, Shantanu Jain), whose rank data these are; both',
          'are distributed under the MIT License:',
          '',
          'Permission is hereby granted, free of charge, to any person obtaining a copy of this software and',
          'associated documentation files (the "Software"), to deal in the Software without restriction, including',
          'without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell',
          'copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the',
          'following conditions:',
          '',
          'The above copyright notice and this permission notice shall be included in all copies or substantial',
          'portions of the Software.',
          '',
          'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT',
          'LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO',
          'EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER',
          'IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE',
          'USE OR OTHER DEALINGS IN THE SOFTWARE.',
          '',
        ].join('\n'),
      });
    },
  };
}

/**
 * Ships the licences of the model families' tokenizer data (src/model-tokenizers/NOTICE) beside it, and no source
 * maps of the data: a map of a string literal repeats the literal, doubling the package for nothing to debug.
 */
export function tokenizerNotice(): Plugin {
  return {
    name: 'ctxkit:tokenizer-notice',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/^tokenizers\/[\w-]+\.js$/.test(fileName) || output.type !== 'chunk') continue;
        output.code = output.code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
        output.map = null;
        delete bundle[`${fileName}.map`];
      }
      this.emitFile({
        type: 'asset',
        fileName: 'tokenizers/NOTICE',
        source: readFileSync(new URL('./src/model-tokenizers/NOTICE', import.meta.url), 'utf8'),
      });
    },
  };
}

// Library build: ESM only, entries src/index.ts, the subpaths (replay, transformers, validation, view) and the
// embedder's worker. Type declarations are emitted separately by `tsc -p tsconfig.build.json` into the same dist
// folder.
export default defineConfig({
  plugins: [keepEmbedderWorkerUrl(), rankParts(), tokenizerNotice()],
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
        validation: 'src/validation/index.ts',
        view: 'src/view/index.ts',
      },
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rolldownOptions: {
      // Runtime dependencies (and their subpath imports, e.g. `js-tiktoken/lite`) stay external, and so does the
      // optional transformers.js, which only the embedder imports, lazily.
      external: [/^js-tiktoken(\/.*)?$/, /^idb(\/.*)?$/, /^@huggingface\/transformers(\/.*)?$/],
      output: {
        // Dynamic imports become separate chunks, loaded on demand; the parts of the tokenizer's ranks keep
        // their names (tokens/ranks/o200k_base-0.js), with js-tiktoken's NOTICE beside them.
        chunkFileNames: (chunk) => {
          const part = chunk.facadeModuleId?.startsWith('\0')
            ? RANK_PART.exec(chunk.facadeModuleId.slice(1))
            : null;
          if (part) return `tokens/ranks/${part[1]}-${part[2]}.js`;
          // Each model family's tokenizer data keeps its name (tokenizers/llama3-0.js), with its NOTICE beside it.
          const data = /\/src\/model-tokenizers\/data\/([\w-]+)\.ts$/.exec(chunk.facadeModuleId ?? '');
          return data ? `tokenizers/${data[1]}.js` : 'chunks/[name]-[hash].js';
        },
      },
    },
  },
});
