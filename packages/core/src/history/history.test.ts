import { describe, expect, test } from 'vitest';
import type { ChatMessage, Checkpoint } from '../session/index.js';
import {
  blobHash,
  blobHashOf,
  compactText,
  compressHistory,
  DEFAULT_LARGE_CONTENT,
  findBlobRefs,
  type HistorySettings,
  readSummary,
  type SummarizerInput,
} from './index.js';

const AT = '2026-01-01T00:00:00.000Z';

function turns(count: number): { messages: ChatMessage[] }[] {
  return Array.from({ length: count }, (_, i) => ({
    messages: [
      { id: `u${i}`, role: 'user', content: `q${i}`, createdAt: AT },
      { id: `a${i}`, role: 'assistant', modelReply: { content: `a${i}` }, createdAt: AT },
    ],
  }));
}

const settings = (overrides: Partial<HistorySettings> = {}): HistorySettings => ({
  summarizer: null,
  maxShare: 0.8,
  keepShare: 0.4,
  blocks: true,
  recentTurns: 3,
  errorTurns: 5,
  decay: 0.9,
  ...overrides,
});

function input(count: number, overrides: Partial<Parameters<typeof compressHistory>[0]> = {}) {
  let id = 0;
  return {
    sessionId: 's1',
    turns: turns(count),
    tokensOf: () => 100,
    current: null,
    available: 1000,
    settings: settings(),
    newId: () => `cp${++id}`,
    now: () => AT,
    ...overrides,
  };
}

describe('compressHistory', () => {
  test('under the share nothing happens; over it without a summarizer the planner is told there is none', async () => {
    const calls: SummarizerInput[] = [];
    const summarizer = async (call: SummarizerInput) => {
      calls.push(call);
      return 'x';
    };
    expect(await compressHistory(input(8, { settings: settings({ summarizer }) }))).toEqual({
      created: null,
      summarizer: 'ok',
    });
    expect(calls).toEqual([]);
    expect(await compressHistory(input(9))).toEqual({ created: null, summarizer: 'none' });
  });

  test('over the share, the turns older than what fits in keepShare are summarized into a checkpoint', async () => {
    const calls: SummarizerInput[] = [];
    const summarizer = async (call: SummarizerInput) => {
      calls.push(call);
      return { summary: 'six turns', keyPoints: ['k'], preferences: { lang: 'en' } };
    };
    const outcome = await compressHistory(input(10, { settings: settings({ summarizer }) }));
    // keepShare 0.4 of 1,000 tokens keeps the newest four turns; the six before them are summarized.
    expect(calls.map((call) => call.messages.map((m) => m.id))).toEqual([
      ['u0', 'a0', 'u1', 'a1', 'u2', 'a2', 'u3', 'a3', 'u4', 'a4', 'u5', 'a5'],
    ]);
    expect(outcome).toEqual({
      summarizer: 'ok',
      created: {
        id: 'cp1',
        createdAt: AT,
        firstMessageId: 'u0',
        lastMessageId: 'a5',
        turns: 6,
        messages: 12,
        summary: 'six turns',
        keyPoints: ['k'],
        preferences: { lang: 'en' },
      },
    });
  });

  test('a checkpoint in force is folded in: only the turns after it are sent, and it counts toward the share', async () => {
    const previous: Checkpoint = {
      id: 'old',
      createdAt: AT,
      firstMessageId: 'u0',
      lastMessageId: 'a3',
      turns: 4,
      messages: 8,
      summary: 'four turns',
    };
    const calls: SummarizerInput[] = [];
    const summarizer = async (call: SummarizerInput) => {
      calls.push(call);
      return 'eight turns';
    };
    // Turns 4–11 (800 tokens) and the checkpoint (50) are over 800.
    const outcome = await compressHistory(
      input(12, {
        settings: settings({ summarizer }),
        current: { checkpoint: previous, toTurn: 3, tokens: 50 },
      }),
    );
    expect(calls[0]?.previous).toBe(previous);
    expect(calls[0]?.messages[0]?.id).toBe('u4');
    expect(calls[0]?.messages.at(-1)?.id).toBe('a7');
    expect(outcome.created).toEqual(
      expect.objectContaining({ firstMessageId: 'u0', lastMessageId: 'a7', turns: 8, messages: 16 }),
    );
    // Without the checkpoint's 50 tokens the same turns fit.
    const fits = await compressHistory(
      input(12, {
        settings: settings({ summarizer }),
        current: { checkpoint: previous, toTurn: 3, tokens: 0 },
      }),
    );
    expect(fits.created).toBeNull();
  });

  test('when every turn not yet summarized fits in keepShare there is nothing to fold', async () => {
    const summarizer = async () => 'never';
    const outcome = await compressHistory(
      input(3, { tokensOf: () => 300, settings: settings({ summarizer, keepShare: 0.8 }) }),
    );
    // 900 > 800, but all three turns do not fit in keepShare either: the oldest is folded.
    expect(outcome.created?.turns).toBe(1);
    const none = await compressHistory(
      input(1, { tokensOf: () => 900, settings: settings({ summarizer, keepShare: 0 }) }),
    );
    expect(none.created?.turns).toBe(1);
  });

  test('a summarizer that throws or answers badly is reported as failed, never thrown', async () => {
    const boom = new Error('model down');
    const thrown = await compressHistory(
      input(9, {
        settings: settings({
          summarizer: async () => {
            throw boom;
          },
        }),
      }),
    );
    expect(thrown).toEqual({ created: null, summarizer: 'failed', error: boom });
    const empty = await compressHistory(input(9, { settings: settings({ summarizer: async () => '' }) }));
    expect(empty.summarizer).toBe('failed');
    expect(empty.error).toBeInstanceOf(TypeError);
  });
});

