import type { ForkOptions } from '../branches/index.js';
import type { Catalog } from '../catalog/index.js';
import type { EarnedPinRules } from '../earned-pins/index.js';
import type { MemoryBank } from '../memory/index.js';
import type { CapsuleCandidate, ContextPlan, ModeLimits, PlanInput } from '../planner/index.js';
import type { Redactor, RetentionOptions, SessionRedaction } from '../privacy/index.js';
import type { RecallSource } from '../recall/index.js';
import type { AgentSelector } from '../retrieval/index.js';
import type { ContextMode, ModeSetting, TriggerSwitches } from '../session/index.js';
import type { Store } from '../store/index.js';
import type { CandidateFactory } from './candidates.js';
import type { LongHistory } from './long-history.js';
import type { PendingTurns } from './pending-turns.js';
import type { StaleSessions } from './staleness.js';

/**
 * What sessions read from their engine. The catalog may be replaced; sessions always see the current one. `S` is the
 * session type `fork` gives, a parameter so that this contract does not depend on the session that reads it.
 */
export interface EngineContext<R, S = unknown> {
  readonly catalog: Catalog;
  readonly store: Store;
  readonly selector: AgentSelector;
  /** Every text entering a session passes through it before it is stored or planned. */
  readonly redactor: Redactor;
  /** A session's redaction step over `redactor`, a new one for each session (its class loads with createEngine). */
  readonly sessionRedaction: () => SessionRedaction;
  /** Applied when the engine is created and by `engine.applyRetention()`. */
  readonly retention: RetentionOptions | null;
  readonly candidates: CandidateFactory;
  readonly model: string;
  readonly contextWindow: number;
  readonly reservedOutput: number;
  readonly defaultMode: ModeSetting;
  readonly modeLimits: Readonly<Record<ContextMode, ModeLimits>>;
  readonly systemPrompt: { readonly global: string; readonly agent: string };
  readonly render: (plan: ContextPlan) => R;
  readonly now: () => string;
  readonly newId: () => string;
  readonly memories: MemoryBank;
  /** Passages of earlier conversations, and this one's beyond its history; null when recall is off. */
  readonly recall: RecallSource | null;
  /** The share of the budget recalled passages may take together. */
  readonly recallShare: number;
  /** The least score of a recalled passage; null: by the message (see `defaultRecallThreshold`). */
  readonly recallThreshold: number | null;
  /** Forks a session (the engine's `fork`, so the branch is opened and tracked like any session). */
  readonly fork: (sessionId: string, messageId: string, options: ForkOptions) => Promise<S>;
  /**
   * A session's checkpoints, importance and content stored once: a new bookkeeper for each session (its class
   * loads with createEngine).
   */
  readonly longHistory: () => LongHistory;
  /** The capsules of a plan input's references; null when the host supplied none. */
  readonly capsules: ((input: PlanInput, catalog: Catalog) => CapsuleCandidate[]) | null;
  /** The engine's trigger switches (`triggers` option); a session's own override them. */
  readonly triggers: TriggerSwitches;
  /** The cosine threshold of query clusters; null when clustering is off. */
  readonly clusterThreshold: number | null;
  /** When the conversation earns leases; null when it earns none (`earnedPins: false`). */
  readonly earnedPins: EarnedPinRules | null;
  /** The cosine a new cluster must reach against an earlier one to start from what served it; null: no reuse. */
  readonly reuseThreshold: number | null;
  /** The turns this engine's sessions have open, for hosts that show the user's message before commit. */
  readonly pending: PendingTurns;
  /** Session objects another tab has changed since they were loaded: they must not write. */
  readonly stale: StaleSessions;
  /** References, activation, promotion, waste and calibration (loaded lazily when the engine is created). */
  readonly reflection: import('../reflection/index.js').EngineReflection;
}
