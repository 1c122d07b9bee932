import type { ChatMessage, SessionRecord } from '../session/index.js';
import { createTokenizer } from '../tokenize/index.js';

// What recall keeps of a message, as stores write it with each turn, so that a reload (or another tab) fills its
// recall index from these instead of tokenizing every message again. A leaf of its own: stores write entries and
// recall reads them, so neither of those folders imports the other, and the index itself stays in its lazy chunk.

/**
 * Bumped whenever the tokenizer's terms change (stemming, stop words): entries written with another version are not
 * used, and their sessions are indexed again from their messages.
 */
export const RECALL_TERMS_VERSION = 1;

/** One committed message as recall indexes it. */
export interface RecallEntry {
  readonly messageId: string;
  /** Its place among the session's stored messages, erased ones counted (neighbours are found by it). */
  readonly position: number;
  /** What a passage quotes: `role: text`, the text as stored (so redacted). */
  readonly text: string;
  /** ISO 8601, as the message was stored. */
  readonly createdAt: string;
  /**
   * Its distinct terms with their frequencies, space-separated, a frequency above 1 after a colon (`cat:2 thunder`).
   * Terms never hold spaces or colons (the tokenizer splits on both). One string per message: cheaper to store and
   * read back than a list per term.
   */
  readonly terms: string;
}

/** Whether a session's messages may be recalled: never a private one, nor one with memory or recall turned off. */
export function recallable(record: SessionRecord): boolean {
  return record.private !== true && record.memory !== false && record.recall !== false;
}

/** What a message says that recall quotes (`role: text`), or null when it says nothing recall keeps. */
export function recallText(message: ChatMessage): string | null {
  if (message.erased === true) return null;
  const text =
    message.role === 'user'
      ? message.content
      : message.role === 'assistant'
        ? message.modelReply.content
        : null;
  return text === null || text.trim() === '' ? null : `${message.role}: ${text}`;
}

let sharedTokenizer: ((text: string) => string[]) | null = null;

/** The tokenizer the recall index uses by default, made once. */
export function recallTokenizer(): (text: string) => string[] {
  sharedTokenizer ??= createTokenizer();
  return sharedTokenizer;
}

/** Each distinct term with its frequency. */
export function countTerms(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** Terms → the `terms` string of an entry. */
export function encodeTerms(terms: readonly string[]): string {
  return encodeCounts(countTerms(terms));
}

function encodeCounts(counts: ReadonlyMap<string, number>): string {
  let encoded = '';
  for (const [term, count] of counts) {
    if (encoded !== '') encoded += ' ';
    encoded += count === 1 ? term : `${term}:${count}`;
  }
  return encoded;
}

/**
 * What the default tokenizer counted of the latest messages, by message object, until it is asked for once more: a
 * committed message is tokenized once, for the store's entry and then for the engine's index (both get the same
 * objects from the commit). Bounded, so that messages counted only once (a session indexed from its messages) are not
 * kept.
 */
const recentlyCounted = new Map<ChatMessage, ReadonlyMap<string, number>>();
const RECENT_LIMIT = 256;

/** The terms recall counts in a message's `recallText`, with the default tokenizer. */
export function messageTermCounts(message: ChatMessage, text: string): ReadonlyMap<string, number> {
  const counted = recentlyCounted.get(message);
  if (counted) {
    recentlyCounted.delete(message);
    return counted;
  }
  const counts = countTerms(recallTokenizer()(text));
  recentlyCounted.set(message, counts);
  if (recentlyCounted.size > RECENT_LIMIT) {
    const oldest = recentlyCounted.keys().next().value as ChatMessage;
    recentlyCounted.delete(oldest);
  }
  return counts;
}

/** An entry's `terms` string → each distinct term with its frequency; null when it is not one `encodeTerms` writes. */
export function decodeTerms(encoded: string): Map<string, number> | null {
  const counts = new Map<string, number>();
  if (encoded === '') return counts;
  for (const part of encoded.split(' ')) {
    const colon = part.indexOf(':');
    const term = colon < 0 ? part : part.slice(0, colon);
    const count = colon < 0 ? 1 : Number(part.slice(colon + 1));
    if (term === '' || !Number.isInteger(count) || count < 1 || counts.has(term)) return null;
    counts.set(term, count);
  }
  return counts;
}

/** The entries of messages stored from position `from` on; messages recall keeps nothing of have none. */
export function recallEntries(
  messages: readonly ChatMessage[],
  from: number,
  tokenize?: (text: string) => string[],
): RecallEntry[] {
  const entries: RecallEntry[] = [];
  for (const [i, message] of messages.entries()) {
    const text = recallText(message);
    if (text === null) continue;
    entries.push({
      messageId: message.id,
      position: from + i,
      text,
      createdAt: message.createdAt,
      terms: tokenize ? encodeTerms(tokenize(text)) : encodeCounts(messageTermCounts(message, text)),
    });
  }
  return entries;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The first thing wrong with a stored entry, or null (a store checks what it reads back before recall uses it). */
export function recallEntryProblem(value: unknown): string | null {
  if (!isObject(value) || typeof value.messageId !== 'string')
    return 'it is not a recall entry (no message id)';
  if (!Number.isInteger(value.position) || (value.position as number) < 0)
    return 'its position is not a count';
  if (typeof value.text !== 'string' || typeof value.createdAt !== 'string')
    return 'its text or date is not a string';
  const counts = typeof value.terms === 'string' ? decodeTerms(value.terms) : null;
  if (counts === null) return 'its terms are unreadable';
  checkedTerms.set(value as unknown as RecallEntry, counts);
  return null;
}

/**
 * Terms a store decoded while checking an entry it read back, until recall takes them: a reload decodes each stored
 * entry once. Weak, so an entry nobody takes does not keep them.
 */
const checkedTerms = new WeakMap<RecallEntry, Map<string, number>>();

/** An entry's terms with their frequencies (those its store's check decoded, else decoded now); null when unreadable. */
export function entryTermCounts(entry: RecallEntry): Map<string, number> | null {
  const checked = checkedTerms.get(entry);
  if (!checked) return decodeTerms(entry.terms);
  checkedTerms.delete(entry);
  return checked;
}
