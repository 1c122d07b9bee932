import { describe, expect, test } from 'vitest';
import { CorruptRecordError, ValidationError } from '../errors/index.js';
import type { SessionRecord } from '../session/index.js';
import { MemoryStore } from '../store/index.js';
import { MemoryBank } from './bank.js';
import { checkMemoryInputs, MEMORY_DOCUMENT, memoriesFromSummary, readMemoryDocument } from './index.js';

const at = '2026-01-01T00:00:00.000Z';

function session(id: string, extra: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id,
    title: id,
    createdAt: at,
    updatedAt: at,
    contextItems: [],
    pins: [],
    mode: null,
    taskId: null,
    workspace: null,
    turnCount: 0,
    ...extra,
  };
}

function bank(store = new MemoryStore(), maxCandidates = 12) {
  let id = 0;
  return {
    store,
    bank: new MemoryBank(
      store,
      { maxCandidates, maxShare: 0.1 },
      () => `m${++id}`,
      () => at,
    ),
  };
}

describe('MemoryBank', () => {
  test('stores entries with their source, lists them, deletes one, clears all', async () => {
    const { bank: memories, store } = bank();
    const added = await memories.add(session('s1'), [
      { kind: 'key-point', text: 'Set up a FastAPI project', messageId: 'msg-3' },
      { kind: 'preference', key: 'license', value: 'MIT', checkpointId: 'cp-1' },
    ]);
    expect(added).toEqual([
      {
        id: 'm1',
        kind: 'key-point',
        text: 'Set up a FastAPI project',
        source: { sessionId: 's1', rootSessionId: 's1', messageId: 'msg-3' },
        createdAt: at,
      },
      {
        id: 'm2',
        kind: 'preference',
        key: 'license',
        value: 'MIT',
        source: { sessionId: 's1', rootSessionId: 's1', checkpointId: 'cp-1' },
        createdAt: at,
      },
    ]);
    expect(await memories.list()).toEqual(added);
    // Another engine on the same store reads the same document.
    expect(await bank(store).bank.list()).toEqual(added);
    expect(await memories.listFrom('s1')).toEqual(added);
    expect(await memories.listFrom('s2')).toEqual([]);
    expect(await memories.delete('m1')).toBe(true);
    expect(await memories.delete('m1')).toBe(false);
    expect((await memories.list()).map((entry) => entry.id)).toEqual(['m2']);
    await memories.clear();
    expect(await memories.list()).toEqual([]);
  });

  test('a newer preference replaces an older one of the same key; a key point is not stored twice per session', async () => {
    const { bank: memories } = bank();
    await memories.add(session('s1'), [
      { kind: 'preference', key: 'ci', value: 'GitLab' },
      { kind: 'key-point', text: 'Uses Docker' },
    ]);
    const again = await memories.add(session('s2'), [
      { kind: 'preference', key: 'ci', value: 'GitHub Actions' },
      { kind: 'preference', key: 'ci', value: 'GitHub Actions, nightly' },
      { kind: 'key-point', text: 'Uses Docker' },
    ]);
    expect(await memories.add(session('s1'), [{ kind: 'key-point', text: 'Uses Docker' }])).toEqual([]);
    expect(again.map((entry) => entry.id)).toEqual(['m4', 'm5']);
    expect(
      (await memories.list()).map((entry) =>
        entry.kind === 'preference'
          ? `${entry.source.sessionId} ${entry.key}=${entry.value}`
          : `${entry.source.sessionId} ${entry.text}`,
      ),
    ).toEqual(['s1 Uses Docker', 's2 ci=GitHub Actions, nightly', 's2 Uses Docker']);
  });

  test('offers other conversations’ memories, preferences first then newest, up to the limit; none to an opted-out session', async () => {
    const { bank: memories } = bank(new MemoryStore(), 3);
    await memories.add(session('a'), [
      { kind: 'key-point', text: 'a1' },
      { kind: 'key-point', text: 'a2' },
      { kind: 'preference', key: 'tabs', value: 'spaces' },
    ]);
    const branchOfA = session('a-branch', {
      branch: { parentSessionId: 'a', rootSessionId: 'a', forkMessageId: 'x', throughMessageId: 'x' },
    });
    await memories.add(branchOfA, [{ kind: 'key-point', text: 'from the branch' }]);
    await memories.add(session('b'), [{ kind: 'key-point', text: 'b1' }]);
    const offered = async (record: SessionRecord) =>
      (await memories.offeredTo(record)).map((entry) =>
        entry.kind === 'key-point' ? entry.text : entry.key,
      );
    expect(await offered(session('c'))).toEqual(['tabs', 'b1', 'from the branch']);
    // A conversation's own tree already has what it learned.
    expect(await offered(session('a'))).toEqual(['b1']);
    expect(await offered(branchOfA)).toEqual(['b1']);
    expect(await offered(session('c', { memory: false }))).toEqual([]);
  });

  test('tells subscribers of each change, and only of changes; a failing listener fails nothing', async () => {
    const { bank: memories } = bank();
    let heard = 0;
    const stop = memories.subscribe(() => heard++);
    memories.subscribe(() => {
      throw new Error('listener bug');
    });
    const reported: unknown[] = [];
    const original = globalThis.reportError;
    globalThis.reportError = (error: unknown) => reported.push(error);
    try {
      await memories.add(session('a'), [{ kind: 'key-point', text: 'a1' }]);
      await memories.add(session('a'), [{ kind: 'key-point', text: 'a1' }]);
      await memories.delete('nope');
      expect(heard).toBe(1);
      await memories.delete('m1');
      await memories.clear();
      expect(heard).toBe(3);
      stop();
      await memories.clear();
      expect(heard).toBe(3);
      expect(reported).toHaveLength(4);
    } finally {
      globalThis.reportError = original;
    }
  });

  test('forgets the memories of deleted sessions', async () => {
    const { bank: memories } = bank();
    await memories.add(session('a'), [{ kind: 'key-point', text: 'a1' }]);
    await memories.add(session('b'), [{ kind: 'key-point', text: 'b1' }]);
    await memories.forgetSessions(['a', 'nope']);
    expect((await memories.list()).map((entry) => entry.source.sessionId)).toEqual(['b']);
  });

  test('concurrent changes are all kept', async () => {
    const { bank: memories } = bank();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        memories.add(session(`s${i}`), [{ kind: 'key-point', text: `p${i}` }]),
      ),
    );
    expect((await memories.list()).map((entry) => entry.kind === 'key-point' && entry.text).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${i}`).sort(),
    );
  });

  test('a document it cannot read is CorruptRecordError naming it and the entry; clear() mends it', async () => {
    const store = new MemoryStore();
    const { bank: memories } = bank(store);
    await memories.add(session('a'), [{ kind: 'key-point', text: 'a1' }]);
    const stored = (await store.getDocument(MEMORY_DOCUMENT)) as { entries: unknown[] };
    await store.putDocument(MEMORY_DOCUMENT, {
      version: 1,
      entries: [...stored.entries, { id: 'x', kind: 'opinion' }],
    } as never);
    const error = await memories.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CorruptRecordError);
    expect((error as Error).message).toContain(`document ${MEMORY_DOCUMENT}`);
    expect((error as Error).message).toContain('entries[1]');
    await expect(memories.offeredTo(session('b'))).rejects.toBeInstanceOf(CorruptRecordError);
    await expect(memories.add(session('b'), [{ kind: 'key-point', text: 'b1' }])).rejects.toBeInstanceOf(
      CorruptRecordError,
    );
    await memories.clear();
    expect(await memories.list()).toEqual([]);
  });
});

describe('readMemoryDocument', () => {
  test.each([
    ['not an object', 'text', 'not an object'],
    ['no entries', { version: 1 }, 'not an object'],
    ['a newer version', { version: 2, entries: [] }, 'version 2'],
    [
      'an entry without a source',
      { version: 1, entries: [{ id: 'm', kind: 'key-point', text: 't', createdAt: at }] },
      'entries[0]',
    ],
    [
      'a preference without a value',
      {
        version: 1,
        entries: [
          {
            id: 'm',
            kind: 'preference',
            key: 'k',
            createdAt: at,
            source: { sessionId: 's', rootSessionId: 's' },
          },
        ],
      },
      'entries[0]',
    ],
  ])('refuses %s', (_, value, text) => {
    expect(() => readMemoryDocument(value as never)).toThrow(CorruptRecordError);
    expect(() => readMemoryDocument(value as never)).toThrow(text);
  });

  test('no document is no memories', () => {
    expect(readMemoryDocument(undefined)).toEqual([]);
  });
});

describe('checkMemoryInputs', () => {
  test('names every problem with its path', () => {
    const error = (() => {
      try {
        checkMemoryInputs(
          [
            { kind: 'key-point', text: ' ' },
            { kind: 'preference', key: 'k' },
            { kind: 'opinion' },
            { kind: 'key-point', text: 'ok', messageId: 'elsewhere' },
            null,
          ],
          new Set(['here']),
        );
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
      'entries[0].text',
      'entries[1].value',
      'entries[2].kind',
      'entries[3].messageId',
      'entries[4]',
    ]);
    expect(() => checkMemoryInputs('x', new Set())).toThrow(ValidationError);
    expect(
      checkMemoryInputs([{ kind: 'key-point', text: 'ok', messageId: 'here' }], new Set(['here'])),
    ).toHaveLength(1);
  });
});

describe('memoriesFromSummary', () => {
  test('turns key points and preferences into memories naming their checkpoint, skipping blanks', () => {
    expect(
      memoriesFromSummary(
        { keyPoints: ['Created the project', ' '], preferences: { license: 'MIT', empty: '' } },
        { checkpointId: 'cp-1' },
      ),
    ).toEqual([
      { kind: 'preference', key: 'license', value: 'MIT', checkpointId: 'cp-1' },
      { kind: 'key-point', text: 'Created the project', checkpointId: 'cp-1' },
    ]);
    expect(memoriesFromSummary({})).toEqual([]);
  });
});
