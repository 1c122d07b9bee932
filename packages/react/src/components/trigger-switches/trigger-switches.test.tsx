import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { TriggerSwitches } from './trigger-switches.js';

const MESSAGE = 'Why does readFile fail in src/files/upload.ts? what is the disk quota?';

describe('TriggerSwitches', () => {
  test('shows each kind as the session set it, and a switch turns that kind off for the next request', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    await session.setTriggers({ questions: false });
    const screen = await render(
      <Kit engine={engine}>
        <TriggerSwitches sessionId={session.id} />
      </Kit>,
    );
    const symbols = screen.getByRole('switch', { name: 'Code symbols' });
    await expect.element(symbols).toBeChecked();
    await expect.element(screen.getByRole('switch', { name: 'Subjects of questions' })).not.toBeChecked();
    await expect.element(screen.getByRole('switch', { name: 'File paths' })).toBeChecked();
    expect(await axeViolations(screen.container)).toEqual([]);

    await userEvent.click(symbols);
    await expect.element(symbols).not.toBeChecked();
    const reopened = await engine.openSession(session.id);
    expect(reopened.record.triggers).toEqual({ questions: false, symbols: false });
    const prepared = await reopened.prepare(MESSAGE);
    const kinds = new Set(prepared.retrievalSet?.subQueries?.map((query) => query.kind));
    expect(kinds.has('symbol_mention')).toBe(false);
    expect(kinds.has('file_path')).toBe(true);
    reopened.rollback(prepared);
  });
});
