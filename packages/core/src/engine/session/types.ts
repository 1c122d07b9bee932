import type { TurnCluster } from '../../clusters/index.js';
import type { ContextPlan, RecallCandidate } from '../../planner/index.js';
import type { OpenAIChatRequest } from '../../render/index.js';
import type { RetrievalSet } from '../../retrieval/index.js';
import type {
  AssistantMessage,
  ChatMessage,
  LeaseScope,
  Pin,
  PinKind,
  RequestContext,
  TurnReflection,
  TurnStep,
  UsageReport,
  UserMessage,
} from '../../session/index.js';
import type { StoredPlan } from '../../store/index.js';
import type { CarriedSuggestions, SuggestionReport } from '../../suggestions/index.js';
import type { TurnHistory } from '../long-history.js';
import type { TurnMode } from '../turn-mode.js';

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

/** A turn between `prepare` and `commit`/`rollback`: what it has planned, sent and received so far. */
export interface OpenTurn<R> {
  /** The mode the turn's requests are planned in (chosen once, for the user's message). */
  readonly mode: TurnMode;
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

/** Marks a turn whose first request is being prepared: no other may open, and it has nothing to commit yet. */
export const PREPARING = Symbol('preparing');