describe('readSummary', () => {
  test('takes a string or a result object and copies what it keeps', () => {
    expect(readSummary('plain')).toEqual({ summary: 'plain' });
    const preferences = { license: 'MIT' };
    const result = readSummary({ summary: 's', keyPoints: ['a'], preferences });
    preferences.license = 'GPL';
    expect(result).toEqual({ summary: 's', keyPoints: ['a'], preferences: { license: 'MIT' } });
    expect(Object.isFrozen(result)).toBe(true);
  });

  test.each([
    ['no summary', {}],
    ['a blank summary', { summary: ' \n' }],
    ['key points that are not strings', { summary: 's', keyPoints: [1] }],
    ['preferences that are not strings', { summary: 's', preferences: { a: 1 } }],
    ['preferences as a list', { summary: 's', preferences: ['a'] }],
    ['null', null],
  ])('refuses %s', (_name, value) => {
    expect(() => readSummary(value)).toThrow(TypeError);
  });
});

describe('large content', () => {
  test('the reference is SHA-256 of the content, first 128 bits', async () => {
    expect(await blobHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223');
    expect(blobHashOf('ctxkit:blob/ba7816bf8f01cfea414140de5dae2223')).toBe(
      'ba7816bf8f01cfea414140de5dae2223',
    );
    expect(blobHashOf('ba7816bf8f01cfea414140de5dae2223')).toBe('ba7816bf8f01cfea414140de5dae2223');
    expect(blobHashOf('ctxkit:blob/xyz')).toBeNull();
    expect(findBlobRefs(`a ctxkit:blob/${'1'.repeat(32)} b ctxkit:blob/${'1'.repeat(32)} c`)).toEqual([
      `ctxkit:blob/${'1'.repeat(32)}`,
    ]);
  });

  test('data URLs from the threshold up are replaced; shorter ones and other text stay', async () => {
    const long = `data:image/jpeg;base64,${'A'.repeat(600)}`;
    const longer = `${long}BBBB`;
    const short = 'data:text/plain;base64,aGk=';
    const { text, blobs } = await compactText(`${long} ${short} ${longer}`, DEFAULT_LARGE_CONTENT, false);
    expect([...blobs.values()].sort()).toEqual([long, longer]);
    const [first, second] = findBlobRefs(text);
    expect(text).toBe(
      `[image/jpeg data URL, 623 characters: ${first}] ${short} [image/jpeg data URL, 627 characters: ${second}]`,
    );
    expect(await compactText('plain words', DEFAULT_LARGE_CONTENT, true)).toEqual({
      text: 'plain words',
      blobs: new Map(),
    });
  });

  test('an oversized tool output keeps a preview that never cuts a character in two', async () => {
    const output = `${'a'.repeat(9)}😀${'b'.repeat(100)}`;
    const settings = { toolOutputChars: 50, dataUrlChars: 512, previewChars: 10 };
    const { text, blobs } = await compactText(output, settings, true);
    expect(text.startsWith(`${'a'.repeat(9)}\n[… 111 characters in all: ctxkit:blob/`)).toBe(true);
    expect([...blobs.values()]).toEqual([output]);
    // The same output is not oversized as a user message.
    expect((await compactText(output, settings, false)).text).toBe(output);
  });
});
