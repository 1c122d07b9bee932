import { describe, expect, it } from 'vitest';
import { axe } from './axe.js';
import { openDemo, serveDemoBuild, serveFakeModel } from './demo-build.js';
import { type Engine, engines, type Locator, Page, useEngine, widthIn } from './engines/index.js';

// The AI SDK page (`ai-sdk.html`) end to end, on the production build, at a desktop width and a phone's: opened from
// the full demo's link, a message answered by the demo's local model through `useChat` and ctxkit's transport,
// streamed, with "Context used" under it; a calculator call the user allows; Stop while a call waits, which keeps
// nothing; Regenerate, which moves the page to a branch;
// a reload that shows the conversation again from IndexedDB; axe; no request outside the page's origin. Then the
// same page with the fake OpenAI-compatible server as the endpoint: the reply is the server's. In Chromium, Firefox
// and WebKit.

const server = serveDemoBuild({ entry: 'ai-sdk.html' });
const model = serveFakeModel();

/** A page that records every request outside the allowed origins, and page errors. */
async function openPage(
  engine: Engine,
  viewport: { width: number; height: number },
  allowed: readonly string[],
): Promise<{ page: Page; outside: string[] }> {
  const page = new Page(await engine.newPage(viewport));
  const outside: string[] = [];
  page.on('request', (url) => {
    if (![...allowed, 'data:', 'blob:'].some((prefix) => url.startsWith(prefix))) outside.push(url);
  });
  page.on('pageerror', (message) => outside.push(`page error: ${message}`));
  return { page, outside };
}

const replies = (page: Page) => page.locator('li.message--assistant');
const stored = (page: Page) => page.locator('li.message--assistant[data-message-id]');
const approval = (page: Page) => page.getByRole('region', { name: 'Tool calls to approve' });
const ready = (page: Page) => page.locator('.aisdk[data-state="ready"]').waitFor();

/**
 * Sends `text` and returns every text the newest reply showed while it streamed, then waits until it is stored.
 * The texts are read by a MutationObserver set up before sending, so no state of the stream is missed.
 */
