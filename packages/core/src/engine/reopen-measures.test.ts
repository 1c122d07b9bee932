import { describe, expect, test } from 'vitest';
import { freshName, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';
import type { Store } from '../store/index.js';
import { createApproximateCounter, type TokenCounter } from '../tokens/index.js';
import { testEngine } from './engine.fixtures.js';

const open = storesClosedAfterEach();

/** A counter that notes every text it is asked to count. */
function notingCounter(encoding: string): TokenCounter & { texts: string[] } {
  const approximate = createApproximateCounter();
  const texts: string[] = [];
  const count = (text: string) => {
    texts.push(text);
    return approximate.count(text);
  };
  return { encoding, texts, count };
}

/** A session of ten turns, each message naming its turn, written through an engine on a new database. */
async function writtenSession(): Promise<{ name: string; sessionId: string }> {
  const name = freshName();
  const engine = await testEngine({ store: await open(name), counter: notingCounter('approx') });
  const session = await engine.createSession();
  for (let i = 0; i < 10; i++)
    await session.commit(
      await session.prepare(`question number ${i} about the parser`),
      `answer number ${i}`,
    );
  return { name, sessionId: session.id };
}

async function reopened(store: Store, counter: TokenCounter, sessionId: string) {
  const prefix = 'reopened-';
  let id = 0;
  const engine = await testEngine({ store, counter, newId: () => `${prefix}${++id}` });
  return engine.openSession(sessionId);
}

describe('reopening a session on IndexedDB', () => {
  test('the first plan after a reload counts only the turn no plan has measured yet, and the new message', async () => {
    const { name, sessionId } = await writtenSession();
    const counter = notingCounter('approx');
    const session = await reopened(await open(name), counter, sessionId);
    const prepared = await session.prepare('and the lexer?');
    // Turns 0–8 were history in the plans stored with them; turn 9 was only ever the current one.
    expect(counter.texts.filter((text) => /number \d/.test(text))).toEqual([
      'question number 9 about the parser',
      'answer number 9',
    ]);
    expect(prepared.plan.included.filter((entry) => entry.candidate.kind === 'turn')).toHaveLength(10);
  });

  test('the plan is the one the engine makes when it counts every turn itself', async () => {
    const { name, sessionId } = await writtenSession();
    const store = await open(name);
    // The same database, through a store that does not offer its measures.
    const counting = new Proxy(store, {
      get: (target, key) => {
        if (key === 'measuredTurns') return undefined;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const adopted = await (await reopened(store, notingCounter('approx'), sessionId)).prepare(
      'and the lexer?',
    );
    const counted = await (await reopened(counting, notingCounter('approx'), sessionId)).prepare(
      'and the lexer?',
    );
    expect(adopted.plan.id).toBe(counted.plan.id);
    expect(adopted.plan.included.map((entry) => [entry.candidate.id, entry.candidate.tokens])).toEqual(
      counted.plan.included.map((entry) => [entry.candidate.id, entry.candidate.tokens]),
    );
  });

  test('turns measured with another encoding are counted again', async () => {
    const { name, sessionId } = await writtenSession();
    const counter = notingCounter('other');
    const session = await reopened(await open(name), counter, sessionId);
    await session.prepare('and the lexer?');
    expect(counter.texts.filter((text) => /question number \d/.test(text))).toHaveLength(10);
  });

  test('turns measured with the same tokenizer but another chat template are counted again', async () => {
    const { name, sessionId } = await writtenSession();
    const counter = notingCounter('approx');
    const engine = await testEngine({ store: await open(name), counter, template: 'qwen' });
    const prepared = await (await engine.openSession(sessionId)).prepare('and the lexer?');
    expect(counter.texts.filter((text) => /question number \d/.test(text))).toHaveLength(10);
    expect(prepared.plan.template).toBe('qwen');
  });

  test("a custom store's malformed measures are not taken: those turns are counted, and the plan is the same", async () => {
    const { name, sessionId } = await writtenSession();
    const store = await open(name);
    const broken = new Proxy(store, {
      get: (target, key) => {
        if (key === 'measuredTurns')
          return async (id: string) =>
            (await target.measuredTurns(id)).map((entry, i) =>
              i % 2 === 0 ? { ...entry, candidate: { ...entry.candidate, tokens: -1 } } : (null as never),
            );
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const counter = notingCounter('approx');
    const prepared = await (await reopened(broken, counter, sessionId)).prepare('and the lexer?');
    expect(counter.texts.filter((text) => /question number \d/.test(text))).toHaveLength(10);
    const counted = await (await reopened(store, notingCounter('approx'), sessionId)).prepare(
      'and the lexer?',
    );
    expect(prepared.plan.id).toBe(counted.plan.id);
  });
});
