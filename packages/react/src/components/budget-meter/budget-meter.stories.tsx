import type { ModeSetting } from '@ctxkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { conversation, kitEngine } from '../../test/fixtures.js';
import { darkStory, failingStory, loadingStory } from '../../test/state-stories.js';
import { asLoaded, Frame, renderForSession } from '../../test/story.js';
import { BudgetMeter, type BudgetMeterProps } from './budget-meter.js';

const DRAFT = 'How do I read a file from disk and write the file safely?';

async function sessionInMode(mode: ModeSetting | null) {
  const engine = await kitEngine();
  const session = await engine.createSession();
  await session.pin(
    { kind: 'card', title: 'Goal', text: 'Atomic writes' },
    { kind: 'leased', lease: { kind: 'turns', turns: 2 } },
  );
  if (mode) await session.setMode(mode);
  return { engine, sessionId: session.id };
}

/** A chat input with the compact meter beside it. */
function Composer(props: BudgetMeterProps) {
  const [draft, setDraft] = useState('');
  return (
    <div className="ctxkit-story-input">
      <label htmlFor="composer">Message</label>
      <textarea id="composer" value={draft} onChange={(event) => setDraft(event.target.value)} />
      <BudgetMeter {...props} draft={draft} />
    </div>
  );
}

const meta = {
  title: 'Components/BudgetMeter',
  component: BudgetMeter,
  args: { sessionId: '', draft: DRAFT, debounceMs: 0 },
  loaders: [async () => sessionInMode(null)],
  render: renderForSession(BudgetMeter),
} satisfies Meta<typeof BudgetMeter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const meter = await within(canvasElement).findByRole('meter', { name: 'Context budget' });
    await expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  },
};

/** Next to a chat input: the estimate follows what is typed. */
export const CompactWithInput: Story = {
  args: { variant: 'compact', draft: '' },
  render: (args, { loaded }) => {
    const { engine, sessionId } = asLoaded(loaded);
    return (
      <Frame engine={engine}>
        <Composer {...args} sessionId={sessionId} />
      </Frame>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const meter = await canvas.findByRole('meter');
    const before = Number(meter.getAttribute('aria-valuenow'));
    await userEvent.type(canvas.getByLabelText('Message'), 'How do I read a file from disk safely?');
    await waitFor(() => expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(before));
    // The figures say what they count.
    await expect(canvas.getByText(/^[\d.]+k? \/ [\d.]+k? tokens$/)).toBeVisible();
  },
};

export const ModeOff: Story = {
  loaders: [async () => sessionInMode('off')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: /^Context: Off/ })).toBeVisible();
  },
};

export const ModeLight: Story = {
  loaders: [async () => sessionInMode('light')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: /^Context: Light/ })).toBeVisible();
  },
};

export const ModeHeavy: Story = {
  loaders: [async () => sessionInMode('heavy')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: /^Context: Heavy/ })).toBeVisible();
  },
};

/** Automatic mode: the indicator shows the mode the draft would get. */
export const ModeAuto: Story = {
  loaders: [async () => sessionInMode('auto')],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: /^Context: Auto \(Light\)/ }),
    ).toBeVisible();
  },
};

/** Alt+Shift+M (or a click) cycles Auto → Off → Light → Heavy for this session. */
export const HotkeyCycling: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const indicator = await canvas.findByRole('button', { name: /^Context: Light/ });
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await waitFor(() => expect(indicator).toHaveTextContent('Context: Heavy'));
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await waitFor(() => expect(indicator).toHaveTextContent('Context: Auto (Light)'));
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await waitFor(() => expect(indicator).toHaveTextContent('Context: Off'));
    await userEvent.click(indicator);
    await waitFor(() => expect(indicator).toHaveTextContent('Context: Light'));
  },
};

/** What was added automatically and why; Escape closes it. */
export const Breakdown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Breakdown' }));
    const region = canvas.getByRole('region', { name: 'Breakdown' });
    await expect(within(region).getAllByText(/^matches your message \(score/).length).toBeGreaterThan(0);
  },
};

/** After a reply: the provider's count against the estimate. */
export const AfterReply: Story = {
  args: { draft: '' },
  loaders: [async () => conversation()],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^Last reply:/)).toHaveTextContent('(+37)');
  },
};

/** A large workspace takes the request past the danger threshold (90 % by default). */
export const NearlyFull: Story = {
  loaders: [
    async () => {
      const engine = await kitEngine();
      const session = await engine.createSession();
      await session.setWorkspace('Open file contents. '.repeat(1240));
      return { engine, sessionId: session.id };
    },
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('.ctxkit-meter')).toHaveAttribute('data-level', 'danger'),
    );
  },
};

/** Required context (here a large workspace) cannot fit: sending would fail. */
export const OverBudget: Story = {
  loaders: [
    async () => {
      const engine = await kitEngine({ contextWindow: 400, reservedOutput: 100 });
      const session = await engine.createSession();
      await session.setWorkspace('A long open file. '.repeat(200));
      return { engine, sessionId: session.id };
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(/over the budget/);
  },
};

export const Loading: Story = loadingStory('Estimating…');

export const ErrorState: Story = { name: 'Error', ...failingStory };

/** The default story in the dark scheme, so axe checks contrast there too. */
export const Dark: Story = darkStory;

/** After replies from a provider that counts 1.3× the planner's tokens: the calibrated count and the waste. */
export const Calibrated: Story = {
  loaders: [
    async () => {
      const engine = await kitEngine();
      const session = await engine.createSession();
      for (let turn = 0; turn < 4; turn++) {
        const prepared = await session.prepare(DRAFT);
        const reply = turn % 2 === 0 ? 'Follow File Operations: write a temporary file.' : 'Done.';
        await session.commit(prepared, reply, { inputTokens: Math.round(prepared.plan.budget.used * 1.3) });
      }
      await engine.reflection.calibration();
      return { engine, sessionId: session.id };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^Model count: ≈/)).toHaveTextContent(/calibrated on 4 replies/);
    await userEvent.click(canvas.getByRole('button', { name: 'Breakdown' }));
    await expect(await canvas.findByText(/^Unused automatic context/)).toHaveTextContent(/target below 30%/);
  },
};

/** With a price table: the last reply's cost, what the prompt cache saved, and the stable start of the next request. */
export const CachedAndPriced: Story = {
  args: { prices: { 'test-model': { input: 3, cachedInput: 0.3, output: 15 } } },
  loaders: [
    async () => {
      const engine = await kitEngine();
      const session = await engine.createSession();
      for (const [turn, cached] of [0, 900].entries()) {
        const prepared = await session.prepare(turn === 0 ? DRAFT : 'And how are errors logged?');
        await session.commit(prepared, 'One line per request.', {
          inputTokens: 1_200,
          cachedInputTokens: cached,
          outputTokens: 60,
        });
      }
      return { engine, sessionId: session.id };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^Last reply cost/)).toHaveTextContent(/the prompt cache saved/);
    await expect(await canvas.findByText(/^Stable start:/)).toHaveTextContent(/repeat from the last request/);
  },
};
