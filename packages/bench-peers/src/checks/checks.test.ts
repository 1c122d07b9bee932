import { TOKEN_OVERHEAD, type TokenCounter } from '@ctxkit/core';
import { describe, expect, test } from 'vitest';
import { checkBudget, checkToolPairs, requestTokens, type SentMessage, type SentRequest } from './index.js';

// One token per character, so every expected count can be read off the text.
const chars: TokenCounter = { encoding: 'chars', count: (text) => text.length };

const call = { id: 'c1', name: 'fs__read', arguments: '{"path":"a"}' };
const pair: SentMessage[] = [
  { role: 'user', content: 'read a' },
  { role: 'assistant', content: '', toolCalls: [call] },
  { role: 'tool', toolCallId: 'c1', content: 'hello' },
  { role: 'assistant', content: 'It says hello.' },
];

describe('checkToolPairs', () => {
  test('accepts calls answered right after the message that made them, parallel calls included', () => {
    const parallel: SentMessage[] = [
      { role: 'assistant', content: 'Both.', toolCalls: [call, { ...call, id: 'c2' }] },
      { role: 'tool', toolCallId: 'c2', content: 'b' },
      { role: 'tool', toolCallId: 'c1', content: 'a' },
    ];
    expect(checkToolPairs(pair).intact).toBe(true);
    expect(checkToolPairs(parallel).intact).toBe(true);
  });

  test('finds a call whose result was dropped', () => {
    const check = checkToolPairs(pair.filter((message) => message.role !== 'tool'));
    expect(check).toEqual({ callsWithoutResult: ['c1'], resultsWithoutCall: [], intact: false });
  });

  test('finds a result whose call was dropped', () => {
    const check = checkToolPairs(
      pair.filter((message) => message.role !== 'assistant' || !message.toolCalls),
    );
    expect(check).toEqual({ callsWithoutResult: [], resultsWithoutCall: ['c1'], intact: false });
  });

  test('finds one of two parallel results missing, and a result that is not right after its call', () => {
    const half: SentMessage[] = [
      { role: 'assistant', content: '', toolCalls: [call, { ...call, id: 'c2' }] },
      { role: 'tool', toolCallId: 'c1', content: 'a' },
    ];
    expect(checkToolPairs(half).callsWithoutResult).toEqual(['c2']);
    const late: SentMessage[] = [
      pair[1] as SentMessage,
      { role: 'user', content: 'and?' },
      pair[2] as SentMessage,
    ];
    expect(checkToolPairs(late)).toEqual({
      callsWithoutResult: ['c1'],
      resultsWithoutCall: ['c1'],
      intact: false,
    });
  });
});

describe('requestTokens and checkBudget', () => {
  const request: SentRequest = {
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: ['part one', 'part two'] },
      ...pair,
    ],
    tools: [{ name: 'fs__read', description: 'Read', parameters: { type: 'object' } }],
  };
  const expected =
    TOKEN_OVERHEAD.reply +
    TOKEN_OVERHEAD.message * 6 +
    'Be brief.'.length +
    'part one'.length +
    'part two'.length +
    'read a'.length +
    (TOKEN_OVERHEAD.toolCall + 'fs__read'.length + '{"path":"a"}'.length) +
    'hello'.length +
    'It says hello.'.length +
    TOKEN_OVERHEAD.toolsPresent +
    TOKEN_OVERHEAD.toolDefinition +
    'fs__read\nRead\n{"type":"object"}'.length;

  test('counts content, per-message and per-call overheads, tool definitions and the reply priming', () => {
    expect(requestTokens(request, chars)).toBe(expected);
  });

  test('passes a request at its budget and fails one token over it', () => {
    expect(checkBudget(request, expected, chars).withinBudget).toBe(true);
    expect(checkBudget(request, expected - 1, chars)).toEqual({
      tokens: expected,
      budget: expected - 1,
      withinBudget: false,
    });
  });
});
