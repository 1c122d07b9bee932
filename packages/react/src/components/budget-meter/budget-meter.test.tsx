/// <reference types="vite/client" />
import type { BudgetError } from '@ctxkit/core';
import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { useSetModel } from '../../queries/index.js';
import { axeViolations } from '../../test/axe.js';
import { conversation, kitEngine } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import '../../styles/ctxkit.css';
import { BudgetMeter } from './budget-meter.js';

const DRAFT = 'How do I read a file from disk and write the file safely?';

function UseModel({ model, contextWindow }: { model: string; contextWindow: number }) {
  const setModel = useSetModel();
  return (
    <button type="button" onClick={() => setModel.mutate({ model, contextWindow })}>
      Use {model}
    </button>
  );
}

describe('BudgetMeter', () => {
  test('says what the draft is counted with, and follows the model useSetModel switches to', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <UseModel model="qwen3:4b" contextWindow={4096} />
        <UseModel model="claude-sonnet-4-5" contextWindow={200_000} />
        <BudgetMeter sessionId={session.id} draft={DRAFT} debounceMs={0} />
      </Kit>,
    );
    const line = screen.getByText(/^(Counted|Estimated)/);
    await expect.element(line).toHaveTextContent('Counted with approx-4 tokenizer · OpenAI template');
    await screen.getByRole('button', { name: 'Use qwen3:4b' }).click();
    await expect.element(line).toHaveTextContent('Counted with Qwen tokenizer · Qwen template');
    // The next plan has the new window: 4,096 less the default reserve of a quarter.
    const meter = screen.getByRole('meter', { name: 'Context budget' });
    await expect.element(meter).toHaveAttribute('aria-valuemax', String(4096 - 1024));
    await screen.getByRole('button', { name: 'Use claude-sonnet-4-5' }).click();
    await expect.element(line).toHaveTextContent('Estimated as o200k_base × 1.25 · Claude template');
    await expect.element(line).toHaveAttribute('data-estimate', 'true');
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('shows the real estimate of the draft, segmented by section', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const expected = await session.estimate(DRAFT);
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={session.id} draft={DRAFT} debounceMs={0} />
      </Kit>,
    );
    const meter = screen.getByRole('meter', { name: 'Context budget' });
    await expect.element(meter).toHaveAttribute('aria-valuenow', String(expected.budget.used));
    await expect.element(meter).toHaveAttribute('aria-valuemax', String(expected.budget.available));
    const sections = [...(meter.element() as HTMLElement).children].map((segment) =>
      segment.getAttribute('data-section'),
    );
    expect(sections).toEqual(
      Object.entries(expected.sections)
        .filter(([name, totals]) => totals.tokens > 0 || name === 'system')
        .map(([name]) => name),
    );
    await expect
      .element(screen.getByText(/^This message:/))
      .toHaveTextContent(
        `This message: ${expected.budget.used.toLocaleString('en')} / ${expected.budget.available.toLocaleString('en')} tokens`,
      );
    expect(screen.container.querySelector('.ctxkit-meter')?.getAttribute('data-level')).toBe('ok');
  });

  test('the hotkey and the indicator cycle Auto → Off → Light → Heavy as a session override, stored', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={session.id} debounceMs={0} />
      </Kit>,
    );
    const indicator = screen.getByRole('button', { name: /^Context:/ });
    await expect.element(indicator).toHaveTextContent('Context: Light');
    await expect.element(indicator).toHaveAttribute('data-override', 'false');
    const storedMode = async () => (await engine.store.loadSession(session.id))?.record.mode;

    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await expect.element(indicator).toHaveTextContent('Context: Heavy');
    await expect.element(indicator).toHaveAttribute('data-override', 'true');
    expect(await storedMode()).toBe('heavy');
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    // Under Auto the indicator shows what the draft would get: an empty one follows up, so Light.
    await expect.element(indicator).toHaveTextContent('Context: Auto (Light)');
    await expect.element(indicator).toHaveAttribute('data-chosen', 'light');
    expect(await storedMode()).toBe('auto');
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await expect.element(indicator).toHaveTextContent('Context: Off');
    expect(await storedMode()).toBe('off');
    await indicator.click();
    await expect.element(indicator).toHaveTextContent('Context: Light');
    expect(await storedMode()).toBe('light');
    // Another key does nothing.
    await userEvent.keyboard('{Alt>}M{/Alt}');
    await expect.element(indicator).toHaveTextContent('Context: Light');
  });

  test('a chat the store does not hold yet shows the default mode, and choosing another stores the chat', async () => {
    const engine = await kitEngine();
    // A chat opened by the app's id is stored at its first turn: until then the store has no record of it.
    const session = await engine.openOrCreateSession('chat-not-sent-yet');
    expect(await engine.store.loadSession(session.id)).toBeFalsy();
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={session.id} debounceMs={0} />
      </Kit>,
    );
    const indicator = screen.getByRole('button', { name: /^Context:/ });
    await expect.element(indicator).toHaveTextContent('Context: Light');
    await expect.element(indicator).toHaveAttribute('data-override', 'false');
    await indicator.click();
    await expect.element(indicator).toHaveTextContent('Context: Heavy');
    expect((await engine.store.loadSession(session.id))?.record.mode).toBe('heavy');
  });

  test('the hotkey is configurable, and null turns it off', async () => {
    const engine = await kitEngine();
    const first = await engine.createSession();
    const second = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={first.id} hotkey="Ctrl+." data-testid="first" />
        <BudgetMeter sessionId={second.id} hotkey={null} data-testid="second" />
      </Kit>,
    );
    await expect.element(screen.getByTestId('first')).toHaveAttribute('data-mode', 'light');
    await userEvent.keyboard('{Control>}.{/Control}');
    await expect.element(screen.getByTestId('first')).toHaveAttribute('data-mode', 'heavy');
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await expect.element(screen.getByTestId('second')).toHaveAttribute('data-mode', 'light');
    await expect.element(screen.getByTestId('first')).toHaveAttribute('data-mode', 'heavy');
  });

  test('after a reply it shows the reported usage against the estimate, with the difference', async () => {
    const { engine, sessionId } = await conversation();
    const usage = await engine.store.listUsage(sessionId);
    const last = usage.at(-1);
    if (!last?.actualInputTokens) throw new Error('the fixture reports usage');
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={sessionId} />
      </Kit>,
    );
    await expect
      .element(screen.getByText(/^Last reply:/))
      .toHaveTextContent(
        `Last reply: ${last.actualInputTokens.toLocaleString('en')} tokens used, estimated ${last.estimatedInputTokens.toLocaleString('en')} (+37)`,
      );
  });

  test('after a reply whose provider said what it cached, it shows cached and new tokens', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const turn = await session.prepare('How do I log requests?');
    await session.commit(turn, 'One line per request.', { inputTokens: 1_200, cachedInputTokens: 1_000 });
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={session.id} />
      </Kit>,
    );
    await expect.element(screen.getByText(/^Last reply:/)).toHaveTextContent(/· 1,000 cached, 200 new$/);
  });

  test('with a price table it shows the last reply’s cost and what the prompt cache saved', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const turn = await session.prepare('How do I log requests?');
    await session.commit(turn, 'One line per request.', {
      inputTokens: 100_000,
      cachedInputTokens: 80_000,
      outputTokens: 1_000,
    });
    // Per million tokens: 3 in, 0.3 cached, 15 out. 20,000 new (0.06) + 80,000 cached (0.024) + 1,000 out (0.015).
    const prices = { 'test-model': { input: 3, cachedInput: 0.3, output: 15 } };
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={session.id} prices={prices} />
      </Kit>,
    );
    await expect
      .element(screen.getByText(/^Last reply cost/))
      .toHaveTextContent('Last reply cost 0.099 · the prompt cache saved 0.216');
  });

  test('it says how much of the next request repeats from the last one, which a prompt cache can serve', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    await session.commit(await session.prepare('How do I log requests?'), 'One line per request.');
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={session.id} draft="And errors?" />
      </Kit>,
    );
    const plan = await session.estimate('And errors?');
    const { prefixTokens } = plan.cache;
    expect(prefixTokens).toBeGreaterThan(0);
    await expect
      .element(screen.getByText(/^Stable start:/))
      .toHaveTextContent(
        `Stable start: ${prefixTokens.toLocaleString('en')} of ${plan.budget.used.toLocaleString('en')} tokens`,
      );
  });

  test('thresholds warn, and required context that cannot fit is over budget', async () => {
    const engine = await kitEngine({ contextWindow: 400, reservedOutput: 100 });
    const small = await engine.createSession();
    const big = await engine.createSession();
    await big.setWorkspace('A long open file. '.repeat(200));
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={small.id} thresholds={{ warn: 0.05, danger: 0.99 }} data-testid="small" />
        <BudgetMeter sessionId={big.id} data-testid="big" />
      </Kit>,
    );
    await expect.element(screen.getByTestId('small')).toHaveAttribute('data-level', 'warn');
    await expect.element(screen.getByTestId('big')).toHaveAttribute('data-level', 'over');
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/tokens over the budget/);
    await expect.element(screen.getByRole('alert')).toHaveAttribute('data-too-long', 'context');
  });

  test('a draft too long by itself is named as the cause, with the length that fits', async () => {
    const engine = await kitEngine({ contextWindow: 400, reservedOutput: 100 });
    const session = await engine.createSession();
    const draft = 'A very long pasted log line. '.repeat(80);
    const error = await session.estimate(draft).then(
      () => null,
      (caught: unknown) => caught as BudgetError,
    );
    expect(error?.tooLong).toBe('message');
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={session.id} draft={draft} debounceMs={0} />
      </Kit>,
    );
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveAttribute('data-too-long', 'message');
    await expect
      .element(alert)
      .toHaveTextContent(
        `This message is ${(error as BudgetError).messageTokens.toLocaleString('en')} tokens, ` +
          `${((error as BudgetError).requiredTokens - (error as BudgetError).budget).toLocaleString('en')} more ` +
          `than fit (at most ${(error as BudgetError).messageRoom.toLocaleString('en')}). Shorten it or send it in parts.`,
      );
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('the breakdown lists what was added automatically and why; Escape closes it', async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    await session.pin(
      { kind: 'card', title: 'Goal', text: 'Ship it' },
      { kind: 'leased', lease: { kind: 'turns', turns: 2 } },
    );
    const expected = await session.estimate(DRAFT);
    const agent = expected.included.filter((entry) => entry.reason.code === 'agent');
    expect(agent.length).toBeGreaterThan(0);
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={session.id} draft={DRAFT} debounceMs={0} />
      </Kit>,
    );
    const trigger = screen.getByRole('button', { name: 'Breakdown' });
    await trigger.click();
    const region = screen.getByRole('region', { name: 'Breakdown' });
    await expect.element(region).toBeVisible();
    const automatic = (region.element() as HTMLElement).querySelectorAll('[data-included="true"]');
    expect([...automatic].map((entry) => entry.getAttribute('data-reason')).sort()).toEqual(
      [...agent.map(() => 'agent'), 'pinned'].sort(),
    );
    await expect.element(region.getByText(/^matches your message \(score/).first()).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await expect.element(region).not.toBeInTheDocument();
    expect(document.activeElement).toBe(trigger.element());
  });

  test("shows the draft in the model's own tokens with its uncertainty, and what automatic context went unused", async () => {
    const engine = await kitEngine();
    const session = await engine.createSession();
    for (let turn = 0; turn < 4; turn++) {
      const prepared = await session.prepare(DRAFT);
      const reply = turn % 2 === 0 ? 'Follow File Operations: write a temporary file.' : 'Done.';
      // A provider that counts 1.3× what the planner counts, as Claude's tokenizer does against tiktoken.
      await session.commit(prepared, reply, { inputTokens: Math.round(prepared.plan.budget.used * 1.3) });
    }
    await engine.reflection.calibration();
    const expected = await session.estimate(DRAFT);
    const calibration = expected.calibration;
    if (!calibration) throw new Error('four reports calibrate the count');
    const sessionWaste = await engine.reflection.waste(session.id);
    expect(sessionWaste.autoTokens).toBeGreaterThan(0);
    const screen = await render(
      <Kit engine={engine}>
        <BudgetMeter sessionId={session.id} draft={DRAFT} debounceMs={0} />
      </Kit>,
    );
    const uncertainty = Math.round((calibration.high - calibration.low) / 2);
    await expect
      .element(screen.getByText(/^Model count:/))
      .toHaveTextContent(
        `Model count: ≈ ${calibration.tokens.toLocaleString('en')} tokens (± ${uncertainty.toLocaleString('en')}), calibrated on 4 replies — budget adjusted`,
      );
    await expect
      .element(screen.getByRole('meter', { name: 'Context budget' }))
      .toHaveAttribute('aria-valuemax', String(Math.floor(expected.budget.available)));

    await screen.getByRole('button', { name: 'Breakdown' }).click();
    const region = screen.getByRole('region', { name: 'Breakdown' });
    const percent = (share: number) => `${Math.round(share * 100)}%`;
    const messages = (await engine.store.loadSession(session.id))?.messages ?? [];
    const last = messages
      .flatMap((m) => (m.role === 'assistant' && m.reflection ? [m.reflection.waste] : []))
      .at(-1);
    if (!last) throw new Error('committed turns carry their waste');
    await expect
      .element(region.getByText(/^Unused automatic context/))
      .toHaveTextContent(
        `Unused automatic context, last reply: ${percent(last.share)} of ${last.autoTokens.toLocaleString('en')} tokens. This session: ${percent(sessionWaste.share)} of ${sessionWaste.autoTokens.toLocaleString('en')} tokens (target below 30%).`,
      );
    const unused = region.getByRole('list', { name: 'Never referenced in the last reply' });
    await expect.element(unused).toBeVisible();
    expect(
      [...(unused.element() as HTMLElement).querySelectorAll('.ctxkit-meter__auto-name')].map(
        (e) => e.textContent,
      ),
    ).toEqual(last.entries.filter((entry) => !entry.referenced).map((entry) => entry.id));
    expect(screen.container.querySelector('.ctxkit-meter__waste')?.getAttribute('data-over-target')).toBe(
      String(sessionWaste.share >= 0.3),
    );
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});

