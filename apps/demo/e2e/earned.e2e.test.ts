import { describe, expect, it } from 'vitest';
import { axe } from './axe.js';
import { openDemo, serveDemoBuild } from './demo-build.js';
import { engines, Page, useEngine } from './engines/index.js';

// A lease the conversation earns, as the demo shows it: in Light mode, two questions whose replies use the Testing
// rule (the local responder asks for its card in full) leave it leased in the side panel's pin manager, "Kept because the last
// replies used it"; unpinned, it stays away through the next use and a reload. axe finds nothing. In Chromium,
// Firefox and WebKit.

const server = serveDemoBuild();

const replies = (page: Page) => page.locator('li.message--assistant[data-message-id]');

async function send(page: Page, text: string): Promise<void> {
  const before = await replies(page).count();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await replies(page).nth(before).waitFor();
  await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
}

describe.each(engines)('in %s', (engineName) => {
  const engine = useEngine(engineName);
  it('the replies using a rule earn it a lease, shown as earned; removed, it is not earned back', async () => {
    const page = new Page(await engine().newPage({ width: 1280, height: 800 }));
    await openDemo(page, server.url);
    // Light mode, where the replies ask for the rule's card in full (Auto would send it in full for a message naming it).
    await send(page, 'Hello, I am working on the upload feature.');
    for (const next of [/^Context: Off/, /^Context: Light/]) {
      await page.keyboard.press('Alt+Shift+M');
      await page.getByRole('button', { name: next }).first().waitFor();
    }
    await send(page, 'How should I write tests for the upload? Check the Testing rule.');
    const earned = page
      .locator('.ctxkit-pins [data-kind="leased"][data-earned="true"]')
      .filter({ hasText: 'Testing' });
    expect(await earned.count()).toBe(0);
    await send(page, 'Which tests catch a flaky upload? Check the Testing rule.');
    await earned.first().waitFor();
    expect(await earned.first().textContent()).toContain('Kept because the last replies used it');
    expect(await axe(page)).toEqual([]);

    await earned
      .first()
      .getByRole('button', { name: /^Unpin Testing/ })
      .click();
    await earned.first().waitFor({ state: 'detached' });
    await send(page, 'And the Testing rule for upload retries?');
    expect(await earned.count()).toBe(0);
    await page.reload();
    await page.locator('.app[data-state="ready"]').waitFor();
    await replies(page).nth(3).waitFor();
    expect(await earned.count()).toBe(0);
  });
});
