import { afterAll, beforeAll } from 'vitest';
import type { EngineName } from './driver.js';
import type { Engine } from './engine.js';

// The door of the engines folder: which engines the end-to-end tests run in and how each is launched.
export type { EngineName, PageDriver, Viewport } from './driver.js';
export type { Engine } from './engine.js';
export { type Box, Locator, Page } from './page.js';

const ALL: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** `E2E_ENGINES=firefox,webkit` narrows a local run; every engine runs by default (and in `pnpm test`). */
export const engines: readonly EngineName[] = process.env.E2E_ENGINES
  ? ALL.filter((name) => process.env.E2E_ENGINES?.split(',').includes(name))
  : ALL;

export async function launch(name: EngineName): Promise<Engine> {
  // Imported when used, so a run narrowed to Chromium loads neither Puppeteer nor WebdriverIO.
  if (name === 'firefox') return (await import('./firefox.js')).launchFirefox();
  if (name === 'webkit') return (await import('./webkit.js')).launchWebKit();
  return (await import('./chromium.js')).launchChromium();
}

/**
 * Launches `name` before the tests of the enclosing describe and closes it after them; the engine is one browser,
 * each test opening its own pages (their own profiles) in it.
 */
export function useEngine(name: EngineName): () => Engine {
  let engine: Engine | undefined;
  beforeAll(async () => {
    engine = await launch(name);
  });
  afterAll(async () => {
    await engine?.close();
  });
  return () => {
    if (!engine) throw new Error(`${name} was not launched`);
    return engine;
  };
}
