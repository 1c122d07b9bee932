import { describe, expect, it } from 'vitest';
import { axe } from './axe.js';
import { openDemo, serveDemoBuild } from './demo-build.js';
import { Page, useEngine } from './engines/index.js';

// The composer's model picker switches the engine's model: the budget meter's counting line names the tokenizer and
// template of the model picked, the draft is planned again with them, and a reload starts from the settings' model.
// In Chromium, on the production build.

const server = serveDemoBuild();

describe('the model picker in chromium', () => {
  const engine = useEngine('chromium');

  it('switches the counting the meter shows, and the draft is counted again', async () => {
    const page = new Page(await engine().newPage({ width: 1280, height: 800 }));
    await openDemo(page, server.url);
    const picker = page.getByLabel('Chat model', { exact: true });
    const counting = page.locator('.ctxkit-meter__counting');
    const figures = page.locator('.ctxkit-meter__figures');
    // A draft in Chinese: Qwen's tokenizer counts it in fewer tokens than o200k_base, Gemma's in others again.
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('请帮我检查一下发票表的查询为什么这么慢，以及怎样写测试。');

    // The local responder's model is not one ctxkit knows: o200k_base and OpenAI's template.
    await counting.filter({ hasText: 'Counted with o200k_base tokenizer · OpenAI template' }).waitFor();
    const before = await figures.textContent();

    await picker.selectOption('qwen3:4b');
    await counting.filter({ hasText: 'Counted with Qwen tokenizer · Qwen template' }).waitFor();
    await expect.poll(() => figures.textContent()).not.toBe(before);

    await picker.selectOption('claude-sonnet-4-5');
    await counting.filter({ hasText: /Claude/ }).waitFor();
    expect(await counting.getAttribute('data-estimate')).toBe('true');

    expect(await axe(page)).toEqual([]);

    // The picked model is the engine's for this visit; a reload starts from the settings' model.
    await openDemo(page, server.url);
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await counting.filter({ hasText: 'Counted with o200k_base tokenizer · OpenAI template' }).waitFor();
    await page.close();
  });
});
