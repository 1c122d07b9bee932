import { type ErrorIssue, ValidationError } from '../errors/index.js';
import type { UsageReport } from '../session/index.js';
import { checkKnownFields, isRecord } from '../validation/index.js';

/** One model's prices per million tokens, in whatever currency the host uses. */
export interface ModelPrice {
  readonly input: number;
  /** Input tokens read from the provider's prompt cache. Default: `input` (no discount). */
  readonly cachedInput?: number;
  /** Input tokens written to the prompt cache (Anthropic bills them above `input`). Default: `input`. */
  readonly cacheWrite?: number;
  /** Default 0: only input is priced. */
  readonly output?: number;
}

/** Prices by model name, as usage reports name the model. */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/** What one reply cost, by kind of token, in the price table's currency. */
export interface UsageCost {
  /** Input tokens neither read from nor written to the cache. */
  readonly input: number;
  readonly cachedInput: number;
  readonly cacheWrite: number;
  readonly output: number;
  readonly total: number;
  /** What the cache saved against every input token at the input price (negative while writes cost more). */
  readonly saved: number;
}

const FIELDS = ['input', 'cachedInput', 'cacheWrite', 'output'] as const;

/** Throws a ValidationError naming every price that is not a finite number ≥ 0 (`<path>.<model>.<field>`). */
export function checkPriceTable(table: unknown, path = 'prices'): asserts table is PriceTable {
  const issues: ErrorIssue[] = [];
  if (!isRecord(table)) {
    issues.push({ path, message: 'must be an object of prices by model name' });
  } else {
    for (const [model, price] of Object.entries(table)) {
      if (!isRecord(price)) {
        issues.push({
          path: `${path}.${model}`,
          message: 'must be { input, cachedInput?, cacheWrite?, output? }',
        });
        continue;
      }
      for (const field of FIELDS) {
        const value = price[field];
        if (value === undefined && field !== 'input') continue;
        if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0))
          issues.push({
            path: `${path}.${model}.${field}`,
            message: `must be a number ≥ 0 per million tokens, got ${String(value)}`,
          });
      }
      checkKnownFields(price, FIELDS, `${path}.${model}`, issues);
    }
  }
  if (issues.length > 0) throw new ValidationError('Invalid price table', issues);
}

/**
 * The cost of one reply from its usage report and the price of its model; null when the report has no provider
 * count or the table has no price for its model.
 */
export function costOfUsage(report: UsageReport, prices: PriceTable): UsageCost | null {
  checkPriceTable(prices);
  const price = report.model === null ? undefined : prices[report.model];
  if (!price || report.actualInputTokens === null) return null;
  const perToken = (perMillion: number) => perMillion / 1_000_000;
  const cached = report.cachedInputTokens ?? 0;
  const written = report.cacheWriteTokens ?? 0;
  const fresh = report.actualInputTokens - cached - written;
  const input = fresh * perToken(price.input);
  const cachedInput = cached * perToken(price.cachedInput ?? price.input);
  const cacheWrite = written * perToken(price.cacheWrite ?? price.input);
  const output = (report.outputTokens ?? 0) * perToken(price.output ?? 0);
  const total = input + cachedInput + cacheWrite + output;
  return {
    input,
    cachedInput,
    cacheWrite,
    output,
    total,
    saved: report.actualInputTokens * perToken(price.input) - (input + cachedInput + cacheWrite),
  };
}
