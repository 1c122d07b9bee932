import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Page } from './engines/index.js';
import { type FakeOpenAIServer, startFakeOpenAIServer } from './fake-openai-server.js';
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

/**
 * Starts the fake OpenAI-compatible model server for the tests of the calling file, as `serveDemoBuild` serves the
 * build: started in a `beforeAll`, closed in an `afterAll`, readable in tests and hooks.
 */
export function serveFakeModel(): FakeOpenAIServer {
  let model: FakeOpenAIServer | undefined;
  beforeAll(async () => {
    model = await startFakeOpenAIServer();
  });
  afterAll(async () => {
    await model?.close();
  });
  const started = (): FakeOpenAIServer => {
    if (!model) throw new Error('the fake model server is not started yet: read it inside a test or hook');
    return model;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get requests() {
      return started().requests;
    },
    close: () => started().close(),
  };
}

/** Opens the chat demo at `url` in `page` and waits until it is ready for a message. */
export async function openDemo(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('.app[data-state="ready"]').waitFor();
}
