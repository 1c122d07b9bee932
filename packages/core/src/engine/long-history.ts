import { CorruptRecordError, NotFoundError } from '../errors/index.js';
import {
  blobHash,
  blobHashOf,
  type CompactedText,
  compactText,
  compressHistory,
  type HistorySettings,
  type LargeContentSettings,
} from '../history/index.js';
import type {
  CheckpointCandidate,
  HistoryBlockInput,
  HistoryPolicy,
  SummarizerStatus,
} from '../planner/index.js';
import type { Checkpoint, SessionRecord, Turn } from '../session/index.js';
import type { Store } from '../store/index.js';
import type { CandidateFactory } from './candidates.js';
import { blockInput } from './history-blocks.js';

/** What a turn carries about its history from `prepare` to `commit`. */
export interface TurnHistory {
  /** The checkpoint planned with: the one in force, or one written for this turn. */
  readonly checkpoint: Checkpoint | null;
  readonly summarizer: SummarizerStatus;
  /** Content the turn's messages refer to by hash, written with the turn. */
  readonly blobs: ReadonlyMap<string, string>;
}

export interface LongHistorySettings {
  readonly history: HistorySettings;
  readonly largeContent: LargeContentSettings;
}

const NO_BLOBS: ReadonlyMap<string, string> = new Map();

/**
 * A session's long-history bookkeeping: which checkpoint is in force, when to ask the summarizer for a new one,
 * and content stored once. A checkpoint written for a turn that is rolled back is kept here and written with the
 * next commit, so the summarizer is not asked twice for the same turns.
 */
export class LongHistory {
  readonly #settings: LongHistorySettings;
  readonly #candidates: CandidateFactory;
  #unsaved: Checkpoint | null = null;

  constructor(settings: LongHistorySettings, candidates: CandidateFactory) {
    this.#settings = settings;
    this.#candidates = candidates;
  }

  /** The newest checkpoint whose turns are this session's, with the index of the last turn it covers. */
  inForce(
    record: SessionRecord,
    turnOf: ReadonlyMap<string, Turn>,
  ): { checkpoint: Checkpoint; toTurn: number } | null {
    const candidates = [...(record.checkpoints ?? []), ...(this.#unsaved ? [this.#unsaved] : [])];
    for (let i = candidates.length - 1; i >= 0; i--) {
      const checkpoint = candidates[i] as Checkpoint;
      // A record that lost its summary cannot stand in for anything: its turns are summarized again instead.
      if (typeof checkpoint?.summary !== 'string' || typeof checkpoint.lastMessageId !== 'string') continue;
      const turn = turnOf.get(checkpoint.lastMessageId);
      if (turn) return { checkpoint, toTurn: turn.index };
    }
    return null;
  }

  /**
   * The history a request would be planned with now, without asking the summarizer (an estimate must cost no model
   * call): the checkpoint in force, if any.
   */
  current(record: SessionRecord, turnOf: ReadonlyMap<string, Turn>): TurnHistory {
    const inForce = this.inForce(record, turnOf);
    return {
      checkpoint: inForce?.checkpoint ?? null,
      summarizer: this.#settings.history.summarizer ? 'ok' : 'none',
      blobs: NO_BLOBS,
    };
  }

  /** Before planning a new turn: summarizes the oldest turns when history has outgrown its share. */
  async prepare(args: {
    readonly sessionId: string;
    readonly record: SessionRecord;
    readonly turns: readonly Turn[];
    readonly turnOf: ReadonlyMap<string, Turn>;
    readonly available: number;
    /** What the plan will leave to agent items under history's high-water mark (see CompressionInput). */
    readonly reserve: number;
    readonly newId: () => string;
    readonly now: () => string;
  }): Promise<TurnHistory> {
    const inForce = this.inForce(args.record, args.turnOf);
    const outcome = await compressHistory({
      sessionId: args.sessionId,
      turns: args.turns,
      tokensOf: (index) => this.#candidates.turn(args.turns[index] as Turn).tokens,
      current: inForce && {
        ...inForce,
        tokens: this.#candidates.checkpoint(inForce.checkpoint, inForce.toTurn).tokens,
      },
      available: args.available,
      reserve: this.#settings.history.blocks ? args.reserve : 0,
      settings: this.#settings.history,
      newId: args.newId,
      now: args.now,
    });
    if (outcome.created) this.#unsaved = outcome.created;
    return {
      checkpoint: outcome.created ?? inForce?.checkpoint ?? null,
      summarizer: outcome.summarizer,
      blobs: NO_BLOBS,
    };
  }

  /** The plan input's checkpoint and history policy for a turn. */
  planFields(
    turn: TurnHistory,
    record: SessionRecord,
    turnOf: ReadonlyMap<string, Turn>,
  ): {
    checkpoint: CheckpointCandidate | null;
    historyPolicy: HistoryPolicy;
    historyBlock?: HistoryBlockInput;
  } {
    const { summarizer: _summarizer, keepShare, blocks, ...weights } = this.#settings.history;
    const toTurn = turn.checkpoint && turnOf.get(turn.checkpoint.lastMessageId)?.index;
    return {
      checkpoint:
        turn.checkpoint && toTurn !== undefined && toTurn !== null
          ? this.#candidates.checkpoint(turn.checkpoint, toTurn)
          : null,
      historyPolicy: { ...weights, summarizer: turn.summarizer },
      ...(blocks && { historyBlock: blockInput(record, turnOf, keepShare) }),
    };
  }

  /** Stores data URLs (and oversized tool output) once: the text keeps a reference, the turn keeps the content. */
  async compact(
    turn: TurnHistory,
    text: string,
    toolOutput: boolean,
  ): Promise<{ text: string; turn: TurnHistory }> {
    const settings = this.#settings.largeContent;
    if (!settings) return { text, turn };
    const compacted: CompactedText = await compactText(text, settings, toolOutput);
    if (compacted.blobs.size === 0) return { text, turn };
    return { text: compacted.text, turn: { ...turn, blobs: new Map([...turn.blobs, ...compacted.blobs]) } };
  }

  /**
   * The record to write with a commit: with the unsaved checkpoint, which replaces the ones it covers (others,
   * from turns this session no longer holds, are kept).
   */
  committed(record: SessionRecord, turnOf: ReadonlyMap<string, Turn>): SessionRecord {
    const created = this.#unsaved;
    if (!created) return record;
    const through = turnOf.get(created.lastMessageId)?.index ?? -1;
    const kept = (record.checkpoints ?? []).filter((checkpoint) => {
      const index = turnOf.get(checkpoint.lastMessageId)?.index;
      return index === undefined || index > through;
    });
    return { ...record, checkpoints: [...kept, created] };
  }

  /** The commit that wrote `committed(...)` succeeded. */
  saved(): void {
    this.#unsaved = null;
  }

  /** The content a blob reference names: from the open turn if it is not yet written, else from the store. */
  async expand(ref: string, pending: ReadonlyMap<string, string>, store: Store): Promise<string> {
    const hash = blobHashOf(ref);
    if (hash === null)
      throw new NotFoundError('blob', ref, 'expected a reference like ctxkit:blob/<32 hex digits>');
    const content = pending.get(hash) ?? (await store.getBlob(hash));
    if (content === undefined) throw new NotFoundError('blob', hash, 'no stored content has this hash');
    // Content is named by its hash: content that no longer has it was changed in the store, and is not returned.
    if ((await blobHash(content)) !== hash)
      throw new CorruptRecordError(`blob ${hash}`, 'its content does not match its hash (it was changed)');
    return content;
  }
}
