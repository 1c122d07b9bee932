import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './axe.js';
import { serveDemoBuild, serveFakeModel } from './demo-build.js';
import { type Engine, engines, launch, Page, widthIn } from './engines/index.js';

// A new user's chat, at a desktop width and a phone's: typing before the app is ready, a Markdown reply with code
// from a model endpoint (rendered, never as HTML), edit-and-resend and regenerate as branches, a turn deleted for
// good, a message too long to send refused with the right advice, and axe (with visible labels matching accessible
// names) on each screen. In Chromium, Firefox and WebKit.

// While set, the server answers requests for the tokenizer's files only once it settles.
let tokenizerHeld: Promise<void> | undefined;
const server = serveDemoBuild({
  hold: (pathname) => (/(o200k|cl100k)_base-[^/]*\.js$/.test(pathname) ? tokenizerHeld : undefined),
});
const model = serveFakeModel();

const replies = (page: Page) => page.locator('li.message--assistant[data-message-id]');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const send = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });

/** Waits for the reply the last send started, streamed and stored. */
async function replyCount(page: Page, count: number): Promise<void> {
  await replies(page)
    .nth(count - 1)
    .waitFor();
  await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
}

const MARKDOWN = [
  'Use **atomic** writes:',
  '',
  '```js',
  'const file = await open(path);',
  '```',
  '',
  '<img src="https://tracker.example/pixel.png" onerror="alert(1)"> [docs](javascript:alert(1))',
].join('\n');

describe.each(engines)('in %s', (engineName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await launch(engineName);
  });
  afterAll(async () => {
    await engine?.close();
  });

  describe.each([
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 400, height: 800 },
  ])('a new user at $width px', ({ width, height }) => {
    it('chats in Markdown, edits and regenerates in branches, and is told when a message is too long', async () => {
      // (WebKit's narrowest window is 447 px: its phone case runs there, still a drawer layout.)
      const page = new Page(await engine.newPage({ width: widthIn(engineName, width), height }));
      const outside: string[] = [];
      page.on('request', (url) => {
        if (![server.url, model.baseUrl, 'data:', 'blob:'].some((allowed) => url.startsWith(allowed)))
          outside.push(url);
      });
      page.on('pageerror', (message) => outside.push(`page error: ${message}`));

      // The input takes typing before the engine is ready (its tokenizer held back here), and Enter queues the message.
      let release = () => {};
      tokenizerHeld = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.goto(server.url);
      await composer(page).fill('Which table holds the invoices?');
      expect(await page.locator('.app').getAttribute('data-state')).toBe('booting');
      await composer(page).press('Enter');
      await page.getByText('Sends when ready…').waitFor();
      release();
      await replyCount(page, 1);
      expect(await page.locator('li.message--user .message__body').first().textContent()).toBe(
        'Which table holds the invoices?',
      );
      tokenizerHeld = undefined;

      // A model endpoint that echoes Markdown: rendered as elements, its HTML as text, its script link dropped.
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByLabel('An OpenAI-compatible endpoint', { exact: false }).check();
      await dialog.getByLabel('Base URL').fill(model.baseUrl);
      await dialog.getByLabel('Model', { exact: true }).fill('llama3.2');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.locator('.app[data-state="ready"]').waitFor();
      await composer(page).fill(MARKDOWN);
      await send(page).click();
      await replyCount(page, 2);
      const reply = replies(page).nth(1).locator('.message__body');
      await reply.locator('pre code.hljs').waitFor();
      expect(await reply.locator('strong').textContent()).toBe('atomic');
      expect(await reply.locator('pre code .hljs-keyword').first().textContent()).toBe('const');
      expect(await reply.locator('img, script, [onerror]').count()).toBe(0);
      expect(await reply.locator('a').count()).toBe(0);
      expect(await reply.textContent()).toContain(
        '<img src="https://tracker.example/pixel.png" onerror="alert(1)">',
      );
      expect(await axe(page)).toEqual([]);

      // Edit and resend: a branch from before the question, with the question in the input; the original stays.
      const title = (await page.locator('.chat__title').textContent()) ?? '';
      await page.locator('li.message--user').first().getByRole('button', { name: 'Edit' }).click();
      await page.getByText(`Branch of ${title}`, { exact: false }).waitFor();
      expect(await composer(page).inputValue()).toBe('Which table holds the invoices?');
      expect(await replies(page).count()).toBe(0);
      await composer(page).fill('Which table holds the projects?');
      await send(page).click();
      await replyCount(page, 1);
      expect(await replies(page).first().locator('.message__body').textContent()).toBe(
        'Echo: Which table holds the projects?',
      );
      await page.getByRole('button', { name: title, exact: true }).click();
      await page.locator('.chat__title', { hasText: title }).waitFor();
      await replyCount(page, 2);
      expect(await page.locator('li.message--user .message__body').first().textContent()).toBe(
        'Which table holds the invoices?',
      );

      // Regenerate: the same question asked again in a new branch, answered there; the parent keeps its reply.
      const requestsBefore = model.requests.length;
      await replies(page).nth(1).getByRole('button', { name: 'Regenerate' }).click();
      await page.locator('.chat__branches', { hasText: 'Branch of' }).waitFor();
      await replyCount(page, 2);
      expect(model.requests.length).toBe(requestsBefore + 1);
      expect(await page.locator('li.message--user').count()).toBe(2);
      expect(await replies(page).nth(1).locator('pre code').count()).toBe(1);
      expect(await composer(page).inputValue()).toBe('');

      // Delete, after a confirmation: the branch's own turn goes, for good; an inherited turn is its parent's.
      expect(
        await page.locator('li.message--user').first().getByRole('button', { name: 'Delete' }).count(),
      ).toBe(0);
      await replies(page).nth(1).getByRole('button', { name: 'Delete' }).click();
      const confirm = replies(page)
        .nth(1)
        .getByRole('group', { name: 'Delete this question and its reply?' });
      expect(await axe(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => page.locator('li.message--user').count()).toBe(1);
      await page.reload();
      await page.locator('.app[data-state="ready"]').waitFor();
      await replyCount(page, 1);
      expect(await page.locator('li.message--user').count()).toBe(1);

      // A message longer than the budget: the meter names it as the cause and Send waits.
      await composer(page).fill('A pasted log line that goes on. '.repeat(1_400));
      const alert = page.locator('.ctxkit-meter__over[data-too-long="message"]');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/^This message is [\d,.k]+ tokens, [\d,.k]+ more than fit/);
      expect(await send(page).isDisabled()).toBe(true);
      await composer(page).press('Enter');
      expect(await page.locator('[data-pending]').count()).toBe(0);
      expect(await axe(page)).toEqual([]);

      expect(outside).toEqual([]);
      await page.close();
    });
  });
});
