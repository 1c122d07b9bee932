import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { reusedConversation } from '../../test/earned.fixtures.js';
import { Kit } from '../../test/kit.js';
import { ContextDetails } from './context-details.js';

describe('ContextDetails: reuse of an earlier, similar message', () => {
  test('says the request started from what served an earlier, similar message, with its items', async () => {
    const { engine, session, messageId } = await reusedConversation();
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails sessionId={session.id} messageId={messageId} variant="expanded" />
      </Kit>,
    );
    await expect
      .element(screen.getByText('Started from what served an earlier, similar message'))
      .toBeVisible();
    const items = screen.container.querySelectorAll('.ctxkit-details__reuse-item');
    expect([...items].map((item) => item.textContent)).toEqual(['filesystem:read_file']);
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('a request that started from nothing earlier says nothing of it', async () => {
    const { engine, session } = await reusedConversation();
    const first = session.messages.find((message) => message.role === 'assistant' && message.requestContext);
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails sessionId={session.id} messageId={first?.id as string} variant="expanded" />
      </Kit>,
    );
    await expect.element(screen.getByText('Mode: Light')).toBeVisible();
    expect(screen.container.querySelector('.ctxkit-details__reuse')).toBeNull();
  });
});
