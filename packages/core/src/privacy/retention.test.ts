import { describe, expect, test } from 'vitest';
import { defineCatalog } from '../catalog/index.js';
import { testEngine } from '../engine/engine.fixtures.js';
import { ValidationError } from '../errors/index.js';
import { newSessionRecord, type SessionRecord } from '../session/index.js';
import { MemoryStore } from '../store/index.js';
import { expiredSessions } from './retention.js';

const DAY = 86_400_000;
const NOW = new Date(Date.UTC(2026, 5, 1));
const catalog = defineCatalog({});
const updated = (id: string, updatedAt: string): SessionRecord => ({
  ...newSessionRecord(id, id, catalog, updatedAt),
  updatedAt,
});
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

describe('expiredSessions', () => {
  test('selects sessions updated more than N days ago, oldest first', () => {
    const records = [
      updated('fresh', daysAgo(1)),
      updated('edge', daysAgo(30)),
      updated('old', daysAgo(31)),
      updated('older', daysAgo(400)),
      updated('undated', 'not a date'),
    ];
    expect(expiredSessions(records, 30, NOW).map((record) => record.id)).toEqual(['older', 'old']);
    expect(expiredSessions(records, 0.5, NOW).map((record) => record.id)).toEqual([
      'older',
      'old',
      'edge',
      'fresh',
    ]);
  });

  test.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s days', (days) => {
    expect(() => expiredSessions([], days, NOW)).toThrow(ValidationError);
  });
});

describe('retention in the engine', () => {
  async function seed(store: MemoryStore) {
    let clock = new Date(NOW.getTime() - 90 * DAY);
    const engine = await testEngine({ store, now: () => clock });
    const old = await engine.createSession({ title: 'old' });
    const turn = await old.prepare('hello');
    await old.commit(turn, 'hi');
    clock = new Date(NOW.getTime() - 10 * DAY);
    const recent = await engine.createSession({ title: 'recent' });
    const stale = await engine.createSession({ title: 'stale but touched' });
    clock = new Date(NOW.getTime() - 40 * DAY);
    const hidden = await engine.createSession({ title: 'private', private: true });
    const setClock = (date: Date) => {
      clock = date;
    };
    return { engine, old, recent, stale, hidden, setClock };
  }

  test('deleteSessionsOlderThan deletes by updatedAt and returns what it deleted', async () => {
    const store = new MemoryStore();
    const { old, recent } = await seed(store);
    const engine = await testEngine({ store, now: () => NOW });
    const deleted = await engine.deleteSessionsOlderThan(30);
    expect(deleted.map((record) => record.id)).toEqual([old.id]);
    expect((await engine.listSessions()).map((record) => record.id)).toContain(recent.id);
    expect(await store.loadSession(old.id)).toBeUndefined();
    expect(await store.listPlans(old.id)).toEqual([]);
    await expect(engine.deleteSessionsOlderThan(-3)).rejects.toBeInstanceOf(ValidationError);
  });

  test('private sessions of this tab are subject to it too', async () => {
    const { engine, hidden, old, setClock } = await seed(new MemoryStore());
    setClock(NOW);
    const deleted = await engine.deleteSessionsOlderThan(30);
    expect(deleted.map((record) => record.id)).toEqual([old.id, hidden.id]);
    await expect(engine.openSession(hidden.id)).rejects.toThrow();
  });

  test('retention applies when the engine is created, and again on demand', async () => {
    const store = new MemoryStore();
    const { old, recent } = await seed(store);
    let clock = NOW;
    const engine = await testEngine({ store, now: () => clock, retention: { maxAgeDays: 30 } });
    expect(engine.deletedAtOpen.map((record) => record.id)).toEqual([old.id]);
    clock = new Date(NOW.getTime() + 25 * DAY);
    expect((await engine.applyRetention()).map((record) => record.title)).toEqual([
      'recent',
      'stale but touched',
    ]);
    expect(await store.loadSession(recent.id)).toBeUndefined();
  });

  test('without retention nothing is deleted at open or on applyRetention', async () => {
    const store = new MemoryStore();
    await seed(store);
    const engine = await testEngine({ store, now: () => NOW });
    expect(engine.deletedAtOpen).toEqual([]);
    expect(await engine.applyRetention()).toEqual([]);
    expect(await engine.listSessions()).toHaveLength(3);
  });

  test('a bad retention option is a ValidationError with its path', async () => {
    await expect(testEngine({ retention: { maxAgeDays: 0 } })).rejects.toMatchObject({
      issues: [{ path: 'retention.maxAgeDays' }],
    });
  });
});
