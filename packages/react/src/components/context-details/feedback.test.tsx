import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { conversation } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { ContextDetails } from './context-details.js';

describe('ContextDetails feedback', () => {
  test('"Not relevant" on an agent item tells retrieval, with the message, and says it was recorded', async () => {
    const { engine, sessionId, replyId } = await conversation();
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    const root = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    await expect.poll(() => root.dataset.state).toBe('ready');
    const agentItems = [...root.querySelectorAll('[data-include-mode="agent"]')].filter(
      (element) => element.tagName === 'LI' && !element.hasAttribute('data-pin'),
    );
    expect(agentItems.length).toBeGreaterThan(0);
    // Only agent items offer it: items of the session, pins and history do not.
    expect(screen.getByRole('button', { name: /^Not relevant here: / }).elements()).toHaveLength(
      agentItems.length,
    );
    expect(await axeViolations(root)).toEqual([]);

    const first = agentItems[0] as HTMLElement;
    const name = first.querySelector('.ctxkit-details__name')?.textContent ?? '';
    await screen.getByRole('button', { name: `Not relevant here: ${name}` }).click();
    await expect.element(screen.getByRole('status').filter({ hasText: 'Marked not relevant' })).toBeVisible();
    const learned = (await engine.exportLearning()) as { tallies: [string, string, number][] } | null;
    expect(learned?.tallies.some(([, kind]) => kind === 'not-relevant')).toBe(true);
  });
});