async function send(page: Page, text: string): Promise<string[]> {
  const before = await stored(page).count();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const transcript = document.querySelector('.transcript');
    new MutationObserver(() => {
      const body = [
        ...document.querySelectorAll('li.message--assistant[aria-busy="true"] .message__body'),
      ].pop();
      const now = body?.textContent ?? '';
      if (now !== '' && seen.at(-1) !== now) seen.push(now);
    }).observe(transcript ?? document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await stored(page).nth(before).waitFor({ timeout: 30_000 });
  return page.evaluate(() => (window as unknown as { seen: string[] }).seen);
}

/** The reply's text once its Markdown is rendered (until the renderer's chunk loads, it shows as plain text). */
async function replyText(reply: Locator): Promise<string> {
  await reply.locator('.message__plain').waitFor({ state: 'detached' });
  return (await reply.locator('.message__body').textContent()) ?? '';
}

/** Opens a reply's "Context used" and returns the names of the items it lists, once its plan is shown. */
async function contextItems(reply: Locator): Promise<string[]> {
  // A click goes where the summary was when the driver measured it. Until the Markdown renderer's chunk loads the
  // reply is plain text of another height, so the summary is clicked once the reply is rendered, and again if the
  // layout still moved under the click (WebKit, after a reload).
  await reply.locator('.message__plain').waitFor({ state: 'detached' });
  const summary = reply.locator('summary', { hasText: 'Context used' });
  await summary.click();
  if ((await reply.locator('details[open]').count()) === 0) await summary.click();
  // A reloaded page reads the plan back from IndexedDB: on a loaded runner WebKit can take longer than the default wait.
  await reply.locator('details[open] .ctxkit-details[data-state="ready"]').waitFor({ timeout: 60_000 });
  return reply.locator('.ctxkit-details__item .ctxkit-details__name').allTextContents();
}

describe.each(engines)('in %s', (engineName) => {
  const engine = useEngine(engineName);
  describe.each([
    { width: 1280, height: 800 },
    { width: 400, height: 800 },
  ])('the AI SDK page at $width px', ({ width: asked, height }) => {
    // (WebKit's narrowest window is 447 px: its phone case runs there.)
    const width = widthIn(engineName, asked);
    it('streams the local model’s reply with its context, runs an allowed tool, stops, regenerates in a branch and keeps it after a reload', async () => {
      const { page, outside } = await openPage(engine(), { width, height }, [server.url]);

      // From the full demo's header to the AI SDK page.
      await openDemo(page, server.url);
      await page.getByRole('link', { name: 'AI SDK version' }).click();
      await page.waitForURL(`${server.url}ai-sdk.html`);
      await ready(page);
      expect(await page.locator('.status').textContent()).toBe('Model: the local model (offline)');
      expect(await axe(page)).toEqual([]);

      // The reply streams in, then is stored with its ctxkit ids.
      const question = 'Which database table holds the invoices?';
      const seen = await send(page, question);
      const reply = stored(page).first();
      const text = await replyText(reply);
      expect(text).toContain(
        'Local model (offline, through the AI SDK). You asked: “Which database table holds',
      );
      expect(text).toContain('With your message (');
      // While it streamed, the reply showed several shorter texts (plain, then as Markdown once its renderer loaded).
      const partial = new Set(seen.filter((shown) => shown.length < text.length - 20));
      expect(partial.size).toBeGreaterThan(3);
      const firstIds = {
        messageId: await reply.getAttribute('data-message-id'),
        sessionId: await reply.getAttribute('data-session-id'),
      };
      expect(firstIds.messageId).toMatch(/\S/);
      // Nothing spills sideways, at either width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // "Context used" under the reply: the plan's items, among them what the model named as chosen for the message.
      const items = await contextItems(reply);
      expect(items.length).toBeGreaterThan(3);
      const chosen = /Chosen for this message, (.+?): /.exec(text)?.[1];
      expect(chosen).toBeDefined();
      expect(items).toContain(chosen);
      // The meter under the input follows the conversation.
      await page.getByRole('textbox', { name: 'Message' }).fill('How do I find a slow query?');
      await expect.poll(() => page.locator('.ctxkit-meter').first().textContent()).toMatch(/\d/);
      await page.getByRole('textbox', { name: 'Message' }).fill('');
      expect(await axe(page)).toEqual([]);

      // A tool: the calculator call waits for the user (the kit's ToolApproval), runs once allowed, and the reply
      // answers from its result.
      await page.getByRole('textbox', { name: 'Message' }).fill('What is 17 * 23?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await approval(page).waitFor();
      expect(await axe(page)).toEqual([]);
      await approval(page).getByRole('button', { name: 'Allow demo: calculator' }).click();
      await stored(page).nth(1).waitFor();
      const calculated = stored(page).nth(1);
      expect(await replyText(calculated)).toContain('17 * 23 = 391 (worked out by demo:calculator).');
      expect(await calculated.getByRole('list', { name: 'Tool calls' }).textContent()).toBe(
        'demo:calculator {"expression":"17 * 23"} → 391',
      );
      expect(await approval(page).count()).toBe(0);

      // Stop while a call waits: the turn is rolled back, nothing of it is kept.
      await page.getByRole('textbox', { name: 'Message' }).fill('What time is it?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await approval(page).waitFor();
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByText('Stopped: nothing of this reply was kept.').waitFor();
      expect(await approval(page).count()).toBe(0);
      expect(await stored(page).count()).toBe(2);
      expect(await replies(page).count()).toBe(3);

      // A reload shows the conversation from IndexedDB: the two kept turns, not the stopped one.
      const questions = [question, 'What is 17 * 23?'];
      await page.reload();
      await ready(page);
      expect(await page.locator('li.message--user').allTextContents()).toEqual(questions);
      expect(await replies(page).count()).toBe(2);
      expect(await stored(page).first().getAttribute('data-message-id')).toBe(firstIds.messageId);
      expect(await replyText(stored(page).first())).toBe(text);
      expect(await contextItems(stored(page).first())).toEqual(items);

      // Regenerate the last reply: the question is asked again in a branch, which the page follows, also after a
      // reload; the first reply is inherited from the session that stored it.
      const calculatedId = await stored(page).nth(1).getAttribute('data-message-id');
      await stored(page).nth(1).getByRole('button', { name: 'Regenerate' }).click();
      await approval(page).waitFor();
      await approval(page).getByRole('button', { name: 'Allow demo: calculator' }).click();
      await expect
        .poll(async () => (await stored(page).nth(1).getAttribute('data-message-id')) ?? calculatedId)
        .not.toBe(calculatedId);
      const branchId = await stored(page).nth(1).getAttribute('data-session-id');
      expect(branchId).not.toBe(firstIds.sessionId);
      expect(await page.evaluate(() => localStorage.getItem('ctxkit-demo.ai-sdk-session'))).toBe(branchId);
      expect((await contextItems(stored(page).nth(1))).length).toBeGreaterThan(3);
      await page.reload();
      await ready(page);
      expect(await page.locator('li.message--user').allTextContents()).toEqual(questions);
      expect(await replies(page).count()).toBe(2);
      expect(await stored(page).first().getAttribute('data-session-id')).toBe(firstIds.sessionId);
      expect(await stored(page).nth(1).getAttribute('data-session-id')).toBe(branchId);
      expect(await contextItems(stored(page).first())).toEqual(items);
      expect(await axe(page)).toEqual([]);

      // Back to the full demo.
      await page.getByRole('link', { name: 'Back to the full demo' }).click();
      await page.locator('.app[data-state="ready"]').waitFor();
      expect(outside).toEqual([]);
      await page.close();
    });

    it('answers from the configured OpenAI-compatible endpoint through @ai-sdk/openai-compatible', async () => {
      const { page, outside } = await openPage(engine(), { width, height }, [server.url, model.baseUrl]);
      await page.goto(`${server.url}ai-sdk.html`);
      await ready(page);
      await page.evaluateWith((baseUrl) => {
        localStorage.setItem(
          'ctxkit-demo.settings',
          JSON.stringify({
            endpoint: { baseUrl, model: 'echo-model', apiKey: 'sk-test-ai-sdk' },
            embeddings: null,
            contextWindow: 8_192,
            autoApproveSafeTools: false,
          }),
        );
      }, model.baseUrl);
      await page.reload();
      await ready(page);
      expect(await page.locator('.status').textContent()).toContain('Model: echo-model at 127.0.0.1');
      const sent = model.requests.length;

      const seen = await send(page, 'Which database table holds the invoices?');
      const reply = stored(page).first();
      expect(await replyText(reply)).toBe('Echo: Which database table holds the invoices?');
      expect(seen.length).toBeGreaterThan(1);
      // The server got ctxkit's plan: the rules in the system prompt, the key, and the question last.
      const request = model.requests.slice(sent).find((recorded) => recorded.body.model === 'echo-model');
      expect(request?.headers.authorization).toBe('Bearer sk-test-ai-sdk');
      expect(JSON.stringify(request?.body.messages)).toContain('<rule name=\\"Tone\\">');
      expect(request?.body.stream).toBe(true);
      expect((await contextItems(reply)).length).toBeGreaterThan(3);
      expect(await axe(page)).toEqual([]);
      expect(outside).toEqual([]);
      await page.close();
    });
  });
});
