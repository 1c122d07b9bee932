import { buildContextDetails, formatTokens } from '@ctxkit/core/view';
import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { brokenEngine, conversation, legacyConversation } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import '../../styles/ctxkit.css';
import { ContextDetails } from './context-details.js';

/** What the line must say for a reply, computed from its stored request context and plan. */
async function expectedLine({ engine, sessionId, replyId }: Awaited<ReturnType<typeof conversation>>) {
  const messages = (await engine.store.loadSession(sessionId))?.messages ?? [];
  const reply = messages.find((message) => message.id === replyId);
  if (reply?.role !== 'assistant' || !reply.requestContext)
    throw new Error('the fixture reply has no context');
  const plan = (await engine.getPlan(reply.requestContext.planId)) ?? null;
  const model = buildContextDetails(reply.requestContext, plan);
  const items = model.sections.reduce((sum, section) => sum + section.items.length, 0);
  expect(plan?.excluded.length).toBeGreaterThan(0);
  return `Context: ${formatTokens(model.totalTokens)} tokens · ${items} items · ${plan?.excluded.length} left out`;
}

// Two agent items at most, so the plan leaves some out and the line says how many.
const FEW_AGENT_ITEMS = { modeLimits: { light: { topK: 2 } } };

describe('ContextDetails, collapsed (the default)', () => {
  test('is one line with the totals, a button that opens the full view and closes it again', async () => {
    const data = await conversation(FEW_AGENT_ITEMS);
    const screen = await render(
      <Kit engine={data.engine}>
        <ContextDetails sessionId={data.sessionId} messageId={data.replyId} />
      </Kit>,
    );
    const line = await expectedLine(data);
    const toggle = screen.getByRole('button', { name: line, exact: true });
    await expect.element(toggle).toBeVisible();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle.element().getAttribute('aria-controls')).toBeNull();
    // Closed: nothing of the full view is there.
    expect(screen.container.querySelector('.ctxkit-details__section')).toBeNull();
    expect(screen.container.querySelector('.ctxkit-details')?.getAttribute('data-variant')).toBe('collapsed');

    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    const body = document.getElementById(toggle.element().getAttribute('aria-controls') ?? '');
    expect(body?.querySelector('.ctxkit-details__section')).not.toBeNull();
    await expect.element(screen.getByText(/^\d+ rules? \(/)).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Context used' })).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);

    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.container.querySelector('.ctxkit-details__section')).toBeNull();
  });

  test('opens with the keyboard, and passes axe closed', async () => {
    const data = await conversation(FEW_AGENT_ITEMS);
    const screen = await render(
      <Kit engine={data.engine}>
        <ContextDetails sessionId={data.sessionId} messageId={data.replyId} />
      </Kit>,
    );
    const toggle = screen.getByRole('button', { name: /^Context: / });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await axeViolations(screen.container)).toEqual([]);
    (toggle.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByText(/^\d+ rules? \(/)).toBeVisible();
  });

  test('defaultOpen starts it open; variant="expanded" shows the full view with no line', async () => {
    const data = await conversation(FEW_AGENT_ITEMS);
    const screen = await render(
      <Kit engine={data.engine}>
        <div data-testid="open">
          <ContextDetails sessionId={data.sessionId} messageId={data.replyId} defaultOpen />
        </div>
        <div data-testid="expanded">
          <ContextDetails sessionId={data.sessionId} messageId={data.replyId} variant="expanded" />
        </div>
      </Kit>,
    );
    const open = screen.getByTestId('open');
    await expect
      .element(open.getByRole('button', { name: /^Context: / }))
      .toHaveAttribute('aria-expanded', 'true');
    await expect.element(open.getByText(/^\d+ rules? \(/)).toBeVisible();
    const expanded = screen.getByTestId('expanded');
    await expect.element(expanded.getByText(/^\d+ rules? \(/)).toBeVisible();
    expect(expanded.element().querySelector('.ctxkit-details__toggle')).toBeNull();
    expect(expanded.element().querySelector('.ctxkit-details')?.getAttribute('data-variant')).toBe(
      'expanded',
    );
  });

  test('a reply without context data says so on its line; a failure is an alert while closed', async () => {
    const legacy = await legacyConversation();
    const broken = await brokenEngine('failing');
    const screen = await render(
      <>
        <Kit engine={legacy.engine}>
          <ContextDetails sessionId={legacy.sessionId} messageId={legacy.replyId} />
        </Kit>
        <Kit engine={broken.engine}>
          <ContextDetails sessionId={broken.sessionId} messageId="m" />
        </Kit>
      </>,
    );
    await expect.element(screen.getByRole('button', { name: 'No context data available' })).toBeVisible();
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/^Could not load the context/);
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});
