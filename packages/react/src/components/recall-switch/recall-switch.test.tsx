import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { RecallSwitch } from './recall-switch.js';

describe('RecallSwitch', () => {
  test('turns recall off for the session, stored with it, and on again', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <RecallSwitch sessionId={session.id} />
      </Kit>,
    );
    const toggle = screen.getByRole('switch', { name: 'Recall earlier conversations' });
    await expect.element(toggle).toBeChecked();
    expect(await axeViolations(screen.container)).toEqual([]);
    await toggle.click();
    await expect.element(toggle).not.toBeChecked();
    expect((await engine.store.loadSession(session.id))?.record.recall).toBe(false);
    await expect.element(screen.getByText(/^Nothing is recalled/)).toBeVisible();
    await toggle.click();
    await expect.element(toggle).toBeChecked();
    expect((await engine.store.loadSession(session.id))?.record.recall).not.toBe(false);
  });

  test('a session with memory off is never recalled: the switch is off, disabled, and says why', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    await session.setMemory(false);
    const screen = await render(
      <Kit engine={engine}>
        <RecallSwitch sessionId={session.id} label="Recall" />
      </Kit>,
    );
    const toggle = screen.getByRole('switch', { name: 'Recall' });
    await expect.element(toggle).not.toBeChecked();
    await expect.element(toggle).toBeDisabled();
    await expect.element(toggle).toHaveAccessibleDescription(/keeps no memory/);
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});
