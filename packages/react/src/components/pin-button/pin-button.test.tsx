import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { PinButton } from './pin-button.js';

describe('PinButton', () => {
  test('pins a message for the next turns, a lease the core counts down, and then says so', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const { messages } = await session.commit(await session.prepare('Keep this answer around'), 'Sure.');
    const messageId = messages[0]?.id as string;
    const screen = await render(
      <Kit engine={engine}>
        <PinButton sessionId={session.id} target={{ kind: 'message', messageId }} name="this question" />
      </Kit>,
    );
    const trigger = screen.getByRole('button', { name: 'Pin this question' });
    await trigger.click();
    const choices = screen.getByRole('group', { name: 'Pin this question for how long?' });
    expect(await axeViolations(screen.container)).toEqual([]);
    await choices.getByRole('button', { name: 'For the next 3 turns' }).click();
    await expect.element(screen.getByText('Pinned for a while')).toBeVisible();
    const pin = (await engine.openSession(session.id)).pins[0];
    expect(pin).toMatchObject({ kind: 'leased', target: { kind: 'message', messageId } });
    expect(pin?.kind === 'leased' && pin.lease).toMatchObject({ kind: 'turns', turns: 3 });
  });

  test("offers a lease for the session's task while it has one, and pins for it", async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const target = { kind: 'card', title: 'Goal', text: 'Migrate to v2' } as const;
    const screen = await render(
      <Kit engine={engine}>
        <PinButton sessionId={session.id} target={target} name="the goal" />
      </Kit>,
    );
    await screen.getByRole('button', { name: 'Pin the goal' }).click();
    const choices = screen.getByRole('group', { name: 'Pin the goal for how long?' });
    await expect.element(choices.getByRole('button', { name: 'For the next 3 turns' })).toBeVisible();
    // No task, no topic: nothing to scope a lease to.
    expect(choices.getByRole('button', { name: /^While/ }).elements()).toHaveLength(0);

    await session.setTask('v2');
    await choices.getByRole('button', { name: 'While the task is v2' }).click();
    await expect.element(screen.getByText('Pinned for a while')).toBeVisible();
    const pin = (await engine.openSession(session.id)).pins[0];
    expect(pin?.kind === 'leased' && pin.lease).toMatchObject({ kind: 'task', taskId: 'v2' });
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('pins an item in every request, or for the next request only', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <PinButton
          sessionId={session.id}
          target={{ kind: 'item', ref: { type: 'rule', name: 'Logging' } }}
          name="Logging"
        />
        <PinButton
          sessionId={session.id}
          target={{ kind: 'item', ref: { type: 'rule', name: 'File Operations' } }}
          name="File Operations"
        />
      </Kit>,
    );
    await screen.getByRole('button', { name: 'Pin Logging' }).click();
    await screen.getByRole('button', { name: 'In every request' }).click();
    await screen.getByRole('button', { name: 'Pin File Operations' }).click();
    await screen.getByRole('button', { name: 'For the next request' }).click();
    await expect
      .poll(async () => (await engine.openSession(session.id)).pins.map((pin) => pin.kind).sort())
      .toEqual(['ephemeral', 'sticky']);
    await expect.element(screen.getByText('Pinned', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('Pinned for the next request')).toBeVisible();
  });
});
