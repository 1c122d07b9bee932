import { diffPlans } from '@ctxkit/core/replay';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { conversation, kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { ContextDetails } from './context-details.js';

async function planIdOf(engine: Awaited<ReturnType<typeof kitEngine>>, sessionId: string, messageId: string) {
  const messages = (await engine.store.loadSession(sessionId))?.messages ?? [];
  const reply = messages.find((message) => message.id === messageId);
  if (reply?.role !== 'assistant' || !reply.requestContext) throw new Error('no tracked reply');
  return reply.requestContext.planId;
}

describe('ContextDetails: compared with previous turn', () => {
  test('lists what entered and what left since the previous turn, with both reasons, as text', async () => {
    const { engine, sessionId, replyId, firstReplyId } = await conversation();
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    const before = await engine.replay(await planIdOf(engine, sessionId, firstReplyId));
    const after = await engine.replay(await planIdOf(engine, sessionId, replyId));
    const diff = diffPlans(before, after);
    const entered = diff.entered.filter((entry) => entry.candidate.kind !== 'current');
    const left = diff.left.filter((entry) => entry.candidate.kind !== 'current');
    expect(entered.length).toBeGreaterThan(0);

    const toggle = screen.getByRole('button', {
      name: new RegExp(`^Compared with previous turn \\(${entered.length} entered, ${left.length} left\\)`),
    });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.container.querySelector('[data-change]')).toBeNull();
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByRole('heading', { name: `Entered (${entered.length})` })).toBeVisible();
    const rows = [...screen.container.querySelectorAll<HTMLElement>('li[data-change="entered"]')];
    expect(rows).toHaveLength(entered.length);
    // The pins made between the turns entered as pins; the first turn came back as history.
    const text = rows.map((row) => row.textContent ?? '');
    expect(text.some((row) => row.startsWith('Goal: atomic writes') && row.includes('now: leased pin'))).toBe(
      true,
    );
    expect(
      text.some(
        (row) =>
          row.startsWith('Turn: How should errors be reported') && row.includes('now: the previous turn'),
      ),
    ).toBe(true);
    expect(screen.container.querySelectorAll('li[data-change="left"]')).toHaveLength(left.length);
    const root = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    expect(await axeViolations(root)).toEqual([]);
  });

  test('a pin whose lease ended is listed as left, with why it was sent and why it is not now', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const pin = await session.pin(
      { kind: 'card', title: 'Release checklist', text: 'Tag, build, publish.' },
      { kind: 'leased', lease: { kind: 'turns', turns: 1 } },
    );
    await session.commit(await session.prepare('How do I release?'), 'Follow the checklist.');
    const second = await session.commit(await session.prepare('And errors?'), 'Typed.');
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={session.id} messageId={second.assistantMessage.id} />
      </Kit>,
    );
    await screen.getByRole('button', { name: /^Compared with previous turn/ }).click();
    await expect.element(screen.getByRole('heading', { name: /^Left \(1\)$/ })).toBeVisible();
    const row = screen.container.querySelector<HTMLElement>(`li[data-key="pin:${pin.id}"]`);
    expect(row?.dataset.change).toBe('left');
    expect(row?.textContent).toContain('Release checklist');
    expect(row?.textContent).toContain('before: leased pin; now: not a candidate');
  });

  test('a reply of the first turn has nothing to compare with', async () => {
    const { engine, sessionId, firstReplyId } = await conversation();
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={firstReplyId} />
      </Kit>,
    );
    await expect.element(screen.getByRole('button', { name: /^Show excluded/ })).toBeVisible();
    expect(screen.container.querySelector('.ctxkit-details__comparison')).toBeNull();
  });

  test('names that look like markup stay text', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    await session.commit(await session.prepare('How should errors be reported?'), 'Typed errors.');
    await session.pin({
      kind: 'card',
      title: '<img src=x onerror="window.pwned=1"> <b>notes</b>',
      text: '<b>x</b>',
    });
    const second = await session.commit(await session.prepare('And files?'), 'Rename after writing.');
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={session.id} messageId={second.assistantMessage.id} />
      </Kit>,
    );
    await screen.getByRole('button', { name: /^Compared with previous turn/ }).click();
    await expect
      .element(screen.getByText('<img src=x onerror="window.pwned=1"> <b>notes</b>').last())
      .toBeVisible();
    expect(screen.container.querySelector('img, b')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    // The one in the comparison, not only the one in the pins section.
    const entered = [
      ...screen.container.querySelectorAll('li[data-change="entered"] .ctxkit-details__name'),
    ].map((name) => name.textContent);
    expect(entered).toContain('<img src=x onerror="window.pwned=1"> <b>notes</b>');
  });
});
