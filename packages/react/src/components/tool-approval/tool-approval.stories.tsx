import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ToolApproval } from './tool-approval.js';

const meta = {
  title: 'Components/ToolApproval',
  component: ToolApproval,
  args: {
    calls: [{ id: 'call-sum', name: 'demo__calculator', arguments: { expression: '17 * 23' } }],
    onSettled: fn(),
  },
} satisfies Meta<typeof ToolApproval>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One call waiting for the user; Allow settles it. */
export const OneCall: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Allow demo: calculator' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Allowed: demo: calculator');
    await expect(args.onSettled).toHaveBeenCalledWith({ 'call-sum': 'approved' });
  },
};

/** Several calls: each on its own, or all at once. */
export const SeveralCalls: Story = {
  args: {
    calls: [
      { id: 'call-sum', name: 'demo__calculator', arguments: { expression: '17 * 23' } },
      { id: 'call-time', name: 'demo__current_time', arguments: {} },
      { id: 'call-docs', name: 'demo__search_docs', arguments: { query: 'pins' } },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Deny demo: current_time' }));
    await expect(canvas.getByRole('button', { name: 'Allow all 2' })).toBeVisible();
  },
};
