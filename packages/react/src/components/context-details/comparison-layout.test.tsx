import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { conversation } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import '../../styles/ctxkit.css';
import { ContextDetails } from './context-details.js';

// With the kit's stylesheet: how the comparison is laid out, not what it says (comparison.test.tsx).
describe('ContextDetails: the comparison laid out', () => {
  test('item names keep a readable width in a narrow panel: the reasons go below them', async () => {
    const { engine, sessionId, replyId } = await conversation();
    const screen = await render(
      <Kit engine={engine}>
        <div style={{ width: '280px' }}>
          <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
        </div>
      </Kit>,
    );
    await screen.getByRole('button', { name: /Compared with previous turn/ }).click();
    await expect.element(screen.getByRole('heading', { name: /^Entered/ })).toBeVisible();
    const rows = [...screen.container.querySelectorAll<HTMLElement>('li[data-change]')];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const name = row.querySelector('.ctxkit-details__name') as HTMLElement;
      const reason = row.querySelector('.ctxkit-details__reason') as HTMLElement;
      // Squeezed beside a long reason, a name was one character per line (a few pixels wide): now it is on one
      // line, or wraps only past half the row.
      const lineHeight = Number.parseFloat(getComputedStyle(name).lineHeight) || 20;
      const box = name.getBoundingClientRect();
      expect(box.height <= lineHeight * 1.5 || box.width >= row.getBoundingClientRect().width / 2).toBe(true);
      expect(reason.getBoundingClientRect().top).toBeGreaterThanOrEqual(box.bottom - 1);
    }
  });
});
