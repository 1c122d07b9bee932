import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { EngineName, PageDriver } from './driver.js';
import type { Engine } from './engine.js';
import { WEBKIT_NARROWEST } from './webkit-narrowest.js';

// The door of the engines folder: which engines the end-to-end tests run in and how each is launched.
export type { EngineName, PageDriver, Viewport } from './driver.js';
export type { Engine } from './engine.js';
export { type Box, Locator, Page } from './page.js';

/**
 * The narrowest viewport each engine's window gives, in CSS px. MiniBrowser's window is never narrower than its
 * toolbar (447 px of viewport) and it has no option to hide it, so WebKit's phone-width tests run at 447 px: still
 * under the 760 px where the demo's panels become drawers. The others go down to any width.
 */
export const narrowest: Readonly<Record<EngineName, number>> = {
  chromium: 0,
  firefox: 0,
  webkit: WEBKIT_NARROWEST,
};

/** `width`, or the engine's narrowest viewport where it cannot be that narrow. */
export const widthIn = (engine: EngineName, width: number): number => Math.max(width, narrowest[engine]);

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
 * each test opening its own pages (their own profiles) in it. A page a test left open (it failed before closing it)
 * is closed after it, so that the next test starts clean: WebKit's driver allows one session at a time.
 */
export function useEngine(name: EngineName): () => Engine {
  let engine: Engine | undefined;
  // Pages opened by the running test; those of a `beforeAll` are the describe's to close.
  const open = new Set<PageDriver>();
  let inTest = false;
  beforeAll(async () => {
    const launched = await launch(name);
    engine = {
      name: launched.name,
      get version() {
        return launched.version;
      },
      async newPage(viewport) {
        const page = await launched.newPage(viewport);
        if (inTest) open.add(page);
        const close = page.close;
        return {
          ...page,
          close: async () => {
            open.delete(page);
            await close();
          },
        };
      },
      close: () => launched.close(),
    };
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    for (const page of open) await page.close().catch(() => undefined);
    open.clear();
  });
  afterAll(async () => {
    await engine?.close();
  });
  return () => {
    if (!engine) throw new Error(`${name} was not launched`);
    return engine;
  };
}
