import { type BrowserContext, chromium, type Page as PlaywrightPage } from 'playwright';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium-setup.js';
import type { PageDriver, Viewport } from './driver.js';
import type { Engine } from './engine.js';

// Chromium through Playwright, as the demo's end-to-end tests have always run: each page in a new context (a new
// profile), and Playwright's own fill for text fields.
export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
  return {
    name: 'chromium',
    version: browser.version(),
    async newPage({ width, height }: Viewport): Promise<PageDriver> {
      const context = await browser.newContext({ viewport: { width, height } });
      return pageDriver(context, await context.newPage(), true);
    },
    close: () => browser.close(),
  };
}

/** A page of `context`; the first one closes the whole context (its profile) with it. */
function pageDriver(context: BrowserContext, page: PlaywrightPage, first: boolean): PageDriver {
  return {
    engine: 'chromium',
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click: (selector) => page.click(selector),
    fill: (selector, text) => page.fill(selector, text),
    press: (key) => page.keyboard.press(key),
    emulateDarkScheme: async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      return true;
    },
    setViewport: (viewport) => page.setViewportSize(viewport),
    screenshot: () => page.screenshot(),
    openTab: async () => pageDriver(context, await context.newPage(), false),
    on: (event, listener) => {
      if (event === 'pageerror') page.on('pageerror', (error) => listener(error.message));
      else if (event === 'request') page.on('request', (request) => listener(request.url()));
      else page.on('requestfailed', (request) => listener(request.url()));
    },
    close: () => (first ? context.close() : page.close()),
  };
}
