import { ATTACHMENT_COSTS, type AttachmentCosts } from '../attachments/index.js';
import type { CapsuleInput } from '../capsules/index.js';
import type { Catalog, CatalogInput } from '../catalog/index.js';
import { type EarnedPinsOption, resolveEarnedPins } from '../earned-pins/index.js';
import type { Embedder } from '../embeddings/index.js';
import { type ErrorIssue, ValidationError } from '../errors/index.js';
import {
  type HistoryOptions,
  type LargeContentOptions,
  resolveHistoryOptions,
  resolveLargeContentOptions,
} from '../history/index.js';
import { type MemoryLimits, memoryLimitIssues } from '../memory/index.js';
import type { ContextPlan, ModeLimits } from '../planner/index.js';
import {
  type RedactionOptions,
  type RetentionOptions,
  redactionIssues,
  retentionIssues,
} from '../privacy/index.js';
import type { PromotionRules } from '../reflection/rules.js';
import { type AgentSelector, type LearningOptions, triggerSwitchIssues } from '../retrieval/index.js';
import {
  type ContextMode,
  isContextMode,
  isModeSetting,
  type ModeSetting,
  type TriggerSwitches,
} from '../session/index.js';
import type { Store } from '../store/index.js';
import { checkKnownFields, describe, isRecord } from '../validation/index.js';
import type { LongHistorySettings } from './long-history.js';
import { type ModelSettings, modelSettingsIssues } from './model.js';

// What `createEngine` accepts, checked before anything is built: every wrong option is named in one ValidationError.

/** `model`, `contextWindow`, `reservedOutput`, `tokenizer` and `template` are the model settings (see `setModel`). */
export interface EngineOptions<R> extends ModelSettings {
  /** The catalog, or its description (validated with `defineCatalog`). */
  readonly catalog: Catalog | CatalogInput;
  /** Default: a MemoryStore (nothing survives a reload). */
  readonly store?: Store;
  /**
   * Chooses `agent` items per request. Default: `createLexicalSelector({ store, learning })` (BM25, triggers, and
   * learning from evidence of use kept in the engine's store, so it survives reloads and is shared by tabs);
   * `createHybridSelector({ embedder, store })` adds vectors.
   */
  readonly selector?: AgentSelector;
  /** Learning from use for the default selector: its options, or `false` to switch it off. Default on. */
  readonly learning?: LearningOptions | false;
  readonly systemPrompt?: { readonly global?: string; readonly agent?: string };
  /** Default `light`; `'auto'` picks light or heavy per message (see docs/modes.md). Each session may override it. */
  readonly defaultMode?: ModeSetting;
  readonly modeLimits?: Partial<Record<ContextMode, Partial<ModeLimits>>>;
  /** How many memories from other conversations a request is offered, and their share of the budget. */
  readonly memory?: Partial<MemoryLimits>;
  /**
   * Passages of earlier conversations (and of this one, beyond what its history carries) found for each message:
   * `share` is the part of the budget they may take together (default 0.25); `threshold` the least score (0–1:
   * relevance × recency × importance, see RecallWeights) a passage needs to be sent, for every message (default:
   * DEFAULT_RECALL_THRESHOLD for a question or a message about remembering, DEFAULT_STATEMENT_RECALL_THRESHOLD for
   * any other message);
   * `embedder`, the host's embedder, weighs the passages found by their closeness in meaning to the message (vectors
   * kept in the store's embedding cache); `false` switches recall off.
   */
  readonly recall?:
    | { readonly share?: number; readonly threshold?: number; readonly embedder?: Embedder }
    | false;
  /** Turns a plan into the provider request. Default: an OpenAI Chat Completions request. */
  readonly render?: (plan: ContextPlan) => R;
  /**
   * Whose documented rules count the images and PDFs of a message (see docs/attachments.md): the provider the
   * requests go to. Default: the model's provider (`'anthropic'` for Claude, `'gemini'` for Gemini, `'openai'` for
   * every other model), switched by `setModel`; given here, it holds whatever model `setModel` switches to.
   */
  readonly attachmentCosts?: AttachmentCosts;
  /** Long histories: the summarizer, history's share of the budget, importance and decay. */
  readonly history?: HistoryOptions;
  /** When data URLs and oversized tool outputs are stored once and sent as references; `false`: never. */
  readonly largeContent?: LargeContentOptions | false;
  /** Secret redaction: the host's own patterns, built-ins to disable, or `enabled: false`. On by default. */
  readonly redaction?: RedactionOptions;
  /** When an ephemeral pin the replies keep referencing is promoted, and to what lease (see "Reflection"). */
  readonly promotion?: Partial<PromotionRules>;
  /** Deletes sessions not updated for `maxAgeDays` when the engine is created (`engine.deletedAtOpen`). */
  readonly retention?: RetentionOptions;
  /** Summaries of references (see `setCapsules`). */
  readonly capsules?: readonly CapsuleInput[];
  /**
   * Query clusters, for selectors with an embedder: a request whose query embedding has a cosine similarity below
   * `threshold` (default 0.5) to the current cluster's centroid starts a new cluster. `false`: no clusters.
   */
  readonly queryClusters?: { readonly threshold?: number } | false;
  /**
   * Leases the conversation earns: an item the replies called or used in `uses` of the last `window` turns (default 2
   * of 3) is leased for its query cluster, or for `turns` turns (default 3) without an embedder. `false`: none.
   */
  readonly earnedPins?: EarnedPinsOption;
  /**
   * A message that starts a new query cluster similar to an earlier one (cosine ≥ `threshold`, default the cluster
   * threshold) starts from the items that served it. Needs query clusters (an embedder). `false`: no reuse.
   */
  readonly reuse?: { readonly threshold?: number } | false;
  /**
   * Which trigger kinds retrieval runs besides the message (paths, symbols, questions, activity); a group not named
   * is on. A session's `setTriggers` overrides this per group.
   */
  readonly triggers?: TriggerSwitches;
  /** For tests and replays: the clock and the id source. */
  readonly now?: () => Date;
  readonly newId?: () => string;
}

