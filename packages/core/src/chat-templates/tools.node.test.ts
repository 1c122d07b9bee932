import { describe, expect, test } from 'vitest';
import { createEngine } from '../engine/index.js';
import { loadReference, REFERENCE_FAMILIES } from './reference.fixtures.js';
import { TOOL_CATALOG } from './replay.fixtures.js';

// Qwen's template renders tool definitions (as `tojson` lines inside <tools>), tool calls (<tool_call> JSON) and
// tool results (<tool_response> in a user turn); Mistral's, `[AVAILABLE_TOOLS]`, `[TOOL_CALLS]` and `[TOOL_RESULTS]`.
// A request with all three, counted by the real template, must fit what the plan counted, and not by a wide margin;
// except that Mistral's templates leave the system prompt out of a request that ends with a tool result, which the
// plan still counts.
const FAMILIES = ['Qwen 3', 'Qwen 2.5', 'Mistral Nemo (Tekken)', 'Mistral 7B v0.3'].map((label) => {
  const family = REFERENCE_FAMILIES.find((candidate) => candidate.label === label);
  if (!family) throw new Error(`the ${label} reference is missing`);
  return family;
});

describe.each(FAMILIES)('tool definitions, calls and results in $label’s real template', (family) => {
  test('every request of a tool round fits the plan’s count, within 3 % where the template renders it whole', async () => {
    const reference = await loadReference(family);
    const engine = await createEngine({
      catalog: TOOL_CATALOG,
      model: family.model,
      contextWindow: 8192,
      recall: false,
      systemPrompt: { global: 'You are a careful assistant.' },
    });
    const session = await engine.createSession();
    const prepared = await session.prepare('Read src/index.ts and tell me what it exports.');
    expect(prepared.request.tools).toHaveLength(2);
    const measure = (turn: typeof prepared) => {
      const actual = reference.requestTokens(turn.request);
      return { actual, used: turn.plan.budget.used };
    };
    const first = measure(prepared);
    const next = await session.continue(
      prepared,
      {
        content: '',
        // Nine letters and digits: Mistral's templates refuse any other call id.
        toolCalls: [{ id: 'call00001', name: 'files__read_file', arguments: { path: 'src/index.ts' } }],
      },
      [
        {
          toolCallId: 'call00001',
          content: 'export { createEngine } from "./engine/index.js";\n// 入口文件',
        },
      ],
    );
    const second = measure(next);
    for (const { actual, used } of [first, second]) expect(actual).toBeLessThanOrEqual(used);
    // Small requests: 3 %, or eight tokens of rounding in the template's costs.
    const close = ({ actual, used }: typeof first) => used - actual <= Math.max(0.03 * actual, 8);
    expect(close(first)).toBe(true);
    if (family.renderTools) expect(close(second)).toBe(true);
  });
});
