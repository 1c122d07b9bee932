import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { kitEngine } from '../../test/fixtures.js';
import { asLoaded, Frame } from '../../test/story.js';
import { PinButton } from './pin-button.js';

async function session() {
  const engine = await kitEngine();
  const created = await engine.createSession();
  return { engine, sessionId: created.id };
}

const meta = {
  title: 'Components/PinButton',
  component: PinButton,
  args: { sessionId: '', target: { kind: 'item', ref: { type: 'rule', name: 'Logging' } }, name: 'Logging' },
  loaders: [async () => session()],
  render: (args, { loaded }) => {
    const { engine, sessionId } = asLoaded(loaded);
    return (
      <Frame engine={engine}>
        <PinButton {...args} sessionId={sessionId} />
      </Frame>
    );
  },
} satisfies Meta<typeof PinButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pin, then choose for how long: here for the next 3 turns. */
export const ChooseHowLong: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pin Logging' }));
    await userEvent.click(canvas.getByRole('button', { name: 'For the next 3 turns' }));
    await expect(await canvas.findByText('Pinned for a while')).toBeVisible();
  },
};
