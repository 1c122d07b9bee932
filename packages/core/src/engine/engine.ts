import type { BranchNode, ForkOptions } from '../branches/index.js';
import { branchOperations, branchView } from '../branches/lazy.js';
import type { CapsuleInput } from '../capsules/index.js';
import { capsuleOperations } from '../capsules/lazy.js';
import { Catalog, type CatalogInput, defineCatalog, type JsonValue } from '../catalog/index.js';
import { resolveEarnedPins } from '../earned-pins/index.js';
import {
  BranchError,
  CorruptRecordError,
  type ErrorIssue,
  isCtxkitError,
  NotFoundError,
  reportError,
  ValidationError,
} from '../errors/index.js';
import { hashString } from '../hash/index.js';
import {
  checkMemoryInputs,
  DEFAULT_MEMORY_LIMITS,
  type Memories,
  type MemoryEntry,
  type MemoryInput,
  usesMemory,
} from '../memory/index.js';
import { memoryBankModule } from '../memory/lazy.js';
import { onPageHidden } from '../page-lifecycle/index.js';
import {
  type ContextPlan,
  candidatesOf,
  contentHash,
  DEFAULT_CONTEXT_MODE,
  DEFAULT_MODE_LIMITS,
  DEFAULT_RECALL_SHARE,
  type ModeLimits,
  planContext,
} from '../planner/index.js';
import { createRedactor, PrivateSessionStore, redactingSummarizer } from '../privacy/index.js';
import { sessionRedactionModule } from '../privacy/lazy.js';
import { recallIndexModule, recallSourceModule } from '../recall/lazy.js';
import type { Reflection } from '../reflection/engine-reflection.js';
import { reflection } from '../reflection/lazy.js';
import { type OpenAIChatRequest, renderOpenAIChat } from '../render/index.js';
import { createLexicalSelector } from '../retrieval/index.js';
import {
  CONTEXT_MODES,
  type ContextMode,
  type ModeSetting,
  newSessionRecord,
  type SessionRecord,
  type TriggerSwitches,
  type UserMessage,
} from '../session/index.js';
import { MemoryStore, type Store, type StoredPlan } from '../store/index.js';
import { withTokenCache } from '../tokens/index.js';
import type { EngineContext } from './context.js';
import { randomId } from './ids.js';
import { candidateFactoryModule, longHistoryModule, setModelModule } from './lazy.js';
import type { LongHistorySettings } from './long-history.js';
import { defaultReservedOutput, encodingOf, loadModelCounting, type ModelSettings } from './model.js';
import { checkOptions, checkSystemPrompt, type EngineOptions } from './options.js';
import { type EngineEvent, PendingTurns } from './pending-turns.js';
import { deleteExpiredSessions } from './retention.js';
import { loadTurnOperations } from './session/index.js';
import { Session } from './session.js';
import { checkHostSessionId, checkId, checkNewSession, type NewSessionOptions } from './session-input.js';
import { holdsStored, remoteChange, StaleSessions } from './staleness.js';

export interface DeleteOptions {
  /** What to do when the session has branches: refuse with a BranchError (default), or delete them too. */
  readonly branches?: 'refuse' | 'delete';
}

export type { EngineOptions } from './options.js';

/**
 * The facade: a catalog, a store, a tokenizer, a selector and a renderer, and the sessions that use them.
 * Create one per chat app with `createEngine`.
 */
export class Engine<R = OpenAIChatRequest> {
  readonly #context: { -readonly [K in keyof EngineContext<R, Session<R>>]: EngineContext<R, Session<R>>[K] };
  readonly #open = new Map<string, Promise<Session<R>>>();
  /** Sessions being compared with the store after another tab changed them. */
  readonly #checking = new Map<string, Promise<void>>();
  readonly #deletedAtOpen: readonly SessionRecord[];
  /** Stops writing learning when the page is hidden; `close` calls it. */
  readonly #stopOnHidden: () => void;

