import type { Embedder } from '../embeddings/index.js';
import { reportError } from '../errors/index.js';
import type { RecallCandidate } from '../planner/index.js';
import {
  entryTermCounts,
  messageTermCounts,
  recallable,
  recallText,
  recallTokenizer,
} from '../recall-entries/index.js';
import type { ChatMessage, SessionRecord } from '../session/index.js';
import { readSharedDocument } from '../shared-documents/index.js';
import { type Store, type StoredRecall, type StoreEvent, updateDocument } from '../store/index.js';
import { FORGOTTEN_DOCUMENT, FORGOTTEN_DOCUMENT_SHAPE, forgottenIn } from './forgotten.js';
import type { RecallHit, RecallIndex, RecallPassage } from './recall-index.js';
import { type RecallSimilarity, recallSimilarity } from './similarity.js';
import { type RecallViewer, rootOf } from './viewer.js';
import { recallWeights } from './weights.js';

/** What makes a planner candidate of a passage: counted and hashed (the engine's candidate factory). */
export interface RecallCandidates {
  recall(
    passage: Omit<RecallCandidate, 'kind' | 'id' | 'section' | 'tokens' | 'hash'> & {
      readonly found: string;
    },
  ): RecallCandidate;
}

// The forgotten list's key and shape live in forgotten.ts, which the shared-document checks reach without this module.
export { FORGOTTEN_DOCUMENT } from './forgotten.js';

/** How many passages are offered to the planner per request; it keeps what fits in the recall share. */
const OFFERED = 48;
/** Messages on each side of the one found that make a passage readable (a question and its answer). */
const NEIGHBOURS = 1;
/** The most messages one passage joins. */
const PASSAGE_LIMIT = 9;

/** Messages found near each other, quoted as one passage, and the best hit among them. */
interface Run {
  readonly best: RecallHit;
  readonly passages: Map<string, RecallPassage>;
}

/**
 * What the engine recalls from: a RecallIndex over the committed messages of every stored session that allows it
 * (never a private session or one with `memory: false`), read from the store on first use. This engine's sessions
 * hand it the messages they commit (`committed`), so a turn costs no read; anything else the store hears of (another
 * tab's commits, a session moved between stores, a setting changed) has that session read again before the next
 * search, and a deleted session is forgotten at once. Text is indexed as stored, so redacted. A store that keeps
 * recall entries (`Store.recallEntries`: terms counted when each turn was committed) fills the index from them, with
 * no tokenizing; from any other store, sessions are read and their messages tokenized.
 */
export class RecallSource {
  readonly #store: Store;
  readonly #candidates: RecallCandidates;
  /** Loaded with the first request (a chunk of its own): until then nothing is indexed, and nothing is missed. */
  #index: RecallIndex | null = null;
  #loading: Promise<void> | null = null;
  /** Sessions to read again before the next search. */
  readonly #dirty = new Set<string>();
  /** Records may have changed (a session created, made private, its memory turned off): list them again. */
  #recordsChanged = true;
  /** How many of each session's stored messages are indexed (positions are message positions in the store). */
  readonly #indexed = new Map<string, number>();
  /** Messages a local commit wrote that no session has reported yet: if none does, the session is read again. */
  readonly #unreported = new Map<string, Set<string>>();
  /** Messages never to recall; read from the store with the index, and again after another tab's changes. */
  #forgotten: Set<string> | null = null;
  /** The tree each indexed session belongs to: its root session's id. */
  readonly #roots = new Map<string, string>();
  /** Sessions whose stored entries are being read: a commit meanwhile may be missing from what arrives. */
  #reading: ReadonlySet<string> = new Set();

  readonly #now: () => string;
  /** Each indexed session's pinned messages: a passage quoting one is more important. */
  readonly #pinned = new Map<string, ReadonlySet<string>>();

  /** With the host's embedder: weighs the passages found by their closeness in meaning to the message. */
  readonly #similarity: RecallSimilarity | undefined;

