import { describe, expect, test } from 'vitest';
import { createEngine } from '../engine/index.js';
import { loadReference, REFERENCE_FAMILIES } from './reference.fixtures.js';

// Qwen's template renders tool definitions (as `tojson` lines inside <tools>), tool calls (<tool_call> JSON) and
// tool results (<tool_response> in a user turn): a request with all three, counted by the real template, must fit
// what the plan counted, and not by a wide margin.
const qwen = REFERENCE_FAMILIES.find((family) => family.template === 'qwen');

describe('tool definitions, calls and results in Qwen’s real template', () => {
  test('every request of a tool round fits the plan’s count, within 3 %', async () => {
    if (!qwen) throw new Error('the Qwen reference is missing');
    const reference = await loadReference(qwen);
    const engine = await createEngine({
      catalog: {
        servers: [{ name: 'files', include: 'always' }],
        tools: [
          {
            server: 'files',
            name: 'read_file',
            description: 'Read a UTF-8 file from the workspace and return its text.',
            inputSchema: {
              type: 'object',
              properties: { path: { type: 'string', description: 'A path inside the workspace' } },
              required: ['path'],
            },
          },
          {
            server: 'files',
            name: 'search',
            description: '在工作区中搜索文本，返回匹配的行。',
            inputSchema: {
              type: 'object',
              properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
              required: ['query'],
            },
          },
        ],
      },
      model: 'qwen3:8b',
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
        toolCalls: [{ id: 'call_1', name: 'files__read_file', arguments: { path: 'src/index.ts' } }],
      },
      [{ toolCallId: 'call_1', content: 'export { createEngine } from "./engine/index.js";\n// 入口文件' }],
    );
    const second = measure(next);
    for (const { actual, used } of [first, second]) {
      expect(actual).toBeLessThanOrEqual(used);
      expect((used - actual) / actual).toBeLessThan(0.03);
    }
  });
});
