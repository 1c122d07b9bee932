import { canonicalJson } from '../../hash/index.js';
import { contentHash, type TurnCandidate } from '../../planner/index.js';
import type { ChatMessage } from '../../session/index.js';
import type { MeasuredTurn } from '../../store-types/index.js';
import { SegmentLayout } from './segments.js';

/** How many of each kind of row a session has: the next position of each, kept on the session row. */
export interface SessionCounts {
  readonly messages: number;
  readonly turns: number;
  readonly plans: number;
  readonly usage: number;
}

/** A turn as plans refer to it: the positions of its messages, and each distinct variant of its candidate. */
export interface TurnEntry {
  readonly messages: readonly number[];
  /**
   * The candidate's fields except its messages (`messages: null` keeps their place) and its pin: tokens, hash,
   * turn index, and whatever else a version of the planner puts there. Usually one; another appears when, say,
   * the session is planned with another tokenizer.
   */
  readonly shells: readonly Readonly<Record<string, unknown>>[];
  /**
   * The tokenizer encoding each shell's tokens were counted with (`PlanInput.encoding`), so a reload can reuse them
   * instead of counting the turn again; absent in rows written before it was kept.
   */
  readonly encodings?: readonly (string | null)[];
}

/** Where a history candidate is stored: a turn position and the index of its shell. */
export interface TurnRef {
  readonly turn: number;
  readonly shell: number;
}

/** Rows a commit adds to the turns store: new turns, and turns that gained a shell. */
export type TurnWrites = Map<number, TurnEntry>;

function shellOf(candidate: TurnCandidate): Record<string, unknown> {
  const { pinned: _pinned, ...rest } = candidate;
  return { ...rest, messages: null };
}

/**
 * What a store knows of one session to store plans compactly and rebuild them: its messages by position, and the
 * turns plans referred to. Rows are only ever appended, so an index is extended by commits, never rewritten; it
 * is dropped and read again when another tab may have changed the session.
 */
export class SessionIndex {
  readonly messages: ChatMessage[];
  readonly turns: TurnEntry[];
  counts: SessionCounts;
  /** How messages and turns are split into rows. */
  messageLayout: SegmentLayout;
  turnLayout: SegmentLayout;
  /** Settles once `turns` holds every stored turn (they are read after the messages; see IdbStore.loadSession). */
  ready: Promise<void> = Promise.resolve();
  /** Built on the first commit rather than on opening: a reload that only reads never needs it. */
  #positionOfIdMap: Map<string, number> | null = null;
  readonly #turnOfCandidateId = new Map<string, number>();
  /** Candidates already matched to a row: the engine hands the same turn candidate to every plan. */
  readonly #known = new WeakMap<object, TurnRef>();
  /** Rebuilt candidates, shared by every plan read through this index, as the engine shares them. */
  readonly #decoded = new Map<string, TurnCandidate>();

  constructor(
    messages: ChatMessage[],
    turns: TurnEntry[],
    counts: SessionCounts,
    layouts: { readonly messages: SegmentLayout; readonly turns: SegmentLayout },
  ) {
    this.messages = messages;
    this.turns = turns;
    this.counts = counts;
    this.messageLayout = layouts.messages;
    this.turnLayout = layouts.turns;
    this.#indexTurns();
  }

  /** The turns read after the messages. */
  setTurns(turns: readonly TurnEntry[], layout: SegmentLayout): void {
    this.turns.length = 0;
    this.turns.push(...turns);
    this.turnLayout = layout;
    this.#indexTurns();
  }

