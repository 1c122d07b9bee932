import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { kitEngine } from '../../test/fixtures.js';
import { renderForSession } from '../../test/story.js';
import { RecallSwitch } from './recall-switch.js';

async function session(memory = true) {
  const engine = await kitEngine();
  const created = await engine.createSession();
  if (!memory) await created.setMemory(false);
  return { engine, sessionId: created.id };
}

const meta = {
  title: 'Components/RecallSwitch',
  component: RecallSwitch,
  args: { sessionId: '' },
  loaders: [async () => session()],
  render: renderForSession(RecallSwitch),
} satisfies Meta<typeof RecallSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On: relevant passages of earlier conversations are sent with each message. A click turns it off. */
export const On: Story = {
  play: async ({ canvasElement }) => {
    const toggle = await within(canvasElement).findByRole('switch', { name: 'Recall earlier conversations' });
    await expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await expect(await within(canvasElement).findByText(/^Nothing is recalled/)).toBeVisible();
  },
};

/** A conversation that keeps no memory is never recalled: off, disabled, and saying why. */
export const MemoryOff: Story = {
  loaders: [async () => session(false)],
  play: async ({ canvasElement }) => {
    const toggle = await within(canvasElement).findByRole('switch', { name: 'Recall earlier conversations' });
    await expect(toggle).toBeDisabled();
    await expect(within(canvasElement).getByText(/keeps no memory/)).toBeVisible();
  },
};
