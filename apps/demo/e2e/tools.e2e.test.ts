import { describe, expect, it } from 'vitest';
import { axe } from './axe.js';
import { openDemo, serveDemoBuild } from './demo-build.js';
import { engines, Page, useEngine, widthIn } from './engines/index.js';

// Tools end to end with the local responder, at a desktop width and a phone's: a question the calculator answers
// once the user allows the call, with the call and its result in the reply's tool trace; a question about the time
// whose call the user denies, so the reply says it could not tell; axe on the approval and after; no request leaves
// the page's origin. In Chromium, Firefox and WebKit.

const server = serveDemoBuild();

const replies = (page: Page) => page.locator('li.message--assistant[data-message-id]');
const approval = (page: Page) => page.getByRole('region', { name: 'Tool calls to approve' });

/** Sends `text` and waits until its tool call waits for a decision. */
async function ask(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await approval(page).waitFor();
}

/** Waits for reply number `count`, streamed and stored. */
async function replyCount(page: Page, count: number): Promise<void> {
  await replies(page)
    .nth(count - 1)
    .waitFor();
  await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
}

describe.each(engines)('in %s', (engineName) => {
  const engine = useEngine(engineName);
  describe.each([
    { width: 1280, height: 800 },
    { width: 400, height: 800 },
  ])('tools at $width px', ({ width, height }) => {
    it('runs an allowed calculator call and shows it in the trace; a denied time call is answered as not done', async () => {
      // (WebKit's narrowest window is 447 px: its phone case runs there, still a drawer layout.)
      const page = new Page(await engine().newPage({ width: widthIn(engineName, width), height }));
      const outside: string[] = [];
      page.on('request', (url) => {
        if (![server.url, 'data:', 'blob:'].some((allowed) => url.startsWith(allowed))) outside.push(url);
      });
      page.on('pageerror', (message) => outside.push(`page error: ${message}`));
      await openDemo(page, server.url);

      // The calculator call waits for the user, with its arguments shown as text.
      await ask(page, 'What is 17 * 23?');
      await expect.poll(() => approval(page).textContent()).toContain('demo: calculator');
      expect(await approval(page).locator('pre').textContent()).toBe('{\n  "expression": "17 * 23"\n}');
      expect(await replies(page).count()).toBe(0);
      expect(await axe(page)).toEqual([]);
      // The decision takes the focus.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Allow demo: calculator');
      await approval(page).getByRole('button', { name: 'Allow demo: calculator' }).click();
      await replyCount(page, 1);
      const first = replies(page).first();
      // Markdown renders once its code has loaded: the result in bold.
      expect(await first.locator('.message__body strong').first().textContent()).toBe('391');
      expect(await first.locator('.message__body').textContent()).toContain(
        '17 * 23 = 391 (worked out by demo:calculator).',
      );
      expect(await approval(page).count()).toBe(0);

      // The reply's tool trace: the call, its arguments and its result.
      const trace = first.getByRole('region', { name: 'Tool calls' });
      expect(await trace.getByRole('heading').textContent()).toBe('Tool calls (1)');
      await trace.locator('summary').first().click();
      const codes = await trace.locator('pre').allTextContents();
      expect(codes[0]).toContain('"expression": "17 * 23"');
      expect(codes[1]).toBe('391');
      expect(await trace.locator('summary').first().textContent()).toContain('calculator');
      // The decision was recorded with the result, and the trace shows it.
      expect(await trace.locator('li[data-approval="approved"]').count()).toBe(1);

      // The time: denied, so nothing runs and the reply says it could not tell.
      await ask(page, 'What time is it?');
      // By keyboard: from Allow, Tab to Deny and press Enter; the focus goes back to the input.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Allow demo: current_time');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Deny demo: current_time',
      );
      await page.keyboard.press('Enter');
      await replyCount(page, 2);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
      const second = replies(page).nth(1);
      expect(await second.locator('.message__body').textContent()).toContain(
        'I could not tell the time: The user did not allow this call.',
      );
      const deniedTrace = second.getByRole('region', { name: 'Tool calls' });
      await deniedTrace.locator('summary').first().click();
      expect(await deniedTrace.locator('li[data-status="error"][data-approval="denied"]').count()).toBe(1);
      expect(await deniedTrace.locator('pre').last().textContent()).toBe('The user did not allow this call.');

      // Two replies: the steps that called tools are in the traces, not messages of their own.
      expect(await replies(page).count()).toBe(2);
      expect(await axe(page)).toEqual([]);
      expect(outside).toEqual([]);
      await page.close();
    });
  });
});
