import type { ForkOptions } from '../branches/index.js';
import type { ItemKey, ItemRef } from '../catalog/index.js';
import type { TurnCluster } from '../clusters/index.js';
import {
  type ErrorIssue,
  NotFoundError,
  StaleSessionError,
  TransactionError,
  ValidationError,
} from '../errors/index.js';
import { frozenJsonCopy } from '../json/index.js';
import { type ContextPlan, type PlanInput, planContext, type RecallCandidate } from '../planner/index.js';
import type { SessionRedaction } from '../privacy/index.js';
import { defaultRecallThreshold } from '../recall/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import type { RetrievalSet, UseKind } from '../retrieval/index.js';
import type { TurnReflection } from '../session/index.js';
import {
  type AssistantMessage,
  type BranchOrigin,
  type ChatMessage,
  type Checkpoint,
  type ContextMode,
  findPin,
  groupTurns,
  type LeaseScope,
  type ModelReply,
  makePin,
  type Pin,
  type PinKind,
  type PinTarget,
  type RequestContext,
  type SessionContextItem,
  type SessionRecord,
  SystemPrompt,
  type ToolResultMessage,
  type Turn,
  type TurnStep,
  type Usage,
  type UsageReport,
  type UserMessage,
  withItem,
  withoutItem,
  withoutPin,
  withPin,
  withPromotedPin,
  withTask,
} from '../session/index.js';
import type { MeasuredTurn, StoredPlan } from '../store/index.js';
import type { CarriedSuggestions, PinSuggestion, SuggestionReport } from '../suggestions/index.js';
import { readSuggestions, suggestionOperations } from '../suggestions/lazy.js';
import type { EngineContext } from './context.js';
import { estimateDraft } from './estimate.js';
import type { FeedbackVerdict } from './feedback.js';
import { withBlock } from './history-blocks.js';
import { deleteTurnOperations, feedbackOperations } from './lazy.js';
import type { LongHistory, TurnHistory } from './long-history.js';
import { ownPinTarget } from './pin-target.js';
import { buildPlanInput } from './plan-input.js';
import { callingReply, finalReply } from './reply.js';
import { requestContextFromPlan } from './request-context.js';
import { gatherSources, type RequestSources, recallFor, selectItems } from './request-sources.js';
import {
  checkId,
  checkItemRef,
  checkLease,
  checkMode,
  checkNote,
  checkPinOptions,
  checkPinTarget,
  checkSwitch,
  checkTitle,
  checkUserText,
  checkWorkspace,
} from './session-input.js';
import { rememberNewSummary } from './summary-memory.js';
import { checkToolResults, type ToolResultInput } from './tool-results.js';
import { storedPlanOf, usageReportOf } from './turn-records.js';
import { checkUsage } from './usage-input.js';
import { agentKeyOf, evidenceOfTurn, latestUserText, reportUse } from './use-evidence.js';

/** One request of a turn, ready to send: the plan, the provider request rendered from it, and what it used. */
export interface PreparedTurn<R = OpenAIChatRequest> {
  readonly sessionId: string;
  readonly plan: ContextPlan;
  readonly request: R;
  readonly requestContext: RequestContext;
  readonly retrievalSet: RetrievalSet | null;
  readonly userMessage: UserMessage;
  /** The model replies and tool results of this turn so far (after `continue`). */
  readonly steps: readonly TurnStep[];
}

export interface CommitResult {
  readonly assistantMessage: AssistantMessage;
  /** Every message the turn wrote, user message first. */
  readonly messages: readonly ChatMessage[];
  /** Leased pins whose scope ended with this turn. */
  readonly expiredPins: readonly Pin[];
  /** What the turn taught: references, pin changes (promoted, renewed, lapsed), waste, the user's decisions. */
  readonly reflection: TurnReflection;
  /** Present when the turn's replies carried suggestion lines: what was stored as suggestions, what was ignored. */
  readonly suggestions?: SuggestionReport;
}

export interface PinOptions {
  readonly kind?: PinKind;
  /** Required for leased pins. */
  readonly lease?: LeaseScope;
}

interface OpenTurn<R> {
  readonly prepared: PreparedTurn<R>;
  /** Pins that existed when the turn was prepared: only their leases count this turn. */
  readonly pinIds: ReadonlySet<string>;
  readonly steps: readonly TurnStep[];
  readonly plans: readonly StoredPlan[];
  readonly usage: readonly UsageReport[];
  readonly history: TurnHistory;
  /** Passages recalled for the user's message: every request of the turn offers the same. */
  readonly recall: readonly RecallCandidate[];
  /** Suggestion lines the turn's replies carried so far; stored as suggestions when the turn commits. */
  readonly suggestions: readonly CarriedSuggestions[];
  /** The query cluster the turn joined, and how the record enters it; absent without query embeddings. */
  readonly cluster?: TurnCluster;
}

