import type { ItemKey } from '../../catalog/index.js';
import { isCtxkitError, StaleSessionError, TransactionError } from '../../errors/index.js';
import type { SessionRedaction } from '../../privacy/index.js';
import type { UseKind } from '../../retrieval/index.js';
import {
  type AssistantMessage,
  type ChatMessage,
  groupTurns,
  type ModelReply,
  type ModeSetting,
  type PromptPartText,
  type SessionRecord,
  SystemPrompt,
  type Turn,
} from '../../session/index.js';
import type { MeasuredTurn } from '../../store/index.js';
import type { EngineContext } from '../context.js';
import type { LongHistory } from '../long-history.js';
import { latestUserText, reportUse } from '../use-evidence.js';
import { type OpenTurn, PREPARING, type PreparedTurn } from './types.js';

/** Where a session object comes from: whether the store holds it, and who wrote what a branch inherits. */
export interface SessionOrigin {
  readonly stored?: boolean;
  readonly writtenIn?: ReadonlyMap<string, string>;
}

/**
 * What every part of a session shares: its record, its transcript grouped in turns, the open turn, and one queue of
 * writes. The parts (turns, pins, settings, the transcript's edits) are functions over it; `Session` is their face.
 */
export class SessionCore<R> {
  readonly engine: EngineContext<R>;
  /** The object other tabs' changes mark stale: the `Session` the host holds. */
  readonly owner: object;
  record: SessionRecord;
  readonly messages: ChatMessage[];
  readonly turns: Turn[] = [];
  /** Which turn each message of a turn belongs to: pins name messages, the planner keeps turns. */
  readonly turnOfMessage = new Map<string, Turn>();
  readonly systemPrompt: SystemPrompt;
  readonly history: LongHistory;
  readonly redaction: SessionRedaction;
  open: OpenTurn<R> | typeof PREPARING | null = null;
  committing = false;
  /**
   * False for a session `openOrCreateSession` made that the store does not hold yet: its first write creates it, so
   * opening a chat that is never used leaves nothing behind.
   */
  stored: boolean;
  /** The session that wrote each message a branch inherits. */
  readonly writtenIn: ReadonlyMap<string, string>;
  /** Settles once the store's measures of the loaded turns are adopted; the first plan waits for them. */
  readonly measured: Promise<void> | undefined;
  #writing: Promise<unknown> = Promise.resolve();

  constructor(
    owner: object,
    engine: EngineContext<R>,
    record: SessionRecord,
    messages: readonly ChatMessage[],
    measuredTurns?: Promise<readonly MeasuredTurn[]>,
    { stored = true, writtenIn = new Map() }: SessionOrigin = {},
  ) {
    this.stored = stored;
    this.writtenIn = writtenIn;
    this.owner = owner;
    this.engine = engine;
    this.record = record;
    this.messages = [...messages];
    for (const turn of groupTurns(messages)) this.addTurn(turn);
    const turns = [...this.turns];
    this.measured = measuredTurns?.then((measured) => engine.candidates.adoptTurns(turns, measured));
    this.systemPrompt = new SystemPrompt(engine.systemPrompt);
    this.history = engine.longHistory();
    this.redaction = engine.sessionRedaction();
  }

  get id(): string {
    return this.record.id;
  }

  /** The session's mode setting: its own, else the engine's default; `'auto'` is resolved per turn (`turnModeOf`). */
  get mode(): ModeSetting {
    return this.record.mode ?? this.engine.defaultMode;
  }

  get isPrivate(): boolean {
    return this.record.private === true;
  }

  /** The open turn once its first request is prepared; undefined before and after. */
  get openTurn(): OpenTurn<R> | undefined {
    const open = this.open;
    return open !== null && open !== PREPARING ? open : undefined;
  }

  addTurn(turn: Turn): void {
    this.turns.push(turn);
    for (const message of turn.messages) this.turnOfMessage.set(message.id, turn);
  }

  /** The transcript becomes `messages`, regrouped in turns (after a turn is deleted, say). */
  replaceMessages(messages: readonly ChatMessage[]): void {
    this.messages.splice(0, this.messages.length, ...messages);
    this.turns.length = 0;
    this.turnOfMessage.clear();
    for (const turn of groupTurns(messages)) this.addTurn(turn);
  }

