import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

// The smallest static host: files only, no routes, no fallbacks, on a free port of 127.0.0.1. The app is served
// under a sub-path, as a static host may put it, which only works because the build's URLs are relative.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  /** The app's URL, ending in `/`. */
  readonly url: string;
  close(): Promise<void>;
}

export function serveStatic(root: string, subPath = '/demo/'): Promise<StaticServer> {
  const base = resolve(root);
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (!pathname.startsWith(subPath)) {
      response.writeHead(404).end();
      return;
    }
    let file = join(base, normalize(pathname.slice(subPath.length)).replace(/^(\.\.[/\\])+/, ''));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(base) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({
        url: `http://127.0.0.1:${port}${subPath}`,
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    });
  });
}