  #indexTurns(): void {
    for (let position = 0; position < this.turns.length; position++) {
      const first = (this.turns[position] as TurnEntry).shells[0];
      if (first && typeof first.id === 'string') this.#turnOfCandidateId.set(first.id, position);
    }
  }

  static empty(): SessionIndex {
    const empty = new SegmentLayout();
    return new SessionIndex(
      [],
      [],
      { messages: 0, turns: 0, plans: 0, usage: 0 },
      { messages: empty, turns: empty },
    );
  }

  /** After a commit is durable: its messages and turn rows become part of the index. */
  append(
    messages: readonly ChatMessage[],
    writes: TurnWrites,
    counts: SessionCounts,
    layouts: { readonly messages: SegmentLayout; readonly turns: SegmentLayout },
  ): void {
    this.messageLayout = layouts.messages;
    this.turnLayout = layouts.turns;
    for (const message of messages) {
      this.#positionOfIdMap?.set(message.id, this.messages.length);
      this.messages.push(message);
    }
    for (const [position, entry] of writes) this.#setTurn(position, entry);
    this.counts = counts;
  }

  /**
   * The stored turn a history candidate stands for, adding a row or a shell to `writes` when it is new; null when
   * the candidate must be stored whole (its messages are not this session's stored messages, say).
   */
  refOf(candidate: TurnCandidate, writes: TurnWrites, encoding: string | null = null): TurnRef | null {
    const known = this.#known.get(candidate);
    if (known) return known;
    const positions: number[] = [];
    for (const message of candidate.messages) {
      const position = this.#positionOfId().get(message.id);
      if (position === undefined) return null;
      positions.push(position);
    }
    const shell = shellOf(candidate);
    let turn = this.#turnOfCandidateId.get(candidate.id);
    let entry = turn === undefined ? undefined : (writes.get(turn) ?? this.turns[turn]);
    if (turn === undefined || !entry) {
      turn = this.turns.length + [...writes.keys()].filter((key) => key >= this.turns.length).length;
      entry = { messages: positions, shells: [] };
    } else if (!sameNumbers(entry.messages, positions)) {
      return null;
    }
    let index = entry.shells.findIndex((existing) => sameShell(existing, shell));
    if (index === -1) {
      // A new variant is checked against the stored messages once: same ids but other content would replay to
      // another plan, so such a candidate is kept whole instead. Later candidates with the same shell carry the
      // same content hash, so they need no check.
      const stored = positions.map((position) => this.messages[position] as ChatMessage);
      if (contentHash({ ...candidate, messages: stored }) !== candidate.hash) return null;
      index = entry.shells.length;
      const encodings = entry.shells.map((_, i) => entry?.encodings?.[i] ?? null);
      entry = {
        messages: entry.messages,
        shells: [...entry.shells, shell],
        encodings: [...encodings, encoding],
      };
      writes.set(turn, entry);
      this.#turnOfCandidateId.set(candidate.id, turn);
    }
    const ref = { turn, shell: index };
    if (candidate.pinned === undefined) this.#known.set(candidate, ref);
    return ref;
  }

  /** The candidate a reference stands for; undefined when this index does not hold it (stale, or corrupt data). */
  candidate(ref: TurnRef): TurnCandidate | undefined {
    const key = `${ref.turn}:${ref.shell}`;
    const cached = this.#decoded.get(key);
    if (cached) return cached;
    const entry = this.turns[ref.turn];
    const shell = entry?.shells[ref.shell];
    if (!entry || !shell) return undefined;
    const messages: ChatMessage[] = [];
    for (const position of entry.messages) {
      const message = this.messages[position];
      if (!message) return undefined;
      messages.push(message);
    }
    const candidate = { ...shell, messages } as unknown as TurnCandidate;
    this.#decoded.set(key, candidate);
    this.#known.set(candidate, ref);
    return candidate;
  }

  /**
   * Each stored turn as its newest shell measured it, with the encoding it was counted with: what a reload hands
   * the engine so that its first plan need not count every turn again. Turns without a known encoding are left out.
   */
  measuredTurns(): MeasuredTurn[] {
    const measured: MeasuredTurn[] = [];
    for (let turn = 0; turn < this.turns.length; turn++) {
      const entry = this.turns[turn] as TurnEntry;
      const shell = entry.shells.length - 1;
      const encoding = entry.encodings?.[shell];
      if (typeof encoding !== 'string') continue;
      const candidate = this.candidate({ turn, shell });
      if (candidate) measured.push({ candidate, encoding });
    }
    return measured;
  }

  #positionOfId(): Map<string, number> {
    if (!this.#positionOfIdMap) {
      this.#positionOfIdMap = new Map();
      for (let position = 0; position < this.messages.length; position++)
        this.#positionOfIdMap.set((this.messages[position] as ChatMessage).id, position);
    }
    return this.#positionOfIdMap;
  }

  #setTurn(position: number, entry: TurnEntry): void {
    this.turns[position] = entry;
    const first = entry.shells[0];
    if (first && typeof first.id === 'string') this.#turnOfCandidateId.set(first.id, position);
  }
}

/** Shells are flat objects of numbers and strings; anything nested is compared as canonical JSON. */
function sameShell(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (Object.is(x, y) && key in b) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (canonicalJson(x) !== canonicalJson(y)) return false;
  }
  return true;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
