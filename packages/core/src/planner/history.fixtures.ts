import type { ChatMessage } from '../session/index.js';
import type { PlanInput, TurnCandidate } from './index.js';

export const AT = '2026-01-01T00:00:00.000Z';

/** A history turn of `tokens` tokens: a question, a tool call and its result (failed when asked). */
export function turn(index: number, tokens: number, failed = false): TurnCandidate {
  const messages: ChatMessage[] = [
    { id: `u${index}`, role: 'user', content: `question ${index}`, createdAt: AT },
    {
      id: `a${index}`,
      role: 'assistant',
      createdAt: AT,
      modelReply: { content: '', toolCalls: [{ id: `c${index}`, name: 'srv__run', arguments: {} }] },
    },
    {
      id: `r${index}`,
      role: 'tool',
      createdAt: AT,
      toolCallId: `c${index}`,
      toolName: 'srv__run',
      content: failed ? 'exit 1' : 'ok',
      ...(failed && { isError: true }),
    },
  ];
  return {
    kind: 'turn',
    id: `turn:u${index}`,
    section: 'history',
    tokens,
    hash: `h${index}`,
    turnIndex: index,
    messages,
  };
}

/** A plan input with nothing but a 10-token current turn in a 1,000-token window, and the overrides. */
export function input(overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    contextWindow: 1000,
    reservedOutput: 0,
    mode: 'heavy',
    limits: { topK: 8, minScore: 0, maxShare: 1 },
    encoding: 'o200k_base',
    overhead: { fixed: 0, toolsPresent: 0 },
    system: [],
    session: [],
    pins: [],
    agent: [],
    history: [],
    current: {
      kind: 'current',
      id: 'current:now',
      section: 'current',
      tokens: 10,
      hash: 'h-now',
      message: { id: 'now', role: 'user', content: 'now?', createdAt: AT },
      steps: [],
    },
    workspace: null,
    retrievalSetId: null,
    ...overrides,
  };
}
