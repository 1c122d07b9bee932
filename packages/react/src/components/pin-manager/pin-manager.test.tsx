import type { SuggestedPin } from '@ctxkit/core/view';
import { describe, expect, test, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { brokenEngine, conversation, kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { PinManager, SuggestedPinsHint } from './pin-manager.js';

const pinsOf = async (engine: Awaited<ReturnType<typeof kitEngine>>, sessionId: string) =>
  (await engine.store.loadSession(sessionId))?.record.pins ?? [];

describe('PinManager', () => {
  test('groups the pins by kind with lease scope and the cost the next plan gives them', async () => {
    const { engine, sessionId } = await conversation();
    const session = await engine.openSession(sessionId);
    const plan = await session.estimate('');
    const screen = await render(
      <Kit engine={engine}>
        <PinManager sessionId={sessionId} />
      </Kit>,
    );
    const sticky = screen.getByRole('region', { name: 'Sticky' });
    const leased = screen.getByRole('region', { name: 'Leased' });
    const ephemeral = screen.getByRole('region', { name: 'Ephemeral' });
    await expect.element(sticky.getByText('Error Handling').first()).toBeVisible();
    await expect.element(leased.getByText('Goal: atomic writes').first()).toBeVisible();
    // The lease of 3 turns started counting at the second turn, which was committed.
    await expect.element(leased.getByText('2 of 3 turns left')).toBeVisible();
    await expect.element(ephemeral.getByText('Database Schema').first()).toBeVisible();
    const card = plan.included.find(
      (entry) => entry.candidate.kind === 'card' && entry.candidate.title === 'Goal: atomic writes',
    );
    await expect.element(leased.getByText(`${card?.candidate.tokens} tokens`)).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('unpin and promote go through to the store, and the list follows', async () => {
    const { engine, sessionId } = await conversation();
    const screen = await render(
      <Kit engine={engine}>
        <PinManager sessionId={sessionId} promoteLease={{ kind: 'turns', turns: 5 }} />
      </Kit>,
    );
    await screen.getByRole('button', { name: 'Promote Database Schema to leased' }).click();
    await expect.element(screen.getByRole('region', { name: 'Ephemeral' })).not.toBeInTheDocument();
    await expect
      .element(screen.getByRole('region', { name: 'Leased' }).getByText('Database Schema').first())
      .toBeVisible();
    const promoted = (await pinsOf(engine, sessionId)).find(
      (pin) => pin.target.kind === 'item' && pin.target.ref.name === 'Database Schema',
    );
    expect(promoted).toMatchObject({ kind: 'leased', lease: { kind: 'turns', turns: 5, remaining: 5 } });

    await screen.getByRole('button', { name: 'Unpin Error Handling' }).click();
    await expect.element(screen.getByRole('region', { name: 'Sticky' })).not.toBeInTheDocument();
    expect((await pinsOf(engine, sessionId)).map((pin) => pin.kind)).toEqual(['leased', 'leased']);
  });

  test('suggested pins sit dimmed below the delimiter; accept pins as sticky, dismiss only hides', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const suggestions: SuggestedPin[] = [
      {
        id: 's1',
        target: { kind: 'item', ref: { type: 'rule', name: 'Logging' } },
        reason: 'Used in 3 turns',
      },
      { id: 's2', target: { kind: 'card', title: 'Deadline', text: 'Friday' } },
    ];
    const onAccept = vi.fn();
    const onDismiss = vi.fn();
    const onOpen = vi.fn();
    const screen = await render(
      <Kit engine={engine}>
        <SuggestedPinsHint count={suggestions.length} onOpen={onOpen} />
        <PinManager
          sessionId={session.id}
          suggestions={suggestions}
          onAcceptSuggestion={onAccept}
          onDismissSuggestion={onDismiss}
        />
      </Kit>,
    );
    await screen.getByRole('button', { name: 'Suggested pins (2)' }).click();
    expect(onOpen).toHaveBeenCalledOnce();
    const suggested = screen.getByRole('region', { name: 'Suggested pins' });
    await expect.element(suggested.getByText('Used in 3 turns')).toBeVisible();
    expect((suggested.element() as HTMLElement).querySelectorAll('[data-suggested]')).toHaveLength(2);

    await screen.getByRole('button', { name: 'Accept Logging' }).click();
    await expect
      .element(screen.getByRole('region', { name: 'Sticky' }).getByText('Logging').first())
      .toBeVisible();
    expect(onAccept).toHaveBeenCalledWith(suggestions[0]);
    expect(await pinsOf(engine, session.id)).toEqual([
      expect.objectContaining({
        kind: 'sticky',
        target: { kind: 'item', ref: { type: 'rule', name: 'Logging' } },
      }),
    ]);

    await screen.getByRole('button', { name: 'Dismiss Deadline' }).click();
    expect(onDismiss).toHaveBeenCalledWith(suggestions[1]);
    await expect.element(screen.getByRole('region', { name: 'Suggested pins' })).not.toBeInTheDocument();
    expect(await pinsOf(engine, session.id)).toHaveLength(1);
  });

  test('empty, loading and error states', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const pending = await brokenEngine('pending');
    const failing = await brokenEngine('failing');
    const screen = await render(
      <>
        <Kit engine={engine}>
          <PinManager sessionId={session.id} data-testid="empty" />
          <SuggestedPinsHint count={0} onOpen={() => {}} data-testid="hint" />
        </Kit>
        <Kit engine={pending.engine}>
          <PinManager sessionId={pending.sessionId} data-testid="pending" />
        </Kit>
        <Kit engine={failing.engine}>
          <PinManager sessionId={failing.sessionId} data-testid="failing" />
        </Kit>
      </>,
    );
    await expect.element(screen.getByTestId('empty')).toHaveAttribute('data-state', 'empty');
    await expect.element(screen.getByText(/^Nothing is pinned/)).toBeVisible();
    await expect.element(screen.getByTestId('hint')).not.toBeInTheDocument();
    await expect.element(screen.getByTestId('pending')).toHaveAttribute('data-state', 'loading');
    await expect.element(screen.getByTestId('failing')).toHaveAttribute('data-state', 'error');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('The database could not be opened');
  });
});
