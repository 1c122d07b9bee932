import type { ForkOptions } from '../branches/index.js';
import type { ItemRef } from '../catalog/index.js';
import type { ContextPlan } from '../planner/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import type {
  BranchOrigin,
  ChatMessage,
  Checkpoint,
  LeaseScope,
  ModelReply,
  ModeSetting,
  Pin,
  PinTarget,
  SessionContextItem,
  SessionRecord,
  Transcript,
  TriggerSwitches,
  Usage,
} from '../session/index.js';
import type { MeasuredTurn } from '../store/index.js';
import type { PinSuggestion } from '../suggestions/index.js';
import type { EngineContext } from './context.js';
import type { FeedbackVerdict } from './feedback.js';
import {
  type CommitResult,
  type PinOptions,
  type PreparedTurn,
  pins,
  rollbackTurn,
  SessionCore,
  type SessionOrigin,
  settings,
  transcript,
  turnOperations,
} from './session/index.js';
import type { PrepareOptions } from './session-input.js';
import type { ToolResultInput } from './tool-results.js';

export type { CommitResult, PinOptions, PreparedTurn } from './session/index.js';

/**
 * A conversation. Reads are synchronous; changes are written to the store first and applied here only once the
 * store has them, so a failed write leaves the session as it was. A turn is a transaction: `prepare` opens it,
 * `continue` extends it through a tool loop, `commit` writes it whole and `rollback` leaves no trace.
 */
// Each method hands over to the module that owns it (turns, pins, settings, transcript edits in ./session/), all over
// one shared core; this class keeps the public names, signatures and docs in one place.
export class Session<R = OpenAIChatRequest> {
  readonly #engine: EngineContext<R, Session<R>>;
  readonly #core: SessionCore<R>;

  /** @internal sessions come from `engine.createSession` and `engine.openSession`. */
  constructor(
    engine: EngineContext<R, Session<R>>,
    record: SessionRecord,
    messages: readonly ChatMessage[],
    measuredTurns?: Promise<readonly MeasuredTurn[]>,
    origin?: SessionOrigin,
  ) {
    this.#engine = engine;
    this.#core = new SessionCore(this, engine, record, messages, measuredTurns, origin);
  }

  get id(): string {
    return this.#core.id;
  }

  /** The session as stored: context items, pins, mode override, task, workspace, turn count. */
  get record(): SessionRecord {
    return this.#core.record;
  }

  get messages(): readonly ChatMessage[] {
    return this.#core.messages;
  }

  get contextItems(): readonly SessionContextItem[] {
    return this.#core.record.contextItems;
  }

  get pins(): readonly Pin[] {
    return this.#core.record.pins;
  }

  /** Summaries of older turns, oldest first (see "Long histories" in docs/memory-and-recall.md). */
  get checkpoints(): readonly Checkpoint[] {
    return this.#core.record.checkpoints ?? [];
  }

  /** The content a `ctxkit:blob/<hash>` reference stands for; a NotFoundError when none is stored. */
  expand(ref: string): Promise<string> {
    const pending = this.#core.openTurn?.history.blobs ?? new Map<string, string>();
    return this.#core.history.expand(ref, pending, this.#engine.store);
  }

  /**
   * The session's mode setting: its override, else the engine's default. `'auto'` is resolved for each message;
   * a plan's `mode` (and `auto`, with the reason) says what a request got.
   */
  get mode(): ModeSetting {
    return this.#core.mode;
  }

  /** Where this branch was forked from; null for a root session. */
  get branch(): BranchOrigin | null {
    return this.#core.record.branch ?? null;
  }

  /** The id of the last message this session (or branch) sees; null when it has none. */
  get head(): string | null {
    return this.#core.messages.at(-1)?.id ?? null;
  }

  /** A private session lives only in this tab's memory and takes no part in cross-conversation memory. */
  get isPrivate(): boolean {
    return this.#core.isPrivate;
  }

