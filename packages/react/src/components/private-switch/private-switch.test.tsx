import { MemoryStore } from '@ctxkit/core';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { PrivateSwitch } from './private-switch.js';

describe('PrivateSwitch', () => {
  test('moves the conversation out of the persistent store and back, saying what that means', async () => {
    const store = new MemoryStore();
    const engine = await kitEngine({ store });
    const session = await engine.createSession();
    await session.commit(await session.prepare('Something personal'), 'Understood.');
    const screen = await render(
      <Kit engine={engine}>
        <PrivateSwitch sessionId={session.id} />
      </Kit>,
    );
    const toggle = screen.getByRole('switch', { name: 'Private conversation' });
    await expect.element(toggle).not.toBeChecked();
    expect(await axeViolations(screen.container)).toEqual([]);
    await toggle.click();
    await expect.element(toggle).toBeChecked();
    await expect.element(screen.getByText(/^Kept in this tab only/)).toBeVisible();
    // Nothing of it is left where a reload would find it.
    expect(await store.loadSession(session.id)).toBeUndefined();
    await toggle.click();
    await expect.element(toggle).not.toBeChecked();
    expect((await store.loadSession(session.id))?.messages).toHaveLength(2);
  });
});
