import { Catalog, type CatalogInput, defineCatalog } from '../catalog/index.js';
import { CorruptRecordError, type ErrorIssue, NotFoundError, ValidationError } from '../errors/index.js';
import {
  type ContextPlan,
  candidatesOf,
  contentHash,
  DEFAULT_CONTEXT_MODE,
  DEFAULT_MODE_LIMITS,
  type ModeLimits,
  planContext,
} from '../planner/index.js';
import {
  createRedactor,
  deleteExpiredSessions,
  PrivateSessionStore,
  type RedactionOptions,
  type RetentionOptions,
  redactionIssues,
  retentionIssues,
} from '../privacy/index.js';
import { type OpenAIChatRequest, renderOpenAIChat } from '../render/index.js';
import { type AgentSelector, createLexicalSelector } from '../retrieval/index.js';
import {
  CONTEXT_MODES,
  type ContextMode,
  isContextMode,
  newSessionRecord,
  type SessionRecord,
} from '../session/index.js';
import { MemoryStore, type Store, type StoredPlan, type StoreEvent } from '../store/index.js';
import {
  loadTiktokenCounter,
  type TiktokenEncodingName,
  type TokenCounter,
  withTokenCache,
} from '../tokens/index.js';
import { CandidateFactory } from './candidates.js';
import type { EngineContext } from './context.js';
import { randomId } from './ids.js';
import { Session } from './session.js';

export interface EngineOptions<R> {
  /** The catalog, or its description (validated with `defineCatalog`). */
  readonly catalog: Catalog | CatalogInput;
  /** The model requests are for; recorded in usage reports and passed to the default renderer. */
  readonly model: string;
  /** The model's context window in tokens. */
  readonly contextWindow: number;
  /** Tokens kept free for the reply. Default: a quarter of the window, at most 4,096. */
  readonly reservedOutput?: number;
  /** Default: a MemoryStore (nothing survives a reload). */
  readonly store?: Store;
  /** A counter, or the tiktoken encoding to load. Default `o200k_base`. */
  readonly tokenizer?: TokenCounter | TiktokenEncodingName;
  /** Chooses `agent` items per request. Default: a small BM25 selector. */
  readonly selector?: AgentSelector;
  readonly systemPrompt?: { readonly global?: string; readonly agent?: string };
  /** Default `light`; each session may override it. */
  readonly defaultMode?: ContextMode;
  readonly modeLimits?: Partial<Record<ContextMode, Partial<ModeLimits>>>;
  /** Turns a plan into the provider request. Default: an OpenAI Chat Completions request. */
  readonly render?: (plan: ContextPlan) => R;
  /** Secret redaction: the host's own patterns, built-ins to disable, or `enabled: false`. On by default. */
  readonly redaction?: RedactionOptions;
  /** Deletes sessions not updated for `maxAgeDays` when the engine is created (`engine.deletedAtOpen`). */
  readonly retention?: RetentionOptions;
  /** For tests and replays: the clock and the id source. */
  readonly now?: () => Date;
  readonly newId?: () => string;
}

function checkOptions(options: EngineOptions<unknown>, reservedOutput: number): void {
  const issues: ErrorIssue[] = [];
  if (typeof options.model !== 'string' || options.model === '')
    issues.push({ path: 'model', message: 'must be a non-empty string' });
  if (!Number.isInteger(options.contextWindow) || options.contextWindow < 1) {
    issues.push({
      path: 'contextWindow',
      message: `must be a positive integer, got ${options.contextWindow}`,
    });
  } else if (
    !Number.isInteger(reservedOutput) ||
    reservedOutput < 0 ||
    reservedOutput >= options.contextWindow
  ) {
    issues.push({
      path: 'reservedOutput',
      message: `must be an integer from 0 to contextWindow − 1, got ${reservedOutput}`,
    });
  }
  if (options.defaultMode !== undefined && !isContextMode(options.defaultMode)) {
    issues.push({
      path: 'defaultMode',
      message: `unknown mode ${JSON.stringify(options.defaultMode)} (expected 'off', 'light' or 'heavy')`,
    });
  }
  for (const [key, limits] of Object.entries(options.modeLimits ?? {})) {
    if (!isContextMode(key)) {
      issues.push({ path: `modeLimits.${key}`, message: 'is not a context mode' });
      continue;
    }
    const { topK, minScore, maxShare } = limits ?? {};
    if (topK !== undefined && !(Number.isInteger(topK) && topK >= 0)) {
      issues.push({ path: `modeLimits.${key}.topK`, message: `must be an integer ≥ 0, got ${topK}` });
    }
    for (const [name, value] of [
      ['minScore', minScore],
      ['maxShare', maxShare],
    ] as const) {
      if (value !== undefined && !(value >= 0 && value <= 1)) {
        issues.push({ path: `modeLimits.${key}.${name}`, message: `must be between 0 and 1, got ${value}` });
      }
    }
  }
  if (options.redaction !== undefined) issues.push(...redactionIssues(options.redaction, 'redaction'));
  if (options.retention !== undefined) {
    issues.push(...retentionIssues(options.retention?.maxAgeDays, 'retention.maxAgeDays'));
  }
  if (issues.length > 0) throw new ValidationError('Invalid engine options', issues);
}

/**
 * The facade: a catalog, a store, a tokenizer, a selector and a renderer, and the sessions that use them.
 * Create one per chat app with `createEngine`.
 */
export class Engine<R = OpenAIChatRequest> {
  readonly #context: { -readonly [K in keyof EngineContext<R>]: EngineContext<R>[K] };
  readonly #open = new Map<string, Promise<Session<R>>>();
  readonly #deletedAtOpen: readonly SessionRecord[];

