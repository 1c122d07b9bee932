import { describe, expect, test } from 'vitest';
import { loadReference, REFERENCE_FAMILIES } from './reference.fixtures.js';
import { replayFidelity } from './replay.fixtures.js';

// Each family's published tokenizer and real chat template count every request a replay plans: none may be larger
// than the plan promised, and the plan's count must be within 1 % of the model's on average. Browsers check the
// two smallest data files (the benchmark covers every family at 4k and 8k windows in Node).
const inBrowser = typeof window !== 'undefined';
const families = inBrowser
  ? REFERENCE_FAMILIES.filter((family) => family.template === 'llama3' || family.template === 'qwen')
  : REFERENCE_FAMILIES;

describe('planned requests, counted by the model family’s own tokenizer and template', () => {
  for (const family of families) {
    test(`${family.label}: none over the promise, mean error ≤ 1 %, the plan names tokenizer and template`, async () => {
      const reference = await loadReference(family);
      const result = await replayFidelity({
        model: family.model,
        contextWindow: 4096,
        turns: 24,
        requestTokens: (request) => reference.requestTokens(request),
      });
      expect(result.template).toBe(family.template);
      // ctxkit counts with the family's own tokenizer, chosen from the model name.
      expect(result.encoding).toBe(family.tokenizer);
      // The replay must reach a full window, or "no request over the promise" says nothing.
      expect(result.fill).toBeGreaterThan(0.5);
      expect(result.overPromise).toBe(0);
      expect(result.overCount).toBe(0);
      expect(result.meanError).toBeLessThanOrEqual(0.01);
    }, 120_000);
  }
});
