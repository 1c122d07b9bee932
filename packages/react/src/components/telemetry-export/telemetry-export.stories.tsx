import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { conversation } from '../../test/fixtures.js';
import { asLoaded, Frame } from '../../test/story.js';
import { TelemetryExport } from './telemetry-export.js';

const meta = {
  title: 'Components/TelemetryExport',
  component: TelemetryExport,
  args: { onExport: fn() },
  loaders: [async () => conversation()],
  render: (args, { loaded }) => {
    const { engine, sessionId } = asLoaded(loaded);
    return (
      <Frame engine={engine}>
        <TelemetryExport {...args} sessionId={sessionId} />
      </Frame>
    );
  },
} satisfies Meta<typeof TelemetryExport>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One click: the conversation's turns as JSON lines, handed to the host. */
export const Exported: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Export telemetry' }));
    await expect(await canvas.findByText(/^Exported \d+ turns?\.$/)).toBeVisible();
    await expect(args.onExport).toHaveBeenCalledTimes(1);
  },
};
