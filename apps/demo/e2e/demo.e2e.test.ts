import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemo, serveDemoBuild } from './demo-build.js';
import { type Engine, engines, type Locator, launch, Page } from './engines/index.js';

// The demo as a newcomer uses it, in Chromium, Firefox and WebKit, on the production build served by a plain static
// server under a sub-path: three messages whose agent items change, context details, a pin that reaches the next
// plan, the mode hotkey, a reload that keeps everything, a fork with both branches listed, and axe on the screen.

const server = serveDemoBuild();
let page: Page;

/** Opens the engine and one page in it for the tests below, collecting what the page reports. */
function openEngine(name: (typeof engines)[number]): void {
  let engine: Engine | undefined;
  beforeAll(async () => {
    engine = await launch(name);
    page = new Page(await engine.newPage({ width: 1280, height: 800 }));
    const problems: string[] = [];
    page.on('pageerror', (message) => problems.push(message));
    page.on('requestfailed', (url) => problems.push(`request failed: ${url}`));
    page.on('request', (url) => {
      // Offline by default: the app asks nothing of any other origin.
      if (!url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:'))
        problems.push(`request outside the app: ${url}`);
    });
    (globalThis as { demoProblems?: string[] }).demoProblems = problems;
  });
  afterAll(async () => {
    await page?.close();
    await engine?.close();
  });
}

const problems = () => (globalThis as { demoProblems?: string[] }).demoProblems ?? [];
const replies = () => page.locator('li.message--assistant[data-message-id]');
const composer = () => page.getByRole('textbox', { name: 'Message' });

async function send(text: string): Promise<void> {
  const before = await replies().count();
  await composer().fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await replies().nth(before).waitFor();
  await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
}

/** Opens a reply's context details and waits until its plan is shown. */
async function openDetails(reply: Locator): Promise<Locator> {
  const toggle = reply.getByRole('button', { name: /^(Context used|Hide context)/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const details = reply.locator('.ctxkit-details[data-state="ready"]');
  await details.waitFor();
  return details;
}

/** "name Agent 0.47" for each agent item of a reply's context details. */
async function agentItems(reply: Locator): Promise<string[]> {
  const details = await openDetails(reply);
  return details
    .locator('.ctxkit-details__item[data-include-mode="agent"]')
    .evaluateAll((items) =>
      items.map(
        (item) =>
          `${item.querySelector('.ctxkit-details__name')?.textContent} ${item.querySelector('.ctxkit-pill[data-include-mode="agent"]')?.textContent}`,
      ),
    );
}

async function modeLabel(): Promise<string> {
  return (
    (await page
      .getByRole('button', { name: /^Context:/ })
      .first()
      .textContent()) ?? ''
  );
}

describe.each(engines)('the demo app in %s', (engineName) => {
  openEngine(engineName);

  it('plans, explains, pins, cycles modes, survives a reload, forks, renames and deletes', async () => {
    await openDemo(page, server.url);
    // The first visit opens one new session.
    await page.locator('li.session').first().waitFor();
    expect(await page.locator('li.session').count()).toBe(1);
    expect(await page.locator('.status[data-responder="local"]').textContent()).toContain('local responder');

    // Three messages on different subjects: retrieval picks different agent items, each with its score.
    await send('How should I write tests for the file upload?');
    const first = await agentItems(replies().nth(0));
    expect(first.length).toBeGreaterThan(0);
    for (const item of first) expect(item).toMatch(/Agent \d\.\d\d$/);
    expect(first.join()).toContain('Testing');
    // The local responder names what it received, streamed into the transcript.
    const firstText = await replies().nth(0).locator('.message__body').textContent();
    expect(firstText).toContain('Local responder');
    expect(firstText).toContain('Security (always)');
    expect(firstText).toMatch(/Testing \(agent \d\.\d\d\)/);

    await send('Which database table holds the invoices, and what are its columns?');
    const second = await agentItems(replies().nth(1));
    expect(second.join()).toContain('Database schema');
    expect(second).not.toEqual(first);

    // Pin the best suggestion (an agent item of the last reply) in the side panel.
    const suggestions = page.getByRole('region', { name: 'Suggested pins' });
    await suggestions.waitFor();
    const accept = suggestions.getByRole('button', { name: /^Accept/ }).first();
    const pinned = ((await accept.textContent()) ?? '').replace(/^Accept\s*/, '').trim();
    expect(pinned).not.toBe('');
    await accept.click();
    await page.locator('.ctxkit-pins [data-kind="sticky"]').filter({ hasText: pinned }).first().waitFor();

    // The demo starts in Auto; the mode hotkey cycles Auto → Off → Light → Heavy, stored with the session.
    expect(await modeLabel()).toContain('Auto');
    for (const next of [/^Context: Off/, /^Context: Light/, /^Context: Heavy/]) {
      await page.keyboard.press('Alt+Shift+M');
      await page.getByRole('button', { name: next }).first().waitFor();
    }

    await send('The invoice query is slow, how do I find out why?');
    const third = await agentItems(replies().nth(2));
    expect(third).not.toEqual(second);
    expect(third.join()).toMatch(/explain_query|Performance/);
    // The pinned item is in this plan, as a pin.
    const thirdDetails = await openDetails(replies().nth(2));
    const pinnedRow = thirdDetails
      .locator('.ctxkit-details__item[data-pin="sticky"]')
      .filter({ hasText: pinned });
    expect(await pinnedRow.count()).toBe(1);
    expect(await replies().nth(2).locator('.message__body').textContent()).toContain('Heavy');

    // Context details: the summary and the sections with counts and tokens.
    const firstDetails = await openDetails(replies().nth(0));
    expect(await firstDetails.locator('.ctxkit-details__summary').textContent()).toMatch(/rules .* tokens/);
    expect(await firstDetails.locator('[data-section="rules"]').count()).toBe(1);
    // An item's name opens what it says, with a pin button.
    await firstDetails.getByRole('button', { name: 'Tone', exact: true }).click();
    const itemDialog = page.getByRole('dialog', { name: 'Tone' });
    await itemDialog.waitFor();
    expect(await itemDialog.textContent()).toContain('Answer in a few sentences.');
    expect(await itemDialog.getByRole('button', { name: 'Pin to this session' }).count()).toBe(1);
    await itemDialog.getByRole('button', { name: 'Close' }).click();
    await itemDialog.waitFor({ state: 'hidden' });

    const title = (await page.locator('.chat__title').textContent()) ?? '';
    expect(title).toBe('How should I write tests for the file upload?');

    // A reload finds everything as it was: the session, its messages, the pin, the mode.
    await page.reload();
    await replies().nth(2).waitFor();
    expect(await replies().count()).toBe(3);
    expect(await page.locator('.chat__title').textContent()).toBe(title);
    expect(await modeLabel()).toContain('Heavy');
    await page.locator('.ctxkit-pins [data-kind="sticky"]').filter({ hasText: pinned }).first().waitFor();
    expect(await agentItems(replies().nth(0))).toEqual(first);
    expect(await agentItems(replies().nth(2))).toEqual(third);

    // Fork from the second reply: the branch has the first two turns and is listed under its parent.
    await replies().nth(1).getByRole('button', { name: 'Fork from here' }).click();
    await page.getByText('Branch of').waitFor();
    await page.locator('li.message--assistant[data-message-id]').nth(1).waitFor();
    expect(await replies().count()).toBe(2);
    // Inherited replies keep their context details; the branch's own reply was planned on the inherited history.
    expect(await agentItems(replies().nth(0))).toEqual(first);
    await send('And how do I add a column to it?');
    expect(await replies().count()).toBe(3);
    expect(await replies().nth(2).locator('.message__body').textContent()).toContain(
      'History: 2 earlier turns',
    );
    const list = page.getByRole('navigation', { name: 'Sessions' });
    const rows = list.locator('li.session');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-depth')).toBe('0');
    expect(await rows.nth(1).getAttribute('data-depth')).toBe('1');
    expect(await rows.nth(1).textContent()).toContain('branch');
    // Both branches: the parent keeps its own third turn, the branch has its own.
    await page
      .getByRole('button', { name: new RegExp(`^${title}`) })
      .first()
      .click();
    await page.getByText('Branches:').waitFor();
    await replies().nth(2).waitFor();
    expect(await replies().nth(2).locator('.message__body').textContent()).toContain('invoice query is slow');

    // Rename the branch, then delete it: the conversation stays, with no branch left.
    await list.getByRole('button', { name: /^Rename .*branch 1$/ }).click();
    await list.getByRole('textbox', { name: 'Session title' }).fill('Adding a column');
    await list.getByRole('button', { name: 'Save' }).click();
    await list.getByRole('button', { name: /^Adding a column branch/ }).waitFor();
    await list.getByRole('button', { name: 'Delete Adding a column' }).click();
    await list.getByRole('button', { name: 'Delete', exact: true }).click();
    await list.getByRole('button', { name: /^Adding a column branch/ }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    await page.getByText('Branches:').waitFor({ state: 'detached' });

    expect(problems()).toEqual([]);
  });

  it('follows the user to a new subject: a code-style question after a database question gets code-style items', async () => {
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('li.message--assistant').length === 0);
    const before = await replies().count();
    await send('Which database table holds the invoices, and what are its columns?');
    const database = await agentItems(replies().nth(before));
    expect(database.join()).toContain('Database schema');

    await send('How should I name functions and format my code?');
    const codeStyleItems = await agentItems(replies().nth(before + 1));
    expect(codeStyleItems.join()).toMatch(/Code review|Internationalization/);
    // Light mode's cards reach further down the ranking, so an old item may still trail the list; the three that
    // lead it are the new subject's.
    const scoreOf = (item: string) => Number(/(\d\.\d\d)$/.exec(item)?.[1] ?? 0);
    const leading = [...codeStyleItems]
      .sort((a, b) => scoreOf(b) - scoreOf(a))
      .slice(0, 3)
      .join();
    for (const old of ['Database migrations', 'Database schema', 'run_query'])
      expect(leading).not.toContain(old);
    expect(problems()).toEqual([]);
  });

  it('sends on Enter and keeps focus in the input; recalls another conversation, forgets it, turns recall off', async () => {
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('li.message--assistant').length === 0);
    await send('Note for later: the staging deploy key rotates every Tuesday at noon.');
    // Clicking Send keeps the user in the input.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('li.message--assistant').length === 0);
    // Enter sends and leaves the input empty, with no newline behind.
    await composer().fill('When does the staging deploy key rotate?');
    await composer().press('Enter');
    await replies().first().waitFor();
    await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
    expect(await composer().inputValue()).toBe('');
    const details = await openDetails(replies().last());
    const recalled = details.getByRole('button', { name: /^Recalled \(\d+\)/ });
    await recalled.waitFor();
    if ((await recalled.getAttribute('aria-expanded')) !== 'true') await recalled.click();
    const passage = details.locator('.ctxkit-details__name', { hasText: 'rotates every Tuesda' });
    await passage.first().waitFor();
    await details
      .getByRole('button', { name: /^Forget: .*rotates every Tuesda/ })
      .first()
      .click();
    await details.getByRole('status').filter({ hasText: 'Forgotten' }).first().waitFor();

    const toggle = page.getByRole('switch', { name: 'Recall earlier conversations' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await page.getByText(/^Nothing is recalled from or into this conversation/).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(problems()).toEqual([]);
  });

  it('has no axe violations on the main screen, light and dark, nor with the settings dialog open', async () => {
    const require = createRequire(import.meta.url);
    await page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
    const axe = () =>
      page.evaluate(async () => {
        type Result = { violations: { id: string; nodes: { target: unknown }[] }[] };
        const run = (window as unknown as { axe: { run: (context: Document) => Promise<Result> } }).axe.run;
        const result = await run(document);
        return result.violations.map(
          (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
        );
      });
    expect(await axe()).toEqual([]);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    expect(await axe()).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' });
    // Only Chromium's driver can emulate prefers-color-scheme in a running page (Puppeteer does it over CDP, which
    // Firefox does not speak; WebDriver classic has no media emulation), so the dark theme is checked there.
    if (page.engine !== 'chromium') return;
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axe()).toEqual([]);
  });
});
