import { describe, expect, it } from 'vitest';
import { axe } from './axe.js';
import { openDemo, serveDemoBuild } from './demo-build.js';
import { engines, Page, useEngine, widthIn } from './engines/index.js';

// What the kit lets a user do beyond chatting, at a desktop width and a phone's (where the panels are drawers): a
// pin for the next turns that lapses, a tool call the user approves and then sees with its result, a long chat
// condensed on the device whose statement becomes a memory that is then deleted, and a private conversation that
// leaves no trace after a reload; axe finds nothing on any of these screens. In Chromium, Firefox and WebKit.

const server = serveDemoBuild();

const replies = (page: Page) => page.locator('li.message--assistant[data-message-id]');

async function send(page: Page, text: string): Promise<void> {
  const before = await replies(page).count();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await replies(page).nth(before).waitFor();
  await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
}

/** Runs `act` with the side panel reachable: as it is on a wide screen, in its drawer on a narrow one. */
async function inSidePanel(page: Page, narrow: boolean, act: () => Promise<void>): Promise<void> {
  if (narrow) await page.getByRole('button', { name: 'Context', exact: true }).click();
  await page.locator('#side-panel').waitFor();
  await act();
  if (narrow) {
    await page.locator('#side-panel').focus();
    await page.keyboard.press('Escape');
    await page.locator('#side-panel').waitFor({ state: 'hidden' });
  }
}

describe.each(engines)('in %s', (engineName) => {
  const engine = useEngine(engineName);
  describe.each([
    { width: 1280, narrow: false },
    { width: 400, narrow: true },
  ])('at $width px', ({ width, narrow }) => {
    it('a pin lapses, a tool call is approved and shown, a memory is made and deleted, a private conversation leaves no trace', async () => {
      // (WebKit's narrowest window is 447 px: its phone case runs there, still a drawer layout.)
      const page = new Page(await engine().newPage({ width: widthIn(engineName, width), height: 800 }));
      const outside: string[] = [];
      page.on('request', (url) => {
        if (![server.url, 'data:', 'blob:'].some((allowed) => url.startsWith(allowed))) outside.push(url);
      });
      await openDemo(page, server.url);

      // A small window, so a few turns fill it and the chat is condensed.
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByLabel('Context window (tokens)').fill('2048');
      // How long conversations are kept is a setting too, applied at each start; none is older than a year yet.
      await dialog.getByRole('combobox', { name: 'Delete conversations older than' }).selectOption('365');
      await expect.poll(() => dialog.getByText('No conversation is older than that.').count()).toBe(1);
      expect(await axe(page)).toEqual([]);
      // Until the engine of the saved settings runs, the app says it is applying them, and only then ready again: a
      // turn sent before that went through the old engine (its 8,192-token window), and the screen was rebuilt under
      // the pin menu below. Every state the app shows from the click on is recorded, none missed between two polls.
      await page.evaluate(() => {
        const states: string[] = [];
        (window as unknown as { appStates: string[] }).appStates = states;
        const record = () => {
          const state = document.querySelector('.app')?.getAttribute('data-state') ?? 'none';
          if (states.at(-1) !== state) states.push(state);
        };
        new MutationObserver(record).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-state'],
        });
      });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.waitForFunction(
        () => (window as unknown as { appStates: string[] }).appStates.at(-1) === 'ready',
      );
      expect(await page.evaluate(() => (window as unknown as { appStates: string[] }).appStates)).toEqual([
        'applying',
        'ready',
      ]);
      expect(
        await page.evaluate(
          () => JSON.parse(localStorage.getItem('ctxkit-demo.settings') ?? '{}').retentionDays,
        ),
      ).toBe(365);

      // A pin for the next 3 turns is in the side panel, and lapses after them.
      await send(page, 'The release train leaves every second Thursday from the main branch.');
      await page
        .locator('li.message--user')
        .first()
        .getByRole('button', { name: 'Pin this question' })
        .click();
      await page.getByRole('button', { name: 'For the next 3 turns' }).click();
      const leased = page.locator('.ctxkit-pins [data-kind="leased"]');
      await leased.first().waitFor({ state: 'attached' });
      for (const text of [
        'The billing service keeps invoices for seven years in cold storage.',
        'Our staging database is restored from production every Sunday night.',
        'The design system uses an eight pixel grid for every component.',
      ])
        await send(page, text);
      await expect.poll(() => leased.count()).toBe(0);
      expect(await axe(page)).toEqual([]);

      // A tool call waits for the user; approved, it runs, and the reply shows the call with its result.
      await page.getByRole('textbox', { name: 'Message' }).fill('What is 6 * 7?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const approval = page.getByRole('region', { name: 'Tool calls to approve' });
      await approval.waitFor();
      expect(await approval.locator('pre').textContent()).toContain('"expression": "6 * 7"');
      expect(await axe(page)).toEqual([]);
      await approval.getByRole('button', { name: 'Allow demo: calculator' }).click();
      await approval.waitFor({ state: 'detached' });
      await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
      const answered = replies(page).last();
      await expect.poll(() => answered.locator('.message__body').textContent()).toContain('6 * 7 = 42');
      const trace = answered.locator('.ctxkit-tools');
      expect(await trace.locator('li[data-approval="approved"]').count()).toBe(1);
      await trace.locator('summary').first().click();
      expect(await trace.locator('pre').last().textContent()).toBe('42');

      // The chat outgrew the window: condensed on the device, and what the user stated is remembered.
      for (const text of [
        'Feature flags are cleaned up within two sprints of a full rollout.',
        'Every pull request needs one review from another team.',
        'Support tickets about payments go to the billing rotation first.',
      ])
        await send(page, text);
      // (In a closed drawer the list is in the page but hidden: found by its class, not its role.)
      const memories = page.locator('.ctxkit-memories');
      await expect.poll(() => memories.locator('li').count()).toBeGreaterThan(0);
      const first = (await memories.locator('li .ctxkit-memories__text').first().textContent()) ?? '';
      expect(first.length).toBeGreaterThan(10);
      await inSidePanel(page, narrow, async () => {
        await memories
          .getByRole('button', { name: `Delete ${first}` })
          .first()
          .click();
        await expect
          .poll(() => memories.locator('.ctxkit-memories__text', { hasText: first }).count())
          .toBe(0);
        expect(await axe(page)).toEqual([]);
      });

      // A private conversation: after a reload, nothing of it is left.
      if (narrow) await page.getByRole('button', { name: 'Sessions', exact: true }).click();
      await page.getByRole('button', { name: 'New session' }).click();
      if (narrow)
        await page
          .locator('#sessions-panel')
          .waitFor({ state: 'hidden' })
          .catch(() => undefined);
      await page.locator('.chat__title', { hasText: 'New session' }).waitFor();
      await inSidePanel(page, narrow, async () => {
        // The switch shows the stored state: it turns on once the session has moved.
        await page.getByRole('switch', { name: 'Private conversation' }).click();
        await page.getByText(/^Kept in this tab only/).waitFor();
      });
      await send(page, 'My locker code is QX-4711, keep it between us.');
      await page.reload();
      await page.locator('.app[data-state="ready"]').waitFor();
      await replies(page).first().waitFor();
      // Letters no id or hash can hold, so only the message itself could put them on the page.
      expect(await page.content()).not.toContain('QX-4711');
      const titles = await page.locator('.session__title').allTextContents();
      expect(titles.some((title) => title.includes('locker'))).toBe(false);
      expect(await axe(page)).toEqual([]);

      expect(outside).toEqual([]);
      await page.close();
    });
  });
});