  /** @internal use `createEngine`. */
  constructor({
    deletedAtOpen = [],
    render,
    ...context
  }: Omit<EngineContext<R, Session<R>>, 'fork' | 'stale' | 'pending' | 'render'> & {
    readonly deletedAtOpen?: readonly SessionRecord[];
    /** The host's renderer; null: OpenAI Chat Completions for the engine's model at the time of each request. */
    readonly render: ((plan: ContextPlan) => R) | null;
  }) {
    const stale = new StaleSessions();
    this.#context = {
      ...context,
      render: render ?? ((plan) => renderOpenAIChat(plan, { model: this.#context.model }) as R),
      stale,
      pending: new PendingTurns(),
      fork: (sessionId, messageId, options) => this.fork(sessionId, messageId, options),
    };
    this.#deletedAtOpen = Object.freeze([...deletedAtOpen]);
    // Learning is written about a second after use; a page being hidden (a reload, closing the tab) may never
    // get that second, so what is pending is written now. A store closed meanwhile takes nothing: not an error.
    this.#stopOnHidden = onPageHidden(() => {
      this.flushLearning().catch((error: unknown) => {
        if (!isCtxkitError(error, 'store_closed')) reportError(error);
      });
    });
    // Another tab changed a session this engine holds: its object is marked, and `openSession` loads it afresh.
    // The check starts before any later listener (a UI refetching) can call `openSession`, which waits for it.
    context.store.subscribe((event) => {
      const sessionId = remoteChange(event);
      const cached = sessionId === undefined ? undefined : this.#open.get(sessionId);
      if (sessionId !== undefined && cached) this.#checkFresh(sessionId, cached);
    });
  }

  #checkFresh(sessionId: string, cached: Promise<Session<R>>): void {
    const { store, stale } = this.#context;
    const check = Promise.all([cached, store.loadSession(sessionId)])
      .then(([session, stored]) => {
        if (!holdsStored(session, stored)) stale.mark(session);
      })
      // A copy that cannot be compared is not trusted; one that never loaded is not cached.
      .catch(() =>
        cached.then(
          (session) => stale.mark(session),
          () => undefined,
        ),
      )
      .finally(() => {
        if (this.#checking.get(sessionId) === check) this.#checking.delete(sessionId);
      });
    this.#checking.set(sessionId, check);
  }

  get catalog(): Catalog {
    return this.#context.catalog;
  }

  get store(): Store {
    return this.#context.store;
  }

  get defaultMode(): ModeSetting {
    return this.#context.defaultMode;
  }

  /** The trigger switches sessions start from (the `triggers` option); each session may override them. */
  get triggers(): TriggerSwitches {
    return this.#context.triggers;
  }

  get modeLimits(): Readonly<Record<ContextMode, ModeLimits>> {
    return this.#context.modeLimits;
  }

  /** The model requests are for, as `createEngine` or the last `setModel` set it. */
  get model(): string {
    return this.#context.model;
  }

  get contextWindow(): number {
    return this.#context.contextWindow;
  }

  get reservedOutput(): number {
    return this.#context.reservedOutput;
  }