  constructor(store: Store, candidates: RecallCandidates, now: () => string, similarity?: RecallSimilarity) {
    this.#store = store;
    this.#candidates = candidates;
    this.#now = now;
    this.#similarity = similarity;
    store.subscribe((event) => this.#hear(event));
  }

  /**
   * The passages offered for a message, best first, as planner candidates. Each message found comes with its
   * neighbours; messages found next to each other join one passage (up to PASSAGE_LIMIT messages), so nothing is
   * quoted twice. `carried` is what the asking conversation sends anyway (see `carriedBy`).
   */
  async offeredTo(text: string, viewer?: RecallViewer, carried?: string): Promise<RecallCandidate[]> {
    await this.#refresh();
    const runs: Run[] = [];
    /** The run each message quoted so far belongs to (runs never share a message). */
    const owners = new Map<string, Run>();
    const index = this.#index as RecallIndex;
    const allowed = (passage: RecallPassage) =>
      !viewer ||
      passage.sessionId === viewer.sessionId ||
      this.#roots.get(passage.sessionId) !== viewer.rootSessionId ||
      viewer.sees(passage.messageId);
    for (const hit of index.search({ query: text, limit: OFFERED * 3, ...(carried && { carried }) })) {
      if (!allowed(hit.passage)) continue;
      const around = this.#around(hit.passage).filter(allowed);
      // The passages this hit's messages already belong to, best first: they and the hit become one passage.
      const touched: Run[] = [];
      let fresh = 0;
      for (const passage of around) {
        const owner = owners.get(passage.messageId);
        if (!owner) fresh += 1;
        else if (!touched.includes(owner)) touched.push(owner);
      }
      if (touched.length > 1) touched.sort((a, b) => runs.indexOf(a) - runs.indexOf(b));
      const [target, ...others] = touched;
      if (!target) {
        if (runs.length === OFFERED) continue;
        const run: Run = { best: hit, passages: new Map() };
        runs.push(run);
        this.#join(run, around, owners);
        continue;
      }
      if (touched.reduce((size, run) => size + run.passages.size, fresh) > PASSAGE_LIMIT) continue;
      for (const other of others) {
        this.#join(target, [...other.passages.values()], owners);
        runs.splice(runs.indexOf(other), 1);
      }
      this.#join(target, around, owners);
    }
    const now = this.#now();
    const similarity = await this.#similarity?.of(
      text,
      runs.map((run) => run.best.passage.text),
      reportError,
    );
    // Best first by score; a stable sort keeps the search's order (relevance, then session and position) on a tie.
    return runs.map((run, i) => this.#candidate(run, now, similarity?.[i])).sort((a, b) => b.score - a.score);
  }

  /** A session of this engine committed these messages (after the store wrote them). */
  committed(record: SessionRecord, messages: readonly ChatMessage[]): void {
    const unreported = this.#unreported.get(record.id);
    for (const message of messages) unreported?.delete(message.id);
    if (unreported?.size === 0) this.#unreported.delete(record.id);
    if (this.#reading.has(record.id)) this.#dirty.add(record.id);
    const from = this.#indexed.get(record.id);
    if (from === undefined || !recallable(record)) return;
    this.#noteRecord(record);
    for (const [i, message] of messages.entries()) this.#add(record.id, from + i, message);
    this.#indexed.set(record.id, from + messages.length);
  }

  #hear(event: StoreEvent): void {
    const { sessionId } = event;
    if (event.type === 'session-deleted') {
      this.#forget(sessionId);
      this.#dirty.delete(sessionId);
      this.#unreported.delete(sessionId);
    } else if (event.origin === 'remote') {
      this.#dirty.add(sessionId);
      this.#recordsChanged = true;
      this.#forgotten = null;
    } else if (event.type === 'session-saved') {
      this.#recordsChanged = true;
    } else {
      const unreported = this.#unreported.get(sessionId) ?? new Set<string>();
      for (const id of event.messageIds) unreported.add(id);
      this.#unreported.set(sessionId, unreported);
    }
  }

  async #refresh(): Promise<void> {
    // The index's chunk (createEngine starts loading it, see lazy.ts), imported here and not through that door,
    // which loads this module too.
    this.#loading ??= import('./recall-index.js').then((module) => {
      this.#index = new module.RecallIndex({ tokenize: recallTokenizer() });
    });
    await this.#loading;
    if (this.#forgotten === null) {
      this.#forgotten = await this.#readForgotten();
      for (const messageId of this.#forgotten) this.#index?.remove(messageId);
    }
    for (const sessionId of this.#unreported.keys()) this.#dirty.add(sessionId);
    this.#unreported.clear();
    if (this.#recordsChanged) {
      this.#recordsChanged = false;
      for (const record of await this.#store.listSessions()) {
        if (!recallable(record)) this.#forget(record.id);
        else if (!this.#indexed.has(record.id)) this.#dirty.add(record.id);
        else this.#notePins(record);
      }
    }
    if (this.#store.recallEntries && this.#dirty.size > 0) {
      const sessionIds = [...this.#dirty];
      this.#dirty.clear();
      this.#reading = new Set(sessionIds);
      try {
        const { sessions } = await this.#store.recallEntries(sessionIds);
        for (const sessionId of sessionIds) this.#addStored(sessionId, sessions.get(sessionId));
      } catch (error) {
        for (const sessionId of sessionIds) this.#dirty.add(sessionId);
        throw error;
      } finally {
        this.#reading = new Set();
      }
    }
    for (const sessionId of [...this.#dirty]) {
      this.#dirty.delete(sessionId);
      this.#forget(sessionId);
      const loaded = await this.#store.loadSession(sessionId);
      if (!loaded || !recallable(loaded.record)) continue;
      this.#noteRecord(loaded.record);
      for (const [position, message] of loaded.messages.entries()) this.#add(sessionId, position, message);
      this.#indexed.set(sessionId, loaded.messages.length);
    }
  }

  /**
   * Never recalls these messages again: they leave the index at once, and the list is stored, so a reload (or another
   * tab, after its next change) leaves them out too.
   */
  async forget(messageIds: readonly string[]): Promise<void> {
    // Read checked first, so a malformed list is set aside whole rather than written over.
    await readSharedDocument(this.#store, FORGOTTEN_DOCUMENT_SHAPE);
    await updateDocument(this.#store, FORGOTTEN_DOCUMENT, (current) => [
      ...new Set([...forgottenIn(current), ...messageIds]),
    ]);
    for (const messageId of messageIds) {
      this.#forgotten?.add(messageId);
      this.#index?.remove(messageId);
    }
  }

  async #readForgotten(): Promise<Set<string>> {
    return new Set(forgottenIn(await readSharedDocument(this.#store, FORGOTTEN_DOCUMENT_SHAPE)));
  }

  #add(sessionId: string, position: number, message: ChatMessage): void {
    if (this.#forgotten?.has(message.id)) return;
    const text = recallText(message);
    if (text === null) return;
    const passage = { messageId: message.id, sessionId, position, text, createdAt: message.createdAt };
    this.#index?.addCounted(passage, messageTermCounts(message, text));
  }

  /** A session as the store keeps it for recall (undefined: gone, or not to be recalled), in place of what it had. */
  #addStored(sessionId: string, stored: StoredRecall | undefined): void {
    this.#forget(sessionId);
    if (!stored || !recallable(stored.record)) return;
    this.#noteRecord(stored.record);
    for (const entry of stored.entries) {
      const { messageId, position, text, createdAt } = entry;
      const counts = this.#forgotten?.has(messageId) ? null : entryTermCounts(entry);
      if (counts) this.#index?.addCounted({ messageId, sessionId, position, text, createdAt }, counts);
    }
    this.#indexed.set(sessionId, stored.messages);
  }

  #forget(sessionId: string): void {
    this.#index?.removeSession(sessionId);
    this.#indexed.delete(sessionId);
    this.#roots.delete(sessionId);
    this.#pinned.delete(sessionId);
  }

  /** What recall keeps of an indexed session's record: its tree, and its pinned messages. */
  #noteRecord(record: SessionRecord): void {
    this.#roots.set(record.id, rootOf(record));
    this.#notePins(record);
  }

  #notePins(record: SessionRecord): void {
    const messages = record.pins.flatMap((pin) =>
      pin.target.kind === 'message' ? [pin.target.messageId] : [],
    );
    if (messages.length > 0) this.#pinned.set(record.id, new Set(messages));
    else this.#pinned.delete(record.id);
  }

  #join(run: Run, passages: readonly RecallPassage[], owners: Map<string, Run>): void {
    for (const passage of passages) {
      run.passages.set(passage.messageId, passage);
      owners.set(passage.messageId, run);
    }
  }

  #around(passage: RecallPassage): RecallPassage[] {
    const around: RecallPassage[] = [];
    for (let offset = -NEIGHBOURS; offset <= NEIGHBOURS; offset++) {
      const neighbour =
        offset === 0 ? passage : this.#index?.at(passage.sessionId, passage.position + offset);
      if (neighbour) around.push(neighbour);
    }
    return around;
  }

  #candidate({ best, passages }: Run, now: string, similarity: number | undefined): RecallCandidate {
    const inOrder = [...passages.values()].sort((a, b) => a.position - b.position);
    const pinned = this.#pinned.get(best.passage.sessionId);
    const important = pinned !== undefined && inOrder.some((entry) => pinned.has(entry.messageId));
    return this.#candidates.recall({
      found: best.passage.messageId,
      sessionId: best.passage.sessionId,
      messageIds: inOrder.map((entry) => entry.messageId),
      createdAt: best.passage.createdAt,
      text: inOrder.map((entry) => entry.text).join('\n'),
      ...recallWeights(best.relevance, best.passage.createdAt, important, now, similarity),
    });
  }
}

/** The engine's recall source, weighing passages by meaning when the host gives `recall.embedder`. */
export function openRecallSource(
  store: Store,
  candidates: RecallCandidates,
  now: () => string,
  recall: { readonly embedder?: Embedder } | undefined,
): RecallSource {
  return new RecallSource(store, candidates, now, recallSimilarity(recall, store));
}
