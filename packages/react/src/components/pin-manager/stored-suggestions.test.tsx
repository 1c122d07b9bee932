import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { PinManager } from './pin-manager.js';

describe('PinManager: suggestions stored with the session', () => {
  test("lists the model's and the host's stored suggestions; accept pins through the session, dismiss removes", async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const prepared = await session.prepare('How do I read a file?');
    await session.commit(
      prepared,
      'Use read_file.\n<ctxkit:suggest-pin ref="reference:Database Schema" reason="The files hold database rows"/>',
    );
    await session.suggestPin({ kind: 'card', title: 'Deploy notes', text: 'Migrate first.' }, 'Asked twice');
    const screen = await render(
      <Kit engine={engine}>
        <PinManager sessionId={session.id} suggestions={[]} />
      </Kit>,
    );
    const suggested = screen.getByRole('region', { name: 'Suggested pins' });
    await expect.element(suggested.getByText('Database Schema').first()).toBeVisible();
    await expect.element(suggested.getByText('The files hold database rows')).toBeVisible();
    await expect.element(suggested.getByText('Deploy notes').first()).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);

    await screen.getByRole('button', { name: 'Accept Database Schema' }).click();
    await expect
      .element(screen.getByRole('region', { name: 'Sticky' }).getByText('Database Schema').first())
      .toBeVisible();
    await screen.getByRole('button', { name: 'Dismiss Deploy notes' }).click();
    await expect.element(screen.getByRole('region', { name: 'Suggested pins' })).not.toBeInTheDocument();
    // The list updates as soon as the dismissal is sent; the store has it once the write resolves.
    const stored = async () => (await engine.store.loadSession(session.id))?.record;
    await expect.poll(async () => (await stored())?.suggestions).toEqual([]);
    const record = await stored();
    expect(record?.pins.map((pin) => [pin.kind, pin.target])).toEqual([
      ['sticky', { kind: 'item', ref: { type: 'reference', name: 'Database Schema' } }],
    ]);
  });

  test('a suggestion stored after the manager rendered shows up without a reload (through the store event)', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <PinManager sessionId={session.id} />
      </Kit>,
    );
    await expect.element(screen.getByText(/^Nothing is pinned/)).toBeVisible();
    await session.suggestPin(
      { kind: 'item', ref: { type: 'rule', name: 'Error Handling' } },
      'Errors came up',
    );
    await expect
      .element(screen.getByRole('region', { name: 'Suggested pins' }).getByText('Errors came up'))
      .toBeVisible();
  });
});