  /** The tokenizer and chat template every session counts with, as plans record them. */
  get counting(): { readonly encoding: string; readonly template: string } {
    return { encoding: this.#context.candidates.encoding, template: this.#context.candidates.template.id };
  }

  /**
   * Switches the model every session's next request is planned for: its window and reserved output, its tokenizer
   * (loaded on first use of its family, once) and its chat template, chosen from the name as in `createEngine`
   * unless given. Calibration is per model: the new model's own usage reports apply. Requests already prepared
   * keep their plan. The default renderer sends the new model's name; a host's renderer can be replaced with
   * `render`. Bad settings are a ValidationError naming each, and change nothing.
   */
  async setModel(settings: ModelSettings & { readonly render?: (plan: ContextPlan) => R }): Promise<void> {
    const { switchModel } = await setModelModule();
    await switchModel(this.#context, settings);
  }

  /** Changes the global and agent prompts of every session from its next request. */
  setSystemPrompt(prompt: { global?: string; agent?: string }): void {
    const issues: ErrorIssue[] = [];
    checkSystemPrompt(prompt, 'prompt', issues, false);
    if (issues.length > 0) throw new ValidationError('Invalid system prompt', issues);
    const { global, agent } = prompt;
    this.#context.systemPrompt = {
      global: global ?? this.#context.systemPrompt.global,
      agent: agent ?? this.#context.systemPrompt.agent,
    };
  }

  /**
   * Replaces the capsules: summaries of references, each with the hash of the content it summarizes. A capsule is
   * sent, marked as a summary, in place of its reference when the reference is left out for room; one whose
   * reference changed is stale and never sent. A ValidationError names every bad entry.
   */
  async setCapsules(capsules: readonly CapsuleInput[]): Promise<void> {
    this.#context.capsules = await capsulesOf(capsules, this.#context);
  }

  /** Replaces the catalog; open sessions use it from their next request. Items they hold that it lacks are reported as unavailable. */
  setCatalog(catalog: Catalog | CatalogInput): void {
    this.#context.catalog = catalog instanceof Catalog ? catalog : defineCatalog(catalog);
  }

  /**
   * A new session holding every enabled `always` item of the catalog, stored at once. `id`: the host's own (a chat
   * id from its URL), else one the engine makes; an id the store holds already is a SessionExistsError. `memory:
   * false`: it neither gives memories to other sessions nor receives theirs. A `private` one lives only in this tab's
   * memory and takes no part in memory either (see `session.setPrivate`).
   */
  async createSession(options: NewSessionOptions = {}): Promise<Session<R>> {
    const record = this.#newRecord(checkNewSession(options));
    await this.#context.store.createSession(record);
    const session = new Session(this.#context, record, []);
    this.#open.set(record.id, Promise.resolve(session));
    return session;
  }

  /**
   * The session with this id when it exists, else a new one under it (the host's chat id) that is stored only at
   * its first write: a visit to a new chat that sends nothing leaves nothing behind. Until then it is this engine's
   * alone (`session.isStored` is false, `listSessions` does not list it, `openSession` gives the same object).
   * `options` apply only to a new session.
   */
  async openOrCreateSession(
    sessionId: string,
    options: Omit<NewSessionOptions, 'id'> = {},
  ): Promise<Session<R>> {
    checkHostSessionId(sessionId, 'sessionId');
    const checked = checkNewSession(options);
    if (checked.id !== undefined)
      throw new ValidationError('Invalid session options', [
        { path: 'options.id', message: 'is the first argument here' },
      ]);
    try {
      return await this.openSession(sessionId);
    } catch (error) {
      if (!isCtxkitError(error, 'not_found') || error.id !== sessionId) throw error;
    }
    // Another call may have made the new session while this one looked in the store.
    const made = this.#open.get(sessionId);
    if (made) return made;
    const session = new Session(
      this.#context,
      this.#newRecord({ ...checked, id: sessionId }),
      [],
      undefined,
      { stored: false },
    );
    this.#open.set(sessionId, Promise.resolve(session));
    return session;
  }

  #newRecord({
    id,
    title = 'New chat',
    memory,
    private: isPrivate = false,
  }: NewSessionOptions): SessionRecord {
    const { redactor, catalog, newId, now } = this.#context;
    const fresh = newSessionRecord(
      id ?? newId(),
      typeof title === 'string' ? redactor.redact(title).text : title,
      catalog,
      now(),
    );
    return {
      ...fresh,
      ...(memory === false && { memory }),
      ...(isPrivate && { private: true }),
    };
  }

  /**
   * The id of the session in `sessionId`'s tree (itself and every branch below it) written to last: the branch a
   * conversation was last continued in, for a chat that reopens where the user left it. Ties go to the branch made
   * later. A session the store does not hold (yet) has no branches: its own id.
   */
  async latestBranch(sessionId: string): Promise<string> {
    checkId(sessionId, 'sessionId', 'session id');
    const records = await this.#context.store.listSessions();
    if (!records.some((record) => record.id === sessionId)) return sessionId;
    const { branchTree } = await branchOperations();
    let latest: SessionRecord | undefined;
    for (const { record } of branchTree(records, sessionId)) {
      if (
        !latest ||
        record.updatedAt > latest.updatedAt ||
        (record.updatedAt === latest.updatedAt && record.createdAt >= latest.createdAt)
      )
        latest = record;
    }
    return latest?.id ?? sessionId;
  }

