import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-setup.js';
import { type StaticServer, serveStatic } from './static-server.js';

// The layout from a small phone to a wide screen: the chat and its input are on screen and uncovered, nothing
// overlaps the input or spills sideways, and on narrow screens the panels wait behind their drawers.

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
// Each width's screen is kept as a picture for a person to look through (not committed: see .gitignore).
const screenshots = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Takes a screenshot of the viewport to `screenshots/<name>.png` and returns its size read from the PNG header. */
async function keepScreenshot(page: Page, name: string): Promise<{ width: number; height: number }> {
  mkdirSync(screenshots, { recursive: true });
  const path = `${screenshots}${name}.png`;
  await page.screenshot({ path });
  const png = readFileSync(path);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(`${dist}index.html`))
    throw new Error('apps/demo/dist is missing: run `pnpm --filter @ctxkit/demo build`');
  server = await serveStatic(dist);
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the element is what a tap at its centre reaches (nothing drawn over it). */
async function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  }, selector);
}

/**
 * Whether the element shows in a screenshot: the pixels of its box change when it is hidden. An element drawn over
 * by another (or clipped away) leaves the same pixels either way.
 */
async function showsInScreenshot(page: Page, selector: string): Promise<boolean> {
  const element = page.locator(selector).first();
  const clip = (await element.boundingBox()) as Box;
  const shown = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  await element.evaluate((node) => {
    (node as HTMLElement).style.visibility = 'hidden';
  });
  const hidden = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  await element.evaluate((node) => {
    (node as HTMLElement).style.visibility = '';
  });
  return !shown.equals(hidden);
}

describe('the layout', () => {
  it.each([320, 400, 768, 1024, 1280, 1920])(
    'at %i px wide keeps the chat and its input usable',
    async (width) => {
      const page = await browser.newPage({ viewport: { width, height: 760 } });
      await page.goto(server.url);
      await page.locator('.app[data-state="ready"]').waitFor();
      await page
        .getByRole('textbox', { name: 'Message' })
        .fill('How should I write tests for the file upload?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.locator('li.message--assistant[data-message-id]').first().waitFor();
      await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
      await page.getByRole('textbox', { name: 'Message' }).fill('And the database?');

      // Nothing spills sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The input, Send, the meter and the last reply are on screen and nothing is drawn over them.
      for (const selector of [
        '#composer-input',
        '.composer button[type="submit"]',
        '.ctxkit-meter',
        '.transcript',
      ])
        expect(await uncovered(page, selector), selector).toBe(true);
      const input = (await page.locator('#composer-input').boundingBox()) as Box;
      for (const selector of ['.ctxkit-meter', '.composer button[type="submit"]']) {
        const box = (await page.locator(selector).boundingBox()) as Box;
        expect(overlaps(input, box), `${selector} overlaps the input`).toBe(false);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      // What the user sees is the viewport, no wider: a page that spilled sideways would widen nothing here, so
      // this checks the picture was taken of the layout measured above.
      expect(await keepScreenshot(page, `layout-${width}`)).toEqual({ width, height: 760 });
      for (const selector of ['#composer-input', '.composer button[type="submit"]', '.ctxkit-meter'])
        expect(await showsInScreenshot(page, selector), `${selector} in the screenshot`).toBe(true);
      const narrow = width <= 760;
      expect(await page.locator('#sessions-panel').isVisible()).toBe(!narrow);
      expect(await page.locator('#side-panel').isVisible()).toBe(!narrow);
      if (narrow) {
        await page.getByRole('button', { name: 'Context', exact: true }).click();
        await page.locator('#side-panel').waitFor();
        const panel = (await page.locator('#side-panel').boundingBox()) as Box;
        expect(panel.x + panel.width).toBeLessThanOrEqual(width + 1);
        await keepScreenshot(page, `layout-${width}-context-drawer`);
        await page.keyboard.press('Escape');
        await page.locator('#side-panel').waitFor({ state: 'hidden' });
        expect(
          await page
            .getByRole('button', { name: 'Context', exact: true })
            .evaluate((e) => e === document.activeElement),
        ).toBe(true);
      }
      await page.close();
    },
  );
});