const PREPARING = Symbol('preparing');

/**
 * A conversation. Reads are synchronous; changes are written to the store first and applied here only once the
 * store has them, so a failed write leaves the session as it was. A turn is a transaction: `prepare` opens it,
 * `continue` extends it through a tool loop, `commit` writes it whole and `rollback` leaves no trace.
 */
export class Session<R = OpenAIChatRequest> {
  readonly #engine: EngineContext<R>;
  #record: SessionRecord;
  readonly #messages: ChatMessage[];
  readonly #turns: Turn[];
  /** Which turn each message of a turn belongs to: pins name messages, the planner keeps turns. */
  readonly #turnOfMessage = new Map<string, Turn>();
  readonly #systemPrompt: SystemPrompt;
  readonly #history: LongHistory;
  readonly #redaction: SessionRedaction;
  #open: OpenTurn<R> | typeof PREPARING | null = null;
  #committing = false;
  #writing: Promise<unknown> = Promise.resolve();
  /** Settles once the store's measures of the loaded turns are adopted; the first plan waits for them. */
  #measured: Promise<void> | undefined;

  /** @internal sessions come from `engine.createSession` and `engine.openSession`. */
  constructor(
    engine: EngineContext<R>,
    record: SessionRecord,
    messages: readonly ChatMessage[],
    measuredTurns?: Promise<readonly MeasuredTurn[]>,
  ) {
    this.#engine = engine;
    this.#record = record;
    this.#messages = [...messages];
    this.#turns = [];
    for (const turn of groupTurns(messages)) this.#addTurn(turn);
    const turns = [...this.#turns];
    this.#measured = measuredTurns?.then((measured) => engine.candidates.adoptTurns(turns, measured));
    this.#systemPrompt = new SystemPrompt(engine.systemPrompt);
    this.#history = engine.longHistory();
    this.#redaction = engine.sessionRedaction();
  }

  get id(): string {
    return this.#record.id;
  }

  /** The session as stored: context items, pins, mode override, task, workspace, turn count. */
  get record(): SessionRecord {
    return this.#record;
  }

  get messages(): readonly ChatMessage[] {
    return this.#messages;
  }

  get contextItems(): readonly SessionContextItem[] {
    return this.#record.contextItems;
  }

  get pins(): readonly Pin[] {
    return this.#record.pins;
  }

  /** Summaries of older turns, oldest first (see "Long histories" in docs/memory-and-recall.md). */
  get checkpoints(): readonly Checkpoint[] {
    return this.#record.checkpoints ?? [];
  }

  /** The content a `ctxkit:blob/<hash>` reference stands for; a NotFoundError when none is stored. */
  expand(ref: string): Promise<string> {
    const open = this.#open;
    const pending = open !== null && open !== PREPARING ? open.history.blobs : new Map<string, string>();
    return this.#history.expand(ref, pending, this.#engine.store);
  }

  /** The effective context mode: the session's override, else the engine's default. */
  get mode(): ContextMode {
    return this.#record.mode ?? this.#engine.defaultMode;
  }

  /** Where this branch was forked from; null for a root session. */
  get branch(): BranchOrigin | null {
    return this.#record.branch ?? null;
  }

  /** The id of the last message this session (or branch) sees; null when it has none. */
  get head(): string | null {
    return this.#messages.at(-1)?.id ?? null;
  }

  /** A private session lives only in this tab's memory and takes no part in cross-conversation memory. */
  get isPrivate(): boolean {
    return this.#record.private === true;
  }

  /**
   * Turning privacy on moves the session out of the persistent store (kept in this tab's memory only); turning it
   * off writes it all to the persistent store.
   */
  async setPrivate(on: boolean): Promise<void> {
    checkSwitch(on, 'Invalid privacy mode', 'on');
    await this.#update((record) => ((record.private ?? false) === on ? record : { ...record, private: on }));
    // What it gave other conversations lives in the persistent store: a private session keeps none of it there.
    if (on) await this.#engine.memories.forgetSessions([this.id]);
  }

  /**
   * True once another tab changed this session after this object loaded it (see "Several tabs" in docs/stores.md): it
   * still reads what it had, but `prepare` and every write fail with StaleSessionError; `engine.openSession` gives
   * the session as it is now.
   */
  get isStale(): boolean {
    return this.#engine.stale.has(this);
  }

  /** True between `prepare` and `commit`/`rollback`. */
  get isTurnOpen(): boolean {
    return this.#open !== null;
  }

  /** Names of the session's rules (the shape chat apps used before context tracking). */
  get rules(): string[] {
    return this.#record.contextItems.filter((item) => item.type === 'rule').map((item) => item.name);
  }

  get references(): string[] {
    return this.#record.contextItems.filter((item) => item.type === 'reference').map((item) => item.name);
  }

  get tools(): { serverName: string; toolName: string }[] {
    return this.#record.contextItems.flatMap((item) =>
      item.type === 'tool' ? [{ serverName: item.serverName, toolName: item.name }] : [],
    );
  }

