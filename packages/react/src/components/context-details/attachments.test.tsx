import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { ContextDetails } from './context-details.js';

async function canvasImage(type: string, width: number, height: number): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  context.fillStyle = '#2a6';
  context.fillRect(0, 0, width, height);
  return new Uint8Array(await (await canvas.convertToBlob({ type })).arrayBuffer());
}

describe('ContextDetails: attachments', () => {
  test('each image and file of the message is a row with its name, type, size and tokens; text is never markup', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const hostile = '<img src=x onerror="window.__pwned=1">notes.md';
    const prepared = await session.prepare('What do these show?', {
      attachments: [
        { mediaType: 'image/png', data: await canvasImage('image/png', 1024, 1024), name: 'chart.png' },
        { mediaType: 'text/markdown', data: new TextEncoder().encode('# Plan'), name: hostile },
      ],
    });
    const { assistantMessage } = await session.commit(prepared, 'A chart and a plan.');
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={session.id} messageId={assistantMessage.id} />
      </Kit>,
    );
    await expect.element(screen.getByRole('button', { name: /^Attachments \(2\)/ })).toBeVisible();
    const image = screen.container.querySelector('[data-attachment="image"]') as HTMLElement;
    await expect.element(image).toBeVisible();
    expect(image.textContent).toContain('chart.png');
    expect(image.textContent).toContain('image/png · 1,024×1,024 px');
    // OpenAI's rule, the engine's default: 1024×1024 at high detail is 4 tiles, 765 tokens.
    expect(image.querySelector('.ctxkit-tokens')?.textContent).toBe('765');
    const thumbnail = image.querySelector('img') as HTMLImageElement;
    expect(thumbnail.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(thumbnail.alt).toBe('');

    const text = screen.container.querySelector('[data-attachment="text"]') as HTMLElement;
    expect(text.textContent).toContain(hostile);
    expect(text.textContent).toContain('text/markdown · text file');
    expect(text.querySelector('img')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();

    const root = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    await expect.poll(() => root.dataset.state).toBe('ready');
    expect(await axeViolations(root)).toEqual([]);
  });
});
