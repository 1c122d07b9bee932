import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What makes `dist/` work from any static host: relative URLs, and no file over the per-file limits some hosts
// have (25 MiB is the strictest common one).
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

describe('the static build', () => {
  it('refers to its assets by relative URLs', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url).toMatch(/^(\.\/|data:)/);
  });

  it('has no file a static host would refuse for its size, and no ONNX Runtime wasm', () => {
    const all = files(dist);
    expect(all.filter((file) => file.endsWith('.wasm'))).toEqual([]);
    for (const file of all) expect(statSync(file).size, file).toBeLessThan(5 * 1024 * 1024);
  });
});
