import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { earnedConversation, readTurn } from '../../test/earned.fixtures.js';
import { Kit } from '../../test/kit.js';
import { PinManager } from './pin-manager.js';

describe('PinManager: leases the conversation earned', () => {
  test('an earned lease is listed as such; removing it is remembered, so the next use does not earn it back', async () => {
    const { engine, session } = await earnedConversation();
    const screen = await render(
      <Kit engine={engine}>
        <PinManager sessionId={session.id} />
      </Kit>,
    );
    const leased = screen.getByRole('region', { name: 'Leased' });
    await expect.element(leased.getByText('filesystem:read_file').first()).toBeVisible();
    await expect.element(leased.getByText('Kept because the last replies used it')).toBeVisible();
    const item = screen.container.querySelector('.ctxkit-pins__item[data-earned="true"]');
    expect(item).not.toBeNull();
    expect(await axeViolations(screen.container)).toEqual([]);

    await screen.getByRole('button', { name: /^Unpin filesystem:read_file/ }).click();
    await expect.element(screen.getByRole('region', { name: 'Leased' })).not.toBeInTheDocument();
    const stored = await engine.store.loadSession(session.id);
    expect(stored?.record.earned?.dismissed).toMatchObject([{ key: 'tool:filesystem:read_file' }]);
    const reopened = await engine.openSession(session.id);
    await readTurn(reopened, 'Read the file notes.txt from disk');
    expect(reopened.pins).toEqual([]);
  });
});
