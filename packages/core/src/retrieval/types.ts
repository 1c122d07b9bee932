import type { Catalog, ItemKey, JsonValue } from '../catalog/index.js';
import type { RetrievalSet } from '../retrieval-types/index.js';
import type { ContextMode, TriggerSwitches } from '../session/index.js';
import type { UseEvent } from './learning.js';
import type { ActivityEvent } from './triggers.js';

export interface SelectionRequest {
  readonly query: string;
  readonly catalog: Catalog;
  /** Items already in context (session, pins): never offered again. */
  readonly exclude: ReadonlySet<ItemKey>;
  /** At most this many hits. */
  readonly limit: number;
  /** The session asking: its earlier messages' triggers carry over to this one. */
  readonly sessionId?: string;
  /** Estimating a draft: select as for a message, but leave what carries over to the next message unchanged. */
  readonly peek?: boolean;
  /** The context mode the request is planned in (recorded in the set). */
  readonly mode?: ContextMode;
  /** Trigger kinds switched off for this request (a group not named runs); the message itself always runs. */
  readonly triggers?: TriggerSwitches;
}

/** Chooses `agent` items per request. Pluggable: the engine takes any implementation. */
export interface AgentSelector {
  readonly name: string;
  select(request: SelectionRequest): RetrievalSet | Promise<RetrievalSet>;
  /** Evidence of use (called, referenced, unused, pinned, removed, not relevant); sessions call it when it exists. */
  recordUse?(event: UseEvent): void | Promise<void>;
  /** Everything learned from use, as JSON (null when the selector does not learn). */
  exportLearning?(): Promise<JsonValue | null>;
  /** Forgets everything learned from use, in memory and in the store. */
  resetLearning?(): Promise<void>;
  /** Resolves once the evidence recorded so far is in the store. */
  flush?(): Promise<void>;
  /** Host activity (a file opened or edited) that the next selections take into account. */
  observeActivity?(event: ActivityEvent): void;
  /**
   * The query's embedding, for query clusters; null (or no method) when the selector has no working embedder, and
   * then requests get no cluster.
   */
  embedQuery?(query: string): Promise<Float32Array | null>;
}
