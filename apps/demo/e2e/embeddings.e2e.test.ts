import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTinyModel, TINY_MODEL_ID } from '../../../packages/core/scripts/make-tiny-model.js';
import { openDemo, serveDemoBuild } from './demo-build.js';
import { engines, Page, useEngine } from './engines/index.js';

// Semantic search from a model folder the user serves: the core's tiny test model (written here, offline) and
// ONNX Runtime's wasm files, next to the app on the same static host. The settings dialog points the app at it; the
// download shows its progress, retrieval runs on keywords and the model, and nothing is fetched from elsewhere. In
// Chromium, Firefox and WebKit.

let folder: string;
// The onnxruntime-web build that the bundled transformers.js loads: pnpm nests it under transformers.js.
const fromTransformers = createRequire(createRequire(import.meta.url).resolve('@huggingface/transformers'));
const ort = dirname(fromTransformers.resolve('onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm'));

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'ctxkit-demo-models-'));
  makeTinyModel(folder);
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const server = serveDemoBuild(() => ({
  mounts: { '/demo/models/ort/': ort, '/demo/models/': folder },
  slow: { prefix: '/demo/models/ctxkit/', delayMs: 400 },
}));

describe.each(engines)('the demo with an embedding model in %s', (engineName) => {
  const engine = useEngine(engineName);
  it('loads the model from the configured folder with progress, then retrieves with it', async () => {
    const page = new Page(await engine().newPage({ width: 1280, height: 800 }));
    const outside: string[] = [];
    page.on('request', (url) => {
      if (!url.startsWith(server.url) && !url.startsWith('blob:') && !url.startsWith('data:'))
        outside.push(url);
    });
    page.on('requestfailed', (url) => outside.push(`request failed: ${url}`));
    const servedBefore = server.served.length;
    await openDemo(page, server.url);
    expect(await page.getByText('Retrieval: keywords', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByLabel('Add semantic search', { exact: false }).check();
    await dialog.getByLabel('Model files URL').fill('models/');
    await dialog.getByLabel('Model folder').fill(TINY_MODEL_ID);
    await dialog.getByRole('button', { name: 'Save' }).click();

    // The download's progress, from the embedder's events, then the model in use.
    await page.getByRole('progressbar', { name: `Loading ${TINY_MODEL_ID}` }).waitFor();
    await page.getByText(`Retrieval: keywords + ${TINY_MODEL_ID}`).waitFor({ timeout: 30_000 });
    // The files as the server saw them: the embedder fetches from its worker, whose requests WebKit's driver does not
    // report.
    const modelFiles = server.served
      .slice(servedBefore)
      .filter((path) => path.startsWith('/demo/models/'))
      .map((path) => path.slice('/demo/'.length));
    expect(modelFiles).toEqual(
      expect.arrayContaining([
        `models/${TINY_MODEL_ID}/config.json`,
        `models/${TINY_MODEL_ID}/onnx/model.onnx`,
      ]),
    );
    expect(modelFiles.some((file) => file.startsWith('models/ort/'))).toBe(true);

    await page.getByRole('textbox', { name: 'Message' }).fill('How do I read a file from disk?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const reply = page.locator('li.message--assistant[data-message-id]').first();
    await reply.waitFor();
    await page.locator('[data-pending]').first().waitFor({ state: 'detached' });
    expect(await reply.locator('.message__body').textContent()).toMatch(/\(agent \d\.\d\d\)/);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    expect(outside).toEqual([]);
    await page.close();
  });
});
