import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { kitEngine } from '../../test/fixtures.js';
import { asLoaded, Frame } from '../../test/story.js';
import { RetentionSetting } from './retention-setting.js';

async function sessions() {
  const engine = await kitEngine();
  await engine.createSession({ title: 'Last winter' });
  return { engine, sessionId: '' };
}

const meta = {
  title: 'Components/RetentionSetting',
  component: RetentionSetting,
  args: { value: 30, onChange: fn(), now: () => new Date(Date.UTC(2026, 5, 1)) },
  loaders: [async () => sessions()],
  render: (args, { loaded }) => (
    <Frame engine={asLoaded(loaded).engine}>
      <RetentionSetting {...args} />
    </Frame>
  ),
} satisfies Meta<typeof RetentionSetting>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A conversation older than the chosen age, with the button that deletes it. */
export const OneOlder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('1 conversation is older than that.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete them now' })).toBeVisible();
  },
};

/** Kept for ever. */
export const Never: Story = {
  args: { value: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toHaveValue('');
  },
};