  /** @internal use `createEngine`. */
  constructor({
    deletedAtOpen = [],
    ...context
  }: EngineContext<R> & { readonly deletedAtOpen?: readonly SessionRecord[] }) {
    this.#context = context;
    this.#deletedAtOpen = Object.freeze([...deletedAtOpen]);
  }

  get catalog(): Catalog {
    return this.#context.catalog;
  }

  get store(): Store {
    return this.#context.store;
  }

  get defaultMode(): ContextMode {
    return this.#context.defaultMode;
  }

  get modeLimits(): Readonly<Record<ContextMode, ModeLimits>> {
    return this.#context.modeLimits;
  }

  /** Changes the global and agent prompts of every session from its next request. */
  setSystemPrompt({ global, agent }: { global?: string; agent?: string }): void {
    this.#context.systemPrompt = {
      global: global ?? this.#context.systemPrompt.global,
      agent: agent ?? this.#context.systemPrompt.agent,
    };
  }

  /** Replaces the catalog; open sessions use it from their next request. Items they hold that it lacks are reported as unavailable. */
  setCatalog(catalog: Catalog | CatalogInput): void {
    this.#context.catalog = catalog instanceof Catalog ? catalog : defineCatalog(catalog);
  }

  /**
   * A new session holding every enabled `always` item of the catalog. A `private` one lives only in this tab's
   * memory (see `session.setPrivate`).
   */
  async createSession({
    title = 'New chat',
    private: isPrivate = false,
  }: {
    title?: string;
    private?: boolean;
  } = {}): Promise<Session<R>> {
    const { redactor, catalog, newId, now } = this.#context;
    const fresh = newSessionRecord(
      newId(),
      typeof title === 'string' ? redactor.redact(title).text : title,
      catalog,
      now(),
    );
    const record = isPrivate ? { ...fresh, private: true } : fresh;
    await this.#context.store.createSession(record);
    const session = new Session(this.#context, record, []);
    this.#open.set(record.id, Promise.resolve(session));
    return session;
  }

  /** The session with this id; the same object for as long as the engine lives. */
  async openSession(sessionId: string): Promise<Session<R>> {
    let session = this.#open.get(sessionId);
    if (!session) {
      session = this.#context.store.loadSession(sessionId).then((loaded) => {
        if (!loaded) throw new NotFoundError('session', sessionId);
        return new Session(this.#context, loaded.record, loaded.messages);
      });
      session.catch(() => this.#open.delete(sessionId));
      this.#open.set(sessionId, session);
    }
    return session;
  }

  async listSessions(): Promise<SessionRecord[]> {
    return this.#context.store.listSessions();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.#context.store.deleteSession(sessionId);
    this.#open.delete(sessionId);
  }

  /** Deletes every session last updated more than `days` days ago; returns their records, oldest first. */
  async deleteSessionsOlderThan(days: number): Promise<SessionRecord[]> {
    const expired = await deleteExpiredSessions(this.#context.store, days, new Date(this.#context.now()));
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
    const stored = await this.#context.store.getPlan(planId);
    return stored && replayPlan(stored);
  }

  subscribe(listener: (event: StoreEvent) => void): () => void {
    return this.#context.store.subscribe(listener);
  }
}

/**
 * Plans again from a stored plan's input. The planner is pure, so this is the identical plan; a different id means
 * the record is not what was planned, and is refused rather than shown as history.
 */
export function replayPlan(stored: StoredPlan): ContextPlan {
  const { input } = stored;
  for (const candidate of candidatesOf(input)) {
    if (contentHash(candidate) !== candidate.hash) {
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
  const reservedOutput = options.reservedOutput ?? Math.min(4096, Math.floor(options.contextWindow / 4));
  checkOptions(options as EngineOptions<unknown>, reservedOutput);
  const catalog = options.catalog instanceof Catalog ? options.catalog : defineCatalog(options.catalog);
  const counter =
    typeof options.tokenizer === 'object'
      ? options.tokenizer
      : await loadTiktokenCounter(options.tokenizer ?? 'o200k_base');
  const modeLimits = Object.fromEntries(
    CONTEXT_MODES.map((mode) => [mode, { ...DEFAULT_MODE_LIMITS[mode], ...options.modeLimits?.[mode] }]),
  ) as Record<ContextMode, ModeLimits>;
  const now = options.now ?? (() => new Date());
  const model = options.model;
  // Private sessions stay in this tab's memory whatever store the host gives.
  const store = new PrivateSessionStore(options.store ?? new MemoryStore());
  return new Engine<R>({
    catalog,
    store,
    selector: options.selector ?? createLexicalSelector(),
    redactor: createRedactor(options.redaction),
    retention: options.retention ?? null,
    // Retention runs before any session can be opened.
    deletedAtOpen: options.retention
      ? await deleteExpiredSessions(store, options.retention.maxAgeDays, now())
      : [],
    candidates: new CandidateFactory(withTokenCache(counter)),
    model,
    contextWindow: options.contextWindow,
    reservedOutput,
    defaultMode: options.defaultMode ?? DEFAULT_CONTEXT_MODE,
    modeLimits,
    systemPrompt: { global: options.systemPrompt?.global ?? '', agent: options.systemPrompt?.agent ?? '' },
    render: options.render ?? ((plan) => renderOpenAIChat(plan, { model }) as R),
    now: () => now().toISOString(),
    newId: options.newId ?? randomId,
  });
}
