import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { reusedConversation } from '../../test/earned.fixtures.js';
import { conversation, kitEngine, largeConversation, legacyConversation } from '../../test/fixtures.js';
import { failingStory, loadingStory } from '../../test/state-stories.js';
import { asLoaded, Frame } from '../../test/story.js';
import { ContextDetails } from './context-details.js';

const meta = {
  title: 'Components/ContextDetails',
  component: ContextDetails,
  args: { sessionId: '', messageId: '', onItemClick: fn(), variant: 'expanded' },
  loaders: [async () => conversation()],
  render: (args, { loaded }) => {
    const { engine, sessionId, replyId = '' } = asLoaded(loaded);
    return (
      <Frame engine={engine}>
        <ContextDetails {...args} sessionId={sessionId} messageId={replyId} />
      </Frame>
    );
  },
} satisfies Meta<typeof ContextDetails>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A reply with every include mode, a pinned card, history and retrieved candidates left out. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^\d+ rules? \(/)).toBeVisible();
    await expect(canvas.getAllByText(/^Agent 0\.\d\d$/).length).toBeGreaterThan(0);
    await userEvent.click(await canvas.findByRole('button', { name: /^Show excluded/ }));
    await expect(canvas.getByRole('button', { name: /^Hide excluded/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Authentication Rules' }));
    await expect(args.onItemClick).toHaveBeenCalledWith(
      expect.objectContaining({ ref: { type: 'rule', name: 'Authentication Rules' } }),
    );
  },
};

/** Under a reply in a chat (the default): one line that opens to the full view. */
export const Collapsed: Story = {
  args: { variant: 'collapsed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('button', {
      // "· N left out" only when the plan left something out (light mode's cards often leave nothing out).
      name: /^Context: [\d,]+ tokens · \d+ items(?: · \d+ left out)?$/,
    });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByText(/^\d+ rules? \(/)).toBeNull();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(await canvas.findByText(/^\d+ rules? \(/)).toBeVisible();
  },
};

/** The first reply of the session: session items and what retrieval added, no pins or history yet. */
export const FirstReply: Story = {
  loaders: [async () => conversation().then((data) => ({ ...data, replyId: data.firstReplyId }))],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^\d+ rules? \(/)).toBeVisible();
    await expect(await canvas.findByRole('button', { name: /^Show excluded/ })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^(Pins|History) \(/ })).toBeNull();
  },
};

/** What entered the plan since the previous turn (the pins made in between, the first turn as history), and why. */
export const ComparedWithPreviousTurn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('button', { name: /^Compared with previous turn \(\d+ entered/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(await canvas.findByRole('heading', { name: /^Entered \(\d+\)$/ })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: /^Left \(\d+\)$/ })).toBeVisible();
    await expect(canvas.getByText(/^now: leased pin; before: not a candidate$/)).toBeVisible();
  },
};

/** A message written before context tracking. */
export const LegacyMessage: Story = {
  loaders: [async () => legacyConversation()],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No context data available')).toBeVisible();
  },
};

/** 200 items in the request, some with names that must wrap. */
export const TwoHundredItems: Story = {
  loaders: [async () => largeConversation()],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^100 rules \(/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^References \(100\)/ })).toBeVisible();
  },
};

export const Loading: Story = loadingStory('Loading…');

export const ErrorState: Story = { name: 'Error', ...failingStory };

/** Tab to a section heading; Enter and Space collapse and expand it. */
export const KeyboardUse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rules = await canvas.findByRole('button', { name: /^Rules \(/ });
    await userEvent.tab();
    await expect(rules).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(rules).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('button', { name: 'Authentication Rules' })).toBeNull();
    await userEvent.keyboard(' ');
    await expect(rules).toHaveAttribute('aria-expanded', 'true');
  },
};

/** The default story in the dark scheme, so axe checks contrast there too. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-theme="dark"]')).not.toBeNull();
    // Check contrast on the loaded view, not on its loading state.
    await waitFor(() => expect(canvasElement.querySelector('[data-state="ready"]')).not.toBeNull());
  },
};

/** A message with an image and a text file: each is a row with its type, size and token cost, the image a thumbnail. */
export const Attachments: Story = {
  loaders: [
    async () => {
      const engine = await kitEngine();
      const session = await engine.createSession();
      const canvas = new OffscreenCanvas(640, 360);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.fillStyle = '#3b82f6';
      context.fillRect(0, 0, 640, 360);
      context.fillStyle = '#f59e0b';
      context.fillRect(80, 120, 160, 240);
      const image = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      const turn = await session.prepare('What does this chart show, given these notes?', {
        attachments: [
          { mediaType: 'image/png', data: image, name: 'sales-q3.png' },
          {
            mediaType: 'text/markdown',
            data: new TextEncoder().encode('# Q3\nSales rose.'),
            name: 'notes.md',
          },
        ],
      });
      const { assistantMessage } = await session.commit(turn, 'Sales rose in the third quarter.');
      return { engine, sessionId: session.id, replyId: assistantMessage.id };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /^Attachments \(2\)/ })).toBeVisible();
    await expect(canvas.getByText('image/png · 640×360 px')).toBeVisible();
    await expect(canvas.getByText('text/markdown · text file')).toBeVisible();
  },
};

/** A request that started from what served an earlier, similar message: the details say so and name its items. */
export const StartedFromEarlier: Story = {
  loaders: [
    async () => {
      const { engine, session, messageId } = await reusedConversation();
      return { engine, sessionId: session.id, replyId: messageId };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Started from what served an earlier, similar message'),
    ).toBeVisible();
  },
};
