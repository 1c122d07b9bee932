import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { type ServeOptions, type StaticServer, serveStatic } from './static-server.js';

// Every end-to-end file tests the production build, served by the static host for as long as the file's tests run.

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

export interface DemoBuildOptions extends ServeOptions {
  /** The page the file opens, which must be in the build (default `index.html`). */
  readonly entry?: 'index.html' | 'ai-sdk.html';
}

/**
 * Serves the demo's build to the tests of the calling file: started in a `beforeAll` (after the file's hooks
 * registered before it, so options may be a function of what those made), closed in an `afterAll`. The server it
 * returns may be read in tests and hooks, not while the file is collected.
 */
export function serveDemoBuild(options: DemoBuildOptions | (() => DemoBuildOptions) = {}): StaticServer {
  let server: StaticServer | undefined;
  beforeAll(async () => {
    const { entry = 'index.html', ...serve } = typeof options === 'function' ? options() : options;
    if (!existsSync(`${dist}${entry}`))
      throw new Error(`apps/demo/dist is missing ${entry}: run \`pnpm --filter @ctxkit/demo build\``);
    server = await serveStatic(dist, serve);
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = (): StaticServer => {
    if (!server) throw new Error('the demo build is not served yet: read the server inside a test or hook');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get served() {
      return started().served;
    },
    close: () => started().close(),
  };
}