  // ── session context ────────────────────────────────────────────────────────────────────────────────────

  /** Adds a catalog item by hand, whatever its include mode. Idempotent. */
  async addItem(ref: ItemRef): Promise<void> {
    checkItemRef(ref);
    return this.#update((record) => withItem(record, this.#engine.catalog, ref));
  }

  /** Removes an item from the session context, whatever its include mode. Idempotent. */
  async removeItem(ref: ItemRef): Promise<void> {
    checkItemRef(ref);
    await this.#update((record) => withoutItem(record, ref));
    this.#reportUse('removed', agentKeyOf(this.#engine.catalog, ref));
  }

  /** Overrides the engine's default context mode for this session; `null` goes back to the default. */
  async setMode(mode: ContextMode | null): Promise<void> {
    checkMode(mode);
    return this.#update((record) => ({ ...record, mode }));
  }

  /** Turns recall off (or on again) for this session: its messages are not recalled, its requests get none. */
  async setRecall(enabled: boolean): Promise<void> {
    checkSwitch(enabled, 'Invalid recall setting', 'enabled');
    await this.#update((record) => {
      if ((record.recall !== false) === enabled) return record;
      const { recall: _recall, ...rest } = record;
      return enabled ? rest : { ...rest, recall: false };
    });
  }

  /**
   * `false`: this session neither gives memories to other sessions nor receives theirs, and what it gave before is
   * forgotten.
   */
  async setMemory(enabled: boolean): Promise<void> {
    checkSwitch(enabled, 'Invalid memory setting', 'enabled');
    await this.#update((record) =>
      (record.memory !== false) === enabled ? record : { ...record, memory: enabled },
    );
    if (!enabled) await this.#engine.memories.forgetSessions([this.id]);
  }

  /**
   * A new branch of this session at a committed message: it sees this session's messages through the end of that
   * message's turn (or up to its start, with `before: true`), and starts with this session's pins, leases, items,
   * mode and task as they are now. See `Engine.fork`.
   */
  fork(messageId: string, options: ForkOptions = {}): Promise<Session<R>> {
    return this.#engine.fork(this.id, messageId, options);
  }

  async setTitle(title: string): Promise<void> {
    const redacted = this.#redaction.plain(checkTitle(title));
    return this.#update((record) => ({ ...record, title: redacted }));
  }

  /** Sets the trailing workspace message, always the last one sent; `null` removes it. */
  async setWorkspace(text: string | null): Promise<void> {
    checkWorkspace(text);
    const [redacted = null] = text === null || text === '' ? [] : this.#redaction.text('workspace', text);
    return this.#update((record) => ({ ...record, workspace: redacted }));
  }

  /** Sets the current task; leases scoped to any other task end. Returns the pins that lapsed. */
  async setTask(taskId: string | null): Promise<readonly Pin[]> {
    if (taskId !== null) checkId(taskId, 'taskId', 'task');
    let expired: readonly Pin[] = [];
    await this.#update((record) => {
      const change = withTask(record, taskId);
      expired = change.expired;
      return change.record;
    });
    return expired;
  }

  // ── pins ────────────────────────────────────────────────────────────────────────────────────────────────

  /** Pins an item, a message (its whole turn) or a card. A target holds one pin: pinning again replaces it. */
  async pin(target: PinTarget, options?: PinOptions): Promise<Pin> {
    checkPinTarget(target);
    checkPinOptions(options);
    return this.#pin(target, options, (record) => record);
  }

  /** Pins `target`; `also` changes the same record in the same write. */
  async #pin(
    target: PinTarget,
    { kind = 'sticky', lease }: PinOptions = {},
    also: (record: SessionRecord, pin: Pin) => SessionRecord,
    evidence: 'pinned' | 'accepted' = 'pinned',
  ): Promise<Pin> {
    const pinId = this.#engine.newId();
    const owned = this.#ownTarget(target, `pin:${pinId}`, 'Invalid pin');
    const pin = makePin(pinId, owned, kind, lease && frozenJsonCopy(lease), this.#engine.now());
    await this.#update((record) => also(withPin(record, pin), pin));
    if (owned.kind === 'item') this.#reportUse(evidence, agentKeyOf(this.#engine.catalog, owned.ref));
    return pin;
  }

  /** A copy of a pin target the session can keep (see `ownPinTarget`). */
  #ownTarget(target: PinTarget, candidateId: string, what: string): PinTarget {
    const context = {
      sessionId: this.id,
      messages: this.#messages,
      catalog: this.#engine.catalog,
      redaction: this.#redaction,
    };
    return ownPinTarget(target, context, candidateId, what);
  }

  unpin(pinId: string): Promise<void> {
    return this.#update((record) => withoutPin(record, pinId));
  }

  /** Ephemeral → leased. Only the user makes a pin sticky (by pinning it again as sticky). */
  async promotePin(pinId: string, lease: LeaseScope): Promise<void> {
    checkId(pinId, 'pinId', 'pin');
    const issues: ErrorIssue[] = [];
    if (!checkLease(lease, 'lease', issues)) throw new ValidationError('Invalid lease', issues);
    findPin(this.#record, pinId);
    return this.#update((record) => withPromotedPin(record, pinId, lease));
  }

  // ── suggested pins ──────────────────────────────────────────────────────────────────────────────────────

  /** Pins the model (see "Suggested pins" in docs/suggestions-and-replay.md) or the host offered; none is applied until accepted. */
  get suggestions(): readonly PinSuggestion[] {
    return this.#record.suggestions ?? [];
  }

  /**
   * Offers the user a pin, checked like `pin` (an unknown item is a NotFoundError). A target holds one suggestion:
   * suggesting it again replaces the reason.
   */
  async suggestPin(target: PinTarget, reason?: string): Promise<PinSuggestion> {
    const id = this.#engine.newId();
    const owned = this.#ownTarget(target, `suggestion:${id}`, 'Invalid suggestion');
    const { hostSuggestion, withSuggestion } = await suggestionOperations();
    const suggestion = hostSuggestion(id, owned, reason, this.#engine.now(), (text) =>
      this.#redaction.plain(text),
    );
    await this.#update((record) => withSuggestion(record, suggestion));
    return suggestion;
  }

  /** The user's yes: the suggestion becomes a normal pin (sticky unless `options` say otherwise) in one write. */
  acceptSuggestion(suggestionId: string, options?: PinOptions): Promise<Pin> {
    const suggestion = this.suggestions.find((entry) => entry.id === suggestionId);
    if (!suggestion) return Promise.reject(new NotFoundError('pin suggestion', suggestionId));
    const { source } = suggestion;
    return this.#pin(
      suggestion.target,
      options,
      (record, pin) =>
        this.#engine.reflection.decide(record, {
          kind: 'accept-suggestion',
          suggestionId,
          source,
          pinId: pin.id,
        }),
      'accepted',
    );
  }

  /** The user's no: the suggestion is removed (and the decision recorded for telemetry). Idempotent. */
  async dismissSuggestion(suggestionId: string): Promise<void> {
    const { withoutSuggestion } = await suggestionOperations();
    return this.#update((record) => {
      const suggestion = record.suggestions?.find((entry) => entry.id === suggestionId);
      if (!suggestion) return record;
      return this.#engine.reflection.decide(withoutSuggestion(record, suggestionId), {
        kind: 'dismiss-suggestion',
        suggestionId,
        source: suggestion.source,
      });
    });
  }

  // ── system prompt ───────────────────────────────────────────────────────────────────────────────────────

  /** Adds or replaces a named fragment of the system prompt; a function is computed lazily. */
  setFragment(name: string, source: string | (() => string)): void {
    this.#systemPrompt.setFragment(name, source);
  }

  /** The fragment's source changed; it is recomputed on the next `prepare`. */
  markFragmentDirty(name: string): void {
    this.#systemPrompt.markDirty(name);
  }

  removeFragment(name: string): boolean {
    return this.#systemPrompt.removeFragment(name);
  }

  fragmentNames(): string[] {
    return this.#systemPrompt.fragmentNames();
  }

  // The global and agent prompts are the engine's (it may change them); the fragments are this session's.
  #systemParts() {
    this.#systemPrompt.setGlobal(this.#engine.systemPrompt.global);
    this.#systemPrompt.setAgentPrompt(this.#engine.systemPrompt.agent);
    return this.#redaction.fragments(this.#systemPrompt.parts());
  }

  // ── turns ───────────────────────────────────────────────────────────────────────────────────────────────

  /** Plans and renders the request for a new user message. One turn may be open at a time. */
  async prepare(userText: string): Promise<PreparedTurn<R>> {
    checkUserText(userText);
    if (this.#open !== null) {
      throw new TransactionError(
        `Session '${this.id}' already has a turn open; commit or roll it back before preparing another.`,
      );
    }
    this.#engine.stale.check(this, this.id);
    this.#open = PREPARING;
    try {
      if (this.#measured) await this.#measured;
      const id = this.#engine.newId();
      const available = this.#engine.contextWindow - this.#engine.reservedOutput;
      let history = await this.#history.prepare({
        sessionId: this.id,
        record: this.#record,
        turns: this.#turns,
        turnOf: this.#turnOfMessage,
        available,
        // Retrieval runs unless the mode is off: the planner then keeps the agent items' share out of history.
        reserve:
          this.mode === 'off' ? 0 : Math.floor(available * this.#engine.modeLimits[this.mode].maxShare),
        newId: this.#engine.newId,
        now: this.#engine.now,
      });
      // Secrets go first, so that content stored once (a large paste) is stored redacted too.
      const redacted = this.#redaction.message<UserMessage>({
        id,
        role: 'user',
        content: userText,
        createdAt: this.#engine.now(),
      });
      const compacted = await this.#history.compact(history, redacted.content, false);
      history = compacted.turn;
      const userMessage: UserMessage = { ...redacted, content: compacted.text };
      const sources = await gatherSources(this.#engine, this, userMessage.content);
      const input = this.#planInput(userMessage, [], history, sources);
      const prepared = this.#render(input, userMessage, [], sources.retrievalSet);
      this.#open = {
        ...(sources.cluster && { cluster: sources.cluster }),
        prepared,
        pinIds: new Set(this.#record.pins.map((pin) => pin.id)),
        steps: [],
        plans: [storedPlanOf(prepared.plan, input, this.#record)],
        usage: [],
        history,
        recall: sources.recall,
        suggestions: [],
      };
      this.#engine.pending.opened(this.id, prepared.userMessage);
      return prepared;
    } catch (error) {
      this.#open = null;
      throw error;
    }
  }

  /**
   * The plan a request for this draft would get now, without opening a turn or writing anything. It never asks
   * the summarizer: long histories are planned with the checkpoint in force.
   */
  async estimate(draftText: string): Promise<ContextPlan> {
    const history = this.#history.current(this.#record, this.#turnOfMessage);
    const memory = await this.#engine.memories.offeredTo(this.#record);
    // A draft that is not text is refused by estimateDraft, naming it.
    const recall = typeof draftText === 'string' ? await recallFor(this.#engine, this, draftText) : [];
    return estimateDraft(draftText, {
      select: (query) => selectItems(this.#engine, this, query, true),
      planInput: (message, retrievalSet) =>
        this.#planInput(message, [], history, { retrievalSet, memory, recall }),
      now: this.#engine.now,
    });
  }

  /**
   * Mid tool loop: records the model's reply with its tool calls and their results, and prepares the next request
   * of the same turn. Every tool call needs its result, so no call is ever separated from it.
   */
  async continue(
    prepared: PreparedTurn<R>,
    reply: ModelReply,
    toolResults: readonly ToolResultInput[],
    usage?: Usage,
  ): Promise<PreparedTurn<R>> {
    checkUsage(usage);
    // Read before the turn is checked: nothing below awaits, so no other call can slip in between.
    const memory = await this.#engine.memories.offeredTo(this.#record);
    const open = this.#requireOpen(prepared, 'continue');
    const modelReply = callingReply(reply);
    const calls = modelReply.toolCalls ?? [];
    const byId = checkToolResults(calls, toolResults);

    const parsed = await readSuggestions(modelReply.content);
    const assistant = this.#assistantMessage(
      parsed ? { ...modelReply, content: parsed.content } : modelReply,
      prepared,
    );
    let history = open.history;
    const results: ToolResultMessage[] = [];
    for (const call of calls) {
      const result = byId.get(call.id) as ToolResultInput;
      const redacted = this.#redaction.message<ToolResultMessage>({
        id: this.#engine.newId(),
        role: 'tool',
        createdAt: this.#engine.now(),
        toolCallId: call.id,
        toolName: call.name,
        content: result.content,
        ...(result.isError && { isError: true }),
        ...(result.approval && { approval: result.approval }),
      });
      const compacted = await this.#history.compact(history, redacted.content, true);
      history = compacted.turn;
      results.push({ ...redacted, content: compacted.text });
    }
    if (this.#open !== open || this.#committing)
      throw new TransactionError(`Cannot continue: the turn changed while storing its tool results.`);
    const steps = [...open.steps, assistant, ...results];
    // Everything is planned afresh (pins, session items or the workspace may have changed during the tool loop);
    // only retrieval is kept, since it answers the user's message, which has not changed.
    const { retrievalSet } = prepared;
    const input = this.#planInput(prepared.userMessage, steps, history, {
      retrievalSet,
      memory,
      recall: open.recall,
      ...(open.cluster && { cluster: open.cluster }),
    });
    const next = this.#render(input, prepared.userMessage, steps, prepared.retrievalSet);
    this.#open = {
      ...open,
      prepared: next,
      steps,
      plans: [...open.plans, storedPlanOf(next.plan, input, this.#record)],
      usage: [...open.usage, usageReportOf(prepared.plan, usage, modelReply, this.#engine.model)],
      history,
      suggestions: parsed ? [...open.suggestions, { parsed, messageId: assistant.id }] : open.suggestions,
    };
    return next;
  }

  /** Writes the turn (user message, replies, tool results, plans, usage, lease updates) in one store commit. */
  async commit(prepared: PreparedTurn<R>, reply: ModelReply | string, usage?: Usage): Promise<CommitResult> {
    checkUsage(usage);
    const open = this.#requireOpen(prepared, 'commit');
    const modelReply = finalReply(reply);
    this.#committing = true;
    return this.#exclusive(async () => {
      const parsed = await readSuggestions(modelReply.content);
      const finalReply = parsed ? { ...modelReply, content: parsed.content } : modelReply;
      const entered = open.cluster?.enter(this.#record);
      // What the turn taught (references, activation, pins promoted, renewed or lapsed, waste) is written with it.
      const {
        record: advanced,
        expired,
        reflection,
      } = this.#engine.reflection.turn(
        entered?.record ?? this.#record,
        prepared,
        [...open.steps, finalReply],
        open.pinIds,
        entered?.expired,
      );
      const assistantMessage = { ...this.#assistantMessage(finalReply, prepared), reflection };
      const messages: ChatMessage[] = [prepared.userMessage, ...open.steps, assistantMessage];
      let record: SessionRecord = this.#history.committed(
        withBlock(
          { ...advanced, turnCount: advanced.turnCount + 1, updatedAt: this.#engine.now() },
          prepared.plan,
          this.#turns,
          prepared.userMessage.id,
        ),
        this.#turnOfMessage,
      );
      const reports = [...open.usage, usageReportOf(prepared.plan, usage, modelReply, this.#engine.model)];
      const carried = parsed
        ? [...open.suggestions, { parsed, messageId: assistantMessage.id }]
        : open.suggestions;
      let suggestions: SuggestionReport | undefined;
      if (carried.length > 0) {
        ({ record, report: suggestions } = (await suggestionOperations()).withModelSuggestions(
          record,
          carried,
          {
            catalog: this.#engine.catalog,
            now: this.#engine.now(),
            newId: this.#engine.newId,
            redact: (text) => this.#redaction.plain(text),
          },
        ));
      }
      const before = this.#record;
      await this.#stale(() =>
        this.#engine.store.commitTurn({
          session: record,
          expected: before,
          messages,
          plans: open.plans,
          usage: reports,
          retrievalSets: prepared.retrievalSet ? [prepared.retrievalSet] : [],
          ...(open.history.blobs.size > 0 && { blobs: open.history.blobs }),
        }),
      );
      this.#history.saved();
      this.#record = record;
      this.#messages.push(...messages);
      this.#engine.recall?.committed(record, messages);
      this.#addTurn({ id: prepared.userMessage.id, index: this.#turns.length, messages });
      this.#open = null;
      this.#engine.pending.settled(this.id, 'committed');
      // What the turn showed about each agent item it sent, and the model's real counts, outlive the session (a
      // selector or calibration may persist them): a private one teaches them nothing.
      if (!this.isPrivate) {
        const steps = [...open.steps, assistantMessage];
        const query = prepared.userMessage.content;
        for (const event of evidenceOfTurn(prepared.plan, steps, reflection.referenced, query))
          reportUse(this.#engine.selector, event);
        this.#engine.reflection.learn(reports);
      }
      await rememberNewSummary(this.#engine.memories, before, record);
      return {
        assistantMessage,
        messages,
        expiredPins: [...(entered?.expired ?? []), ...expired],
        reflection,
        ...(suggestions && { suggestions }),
      };
    }).finally(() => {
      this.#committing = false;
    });
  }

  /** Abandons the open turn: nothing of it is written. Returns false when `prepared` is not the open turn. */
  rollback(prepared: PreparedTurn<R>): boolean {
    if (
      this.#committing ||
      this.#open === null ||
      this.#open === PREPARING ||
      this.#open.prepared !== prepared
    ) {
      return false;
    }
    this.#open = null;
    this.#engine.pending.settled(this.id, 'rolled-back');
    return true;
  }

  /**
   * Deletes the turn `messageId` belongs to (its question, tool steps and reply): the text is erased from the
   * store, it is never planned, shown or recalled again, and so are pins on it and summaries that covered it.
   * Plans already made keep their place; replayed, the turn reads as empty. Refused while a turn is open, for a
   * turn a branch inherited (delete it in the session it came from) and for one a branch was forked from.
   */
  async deleteTurn(messageId: string): Promise<void> {
    checkId(messageId, 'messageId', 'message id');
    if (this.#open !== null)
      throw new TransactionError(`Cannot delete a turn of session '${this.id}' while a turn is open.`);
    return this.#exclusive(async () => {
      const turn = this.#turnOfMessage.get(messageId);
      if (!turn) throw new NotFoundError('message', messageId, `no turn of session '${this.id}' holds it`);
      const { checkDeletable, erasedMessage, recordWithoutTurn } = await deleteTurnOperations();
      checkDeletable(this.#record, this.#messages, turn, await this.#engine.store.listSessions());
      const record = recordWithoutTurn(this.#record, this.#messages, turn, this.#engine.now());
      await this.#stale(() =>
        this.#engine.store.eraseMessages({
          session: record,
          expected: this.#record,
          messages: turn.messages.map(erasedMessage),
        }),
      );
      this.#record = record;
      const gone = new Set(turn.messages.map((message) => message.id));
      const kept = this.#messages.filter((message) => !gone.has(message.id));
      this.#messages.splice(0, this.#messages.length, ...kept);
      this.#turns.length = 0;
      this.#turnOfMessage.clear();
      for (const next of groupTurns(kept)) this.#addTurn(next);
    });
  }

  /** Adds a note to the transcript (a failed request, say). Notes are shown, never sent to the model. */
  async addNote(role: 'system' | 'error', content: string): Promise<ChatMessage> {
    checkNote(role, content);
    const note: ChatMessage = this.#redaction.message({
      id: this.#engine.newId(),
      role,
      content,
      createdAt: this.#engine.now(),
    });
    return this.#exclusive(async () => {
      const record = { ...this.#record, updatedAt: note.createdAt };
      await this.#engine.store.commitTurn({
        session: record,
        messages: [note],
        plans: [],
        usage: [],
        retrievalSets: [],
      });
      this.#record = record;
      this.#messages.push(note);
      this.#engine.recall?.committed(record, [note]);
      return note;
    });
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────────────────

  #addTurn(turn: Turn): void {
    this.#turns.push(turn);
    for (const message of turn.messages) this.#turnOfMessage.set(message.id, turn);
  }

  #requireOpen(prepared: PreparedTurn<R>, action: string): OpenTurn<R> {
    const open = this.#open;
    if (open === null || open === PREPARING) {
      throw new TransactionError(
        `Cannot ${action}: session '${this.id}' has no open turn (it was committed or rolled back).`,
      );
    }
    if (this.#committing) {
      throw new TransactionError(`Cannot ${action}: session '${this.id}' is already committing this turn.`);
    }
    if (open.prepared !== prepared) {
      throw new TransactionError(
        `Cannot ${action}: that prepared request is stale; use the one the latest prepare() or continue() returned.`,
      );
    }
    return open;
  }

  #assistantMessage(modelReply: ModelReply, prepared: PreparedTurn<R>): AssistantMessage {
    return this.#redaction.message<AssistantMessage>({
      id: this.#engine.newId(),
      role: 'assistant',
      createdAt: this.#engine.now(),
      modelReply,
      requestContext: prepared.requestContext,
    });
  }

  /**
   * The user's verdict on an agent item that reply `messageId` was given: `not-relevant` is strong evidence against
   * sending it for messages like that turn's user message again, learned with that message's words. Resolves once the
   * selector has recorded it; a private session teaches nothing.
   */
  async feedback(messageId: string, item: ItemRef, verdict: FeedbackVerdict): Promise<void> {
    const { feedbackTarget } = await feedbackOperations();
    const { key, query } = feedbackTarget(this.#messages, this.#engine.catalog, messageId, item, verdict);
    if (this.isPrivate) return;
    await this.#engine.selector.recordUse?.({ kind: 'not-relevant', query, keys: [key] });
  }

  /** Evidence about the latest message for a selector that learns from use. */
  #reportUse(kind: 'pinned' | 'accepted' | 'removed', keys: readonly ItemKey[]): void {
    const open =
      this.#open !== null && this.#open !== PREPARING ? this.#open.prepared.userMessage : undefined;
    this.#learnFrom(kind, keys, latestUserText(this.#messages, open?.content));
  }

  /** What a selector learns outlives the session (it may persist it): a private session teaches it nothing. */
  #learnFrom(kind: UseKind, keys: readonly ItemKey[], query: string): void {
    if (this.isPrivate) return;
    reportUse(this.#engine.selector, { kind, keys, query });
  }

  /** The id of the query cluster of the open turn, else of the last committed one; null without clusters. */
  get queryCluster(): string | null {
    const open = this.#open;
    return ((open && open !== PREPARING && open.cluster?.value) || this.#record.queryCluster)?.id ?? null;
  }

  #planInput(
    userMessage: UserMessage,
    steps: readonly TurnStep[],
    turnHistory: TurnHistory,
    { retrievalSet, memory, recall, cluster }: RequestSources,
  ): PlanInput {
    const engine = this.#engine;
    // Leases of the cluster the conversation left are not planned with, though they end only when the turn commits.
    const input = buildPlanInput(
      {
        record: cluster ? cluster.enter(this.#record).record : this.#record,
        mode: this.mode,
        turns: this.#turns,
        turnOfMessage: this.#turnOfMessage,
        catalog: engine.catalog,
        candidates: engine.candidates,
        contextWindow: engine.contextWindow,
        reservedOutput: engine.reservedOutput,
        modeLimits: engine.modeLimits,
        systemParts: this.#systemParts(),
        memoryShare: engine.memories.limits.maxShare,
        recallShare: engine.recallShare,
        recallThreshold: engine.recallThreshold ?? defaultRecallThreshold(userMessage.content),
        historyFields: this.#history.planFields(turnHistory, this.#record, this.#turnOfMessage),
        redactions: (input) => this.#redaction.summary(input),
      },
      { userMessage, steps, retrievalSet, memory, recall },
    );
    const capsules = engine.capsules?.(input, engine.catalog);
    return engine.reflection.planInput(
      {
        ...input,
        ...(cluster && { queryCluster: cluster.value.id }),
        ...(capsules?.length ? { capsules } : {}),
      },
      this.#record,
      retrievalSet?.followUp ?? true,
    );
  }

  #render(
    input: PlanInput,
    userMessage: UserMessage,
    steps: readonly TurnStep[],
    retrievalSet: RetrievalSet | null,
  ): PreparedTurn<R> {
    const plan = planContext(input);
    return Object.freeze({
      sessionId: this.id,
      plan,
      request: this.#engine.render(plan),
      requestContext: requestContextFromPlan(plan, this.#engine.now()),
      retrievalSet,
      userMessage,
      steps,
    });
  }

  #update(change: (record: SessionRecord) => SessionRecord): Promise<void> {
    return this.#exclusive(async () => {
      const next = change(this.#record);
      if (next === this.#record) return;
      const record = { ...next, updatedAt: this.#engine.now() };
      await this.#stale(() => this.#engine.store.saveSession(record, this.#record));
      this.#record = record;
    });
  }

  /**
   * Runs a write the store makes only if the stored record is still this object's. When another tab changed it in
   * between, the store refuses with StaleSessionError and this object is marked stale: it reads on, but a fresh one
   * (`engine.openSession`) must make the next write.
   */
  async #stale<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof StaleSessionError) this.#engine.stale.mark(this);
      throw error;
    }
  }

  // Writes run one at a time, each reading the record the previous one left, so no update is lost.
  // A copy another tab has changed is never written over the change.
  #exclusive<T>(write: () => Promise<T>): Promise<T> {
    const fresh = () => {
      this.#engine.stale.check(this, this.id);
      return write();
    };
    const run = this.#writing.then(fresh, fresh);
    this.#writing = run.catch(() => undefined);
    return run;
  }
}