describe('the breakdown in the viewport', () => {
  async function openBreakdownAt(position: 'top' | 'bottom') {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <div style={{ position: 'fixed', insetInline: 0, [position]: 0 }}>
          <BudgetMeter sessionId={session.id} draft={DRAFT} debounceMs={0} />
        </div>
      </Kit>,
    );
    await screen.getByRole('button', { name: 'Breakdown' }).click();
    const region = screen.getByRole('region', { name: 'Breakdown' });
    await expect.element(region).toBeVisible();
    return region.element() as HTMLElement;
  }

  test('opens above a meter docked at the bottom of the window, and stays inside the window', async () => {
    const region = await openBreakdownAt('bottom');
    await expect.poll(() => region.dataset.placement).toBe('above');
    const rect = region.getBoundingClientRect();
    expect(rect.top).toBeGreaterThanOrEqual(0);
    expect(rect.bottom).toBeLessThanOrEqual(window.innerHeight);
  });

  test("sits beside its meter: its end edge on the meter's, inside the window", async () => {
    const region = await openBreakdownAt('bottom');
    const meter = region.closest('.ctxkit-meter') as HTMLElement;
    // The meter spans the window here: the popover keeps a margin of 8 px from the window's edge.
    const end = Math.min(meter.getBoundingClientRect().right, window.innerWidth - 8);
    // Placed once shown: its coordinates are set after it opens.
    await expect.poll(() => Math.abs(region.getBoundingClientRect().right - end)).toBeLessThanOrEqual(1);
    const rect = region.getBoundingClientRect();
    expect(rect.bottom).toBeLessThanOrEqual(meter.getBoundingClientRect().top);
    expect(rect.left).toBeGreaterThanOrEqual(0);
  });

  test('opens below a meter at the top of the window', async () => {
    const region = await openBreakdownAt('top');
    expect(region.dataset.placement).toBe('below');
    const rect = region.getBoundingClientRect();
    expect(rect.bottom).toBeLessThanOrEqual(window.innerHeight);
  });
});

