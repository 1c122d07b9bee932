import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemo, serveDemoBuild } from './demo-build.js';
import { type Box, engines, Page, useEngine, widthIn } from './engines/index.js';

// The layout from a small phone to a wide screen: the chat and its input are on screen and uncovered, nothing
// overlaps the input or spills sideways, and on narrow screens the panels wait behind their drawers. In Chromium,
// Firefox and WebKit, on one page per engine resized from width to width, as a window or a turned device is.

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
const server = serveDemoBuild();

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the element is what a tap at its centre reaches (nothing drawn over it). */
async function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.evaluateWith((css) => {
    const element = document.querySelector(css);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  }, selector);
}

/**
 * Whether the element shows in a screenshot: the picture changes when it is hidden. An element drawn over by another
 * (or clipped away) leaves the same pixels either way. The caret and animations are stilled while the two pictures
 * are taken, so nothing else changes between them.
 */
async function showsInScreenshot(page: Page, selector: string): Promise<boolean> {
  const style = (css: string, visibility: string) =>
    page.evaluateWith(
      ([target, value]) => {
        const element = document.querySelector(target) as HTMLElement;
        element.style.visibility = value;
        // Drawn before the picture is taken: WebKit's screenshot otherwise may show the frame before the change.
        return new Promise<void>((drawn) =>
          requestAnimationFrame(() => requestAnimationFrame(() => drawn())),
        );
      },
      [css, visibility] as const,
    );
  await page.evaluate(() => {
    const still = document.createElement('style');
    still.id = 'e2e-still';
    still.textContent =
      '*, *::before, *::after { caret-color: transparent !important; animation: none !important; transition: none !important; }';
    document.head.append(still);
    return new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn())));
  });
  const shown = await page.screenshot();
  await style(selector, 'hidden');
  const hidden = await page.screenshot();
  await style(selector, '');
  await page.evaluate(() => document.getElementById('e2e-still')?.remove());
  return !shown.equals(hidden);
}

describe.each(engines)('the layout in %s', (engineName) => {
  const engine = useEngine(engineName);
  let page: Page;
  beforeAll(async () => {
    page = new Page(await engine().newPage({ width: 1280, height: 760 }));
    await openDemo(page, server.url);
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('How should I write tests for the file upload?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('li.message--assistant[data-message-id]').first().waitFor();
    await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
  });
  afterAll(async () => {
    await page?.close();
  });

  // In WebKit the two phone widths become its narrowest window, 447 px (see `narrowest`), tested once.
  const widths = [...new Set([320, 400, 768, 1024, 1280, 1920].map((width) => widthIn(engineName, width)))];
  it.each(widths)('at %i px wide keeps the chat and its input usable', async (width) => {
    await page.setViewportSize({ width, height: 760 });
    await page.waitForFunctionOf((wanted) => window.innerWidth === wanted, width);
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
    expect(await keepScreenshot(page, `${engineName}-layout-${width}`)).toEqual({ width, height: 760 });
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
      await keepScreenshot(page, `${engineName}-layout-${width}-context-drawer`);
      await page.keyboard.press('Escape');
      await page.locator('#side-panel').waitFor({ state: 'hidden' });
      expect(
        await page
          .getByRole('button', { name: 'Context', exact: true })
          .evaluateAll((found) => found[0] === document.activeElement),
      ).toBe(true);
    }
  });
});
