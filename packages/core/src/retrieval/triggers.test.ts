import { describe, expect, test } from 'vitest';
import { activityTriggers, extractTriggers, TriggerMemory } from './index.js';

const pairs = (message: string) => extractTriggers(message).map((trigger) => [trigger.kind, trigger.query]);

describe('extractTriggers', () => {
  test('the message itself is always the first, most relevant sub-query', () => {
    const [first] = extractTriggers('Is it going to rain in Seattle?');
    expect(first).toEqual({
      kind: 'message',
      query: 'Is it going to rain in Seattle?',
      relevance: 1,
      age: 0,
    });
    expect(pairs('Is it going to rain in Seattle?')).toHaveLength(1);
  });

  test('finds symbols (camel, Pascal, snake, dotted, backticked) but not capitalised words', () => {
    expect(pairs('How does the AuthService handle login?')).toContainEqual(['symbol_mention', 'AuthService']);
    const found = pairs('Then readFile calls parse_json and `session.prepare` before console.log');
    expect(found).toContainEqual(['symbol_mention', 'readFile']);
    expect(found).toContainEqual(['symbol_mention', 'parse_json']);
    expect(found).toContainEqual(['symbol_mention', 'session.prepare']);
    expect(
      pairs('Then Alice went Home, e.g. yesterday').filter(([kind]) => kind === 'symbol_mention'),
    ).toEqual([]);
  });

  test('finds file paths, with or without directories', () => {
    expect(pairs('Look at src/auth/service.ts for the implementation')).toContainEqual([
      'file_path',
      'src/auth/service.ts',
    ]);
    expect(pairs('is package.json right? and ./scripts/build?')).toEqual(
      expect.arrayContaining([
        ['file_path', 'package.json'],
        ['file_path', './scripts/build'],
      ]),
    );
    expect(pairs('version 1.2.3 of it').filter(([kind]) => kind === 'file_path')).toEqual([]);
  });

  test('turns questions into their subject', () => {
    expect(pairs('How does authentication work in this app?')).toContainEqual([
      'implicit_query',
      'authentication',
    ]);
    expect(pairs('What is the error handling strategy?')).toContainEqual([
      'implicit_query',
      'error handling strategy',
    ]);
  });
});

describe('activity and carry-over', () => {
  test('activity events become triggers; a close has none', () => {
    expect(activityTriggers({ type: 'file_edit', filePath: 'src/a.ts', symbols: ['parseA'] })).toEqual([
      { kind: 'file_edit', query: 'src/a.ts', relevance: 0.95, age: 0 },
      { kind: 'file_edit', query: 'parseA', relevance: 0.95, age: 0 },
    ]);
    expect(activityTriggers({ type: 'file_close', filePath: 'src/a.ts' })).toEqual([]);
  });

  test("a session's triggers carry over to its next messages, decaying until they fall under the minimum", () => {
    const memory = new TriggerMemory({ decay: 0.5, minRelevance: 0.2 });
    memory.next('Working on AuthService', 's1');
    const second = memory.next('Now I need to add validation', 's1');
    expect(second).toContainEqual({ kind: 'symbol_mention', query: 'AuthService', relevance: 0.45, age: 1 });
    expect(second).toContainEqual({
      kind: 'message',
      query: 'Working on AuthService',
      relevance: 0.5,
      age: 1,
    });
    const third = memory.next('And tests', 's1');
    expect(third).toContainEqual({ kind: 'symbol_mention', query: 'AuthService', relevance: 0.225, age: 2 });
    const fourth = memory.next('Done?', 's1');
    expect(fourth.some((trigger) => trigger.query === 'AuthService')).toBe(false);
    // Another session, and a selection without a session, carry nothing over.
    expect(memory.next('Hello there', 's2').map((trigger) => trigger.query)).toEqual(['Hello there']);
    expect(memory.next('Hi', undefined).map((trigger) => trigger.query)).toEqual(['Hi']);
  });

  test('activity applies to the next message of any session, then decays; closing a file ends it', () => {
    const memory = new TriggerMemory();
    memory.observe({ type: 'file_open', filePath: 'src/db/schema.sql' });
    memory.observe({ type: 'file_edit', filePath: 'src/auth/token.ts' });
    const next = memory.next('what now', 's1');
    expect(next).toContainEqual({ kind: 'file_edit', query: 'src/auth/token.ts', relevance: 0.95, age: 0 });
    expect(next).toContainEqual({ kind: 'file_open', query: 'src/db/schema.sql', relevance: 0.8, age: 0 });
    memory.observe({ type: 'file_close', filePath: 'src/auth/token.ts' });
    const later = memory.next('and then', 's2');
    expect(later.some((trigger) => trigger.query === 'src/auth/token.ts')).toBe(false);
    expect(later).toContainEqual({ kind: 'file_open', query: 'src/db/schema.sql', relevance: 0.4, age: 1 });
  });

  test('a peek (estimating a draft) sees what a message would, and leaves carry-over and activity as they were', () => {
    const memory = new TriggerMemory();
    memory.observe({ type: 'file_open', filePath: 'src/db/schema.sql' });
    memory.next('Working on AuthService', 's1');
    const peeked = memory.next('A draft about TokenStore', 's1', true);
    expect(peeked).toContainEqual({ kind: 'symbol_mention', query: 'AuthService', relevance: 0.45, age: 1 });
    expect(memory.next('A draft about TokenStore', 's1', true)).toEqual(peeked);
    const sent = memory.next('The message sent', 's1');
    expect(sent).toContainEqual({ kind: 'symbol_mention', query: 'AuthService', relevance: 0.45, age: 1 });
    expect(sent.some((trigger) => trigger.query === 'TokenStore')).toBe(false);
    expect(memory.next('Another session', 's2')).toContainEqual({
      kind: 'file_open',
      query: 'src/db/schema.sql',
      relevance: 0.2,
      age: 2,
    });
  });

  test('remembers a bounded number of sessions, dropping the least recently used', () => {
    const memory = new TriggerMemory({ maxSessions: 2 });
    memory.next('AuthService one', 'a');
    memory.next('TokenStore two', 'b');
    memory.next('again', 'a');
    memory.next('CacheLayer three', 'c');
    expect(memory.next('next', 'b').some((trigger) => trigger.query === 'TokenStore')).toBe(false);
    expect(memory.next('next', 'c').some((trigger) => trigger.query === 'CacheLayer')).toBe(true);
  });
});
