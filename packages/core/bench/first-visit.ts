/**
 * What a user's first visit downloads for the tokenizer: the rank parts of each encoding as the package ships them
 * (`dist/tokens/ranks/<encoding>-<n>.js`), each compressed on its own as a server sends it: gzip at zlib's default
 * level (what most servers and CDNs use on the fly) and brotli at its highest (what hosts that precompress use).
 * An app bundler copies these modules as they are (they are one string each), so these are the bytes on the wire.
 * `pnpm --filter @ctxkit/core bench:first-visit` after a build; writes bench/first-visit-results.json.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { toJson } from './report.js';

const RANKS = fileURLToPath(new URL('../dist/tokens/ranks/', import.meta.url));

export interface EncodingDownload {
  readonly encoding: string;
  readonly parts: number;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly brotliBytes: number;
}

export function measureFirstVisit(): EncodingDownload[] {
  if (!existsSync(RANKS))
    throw new Error('packages/core/dist is missing: run `pnpm --filter @ctxkit/core build` first');
  const byEncoding = new Map<string, string[]>();
  for (const name of readdirSync(RANKS).sort()) {
    const match = /^(\w+)-\d+\.js$/.exec(name);
    if (match) byEncoding.set(match[1] as string, [...(byEncoding.get(match[1] as string) ?? []), name]);
  }
  return [...byEncoding].map(([encoding, files]) => {
    const contents = files.map((file) => readFileSync(`${RANKS}${file}`));
    const sum = (size: (content: Buffer) => number) =>
      contents.reduce((total, content) => total + size(content), 0);
    return {
      encoding,
      parts: files.length,
      bytes: sum((content) => content.length),
      gzipBytes: sum((content) => gzipSync(content).length),
      brotliBytes: sum(
        (content) => brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      ),
    };
  });
}

const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const encodings = measureFirstVisit();
  console.log("\nFirst visit: the tokenizer's rank parts, each compressed on its own");
  for (const { encoding, parts, bytes, gzipBytes, brotliBytes } of encodings)
    console.log(
      `  ${encoding.padEnd(12)} ${parts} parts   ${MB(bytes).padStart(8)}   gzip ${MB(gzipBytes).padStart(8)}   brotli ${MB(brotliBytes).padStart(8)}`,
    );
  const results = fileURLToPath(new URL('./first-visit-results.json', import.meta.url));
  writeFileSync(results, toJson({ generatedAt: new Date().toISOString(), encodings }));
  console.log(`\nResults written to ${results}`);
}