  requireOpen(prepared: PreparedTurn<R>, action: string): OpenTurn<R> {
    const open = this.open;
    if (open === null || open === PREPARING) {
      throw new TransactionError(
        `Cannot ${action}: session '${this.id}' has no open turn (it was committed or rolled back).`,
      );
    }
    if (this.committing) {
      throw new TransactionError(`Cannot ${action}: session '${this.id}' is already committing this turn.`);
    }
    if (open.prepared !== prepared) {
      throw new TransactionError(
        `Cannot ${action}: that prepared request is stale; use the one the latest prepare() or continue() returned.`,
      );
    }
    return open;
  }

  assistantMessage(modelReply: ModelReply, prepared: PreparedTurn<R>): AssistantMessage {
    return this.redaction.message<AssistantMessage>({
      id: this.engine.newId(),
      role: 'assistant',
      createdAt: this.engine.now(),
      modelReply,
      requestContext: prepared.requestContext,
    });
  }

  // The global and agent prompts are the engine's (it may change them); the fragments are this session's.
  systemParts(): PromptPartText[] {
    this.systemPrompt.setGlobal(this.engine.systemPrompt.global);
    this.systemPrompt.setAgentPrompt(this.engine.systemPrompt.agent);
    return this.redaction.fragments(this.systemPrompt.parts());
  }

  /** Evidence about the latest message for a selector that learns from use. */
  reportUse(kind: 'pinned' | 'accepted' | 'removed', keys: readonly ItemKey[]): void {
    const open = this.openTurn?.prepared.userMessage;
    this.learnFrom(kind, keys, latestUserText(this.messages, open?.content));
  }

  /** What a selector learns outlives the session (it may persist it): a private session teaches it nothing. */
  learnFrom(kind: UseKind, keys: readonly ItemKey[], query: string): void {
    if (this.isPrivate) return;
    reportUse(this.engine.selector, { kind, keys, query });
  }

  update(change: (record: SessionRecord) => SessionRecord): Promise<void> {
    return this.exclusive(async () => {
      const next = change(this.record);
      if (next === this.record) return;
      const record = { ...next, updatedAt: this.engine.now() };
      await this.stale(() =>
        this.stored ? this.engine.store.saveSession(record, this.record) : this.#create(record),
      );
      this.record = record;
    });
  }

  /**
   * Runs a write the store makes only if the stored record is still this object's. When another tab changed it in
   * between, the store refuses with StaleSessionError and this object is marked stale: it reads on, but a fresh one
   * (`engine.openSession`) must make the next write.
   */
  async stale<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof StaleSessionError) this.engine.stale.mark(this.owner);
      throw error;
    }
  }

  /**
   * A write that needs the store to hold the session (a turn, a note). A session not stored yet is created first, as
   * it is now, and deleted again when the write fails: a first turn that fails leaves no empty session.
   */
  async withStored<T>(write: () => Promise<T>): Promise<T> {
    if (this.stored) return write();
    await this.#create(this.record);
    try {
      return await write();
    } catch (error) {
      this.stored = false;
      await this.engine.store.deleteSession(this.id).catch(() => undefined);
      throw error;
    }
  }

  async #create(record: SessionRecord): Promise<void> {
    try {
      await this.engine.store.createSession(record);
    } catch (error) {
      // Another tab created the session under the same id since this one was opened: this copy is not the stored one.
      if (isCtxkitError(error, 'session_exists')) throw new StaleSessionError(this.id);
      throw error;
    }
    this.stored = true;
  }

  // Writes run one at a time, each reading the record the previous one left, so no update is lost.
  // A copy another tab has changed is never written over the change.
  exclusive<T>(write: () => Promise<T>): Promise<T> {
    const fresh = () => {
      this.engine.stale.check(this.owner, this.id);
      return write();
    };
    const run = this.#writing.then(fresh, fresh);
    this.#writing = run.catch(() => undefined);
    return run;
  }
}
