import { describe, expect, it } from 'vitest';
import { openDemo, serveDemoBuild, serveFakeModel } from './demo-build.js';
import { engines, Page, useEngine } from './engines/index.js';
import { closedPortUrl } from './fake-openai-server.js';

// The optional model endpoint, driven through the settings dialog against an OpenAI-compatible server that streams
// as Ollama does: an unreachable endpoint first (the typed error view; nothing stored), then a streamed reply whose
// usage reaches the usage report, an export without the key (imported into another profile); then the database's
// own error states: upgraded by another tab, and held at an old version by another tab. In Chromium, Firefox and
// WebKit.

const KEY = 'sk-demo-0000000000000000000000000000000000000000';
const server = serveDemoBuild({
  // Another tab of an older version of the app: a page of the same origin that is not the app.
  pages: { '/demo/old-tab': '<!doctype html><title>An older version</title>' },
});
const model = serveFakeModel();

async function configure(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('An OpenAI-compatible endpoint', { exact: false }).check();
  await dialog.getByLabel('Base URL').fill(baseUrl);
  await dialog.getByLabel('Model', { exact: true }).fill('llama3.2');
  await dialog.getByLabel('API key').fill(KEY);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Model: llama3.2 at').waitFor();
}

const replies = (page: Page) => page.locator('li.message--assistant[data-message-id]');

describe.each(engines)('in %s', (engineName) => {
  const engine = useEngine(engineName);
  describe('the demo with a model endpoint', () => {
    it('shows an unreachable endpoint, then streams from one, reports usage and keeps the key out of exports', async () => {
      const page = new Page(await engine().newPage({ width: 1280, height: 800 }));
      await openDemo(page, server.url);

      await configure(page, await closedPortUrl());
      await page.getByRole('textbox', { name: 'Message' }).fill('Which database table holds the invoices?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const notice = page.locator('[role="alert"][data-error-kind="endpoint-unreachable"]');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('The model endpoint is unreachable');
      // Nothing of the failed turn was stored, and the message is back in the input.
      expect(await replies(page).count()).toBe(0);
      expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(
        'Which database table holds the invoices?',
      );
      await notice.getByRole('button', { name: 'Dismiss the error' }).click();

      await configure(page, model.baseUrl);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await replies(page).first().waitFor();
      expect(await replies(page).first().locator('.message__body').textContent()).toBe(
        'Echo: Which database table holds the invoices?',
      );
      const sent = model.requests.at(-1);
      expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(sent?.body).toMatchObject({
        model: 'llama3.2',
        stream: true,
        stream_options: { include_usage: true },
      });
      expect(JSON.stringify(sent?.body.messages)).toContain('Database schema');

      // The server's prompt_tokens reached the usage report next to the input.
      const last = page.locator('.ctxkit-meter__last[data-reported="true"]');
      await last.waitFor();
      expect(await last.textContent()).toMatch(/Last reply: [\d,.k]+ tokens used, estimated [\d,.k]+/);
      // The next draft is also counted in the model's own tokens, calibrated on that one reply.
      await page.getByRole('textbox', { name: 'Message' }).fill('And which table holds the projects?');
      const calibrated = page.locator('.ctxkit-meter__calibrated');
      await calibrated.waitFor();
      expect(await calibrated.textContent()).toMatch(
        /^Model count: ≈ [\d,.k]+ tokens \(± [\d,.k]+\), calibrated on 1 reply/,
      );

      // An export holds the conversation but not the key, which lives in localStorage only.
      const download = await page.download(() => page.getByRole('button', { name: 'Export' }).click());
      expect(download.name).toMatch(/^ctxkit-demo.*\.json$/);
      const exported = download.text;
      const file = { name: 'ctxkit-demo.json', mimeType: 'application/json', text: exported };
      expect(exported).toContain('Echo: Which database table holds the invoices?');
      expect(exported).not.toContain(KEY);
      expect(await page.evaluate(() => localStorage.getItem('ctxkit-demo.settings'))).toContain(KEY);
      await page.close();

      // The export imports into another browser profile, with its context details.
      const other = new Page(await engine().newPage({ width: 1280, height: 800 }));
      await openDemo(other, server.url);
      await other.getByLabel('Import sessions from a file').setInputFiles(file);
      const sessions = other.getByRole('navigation', { name: 'Sessions' });
      await sessions.getByRole('button', { name: /^Which database table holds the invoices/ }).click();
      await replies(other).first().waitFor();
      await replies(other)
        .first()
        .getByRole('button', { name: /^Context used/ })
        .click();
      await replies(other).first().locator('.ctxkit-details[data-state="ready"]').waitFor();
      // Importing the same sessions again is refused, and says so.
      await other.getByLabel('Import sessions from a file').setInputFiles(file);
      await other.locator('[role="alert"][data-error-kind="invalid-import"]').waitFor();
      await other.close();
    });

    it('says so when another tab upgrades the database, and after a reload', async () => {
      const page = new Page(await engine().newPage({ width: 1280, height: 800 }));
      await openDemo(page, server.url);
      // What a newer version of the app in another tab does: open the database at a higher version.
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.open('ctxkit-demo', 99);
            request.onsuccess = () => {
              request.result.close();
              resolve();
            };
            request.onerror = () => reject(request.error);
          }),
      );
      await page.locator('[role="alert"][data-error-kind="store-version"]').waitFor();
      await page.reload();
      const fatal = page.locator('[role="alert"][data-error-kind="store-version"]');
      await fatal.waitFor();
      expect(await fatal.getByRole('button', { name: 'Reload' }).count()).toBe(1);
      await page.close();
    });

    it('says so when another tab keeps an old version of the database open', async () => {
      const holder = new Page(await engine().newPage({ width: 1280, height: 800 }));
      // Another tab of an older version: the database at version 1, held open, never letting go.
      await holder.goto(`${server.url}old-tab`);
      await holder.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.open('ctxkit-demo', 1);
            request.onsuccess = () => {
              (window as unknown as { held: IDBDatabase }).held = request.result;
              resolve();
            };
            request.onerror = () => reject(request.error);
          }),
      );
      const page = await holder.openTab();
      await page.goto(server.url);
      const blocked = page.locator('[role="alert"][data-error-kind="store-blocked"]');
      await blocked.waitFor();
      expect(await blocked.textContent()).toContain('Close the demo’s other tabs');
      await page.close();
      await holder.close();
    });
  });
});
