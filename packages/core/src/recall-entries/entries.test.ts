import { describe, expect, test } from 'vitest';
import { RecallIndex } from '../recall/recall-index.js';
import type { ChatMessage } from '../session/index.js';
import {
  decodeTerms,
  encodeTerms,
  entryTermCounts,
  messageTermCounts,
  recallEntries,
  recallEntryProblem,
  recallText,
  recallTokenizer,
} from './entries.js';

const at = '2026-01-01T00:00:00.000Z';

const user = (id: string, content: string): ChatMessage => ({ id, role: 'user', content, createdAt: at });
const reply = (id: string, content: string): ChatMessage =>
  ({ id, role: 'assistant', modelReply: { content }, createdAt: at, planId: 'p', model: 'm' }) as ChatMessage;

describe('recall entries', () => {
  test('terms and their frequencies are written as one string and read back exactly', () => {
    const terms = ['cat', 'thunder', 'cat', 'marzipan', 'cat', 'thunder'];
    const encoded = encodeTerms(terms);
    expect(encoded).toBe('cat:3 thunder:2 marzipan');
    expect(decodeTerms(encoded)).toEqual(
      new Map([
        ['cat', 3],
        ['thunder', 2],
        ['marzipan', 1],
      ]),
    );
    expect(decodeTerms('')).toEqual(new Map());
  });

  test('a terms string encodeTerms could not have written is refused', () => {
    for (const bad of ['cat:0', 'cat cat', ':2', 'cat:x', 'cat:1.5', 'cat  dog', ' cat'])
      expect(decodeTerms(bad), bad).toBeNull();
    expect(recallEntryProblem({ messageId: 'm', position: 0, text: 't', createdAt: at, terms: 'a:0' })).toBe(
      'its terms are unreadable',
    );
    expect(recallEntryProblem({ messageId: 'm', position: -1, text: 't', createdAt: at, terms: '' })).toBe(
      'its position is not a count',
    );
    expect(
      recallEntryProblem({ messageId: 'm', position: 0, text: 't', createdAt: at, terms: 'cat' }),
    ).toBeNull();
  });

  test('only what users and the model said is kept, at its stored position, as the index would quote it', () => {
    const messages: ChatMessage[] = [
      user('u1', 'My cat Marzipan fears thunderstorms'),
      { id: 't1', role: 'tool', toolCallId: 'c1', toolName: 'read', content: 'tool output', createdAt: at },
      { id: 'n1', role: 'system', content: 'a note', createdAt: at },
      user('u2', '   '),
      { ...user('u3', ''), erased: true },
      reply('a1', 'Marzipan is a lovely name'),
    ];
    const entries = recallEntries(messages, 10);
    expect(entries.map((entry) => [entry.messageId, entry.position, entry.text])).toEqual([
      ['u1', 10, 'user: My cat Marzipan fears thunderstorms'],
      ['a1', 15, 'assistant: Marzipan is a lovely name'],
    ]);
    expect(entries[0]?.terms).toBe(encodeTerms(recallTokenizer()(entries[0]?.text as string)));
  });

  test('a committed message is tokenized once: its entry and the index share one count of its terms', () => {
    const message = user('u1', 'Thunder scared the cat, and the cat hid');
    const text = recallText(message) as string;
    const [entry] = recallEntries([message], 0);
    const counts = messageTermCounts(message, text);
    expect(decodeTerms(entry?.terms as string)).toEqual(counts);
    // Asked for once more, the counts are not kept: nothing holds every message's terms.
    expect(messageTermCounts(message, text)).not.toBe(counts);
    // Another message object is counted afresh, though its text is the same.
    const copy = { ...message };
    recallEntries([copy], 0);
    expect(messageTermCounts(copy, text)).not.toBe(counts);
    expect(messageTermCounts(copy, text)).toEqual(counts);
  });

  test('counts wait for their second use among the latest few hundred messages only', () => {
    const first = user('first', 'marzipan thunder');
    const firstCounts = messageTermCounts(first, 'user: marzipan thunder');
    for (let i = 0; i < 300; i++) messageTermCounts(user(`m${i}`, 'cat'), `user: cat ${i}`);
    expect(messageTermCounts(first, 'user: marzipan thunder')).not.toBe(firstCounts);
    const last = user('last', 'marzipan');
    const lastCounts = messageTermCounts(last, 'user: marzipan');
    expect(messageTermCounts(last, 'user: marzipan')).toBe(lastCounts);
  });

  test("an entry read back is decoded once: recall takes the terms its store's check decoded", () => {
    const entry = { messageId: 'm', position: 0, text: 'user: cat', createdAt: at, terms: 'cat:2 thunder' };
    expect(recallEntryProblem(entry)).toBeNull();
    // What recall gets is the check's decoding, not a second one (which would read the terms as they are now).
    entry.terms = 'dog';
    expect(entryTermCounts(entry)).toEqual(
      new Map([
        ['cat', 2],
        ['thunder', 1],
      ]),
    );
    // Taken once: asked again, the entry is decoded afresh; an unreadable one never checked is null.
    expect(entryTermCounts(entry)).toEqual(new Map([['dog', 1]]));
    expect(entryTermCounts({ ...entry, terms: 'cat cat' })).toBeNull();
  });

  test('an index filled from counted terms finds what one that tokenized the text finds, scored alike', () => {
    const texts = [
      'user: My cat Marzipan is afraid of thunderstorms and thunder',
      'assistant: Marzipan is a lovely name for a cat',
      'user: We drove home through the rain after the concert',
      'assistant: Driving in rain needs care; the concert sounded lovely',
    ];
    const tokenizing = new RecallIndex();
    const counted = new RecallIndex();
    let tokenized = 0;
    const counting = new RecallIndex({
      tokenize: (text) => {
        tokenized += 1;
        return recallTokenizer()(text);
      },
    });
    texts.forEach((text, position) => {
      const passage = { messageId: `m${position}`, sessionId: 's', position, text, createdAt: at };
      tokenizing.add(passage);
      const counts = decodeTerms(encodeTerms(recallTokenizer()(text))) as Map<string, number>;
      counted.addCounted(passage, counts);
      counting.addCounted(passage, counts);
    });
    expect(tokenized).toBe(0);
    for (const query of ['cat thunder', 'lovely concert', 'rain', 'name of the cat']) {
      expect(counted.search({ query, limit: 10 }), query).toEqual(tokenizing.search({ query, limit: 10 }));
      expect(counted.search({ query, limit: 10 }).length, query).toBeGreaterThan(0);
    }
  });
});
