import { describe, expect, test, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import {
  brokenEngine,
  conversation,
  kitCatalog,
  legacyConversation,
  PlanlessStore,
} from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { ContextDetails } from './context-details.js';

describe('ContextDetails', () => {
  test('says what the reply’s request was counted with, from its plan', async () => {
    const { engine, sessionId, replyId } = await conversation();
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails sessionId={sessionId} messageId={replyId} variant="expanded" />
      </Kit>,
    );
    // The fixture engine counts with an approximate counter and OpenAI's template costs.
    const line = screen.getByText(/^Counted with/);
    await expect.element(line).toHaveTextContent('Counted with approx-4 tokenizer · OpenAI template');
    await expect.element(line).toHaveAttribute('data-estimate', 'false');
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('shows what a real plan used: sections with counts, pills with scores, the summary, excluded items', async () => {
    const { engine, sessionId, replyId } = await conversation();
    const onItemClick = vi.fn();
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails
          variant="expanded"
          sessionId={sessionId}
          messageId={replyId}
          onItemClick={onItemClick}
        />
      </Kit>,
    );
    const root = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    await expect.poll(() => root.dataset.state).toBe('ready');

    const messages = (await engine.store.loadSession(sessionId))?.messages ?? [];
    const reply = messages.find((message) => message.id === replyId);
    const context = reply?.role === 'assistant' ? reply.requestContext : undefined;
    if (!context) throw new Error('the fixture reply has no request context');
    const plan = await engine.getPlan(context.planId);
    if (!plan) throw new Error('the fixture plan is not stored');

    // Every item of the request context is listed once, in its section, with its tokens.
    const items = [...root.querySelectorAll<HTMLElement>('[data-include-mode]')].filter((element) =>
      element.matches('li'),
    );
    expect(items).toHaveLength(context.items.length);
    const agent = context.items.filter((item) => item.includeMode === 'agent');
    expect(agent.length).toBeGreaterThan(0);
    for (const item of agent) {
      await expect
        .element(screen.getByText(`Agent ${item.similarityScore?.toFixed(2)}`).first())
        .toBeVisible();
    }
    await expect
      .element(screen.getByRole('button', { name: /^Rules \(\d+\)/ }))
      .toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByText(/^\d+ rules? \(/)).toBeVisible();
    // The pinned card and the history turn come from the plan.
    await expect.element(screen.getByText('Goal: atomic writes')).toBeVisible();
    await expect.element(screen.getByText(/^Turn: How should errors be reported/)).toBeVisible();

    // Excluded candidates sit behind a toggle, each with its reason.
    const toggle = screen.getByRole('button', { name: `Show excluded (${plan.excluded.length})` });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect
      .element(screen.getByRole('button', { name: /^Hide excluded/ }))
      .toHaveAttribute('aria-expanded', 'true');
    expect(root.querySelectorAll('[data-reason]')).toHaveLength(plan.excluded.length);

    // Clicking an item hands its reference to the host.
    await screen.getByRole('button', { name: 'Authentication Rules' }).click();
    expect(onItemClick).toHaveBeenCalledWith(
      expect.objectContaining({ ref: { type: 'rule', name: 'Authentication Rules' }, includeMode: 'always' }),
    );
    expect(await axeViolations(root)).toEqual([]);
  });

  test('a section collapses from the keyboard and hides its items', async () => {
    const { engine, sessionId, replyId } = await conversation();
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    const trigger = screen.getByRole('button', { name: /^Tools \(\d+\)/ });
    await expect.element(trigger).toBeVisible();
    (trigger.element() as HTMLButtonElement).focus();
    const { userEvent } = await import('vitest/browser');
    await userEvent.keyboard('{Enter}');
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect.element(screen.getByText('filesystem:list_dir')).not.toBeVisible();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByText('filesystem:list_dir')).toBeVisible();
  });

  test('a reply without a request context says there is no context data', async () => {
    const { engine, sessionId, replyId } = await legacyConversation();
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    await expect.element(screen.getByText('No context data available')).toBeVisible();
    expect(screen.container.querySelector('.ctxkit-details')?.getAttribute('data-state')).toBe('empty');
  });

  test('when the plan cannot be read, the items still show and the excluded list says why it is missing', async () => {
    const { engine, sessionId, replyId } = await conversation({ store: new PlanlessStore() });
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    await expect.element(screen.getByText('Authentication Rules')).toBeVisible();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Excluded items are unavailable: The plan record is corrupt');
    expect(screen.container.querySelector('.ctxkit-details')?.getAttribute('data-state')).toBe('ready');
  });

  test('loading and failed reads have their own states', async () => {
    const pending = await brokenEngine('pending');
    const failing = await brokenEngine('failing');
    const screen = await render(
      <>
        <Kit engine={pending.engine}>
          <ContextDetails
            variant="expanded"
            sessionId={pending.sessionId}
            messageId="m"
            data-testid="pending"
          />
        </Kit>
        <Kit engine={failing.engine}>
          <ContextDetails
            variant="expanded"
            sessionId={failing.sessionId}
            messageId="m"
            data-testid="failing"
          />
        </Kit>
      </>,
    );
    await expect.element(screen.getByTestId('pending')).toHaveAttribute('data-state', 'loading');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Loading…');
    await expect.element(screen.getByTestId('failing')).toHaveAttribute('data-state', 'error');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('The database could not be opened');
  });

  test('item text is shown as text, never as markup', async () => {
    const { engine, sessionId, replyId } = await conversation({
      catalog: {
        ...kitCatalog,
        rules: [
          ...(kitCatalog.rules ?? []),
          { name: '<img src=x onerror="window.__pwned=1">', content: '<b>bold</b>', include: 'always' },
        ],
      },
    });
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    await expect.element(screen.getByText('<img src=x onerror="window.__pwned=1">')).toBeVisible();
    expect(screen.container.querySelector('img, b')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
