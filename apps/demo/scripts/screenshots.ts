// Writes the README's pictures of the demo from the production build (`pnpm --filter @ctxkit/demo build` first),
// driving the system's Chromium: the main screen after three messages and a pin, and one reply's context details.
//   pnpm --filter @ctxkit/demo screenshots
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright';
import { CHROMIUM_ARGS, checkChromium, chromiumPath } from '../../../scripts/chromium.js';
import { serveStatic } from '../e2e/static-server.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const replies = (page: Page) => page.locator('li.message--assistant[data-message-id]');

async function send(page: Page, text: string) {
  const before = await replies(page).count();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await replies(page).nth(before).waitFor();
  await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
}

checkChromium();
const server = await serveStatic(dist);
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await page.goto(server.url);
  await send(page, 'How should I write tests for the file upload?');
  await send(page, 'Which database table holds the invoices, and what are its columns?');
  await page
    .getByRole('region', { name: 'Suggested pins' })
    .getByRole('button', { name: /^Accept/ })
    .first()
    .click();
  await send(page, 'The invoice query is slow, how do I find out why?');
  // A branch from the second reply, so the sessions list shows one; then back to the conversation.
  await replies(page).nth(1).getByRole('button', { name: 'Fork from here' }).click();
  await page.getByText('Branch of').waitFor();
  await page
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('button', { name: /^How should/ })
    .first()
    .click();
  await page.getByText('Branches:').waitFor();
  await page.getByRole('textbox', { name: 'Message' }).fill('Where do we log slow queries?');
  await page.waitForTimeout(400); // the meter's estimate is debounced
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${docs}demo-main.png` });

  // A tall window, so the whole reply with its details fits in the transcript without scrolling.
  await page.setViewportSize({ width: 1280, height: 1500 });
  const last = replies(page).nth(2);
  await last.getByRole('button', { name: /^Context used/ }).click();
  await last.locator('.ctxkit-details[data-state="ready"]').waitFor();
  await last.getByRole('button', { name: /^Show excluded/ }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('');
  await last.scrollIntoViewIfNeeded();
  await last.locator('.message__details').screenshot({ path: `${docs}demo-context-details.png` });
  for (const name of ['demo-main.png', 'demo-context-details.png'])
    console.log(`${name}: ${(statSync(`${docs}${name}`).size / 1024).toFixed(0)} kB`);
} finally {
  await browser.close();
  await server.close();
}
