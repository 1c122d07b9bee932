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
  /** The path of every request served so far, in order: what any engine fetched, from the page or a worker. */
  readonly served: readonly string[];
  close(): Promise<void>;
}

export interface ServeOptions {
  /** The URL path the app is served under. */
  readonly subPath?: string;
  /** More folders, by URL path (longest first wins), e.g. a models folder next to the app. */
  readonly mounts?: Readonly<Record<string, string>>;
  /** Answers requests under these URL paths this much later, so a download's progress can be seen. */
  readonly slow?: { readonly prefix: string; readonly delayMs: number };
  /** Holds a request back until the promise it returns for the request's path settles (undefined: answers now).
   * Done here rather than by a browser's request interception, which not every engine's driver offers. */
  readonly hold?: (pathname: string) => Promise<void> | undefined;
  /** Fixed HTML pages by URL path, e.g. a page of the same origin that is not the app. */
  readonly pages?: Readonly<Record<string, string>>;
}

export function serveStatic(
  root: string,
  { subPath = '/demo/', mounts = {}, slow, hold, pages = {} }: ServeOptions = {},
): Promise<StaticServer> {
  const folders = [...Object.entries(mounts), [subPath, root] as const]
    .map(([path, folder]) => [path, resolve(folder)] as const)
    .sort((a, b) => b[0].length - a[0].length);
  const served: string[] = [];
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    served.push(pathname);
    const page = pages[pathname];
    if (page !== undefined) {
      response.writeHead(200, { 'content-type': TYPES['.html'] as string }).end(page);
      return;
    }
    const mount = folders.find(([path]) => pathname.startsWith(path));
    if (!mount) {
      response.writeHead(404).end();
      return;
    }
    const [path, base] = mount;
    let file = join(base, normalize(pathname.slice(path.length)).replace(/^(\.\.[/\\])+/, ''));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(base) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const send = () => {
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': statSync(file).size,
      });
      createReadStream(file).pipe(response);
    };
    const held = hold?.(pathname);
    if (held) void held.then(send);
    else if (slow && pathname.startsWith(slow.prefix)) setTimeout(send, slow.delayMs);
    else send();
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({
        url: `http://127.0.0.1:${port}${subPath}`,
        served,
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    });
  });
}
