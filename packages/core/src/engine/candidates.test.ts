import { describe, expect, test } from 'vitest';
import { defineCatalog } from '../catalog/index.js';
import { formatCard, formatItem, formatToolForCounting } from '../render/index.js';
import type { AssistantMessage, ChatMessage, ToolResultMessage, UserMessage } from '../session/index.js';
import { TOKEN_OVERHEAD, type TokenCounter } from '../tokens/index.js';
import { CandidateFactory } from './candidates.js';
import { demoCatalog } from './engine.fixtures.js';

// One token per character, so every expected cost below can be read off the text.
const chars: TokenCounter = { encoding: 'chars', count: (text) => text.length };
const createdAt = '2026-01-01T00:00:00.000Z';
const { message: PER_MESSAGE, toolCall: PER_CALL, toolDefinition: PER_TOOL } = TOKEN_OVERHEAD;

const user: UserMessage = { id: 'u1', role: 'user', content: 'hello', createdAt };
const call = { id: 'c1', name: 'fs__read', arguments: { path: 'a' } }; // 8 + '{"path":"a"}' 12
const toolCallReply: AssistantMessage = {
  id: 'a1',
  role: 'assistant',
  createdAt,
  modelReply: { content: 'Let me look.', toolCalls: [call] }, // 12
};
const result: ToolResultMessage = {
  id: 't1',
  role: 'tool',
  createdAt,
  toolCallId: 'c1',
  toolName: 'fs__read',
  content: 'buy milk', // 8
};
const finalReply: AssistantMessage = {
  id: 'a2',
  role: 'assistant',
  createdAt,
  modelReply: { content: 'Buy milk.' },
};

const USER_COST = PER_MESSAGE + 5;
const CALL_REPLY_COST = PER_MESSAGE + 12 + (PER_CALL + 8 + 12);
const RESULT_COST = PER_MESSAGE + 8;
const FINAL_COST = PER_MESSAGE + 9;

describe('what a message costs', () => {
  test('its text plus the per-message overhead; each tool call its name, arguments and the per-call overhead', () => {
    const factory = new CandidateFactory(chars);
    expect(factory.messageTokens(user)).toBe(USER_COST);
    expect(factory.messageTokens(toolCallReply)).toBe(CALL_REPLY_COST);
    expect(factory.messageTokens(result)).toBe(RESULT_COST);
    expect(factory.messageTokens(finalReply)).toBe(FINAL_COST);
  });

  test('a note is never sent and costs nothing', () => {
    const note: ChatMessage = { id: 'n1', role: 'error', content: 'The model did not answer.', createdAt };
    expect(new CandidateFactory(chars).messageTokens(note)).toBe(0);
  });

  test('mid tool loop, the current turn costs every message sent so far', () => {
    const factory = new CandidateFactory(chars);
    expect(factory.current(user, []).tokens).toBe(USER_COST);
    expect(factory.current(user, [toolCallReply, result]).tokens).toBe(
      USER_COST + CALL_REPLY_COST + RESULT_COST,
    );
  });

  test('a committed turn costs all of its messages', () => {
    const turn = { id: 'u1', index: 0, messages: [user, toolCallReply, result, finalReply] };
    expect(new CandidateFactory(chars).turn(turn).tokens).toBe(
      USER_COST + CALL_REPLY_COST + RESULT_COST + FINAL_COST,
    );
  });

  test('turns at the same position (of two sessions, say) are each measured from their own messages', () => {
    const factory = new CandidateFactory(chars);
    const short = factory.turn({ id: 'u1', index: 0, messages: [user, finalReply] });
    const other: UserMessage = { id: 'u9', role: 'user', content: 'a much longer question', createdAt };
    const long = factory.turn({ id: 'u9', index: 0, messages: [other, finalReply] });
    expect(short.tokens).toBe(USER_COST + FINAL_COST);
    expect(long.tokens).toBe(PER_MESSAGE + other.content.length + FINAL_COST);
    expect(long.messages[0]).toBe(other);
  });
});

describe('what context costs', () => {
  const catalog = defineCatalog(demoCatalog);
  const origin = { via: 'session', includeMode: 'always' } as const;

  test('a tool definition costs its name, description and schema plus the per-definition overhead', () => {
    const tool = catalog.get('tool:filesystem:read_file');
    if (tool?.type !== 'tool') throw new Error('the demo catalog has read_file');
    const text = formatToolForCounting({
      type: 'tool',
      functionName: tool.functionName,
      description: tool.description,
      inputSchema: tool.inputSchema,
    });
    expect(new CandidateFactory(chars).item(tool, origin).tokens).toBe(text.length + PER_TOOL);
  });

  test('a rule or a pinned card costs its text and the blank line after it', () => {
    const rule = catalog.get('rule:Authentication');
    if (rule?.type !== 'rule') throw new Error('the demo catalog has Authentication');
    const factory = new CandidateFactory(chars);
    const ruleText = formatItem(rule, { type: 'rule', content: rule.content, description: rule.description });
    expect(factory.item(rule, origin).tokens).toBe(ruleText.length + 1);
    expect(factory.card('p1', 'sticky', 'Goal', 'Ship it').tokens).toBe(
      formatCard('Goal', 'Ship it').length + 1,
    );
  });

  test('each item is counted under its own kind of context', () => {
    const factory = new CandidateFactory(chars);
    const sections = ['rule:Authentication', 'reference:API documentation', 'tool:database:query'].map(
      (key) => factory.item(catalog.get(key) as NonNullable<ReturnType<typeof catalog.get>>, origin).section,
    );
    expect(sections).toEqual(['rules', 'references', 'tools']);
  });

  test('the workspace is a message of its own; an item the catalog lost costs nothing', () => {
    const factory = new CandidateFactory(chars);
    expect(factory.workspace('Open file: a.ts').tokens).toBe(PER_MESSAGE + 'Open file: a.ts'.length);
    expect(factory.unavailableItem({ type: 'rule', name: 'Gone' }, origin, 'missing').tokens).toBe(0);
  });
});

describe('recalled passages', () => {
  const passage = (text: string, score: number) => ({
    found: 'm1',
    sessionId: 's1',
    messageIds: ['m0', 'm1'],
    createdAt,
    text,
    score,
  });

  test('a passage offered again with another score is measured and hashed as a fresh one would be', () => {
    let counted = 0;
    const counting: TokenCounter = {
      encoding: 'chars',
      count: (text) => {
        counted += 1;
        return text.length;
      },
    };
    const factory = new CandidateFactory(counting);
    const first = factory.recall(passage('user: the key rotates on Tuesday', 0.4));
    const again = factory.recall(passage('user: the key rotates on Tuesday', 0.7));
    expect(counted).toBe(1);
    expect(again).toEqual({ ...first, score: 0.7 });
    const fresh = new CandidateFactory(chars).recall(passage('user: the key rotates on Tuesday', 0.7));
    expect(again).toEqual(fresh);
  });

  test('a passage whose messages now read differently is measured and hashed again', () => {
    const factory = new CandidateFactory(chars);
    factory.recall(passage('user: the key rotates on Tuesday', 0.4));
    const changed = factory.recall(passage('user: the key rotates on [REDACTED:date]', 0.4));
    expect(changed).toEqual(
      new CandidateFactory(chars).recall(passage('user: the key rotates on [REDACTED:date]', 0.4)),
    );
  });
});