  /**
   * Turning privacy on moves the session out of the persistent store (kept in this tab's memory only); turning it
   * off writes it all to the persistent store.
   */
  setPrivate(on: boolean): Promise<void> {
    return settings.setPrivate(this.#core, on);
  }

  /**
   * True once another tab changed this session after this object loaded it (see "Several tabs" in docs/stores.md): it
   * still reads what it had, but `prepare` and every write fail with StaleSessionError; `engine.openSession` gives
   * the session as it is now.
   */
  get isStale(): boolean {
    return this.#engine.stale.has(this);
  }

  /**
   * False for a session `engine.openOrCreateSession` made that nothing was written to yet: the store does not hold
   * it (it is not listed), and its first write (a committed turn, a pin, a title) creates it.
   */
  get isStored(): boolean {
    return this.#core.stored;
  }

  /**
   * The stored conversation as a chat UI shows it: committed turns (user message, tool steps, final reply, plan id)
   * and notes, oldest first; a branch's starts with the turns it inherits. A turn that was stopped, failed or
   * refused was never written and is not in it. See "The way back" in docs/sessions.md.
   */
  transcript(): Transcript {
    return transcript.read(this.#core);
  }

  /** True between `prepare` and `commit`/`rollback`. */
  get isTurnOpen(): boolean {
    return this.#core.open !== null;
  }

  /** Names of the session's rules (the shape chat apps used before context tracking). */
  get rules(): string[] {
    return this.contextItems.filter((item) => item.type === 'rule').map((item) => item.name);
  }

  get references(): string[] {
    return this.contextItems.filter((item) => item.type === 'reference').map((item) => item.name);
  }

  get tools(): { serverName: string; toolName: string }[] {
    return this.contextItems.flatMap((item) =>
      item.type === 'tool' ? [{ serverName: item.serverName, toolName: item.name }] : [],
    );
  }

  // ── session context ────────────────────────────────────────────────────────────────────────────────────

  /** Adds a catalog item by hand, whatever its include mode. Idempotent. */
  addItem(ref: ItemRef): Promise<void> {
    return settings.addItem(this.#core, ref);
  }

  /** Removes an item from the session context, whatever its include mode. Idempotent. */
  removeItem(ref: ItemRef): Promise<void> {
    return settings.removeItem(this.#core, ref);
  }

  /**
   * Overrides the engine's default context mode for this session (`'auto'`: chosen per message); `null` goes back to
   * the default. A mode the user sets always wins over automatic mode.
   */
  setMode(mode: ModeSetting | null): Promise<void> {
    return settings.setMode(this.#core, mode);
  }

  /**
   * Turns trigger kinds (paths, symbols, questions, activity) on or off for this session's requests, over the
   * engine's `triggers`: `{ symbols: false }` changes that group only. `null` returns to the engine's switches.
   */
  setTriggers(switches: TriggerSwitches | null): Promise<void> {
    return settings.setTriggers(this.#core, switches);
  }

  /** Turns recall off (or on again) for this session: its messages are not recalled, its requests get none. */
  setRecall(enabled: boolean): Promise<void> {
    return settings.setRecall(this.#core, enabled);
  }

  /**
   * `false`: this session neither gives memories to other sessions nor receives theirs, and what it gave before is
   * forgotten.
   */
  setMemory(enabled: boolean): Promise<void> {
    return settings.setMemory(this.#core, enabled);
  }

  /**
   * A new branch of this session at a committed message: it sees this session's messages through the end of that
   * message's turn (or up to its start, with `before: true`), and starts with this session's pins, leases, items,
   * mode and task as they are now. See `Engine.fork`.
   */
  fork(messageId: string, options: ForkOptions = {}): Promise<Session<R>> {
    return this.#engine.fork(this.id, messageId, options);
  }

  setTitle(title: string): Promise<void> {
    return settings.setTitle(this.#core, title);
  }

  /** Sets the trailing workspace message, always the last one sent; `null` removes it. */
  setWorkspace(text: string | null): Promise<void> {
    return settings.setWorkspace(this.#core, text);
  }

  /** Sets the current task; leases scoped to any other task end. Returns the pins that lapsed. */
  setTask(taskId: string | null): Promise<readonly Pin[]> {
    return settings.setTask(this.#core, taskId);
  }

  // ── pins ────────────────────────────────────────────────────────────────────────────────────────────────

  /** Pins an item, a message (its whole turn) or a card. A target holds one pin: pinning again replaces it. */
  pin(target: PinTarget, options?: PinOptions): Promise<Pin> {
    return pins.pin(this.#core, target, options);
  }

  unpin(pinId: string): Promise<void> {
    return pins.unpin(this.#core, pinId);
  }

  /** Ephemeral → leased. Only the user makes a pin sticky (by pinning it again as sticky). */
  promotePin(pinId: string, lease: LeaseScope): Promise<void> {
    return pins.promotePin(this.#core, pinId, lease);
  }

  // ── suggested pins ──────────────────────────────────────────────────────────────────────────────────────

  /** Pins the model (see "Suggested pins" in docs/suggestions-and-replay.md) or the host offered; none is applied until accepted. */
  get suggestions(): readonly PinSuggestion[] {
    return this.#core.record.suggestions ?? [];
  }

  /**
   * Offers the user a pin, checked like `pin` (an unknown item is a NotFoundError). A target holds one suggestion:
   * suggesting it again replaces the reason.
   */
  suggestPin(target: PinTarget, reason?: string): Promise<PinSuggestion> {
    return pins.suggestPin(this.#core, target, reason);
  }

  /** The user's yes: the suggestion becomes a normal pin (sticky unless `options` say otherwise) in one write. */
  acceptSuggestion(suggestionId: string, options?: PinOptions): Promise<Pin> {
    return pins.acceptSuggestion(this.#core, suggestionId, options);
  }

  /** The user's no: the suggestion is removed (and the decision recorded for telemetry). Idempotent. */
  dismissSuggestion(suggestionId: string): Promise<void> {
    return pins.dismissSuggestion(this.#core, suggestionId);
  }

  // ── system prompt ───────────────────────────────────────────────────────────────────────────────────────

  /** Adds or replaces a named fragment of the system prompt; a function is computed lazily. */
  setFragment(name: string, source: string | (() => string)): void {
    this.#core.systemPrompt.setFragment(name, source);
  }

  /** The fragment's source changed; it is recomputed on the next `prepare`. */
  markFragmentDirty(name: string): void {
    this.#core.systemPrompt.markDirty(name);
  }

  removeFragment(name: string): boolean {
    return this.#core.systemPrompt.removeFragment(name);
  }

  fragmentNames(): string[] {
    return this.#core.systemPrompt.fragmentNames();
  }

  // ── turns ───────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Plans and renders the request for a new user message, with its images and files (`options.attachments`, see
   * docs/attachments.md). One turn may be open at a time.
   */
  prepare(userText: string, options?: PrepareOptions): Promise<PreparedTurn<R>> {
    return turnOperations().prepareTurn(this.#core, userText, options);
  }

  /**
   * The plan a request for this draft would get now, without opening a turn or writing anything. It never asks
   * the summarizer: long histories are planned with the checkpoint in force. `options.attachments` are counted as
   * `prepare` would count them.
   */
  estimate(draftText: string, options?: PrepareOptions): Promise<ContextPlan> {
    return turnOperations().estimateTurn(this.#core, draftText, options);
  }

  /**
   * Mid tool loop: records the model's reply with its tool calls and their results, and prepares the next request
   * of the same turn. Every tool call needs its result, so no call is ever separated from it.
   */
  continue(
    prepared: PreparedTurn<R>,
    reply: ModelReply,
    toolResults: readonly ToolResultInput[],
    usage?: Usage,
  ): Promise<PreparedTurn<R>> {
    return turnOperations().continueTurn(this.#core, prepared, reply, toolResults, usage);
  }

  /** Writes the turn (user message, replies, tool results, plans, usage, lease updates) in one store commit. */
  commit(prepared: PreparedTurn<R>, reply: ModelReply | string, usage?: Usage): Promise<CommitResult> {
    return turnOperations().commitTurn(this.#core, prepared, reply, usage);
  }

  /** Abandons the open turn: nothing of it is written. Returns false when `prepared` is not the open turn. */
  rollback(prepared: PreparedTurn<R>): boolean {
    return rollbackTurn(this.#core, prepared);
  }

  /**
   * Deletes the turn `messageId` belongs to (its question, tool steps and reply): the text is erased from the
   * store, it is never planned, shown or recalled again, and so are pins on it and summaries that covered it.
   * Plans already made keep their place; replayed, the turn reads as empty. Refused while a turn is open, for a
   * turn a branch inherited (delete it in the session it came from) and for one a branch was forked from.
   */
  deleteTurn(messageId: string): Promise<void> {
    return transcript.deleteTurn(this.#core, messageId);
  }

  /** Adds a note to the transcript (a failed request, say). Notes are shown, never sent to the model. */
  addNote(role: 'system' | 'error', content: string): Promise<ChatMessage> {
    return transcript.addNote(this.#core, role, content);
  }

  /**
   * The user's verdict on an agent item that reply `messageId` was given: `not-relevant` is strong evidence against
   * sending it for messages like that turn's user message again, learned with that message's words. Resolves once the
   * selector has recorded it; a private session teaches nothing.
   */
  feedback(messageId: string, item: ItemRef, verdict: FeedbackVerdict): Promise<void> {
    return transcript.feedback(this.#core, messageId, item, verdict);
  }

  /** The id of the query cluster of the open turn, else of the last committed one; null without clusters. */
  get queryCluster(): string | null {
    return (this.#core.openTurn?.cluster?.value || this.#core.record.queryCluster)?.id ?? null;
  }
}