/** `{ global?, agent? }`, each a string: a number there would break every later request, also after a reload. */
export function checkSystemPrompt(value: unknown, path: string, issues: ErrorIssue[], optional = true): void {
  if (value === undefined && optional) return;
  if (!isRecord(value)) {
    issues.push({ path, message: `must be { global?, agent? }, got ${describe(value)}` });
    return;
  }
  checkKnownFields(value, ['global', 'agent'], path, issues);
  for (const part of ['global', 'agent'] as const)
    if (value[part] !== undefined && typeof value[part] !== 'string')
      issues.push({ path: `${path}.${part}`, message: `must be a string, got ${describe(value[part])}` });
}

export function checkOptions(options: EngineOptions<unknown>, reservedOutput: number): LongHistorySettings {
  const issues: ErrorIssue[] = [];
  const longHistory: LongHistorySettings = {
    history: resolveHistoryOptions(options.history, issues),
    largeContent: resolveLargeContentOptions(options.largeContent, issues),
  };
  checkSystemPrompt(options.systemPrompt, 'systemPrompt', issues);
  issues.push(...modelSettingsIssues(options, reservedOutput, ''));
  if (
    options.learning !== undefined &&
    options.learning !== false &&
    (options.learning === null || typeof options.learning !== 'object' || Array.isArray(options.learning))
  ) {
    issues.push({ path: 'learning', message: 'must be false or an object of learning options' });
  }
  if (options.recall !== undefined && options.recall !== false) {
    const recall = options.recall as Record<string, unknown> | null;
    if (recall === null || typeof recall !== 'object' || Array.isArray(recall))
      issues.push({ path: 'recall', message: 'must be false or { share, threshold, embedder }' });
    else {
      for (const name of ['share', 'threshold'] as const) {
        const value = recall[name];
        if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= 1))
          issues.push({
            path: `recall.${name}`,
            message: `must be a number from 0 to 1, got ${describe(value)}`,
          });
      }
      const embedder = recall.embedder as Partial<Embedder> | null | undefined;
      if (
        embedder !== undefined &&
        (embedder === null || typeof embedder.modelId !== 'string' || typeof embedder.embed !== 'function')
      )
        issues.push({
          path: 'recall.embedder',
          message: 'must be an Embedder: { modelId: string, embed(texts) }',
        });
      checkKnownFields(recall, ['share', 'threshold', 'embedder'], 'recall', issues);
    }
  }
  if (options.learning !== undefined && options.selector !== undefined) {
    issues.push({
      path: 'learning',
      message: "configures the default selector; pass it to your selector's options",
    });
  }
  triggerSwitchIssues(options.triggers, 'triggers', issues);
  if (options.defaultMode !== undefined && !isModeSetting(options.defaultMode)) {
    issues.push({
      path: 'defaultMode',
      message: `unknown mode ${JSON.stringify(options.defaultMode)} (expected 'auto', 'off', 'light' or 'heavy')`,
    });
  }
  for (const [key, limits] of Object.entries(options.modeLimits ?? {})) {
    if (!isContextMode(key)) {
      issues.push({ path: `modeLimits.${key}`, message: 'is not a context mode' });
      continue;
    }
    const { topK, minScore, maxShare, cardTokens, describedCards } = limits ?? {};
    for (const [name, value, min] of [
      ['topK', topK, 0],
      ['cardTokens', cardTokens, 1],
      ['describedCards', describedCards, 0],
    ] as const) {
      if (value !== undefined && !(Number.isInteger(value) && value >= min)) {
        issues.push({
          path: `modeLimits.${key}.${name}`,
          message: `must be an integer ≥ ${min}, got ${value}`,
        });
      }
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
  issues.push(...memoryLimitIssues(options.memory));
  const threshold = options.queryClusters ? options.queryClusters.threshold : undefined;
  if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) {
    issues.push({ path: 'queryClusters.threshold', message: `must be between 0 and 1, got ${threshold}` });
  }
  resolveEarnedPins(options.earnedPins, issues);
  const reuse = options.reuse;
  if (reuse !== undefined && reuse !== false) {
    if (typeof reuse !== 'object' || reuse === null)
      issues.push({ path: 'reuse', message: 'must be false or { threshold? }' });
    else if (reuse.threshold !== undefined && !(reuse.threshold >= 0 && reuse.threshold <= 1))
      issues.push({ path: 'reuse.threshold', message: `must be between 0 and 1, got ${reuse.threshold}` });
  }
  if (options.redaction !== undefined) issues.push(...redactionIssues(options.redaction, 'redaction'));
  if (options.attachmentCosts !== undefined && !ATTACHMENT_COSTS.includes(options.attachmentCosts))
    issues.push({
      path: 'attachmentCosts',
      message: `must be 'openai', 'anthropic' or 'gemini', got ${describe(options.attachmentCosts)}`,
    });
  if (options.retention !== undefined) {
    issues.push(...retentionIssues(options.retention?.maxAgeDays, 'retention.maxAgeDays'));
  }
  if (issues.length > 0) throw new ValidationError('Invalid engine options', issues);
  return longHistory;
}
