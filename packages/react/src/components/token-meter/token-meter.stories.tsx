import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TokenMeter } from './token-meter.js';

const meta = {
  title: 'Components/TokenMeter',
  component: TokenMeter,
  args: {
    maxTokens: 128_000,
    usedTokens: 42_000,
    usage: { inputTokens: 42_000, cachedInputTokens: 38_000, outputTokens: 900 },
  },
} satisfies Meta<typeof TokenMeter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FromSdkUsage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('meter', { name: 'Context window' })).toHaveAttribute(
      'aria-valuenow',
      '42000',
    );
    await expect(canvas.getByText('Last reply: Input 42,000 (38,000 cached) · Output 900')).toBeVisible();
  },
};

export const NearlyFull: Story = {
  args: { usedTokens: 120_000, usage: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.ctxkit-meter')).toHaveAttribute('data-level', 'danger');
  },
};

export const Compact: Story = {
  args: { variant: 'compact', usedTokens: 7_200 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('7.2k / 128k tokens')).toBeVisible();
  },
};
