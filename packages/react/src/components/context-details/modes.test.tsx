import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { BudgetMeter } from '../budget-meter/index.js';
import { ContextDetails } from './context-details.js';

describe('ContextDetails: cards and modes', () => {
  test('light mode: agent items sent as cards are marked Card, and the mode is named', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const prepared = await session.prepare('How do I read a file from disk safely?');
    const cards = prepared.plan.included.filter(
      ({ reason }) => reason.code === 'agent' && reason.form === 'card',
    );
    expect(cards.length).toBeGreaterThan(0);
    const { assistantMessage } = await session.commit(prepared, 'Use read_file.');
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails sessionId={session.id} messageId={assistantMessage.id} variant="expanded" />
      </Kit>,
    );
    await expect.element(screen.getByText('Mode: Light')).toBeVisible();
    const root = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    await expect
      .poll(() => root.querySelectorAll('.ctxkit-pill[data-form="card"]').length)
      .toBe(cards.length);
    const pill = root.querySelector('.ctxkit-pill[data-form="card"]') as HTMLElement;
    expect(pill.textContent).toBe('Card');
    expect(pill.title).toMatch(/ask for it in full, or pin it/);
    expect(await axeViolations(root)).toEqual([]);
  });

  test('light mode: cards past the described ones are marked Name, with a title saying so', async () => {
    const engine = await kitEngine({
      modeLimits: { light: { topK: 12, minScore: 0, maxShare: 0.15, shape: 'cards', describedCards: 1 } },
    });
    const session = await engine.createSession();
    const prepared = await session.prepare('How do I read a file from disk safely?');
    const nameOnly = prepared.plan.included.filter(
      ({ candidate }) => candidate.kind === 'item' && candidate.card?.nameOnly,
    );
    expect(nameOnly.length).toBeGreaterThan(0);
    const { assistantMessage } = await session.commit(prepared, 'Use read_file.');
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails sessionId={session.id} messageId={assistantMessage.id} variant="expanded" />
      </Kit>,
    );
    const root = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    await expect
      .poll(() => root.querySelectorAll('.ctxkit-pill[data-name-only="true"]').length)
      .toBe(nameOnly.length);
    const pill = root.querySelector('.ctxkit-pill[data-name-only="true"]') as HTMLElement;
    expect(pill.textContent).toBe('Name');
    expect(pill.title).toMatch(/^Card with the name only/);
    // The one described card keeps its Card pill.
    const described = [...root.querySelectorAll('.ctxkit-pill[data-form="card"]')].filter(
      (element) => !element.hasAttribute('data-name-only'),
    );
    expect(described.map((element) => element.textContent)).toEqual(['Card']);
    expect(await axeViolations(root)).toEqual([]);
  });

  test('automatic mode: the details say which mode was chosen and why; the meter shows the draft’s choice', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    await session.setMode('auto');
    const prepared = await session.prepare('Implement a safe file write with a rename');
    expect(prepared.plan.auto).toMatchObject({ chosen: 'heavy', reason: 'task' });
    const { assistantMessage } = await session.commit(prepared, 'Done.');
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails sessionId={session.id} messageId={assistantMessage.id} variant="expanded" />
        <BudgetMeter sessionId={session.id} debounceMs={0} />
      </Kit>,
    );
    const mode = screen.getByText('Mode: Auto chose Heavy (the message asks for work to be done)');
    await expect.element(mode).toBeVisible();
    await expect.element(mode).toHaveAttribute('data-auto', 'task');
    const root = screen.container.querySelector('.ctxkit-details') as HTMLElement;
    await expect.poll(() => root.querySelectorAll('[data-form="card"]').length).toBe(0);
    const indicator = screen.getByRole('button', { name: /^Context:/ });
    await expect.element(indicator).toHaveTextContent('Context: Auto (Light)');
    expect(await axeViolations(screen.container as HTMLElement)).toEqual([]);
  });
});
