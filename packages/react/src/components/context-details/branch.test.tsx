import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { conversation } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { PinManager } from '../pin-manager/index.js';
import { ContextDetails } from './context-details.js';

// A branch stores only its own messages; the ones it inherits stay with its parent. The kit shows a branch whole.
describe('a branch in the kit', () => {
  test('context details of a reply the branch inherited, and a pin on it named by its text', async () => {
    const { engine, sessionId, firstReplyId } = await conversation();
    const branch = await (await engine.openSession(sessionId)).fork(firstReplyId);
    await branch.pin({ kind: 'message', messageId: firstReplyId });
    expect((await engine.store.loadSession(branch.id))?.messages).toEqual([]);

    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={branch.id} messageId={firstReplyId} />
        <PinManager sessionId={branch.id} />
      </Kit>,
    );
    const details = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    await expect.poll(() => details.dataset.state).toBe('ready');
    await expect.element(screen.getByText('Style Guide').first()).toBeVisible();
    await expect
      .element(screen.getByText(/^Assistant: Return typed errors that say what failed/).first())
      .toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});
