import { deflateSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axe } from './axe.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-setup.js';
import { serveDemoBuild } from './demo-build.js';

// An image attached in the AI SDK page's composer goes through useChat and ctxkit's transport into the turn, and
// "Context used" under the reply lists it with its size and token cost.

const server = serveDemoBuild({ entry: 'ai-sdk.html' });
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
});

afterAll(async () => {
  await browser?.close();
});

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = (CRC[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((c ^ 0xffffffff) >>> 0, body.length + 4);
  return out;
}

/** A grey PNG of this size. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height, 128);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

it('an attached image is planned with the message and listed under the reply with its tokens', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}ai-sdk.html`);
  await page.locator('.aisdk[data-state="ready"]').waitFor();

  await page.getByLabel('Attach images').setInputFiles({
    name: 'chart.png',
    mimeType: 'image/png',
    buffer: png(1024, 1024),
  });
  await page.getByRole('textbox', { name: 'Message' }).fill('What does this chart show?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = page.locator('li.message--assistant[data-message-id]').first();
  await reply.waitFor({ timeout: 30_000 });

  await reply.locator('summary', { hasText: 'Context used' }).click();
  await reply.locator('.ctxkit-details[data-state="ready"]').waitFor();
  const row = reply.locator('.ctxkit-details__item[data-attachment="image"]');
  await expect.poll(() => row.textContent()).toContain('chart.png');
  expect(await row.textContent()).toContain('image/png · 1,024×1,024 px');
  // The engine counts by OpenAI's rules (its default): 4 tiles of 512 px at high detail, 765 tokens.
  expect(await row.locator('.ctxkit-tokens').textContent()).toBe('765');
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