  /**
   * The session with this id: the same object until another tab changes the session, then a fresh one loaded from
   * the store (the old object stays in use while it has a turn open; see "Several tabs" in docs/stores.md).
   */
  async openSession(sessionId: string): Promise<Session<R>> {
    checkId(sessionId, 'sessionId', 'session id');
    await this.#checking.get(sessionId);
    const cached = this.#open.get(sessionId);
    if (cached) {
      const held = await cached;
      if (!this.#context.stale.has(held) || held.isTurnOpen) return held;
      if (this.#open.get(sessionId) === cached) this.#open.delete(sessionId);
      return this.openSession(sessionId);
    }
    const session = this.#context.store.loadSession(sessionId).then((loaded) => {
      if (!loaded) throw new NotFoundError('session', sessionId);
      return branchView(this.#context.store, loaded).then(
        ({ messages, writtenIn }) =>
          new Session(
            this.#context,
            loaded.record,
            messages,
            this.#context.store.measuredTurns?.(sessionId),
            {
              writtenIn,
            },
          ),
      );
    });
    session.catch(() => this.#open.delete(sessionId));
    this.#open.set(sessionId, session);
    return session;
  }

  /**
   * Every session the store holds (branches too), most recently updated first; sessions updated at the same instant
   * by id, so the order is the same in every tab and on every store.
   */
  async listSessions(): Promise<SessionRecord[]> {
    return (await this.#context.store.listSessions()).sort((a, b) =>
      a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
  }

  /**
   * Deletes a session and the memories learned from it. A session with branches is refused with a BranchError (they
   * see its messages), unless `branches: 'delete'` deletes it with all its branches, deepest first.
   */
  async deleteSession(sessionId: string, { branches = 'refuse' }: DeleteOptions = {}): Promise<void> {
    checkId(sessionId, 'sessionId', 'session id');
    const records = await this.#context.store.listSessions();
    const { deletionOrder, directBranches } = await branchOperations();
    const direct = directBranches(records, sessionId);
    if (direct.length > 0 && branches !== 'delete') throw new BranchError(sessionId, direct);
    const order = direct.length > 0 ? deletionOrder(records, sessionId) : [sessionId];
    for (const id of order) {
      await this.#context.store.deleteSession(id);
      this.#open.delete(id);
    }
    await this.#context.memories.forgetSessions(order);
  }

  /**
   * Forks a session at one of its committed messages; the branch is a session of its own (own head, pins, leases
   * and plans) that sees the parent's messages up to the fork point. A fork never splits a turn: by default the
   * branch keeps the whole turn holding `messageId`; with `before: true` it keeps everything before that turn.
   */
  async fork(sessionId: string, messageId: string, options: ForkOptions = {}): Promise<Session<R>> {
    const parent = await this.openSession(sessionId);
    const { forkSession } = await branchOperations();
    const { record, inherited } = forkSession(
      parent.record,
      parent.messages,
      messageId,
      options,
      this.#context.newId(),
      this.#context.now(),
    );
    await this.#context.store.createSession(record);
    // What the branch inherits was written where the parent's transcript says, or by the parent itself.
    const writtenIn = new Map(inherited.map((message) => [message.id, parent.id]));
    for (const entry of parent.transcript().entries) {
      const ids =
        entry.kind === 'note' ? [entry.message.id] : [entry.id, ...entry.steps.map((step) => step.id)];
      for (const id of ids) if (writtenIn.has(id)) writtenIn.set(id, entry.sessionId);
    }
    const branch = new Session(this.#context, record, inherited, undefined, { writtenIn });
    this.#open.set(record.id, Promise.resolve(branch));
    return branch;
  }

  /** A session and every branch below it, depth first, each with its depth and its direct branches. */
  async listBranches(sessionId: string): Promise<BranchNode[]> {
    const { branchTree } = await branchOperations();
    return branchTree(await this.#context.store.listSessions(), sessionId);
  }

  /** Memories across conversations: list them with their source, delete any of them. */
  get memories(): Memories {
    return this.#context.memories;
  }

  /**
   * Stores what a session learned (key points, preferences) so other conversations are offered it, each with its
   * source. A session with `memory: false` gives nothing: the call stores nothing and returns []. A `messageId`
   * must name a message the session sees.
   */
  async remember(sessionId: string, entries: readonly MemoryInput[]): Promise<MemoryEntry[]> {
    const session = await this.openSession(sessionId);
    const checked = checkMemoryInputs(entries, new Set(session.messages.map((message) => message.id)));
    if (!usesMemory(session.record)) return [];
    const clean = (text: string) => this.#context.redactor.redact(text).text;
    return this.#context.memories.add(
      session.record,
      checked.map((entry) =>
        entry.kind === 'preference'
          ? { ...entry, value: clean(entry.value) }
          : { ...entry, text: clean(entry.text) },
      ),
    );
  }

  /**
   * Deletes every session last updated more than `days` days ago, with the memories learned from it; returns their
   * records, oldest first. A session goes only with its whole tree of branches: one still in use keeps the history
   * it sees.
   */
  async deleteSessionsOlderThan(days: number): Promise<SessionRecord[]> {
    const { store, memories, now } = this.#context;
    const expired = await deleteExpiredSessions(store, memories, days, new Date(now()));
    for (const record of expired) this.#open.delete(record.id);
    return expired;
  }

  /** Applies the `retention` the engine was created with (nothing without one); returns what it deleted. */
  async applyRetention(): Promise<SessionRecord[]> {
    const { retention } = this.#context;
    return retention ? this.deleteSessionsOlderThan(retention.maxAgeDays) : [];
  }

  /** The sessions `retention` deleted when the engine was created. */
  get deletedAtOpen(): readonly SessionRecord[] {
    return this.#deletedAtOpen;
  }

  /**
   * A stored plan, recomputed from its stored input; undefined if there is none. Throws CorruptRecordError when the
   * input no longer gives the plan it was stored for (the record was changed, or another planner version wrote it).
   */
  async getPlan(planId: string): Promise<ContextPlan | undefined> {
    checkId(planId, 'planId', 'plan id');
    const stored = await this.#context.store.getPlan(planId);
    return stored && replayPlan(stored);
  }

  /** Like `getPlan`, but a plan that is not stored is a NotFoundError: for callers that hold a plan id they trust. */
  async replay(planId: string): Promise<ContextPlan> {
    const plan = await this.getPlan(planId);
    if (!plan) throw new NotFoundError('plan', planId);
    return plan;
  }

  /**
   * Every change to the store (this tab's and, on IndexedDB, other tabs'), and this engine's turns as they open
   * (`turn-pending`) and settle (`turn-settled`). Returns the unsubscribe function.
   */
  subscribe(listener: (event: EngineEvent) => void): () => void {
    const fromStore = this.#context.store.subscribe(listener);
    const fromTurns = this.#context.pending.subscribe(listener);
    return () => {
      fromStore();
      fromTurns();
    };
  }

  /**
   * The user message of the turn a session of this engine has open (prepared, its reply perhaps streaming, not yet
   * committed or rolled back), or null. It is not stored yet; `turn-pending` and `turn-settled` events tell when
   * this changes.
   */
  pendingTurn(sessionId: string): UserMessage | null {
    return this.#context.pending.get(sessionId);
  }

  /**
   * Everything the selector learned from use, as JSON (the stored document), for a backup or to show the user; null
   * when the selector does not learn.
   */
  exportLearning(): Promise<JsonValue | null> {
    return this.#context.selector.exportLearning?.() ?? Promise.resolve(null);
  }

  /**
   * Resolves once the evidence of use recorded so far is in the store (it is written about a second after use, or
   * at once when the page is hidden).
   */
  flushLearning(): Promise<void> {
    return this.#context.selector.flush?.() ?? Promise.resolve();
  }

  /**
   * Writes what learning has pending and stops listening for the page being hidden. The store stays open: it is the
   * host's, to close after this resolves. The engine still works after it, but no longer writes on its own when
   * the page is hidden; closing again does nothing more.
   */
  close(): Promise<void> {
    this.#stopOnHidden();
    return this.flushLearning();
  }

  /** Forgets everything the selector learned from use, in memory and in the store (every tab, after a reload). */
  resetLearning(): Promise<void> {
    return this.#context.selector.resetLearning?.() ?? Promise.resolve();
  }

  /**
   * Never recalls these messages again, in any session: for a passage the user does not want brought back (pass the
   * recalled candidate, or `{ messageIds }` of its messages). The messages stay stored and shown; the list of
   * forgotten ones is stored, so a reload keeps it. Nothing to do when recall is off.
   */
  async forgetRecalled(passage: { readonly messageIds: readonly string[] }): Promise<void> {
    const ids = (passage as { messageIds?: unknown } | null)?.messageIds;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && id !== '')) {
      throw new ValidationError('Invalid passage', [
        { path: 'passage.messageIds', message: 'must be a non-empty list of message ids' },
      ]);
    }
    await this.#context.recall?.forget(ids);
  }

  /** Calibration, waste and telemetry export (see "Reflection" in docs/reflection.md). */
  get reflection(): Reflection {
    return this.#context.reflection;
  }
}

/**
 * Plans again from a stored plan's input. The planner is pure, so this is the identical plan; a different id means
 * the record is not what was planned, and is refused rather than shown as history. Turns deleted since keep their
 * place, tokens and hash, so the plan is the same one, with their text gone.
 */
export function replayPlan(stored: StoredPlan): ContextPlan {
  const { input } = stored;
  for (const candidate of candidatesOf(input)) {
    // A turn the user deleted since (`session.deleteTurn`) is replayed with its text gone, as it is stored.
    const erased = candidate.kind === 'turn' && candidate.messages.some((message) => message.erased === true);
    if (!erased && contentHash(candidate) !== candidate.hash) {
      throw new CorruptRecordError(
        `plan ${stored.id}`,
        `the content of ${candidate.id} is not what was planned with`,
      );
    }
  }
  const plan = planContext(input);
  if (plan.id !== stored.id) {
    throw new CorruptRecordError(
      `plan ${stored.id}`,
      `its stored input now plans to ${plan.id}: it was changed, or written by another version of the planner`,
    );
  }
  return plan;
}

async function capsulesOf(
  capsules: readonly CapsuleInput[],
  { redactor, candidates }: Pick<EngineContext<unknown>, 'redactor' | 'candidates'>,
): Promise<EngineContext<unknown>['capsules']> {
  return (await capsuleOperations()).capsuleSource(
    capsules,
    (text) => redactor.redact(text).text,
    (text) => candidates.tokens(text),
    { hashReferenceContent: hashString, contentHash },
  );
}

/**
 * Creates an engine. Async because the tokenizer's ranks load lazily (once per encoding); everything after
 * that is synchronous except what touches the store.
 */
export function createEngine(
  options: EngineOptions<OpenAIChatRequest> & { readonly render?: undefined },
): Promise<Engine<OpenAIChatRequest>>;
/** With a renderer, requests are whatever it returns (e.g. `renderAnthropicMessages`). */
export function createEngine<R>(
  options: EngineOptions<R> & { readonly render: (plan: ContextPlan) => R },
): Promise<Engine<R>>;
export async function createEngine<R>(options: EngineOptions<R>): Promise<Engine<R>> {
  const reservedOutput = options.reservedOutput ?? defaultReservedOutput(options.contextWindow);
  const checked = checkOptions(options as EngineOptions<unknown>, reservedOutput);
  const redactor = createRedactor(options.redaction);
  const { summarizer } = checked.history;
  const longHistory: LongHistorySettings = summarizer
    ? { ...checked, history: { ...checked.history, summarizer: redactingSummarizer(summarizer, redactor) } }
    : checked;
  const catalog = options.catalog instanceof Catalog ? options.catalog : defineCatalog(options.catalog);
  // The tokenizer's ranks take the longest to load: what else the engine and its first request need starts loading
  // beside them rather than after.
  const countingLoading = loadModelCounting(options);
  const encoding = encodingOf(options);
  if (options.recall !== false) recallIndexModule().catch(() => {}); // loaded again, and reported, on use
  if (options.selector === undefined && options.learning !== false)
    import('../retrieval/learning.js').catch(() => {});
  const modeLimits = Object.fromEntries(
    CONTEXT_MODES.map((mode) => [mode, { ...DEFAULT_MODE_LIMITS[mode], ...options.modeLimits?.[mode] }]),
  ) as Record<ContextMode, ModeLimits>;
  const now = options.now ?? (() => new Date());
  const model = options.model;
  // Private sessions stay in this tab's memory whatever store the host gives.
  const store = new PrivateSessionStore(options.store ?? new MemoryStore());
  const newId = options.newId ?? randomId;
  const stamp = () => now().toISOString();
  const [
    counting,
    reflect,
    recallSource,
    { MemoryBank },
    { CandidateFactory },
    { LongHistory },
    { SessionRedaction },
  ] = await Promise.all([
    countingLoading,
    reflection().then((module) => module.openReflection(store, model, encoding, options.promotion)),
    options.recall === false ? null : recallSourceModule(),
    memoryBankModule(),
    candidateFactoryModule(),
    longHistoryModule(),
    sessionRedactionModule(),
    loadTurnOperations(),
  ]);
  // A memory document that cannot be read is set aside and restarted: it must not fail every session's turns.
  const memories = new MemoryBank(
    store,
    { ...DEFAULT_MEMORY_LIMITS, ...options.memory },
    newId,
    stamp,
    'set-aside',
  );
  const candidates = new CandidateFactory(
    withTokenCache(counting.counter),
    options.attachmentCosts,
    counting.template,
  );
  const clusterThreshold = options.queryClusters === false ? null : (options.queryClusters?.threshold ?? 0.5);
  return new Engine<R>({
    capsules: options.capsules ? await capsulesOf(options.capsules, { redactor, candidates }) : null,
    catalog,
    store,
    // Learning is kept where everything else is: the host's store (IndexedDB persists it and shares it by tabs).
    selector:
      options.selector ??
      createLexicalSelector({ store, ...(options.learning !== undefined && { learning: options.learning }) }),
    redactor,
    sessionRedaction: () => new SessionRedaction(redactor),
    retention: options.retention ?? null,
    // Retention runs before any session can be opened.
    deletedAtOpen: options.retention
      ? await deleteExpiredSessions(store, memories, options.retention.maxAgeDays, now())
      : [],
    candidates,
    reflection: reflect,
    model,
    contextWindow: options.contextWindow,
    reservedOutput,
    defaultMode: options.defaultMode ?? DEFAULT_CONTEXT_MODE,
    modeLimits,
    systemPrompt: { global: options.systemPrompt?.global ?? '', agent: options.systemPrompt?.agent ?? '' },
    render: options.render ?? null,
    now: stamp,
    newId,
    memories,
    recall:
      recallSource === null
        ? null
        : recallSource.openRecallSource(store, candidates, stamp, options.recall || undefined),
    recallShare: (options.recall || undefined)?.share ?? DEFAULT_RECALL_SHARE,
    recallThreshold: (options.recall || undefined)?.threshold ?? null,
    longHistory: () => new LongHistory(longHistory, candidates),
    clusterThreshold,
    earnedPins: resolveEarnedPins(options.earnedPins, []),
    reuseThreshold:
      clusterThreshold === null || options.reuse === false
        ? null
        : (options.reuse?.threshold ?? clusterThreshold),
    triggers: options.triggers ?? {},
  });
}
