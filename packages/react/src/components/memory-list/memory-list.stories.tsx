import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { kitEngine } from '../../test/fixtures.js';
import { asLoaded, Frame } from '../../test/story.js';
import { MemoryList } from './memory-list.js';

async function remembered(count: number) {
  const engine = await kitEngine();
  const session = await engine.createSession();
  await session.setTitle('Release checklist');
  await session.commit(await session.prepare('How do we release?'), 'Tag, build, publish.');
  const notes = [
    { kind: 'key-point' as const, text: 'Releases are tagged from main after CI is green' },
    { kind: 'preference' as const, key: 'package manager', value: 'pnpm' },
    { kind: 'key-point' as const, text: 'The changelog comes from changesets' },
  ];
  if (count > 0) await engine.remember(session.id, notes.slice(0, count));
  return { engine, sessionId: session.id };
}

const meta = {
  title: 'Components/MemoryList',
  component: MemoryList,
  loaders: [async () => remembered(3)],
  render: (args, { loaded }) => {
    const { engine } = asLoaded(loaded);
    return (
      <Frame engine={engine}>
        <MemoryList {...args} />
      </Frame>
    );
  },
} satisfies Meta<typeof MemoryList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Key points and a preference, each with its conversation; Delete forgets one. */
export const WithMemories: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('package manager: pnpm')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete package manager: pnpm' }));
    await waitFor(() => expect(canvas.queryByText('package manager: pnpm')).toBeNull());
  },
};

/** Nothing remembered yet. */
export const Empty: Story = {
  loaders: [async () => remembered(0)],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^Nothing remembered yet/)).toBeVisible();
  },
};
