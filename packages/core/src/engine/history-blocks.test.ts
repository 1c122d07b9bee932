import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import type { SessionRecord, Turn } from '../session/index.js';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';
import type { EngineOptions } from './engine.js';
import { blockInput } from './history-blocks.js';
import type { Session } from './session.js';

// A small window with no retrieval, so history fills it after a dozen turns.
const WINDOW = { contextWindow: 800, reservedOutput: 200, defaultMode: 'off' } as const;

const say = (i: number) =>
  `Message ${i}: the deployment notes for service ${i} mention port ${8000 + i} twice.`;

/** How many leading messages two requests share. */
function sharedLead(a: OpenAIChatRequest, b: OpenAIChatRequest): number {
  let n = 0;
  while (n < a.messages.length && JSON.stringify(a.messages[n]) === JSON.stringify(b.messages[n])) n++;
  return n;
}

/** Commits `count` turns, returning each turn's request. */
async function talk(session: Session<OpenAIChatRequest>, from: number, count: number) {
  const requests: OpenAIChatRequest[] = [];
  for (let i = from; i < from + count; i++) {
    const turn = await session.prepare(say(i));
    requests.push(turn.request);
    await session.commit(turn, `Noted ${i}.`);
  }
  return requests;
}

function engineWith(options: Partial<EngineOptions<OpenAIChatRequest>> = {}) {
  return testEngine<OpenAIChatRequest>({ ...WINDOW, ...options });
}

/** Requests whose history lost the previous request's leading messages (after the system prompt). */
function restarts(requests: readonly OpenAIChatRequest[]): number {
  let count = 0;
  for (let k = 1; k < requests.length; k++) {
    const before = requests[k - 1] as OpenAIChatRequest;
    // The previous request's messages but its last (the user's message, which now is history) lead this one.
    if (sharedLead(before, requests[k] as OpenAIChatRequest) < before.messages.length - 1) count++;
  }
  return count;
}

describe('history cut in blocks, in a session', () => {
  test('a long chat restarts its history rarely, and sliding restarts it every turn once the window is full', async () => {
    const blocks = await (await engineWith()).createSession();
    const sliding = await (await engineWith({ history: { blocks: false } })).createSession();
    const withBlocks = await talk(blocks, 0, 60);
    const slid = await talk(sliding, 0, 60);
    expect(restarts(slid)).toBeGreaterThan(35);
    expect(restarts(withBlocks)).toBeLessThan(10);
    expect(restarts(withBlocks)).toBeGreaterThan(0);
  });

  test('the block is stored with the turn and a reopened session goes on with it', async () => {
    const store = new MemoryStore();
    const session = await (await engineWith({ store })).createSession();
    const before = await talk(session, 0, 30);
    const stored = (await store.loadSession(session.id))?.record.historyBlock;
    expect(stored?.block).toBeGreaterThan(0);
    const firstSent = before.at(-1)?.messages[1];

    const reopened = await (await engineWith({ store })).openSession(session.id);
    const next = await reopened.prepare(say(30));
    // Unless this very turn cut history, it starts where the last request before reopening did.
    const cut = next.plan.cache.historyBlock?.cut;
    if (!cut) expect(next.request.messages[1]).toEqual(firstSent);
    expect(next.plan.cache.historyBlock?.block).toBe((stored?.block ?? -1) + (cut ? 1 : 0));
    const dropped = next.plan.excluded.find((entry) => entry.reason.code === 'history-cutoff');
    expect(dropped?.reason).toMatchObject({
      code: 'history-cutoff',
      block: next.plan.cache.historyBlock?.block,
    });
  });

  test('a block whose first message is gone (retention, another branch) starts afresh', () => {
    const record = { historyBlock: { from: 'gone', block: 4 } } as SessionRecord;
    const turn: Turn = { id: 'u1', index: 1, messages: [] };
    expect(blockInput(record, new Map([['u1', turn]]), 0.4)).toEqual({
      from: null,
      block: 0,
      keepShare: 0.4,
    });
    const kept = { historyBlock: { from: 'u1', block: 4 } } as SessionRecord;
    expect(blockInput(kept, new Map([['u1', turn]]), 0.4)).toEqual({ from: 1, block: 4, keepShare: 0.4 });
  });

  test('a misspelt history or largeContent field is named, not ignored', async () => {
    const error = await engineWith({
      history: { block: false } as never,
      largeContent: { previewChar: 10 } as never,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
      'history.block',
      'largeContent.previewChar',
    ]);
  });

  test('history.blocks must be a boolean', async () => {
    const error = await engineWith({ history: { blocks: 'yes' as unknown as boolean } }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: 'history.blocks', message: 'must be true or false, got yes' },
    ]);
  });
});
