import type { SuggestedPin } from '@ctxkit/core/view';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { earnedConversation } from '../../test/earned.fixtures.js';
import { conversation, kitEngine, manyPins } from '../../test/fixtures.js';
import { darkStory, failingStory, loadingStory } from '../../test/state-stories.js';
import { asLoaded, Frame, renderForSession } from '../../test/story.js';
import { PinManager, SuggestedPinsHint } from './pin-manager.js';

const suggestions: SuggestedPin[] = [
  {
    id: 'logging',
    target: { kind: 'item', ref: { type: 'rule', name: 'Logging' } },
    reason: 'Mentioned in 3 turns',
  },
  { id: 'deadline', target: { kind: 'card', title: 'Deadline: Friday', text: 'Ship before Friday' } },
];

const meta = {
  title: 'Components/PinManager',
  component: PinManager,
  args: { sessionId: '' },
  loaders: [async () => conversation()],
  render: renderForSession(PinManager),
} satisfies Meta<typeof PinManager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sticky, leased (with what remains of the lease) and ephemeral pins, each with its cost. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('region', { name: 'Sticky' })).toBeVisible();
    await expect(canvas.getByText('2 of 3 turns left')).toBeVisible();
  },
};

/** Suggestions dimmed below the delimiter, and the non-blocking hint that opens the manager. */
export const SuggestedPins: Story = {
  args: { suggestions },
  render: (args, { loaded }) => {
    const { engine, sessionId } = asLoaded(loaded);
    return (
      <Frame engine={engine}>
        <SuggestedPinsHint count={suggestions.length} onOpen={() => {}} />
        <PinManager {...args} sessionId={sessionId} />
      </Frame>
    );
  },
};

/**
 * Suggestions stored with the session: one the model's reply carried (a `<ctxkit:suggest-pin …/>` line) and one the
 * host stored with `session.suggestPin`. Accept pins through the session; Dismiss removes the stored suggestion.
 */
export const StoredSuggestions: Story = {
  loaders: [
    async () => {
      const engine = await kitEngine();
      const session = await engine.createSession();
      await session.commit(
        await session.prepare('How do I read a file?'),
        'Use read_file.\n<ctxkit:suggest-pin ref="reference:Database Schema" reason="The files hold database rows"/>',
      );
      await session.suggestPin(
        { kind: 'card', title: 'Deploy notes', text: 'Migrate first.' },
        'Asked twice',
      );
      return { engine, sessionId: session.id };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const suggested = await canvas.findByRole('region', { name: 'Suggested pins' });
    await expect(within(suggested).getByText('The files hold database rows')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss Deploy notes' }));
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Dismiss Deploy notes' })).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Accept Database Schema' }));
    await expect(await canvas.findByRole('region', { name: 'Sticky' })).toBeVisible();
  },
};

/** Accept pins a suggestion (as sticky: the user chose it); Dismiss only hides it. */
export const AcceptAndDismiss: Story = {
  args: { suggestions, onAcceptSuggestion: fn(), onDismissSuggestion: fn() },
  render: (args, { loaded }) => {
    const { engine, sessionId } = asLoaded(loaded);
    return (
      <Frame engine={engine}>
        <SuggestedPinsHint count={suggestions.length} onOpen={() => {}} />
        <PinManager {...args} sessionId={sessionId} />
      </Frame>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Suggested pins (2)' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept Logging' }));
    await waitFor(() => expect(args.onAcceptSuggestion).toHaveBeenCalled());
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss Deadline: Friday' }));
    await expect(args.onDismissSuggestion).toHaveBeenCalled();
  },
};

export const Empty: Story = {
  loaders: [
    async () => {
      const engine = await kitEngine();
      return { engine, sessionId: (await engine.createSession()).id };
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^Nothing is pinned/)).toBeVisible();
  },
};

/** Thirty pins, long titles that wrap. */
export const ManyPins: Story = {
  loaders: [async () => manyPins(30)],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Sticky (10)' })).toBeVisible();
  },
};

/** Tab to Promote and press Enter: the ephemeral pin becomes leased. */
export const KeyboardUse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const promote = await canvas.findByRole('button', { name: 'Promote Database Schema to leased' });
    promote.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Ephemeral' })).toBeNull());
    await expect(
      within(canvas.getByRole('region', { name: 'Leased' })).getAllByText('Database Schema')[0],
    ).toBeVisible();
  },
};

export const Loading: Story = loadingStory('Loading…');

export const ErrorState: Story = { name: 'Error', ...failingStory };

/** The default story in the dark scheme, so axe checks contrast there too. */
export const Dark: Story = darkStory;

/** A lease the conversation earned: two replies called read_file, so it is kept while they keep using it. */
export const EarnedLease: Story = {
  loaders: [
    async () => {
      const { engine, session } = await earnedConversation();
      return { engine, sessionId: session.id };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Kept because the last replies used it')).toBeVisible();
  },
};