describe('the breakdown as a popover', () => {
  async function openWithInput() {
    const engine = await kitEngine();
    const session = await engine.createSession();
    const screen = await render(
      <Kit engine={engine}>
        <label>
          Chat input
          <input />
        </label>
        <BudgetMeter sessionId={session.id} draft={DRAFT} debounceMs={0} hotkey={null} />
      </Kit>,
    );
    const trigger = screen.getByRole('button', { name: 'Breakdown' });
    await trigger.click();
    const region = screen.getByRole('region', { name: 'Breakdown' });
    await expect.element(region).toBeVisible();
    return { screen, trigger, region };
  }

  test('is in the top layer, and a click outside closes it', async () => {
    const { screen, trigger, region } = await openWithInput();
    expect((region.element() as HTMLElement).matches(':popover-open')).toBe(true);
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'true');
    await screen.getByLabelText('Chat input').click();
    await expect.element(region).not.toBeInTheDocument();
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('its trigger closes it again, and opens it after', async () => {
    const { trigger, region } = await openWithInput();
    await trigger.click();
    await expect.element(region).not.toBeInTheDocument();
    await trigger.click();
    await expect.element(region).toBeVisible();
  });

  test('Escape typed elsewhere closes it without taking the focus, and the kit listens to no key', async () => {
    const listened: string[] = [];
    const add = window.addEventListener;
    window.addEventListener = function (this: Window, type: string, ...rest: unknown[]) {
      listened.push(type);
      return (add as (...args: unknown[]) => void).call(this, type, ...rest);
    } as typeof window.addEventListener;
    try {
      const { screen, region } = await openWithInput();
      const input = screen.getByLabelText('Chat input');
      (input.element() as HTMLInputElement).focus();
      await userEvent.keyboard('{Escape}');
      await expect.element(region).not.toBeInTheDocument();
      expect(document.activeElement).toBe(input.element());
      expect(listened.filter((type) => type.startsWith('key'))).toEqual([]);
    } finally {
      window.addEventListener = add;
    }
  });
});
