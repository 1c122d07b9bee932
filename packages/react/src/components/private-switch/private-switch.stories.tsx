import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { kitEngine } from '../../test/fixtures.js';
import { renderForSession } from '../../test/story.js';
import { PrivateSwitch } from './private-switch.js';

async function session(isPrivate = false) {
  const engine = await kitEngine();
  const created = await engine.createSession();
  if (isPrivate) await created.setPrivate(true);
  return { engine, sessionId: created.id };
}

const meta = {
  title: 'Components/PrivateSwitch',
  component: PrivateSwitch,
  args: { sessionId: '' },
  loaders: [async () => session()],
  render: renderForSession(PrivateSwitch),
} satisfies Meta<typeof PrivateSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Stored on the device; a click makes the conversation private. */
export const Stored: Story = {
  play: async ({ canvasElement }) => {
    const toggle = await within(canvasElement).findByRole('switch', { name: 'Private conversation' });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(await within(canvasElement).findByText(/^Kept in this tab only/)).toBeVisible();
  },
};

/** Private: in this tab's memory only. */
export const Private: Story = {
  loaders: [async () => session(true)],
  play: async ({ canvasElement }) => {
    const toggle = await within(canvasElement).findByRole('switch', { name: 'Private conversation' });
    await expect(toggle).toBeChecked();
  },
};
