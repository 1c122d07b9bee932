import { ValidationError } from '@ctxkit/core';
import { tokenMeterModel } from '@ctxkit/core/view';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { TokenMeter } from './token-meter.js';

// The AI SDK's LanguageModelUsage as streamText reports it, cached tokens in both the new and the old field.
const aiSdkUsage = {
  inputTokens: 1_200,
  inputTokenDetails: { noCacheTokens: 200, cacheReadTokens: 1_000, cacheWriteTokens: undefined },
  outputTokens: 80,
  outputTokenDetails: { textTokens: 60, reasoningTokens: 20 },
  totalTokens: 1_280,
  cachedInputTokens: 1_000,
  reasoningTokens: 20,
};

describe('TokenMeter', () => {
  test("shows plain numbers and an SDK's usage, with no engine, accessibly", async () => {
    const screen = await render(
      <main>
        <TokenMeter maxTokens={128_000} usedTokens={1_280} usage={aiSdkUsage} />
      </main>,
    );
    const meter = screen.getByRole('meter', { name: 'Context window' });
    await expect.element(meter).toHaveAttribute('aria-valuenow', '1280');
    await expect.element(meter).toHaveAttribute('aria-valuemax', '128000');
    await expect.element(meter).toHaveAttribute('aria-valuetext', '1,280 of 128,000 tokens (1%)');
    await expect
      .element(screen.getByText('Last reply: Input 1,200 (1,000 cached) · Output 80 · Reasoning 20'))
      .toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('the compact variant shows short figures with their unit', async () => {
    const screen = await render(<TokenMeter maxTokens={128_000} usedTokens={7_200} variant="compact" />);
    await expect.element(screen.getByText('7.2k / 128k tokens')).toBeVisible();
  });

  test('levels follow the thresholds, and over the window is over', () => {
    expect(tokenMeterModel(100, 10, undefined).level).toBe('ok');
    expect(tokenMeterModel(100, 80, undefined).level).toBe('warn');
    expect(tokenMeterModel(100, 95, undefined).level).toBe('danger');
    expect(tokenMeterModel(100, 101, undefined).level).toBe('over');
    expect(tokenMeterModel(100, 60, undefined, { warn: 0.5, danger: 0.7 }).level).toBe('warn');
  });

  test('a wrong number is a ValidationError naming the prop', () => {
    const issues = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).issues.map((issue) => issue.path);
      }
      throw new Error('did not throw');
    };
    expect(issues(() => tokenMeterModel(0, 10, undefined))).toEqual(['maxTokens']);
    expect(issues(() => tokenMeterModel(100, Number.NaN, undefined))).toEqual(['usedTokens']);
    expect(
      issues(() => tokenMeterModel(100, 10, { inputTokens: -1, outputTokens: Number.POSITIVE_INFINITY })),
    ).toEqual(['usage.inputTokens', 'usage.outputTokens']);
  });
});
