import puppeteer, { type BrowserContext, type KeyInput } from 'puppeteer-core';
import { checkEngine, firefoxPath } from '../../../../scripts/engines.js';
import { chord, type PageDriver, type Viewport } from './driver.js';
import type { Engine } from './engine.js';
import { fillBy } from './in-page.js';

// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi: no geckodriver, nothing downloaded. Each page opens
// in a new browser context (its own storage).
export async function launchFirefox(): Promise<Engine> {
  checkEngine('firefox');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true });
  return {
    name: 'firefox',
    version: await browser.version(),
    async newPage({ width, height }: Viewport): Promise<PageDriver> {
      const context = await browser.createBrowserContext();
      return pageDriver(context, { width, height }, true);
    },
    close: () => browser.close(),
  };
}

/** A new page of `context`; the first one closes the whole context (its profile) with it. */
async function pageDriver(context: BrowserContext, viewport: Viewport, first: boolean): Promise<PageDriver> {
  const page = await context.newPage();
  await page.setViewport(viewport);
  return {
    engine: 'firefox',
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click: (selector) => page.click(selector),
    // Typing thousands of characters one key event at a time takes minutes; text insertion is what paste does.
    fill: (selector, text) => fillBy((fn, arg) => page.evaluate(fn, arg), selector, text),
    press: async (key) => {
      const { modifiers, key: last } = chord(key);
      for (const modifier of modifiers) await page.keyboard.down(modifier as KeyInput);
      await page.keyboard.press(last as KeyInput);
      for (const modifier of modifiers.reverse()) await page.keyboard.up(modifier as KeyInput);
    },
    emulateDarkScheme: async () => {
      try {
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
        return true;
      } catch {
        return false;
      }
    },
    setViewport: (size) => page.setViewport(size),
    screenshot: () => page.screenshot(),
    openTab: () => pageDriver(context, viewport, false),
    on: (event, listener) => {
      if (event === 'pageerror') page.on('pageerror', (error) => listener((error as Error).message));
      else if (event === 'request') page.on('request', (request) => listener(request.url()));
      else page.on('requestfailed', (request) => listener(request.url()));
    },
    close: () => (first ? context.close() : page.close()),
  };
}
