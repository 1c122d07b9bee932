import type { ItemRef, JsonObject } from '../catalog/index.js';
import type {
  ChatMessage,
  ContextMode,
  MemoryContent,
  MemorySource,
  PinKind,
  PromptPart,
  TurnStep,
  UserMessage,
} from '../session/index.js';

/**
 * How an agent item carried from an earlier message relates to the new one: the new message follows up on it
 * (short, or pointing back), or shares a distinctive word with it.
 */
export interface CarriedFrom {
  readonly relation: 'follow-up' | 'shared-terms';
  /** Messages ago. */
  readonly age: number;
}

/** Where a candidate goes in the prompt; token totals are reported per section. */
export type Section =
  | 'system'
  | 'rules'
  | 'references'
  | 'tools'
  | 'pins'
  | 'memory'
  | 'recall'
  | 'history'
  | 'current'
  | 'workspace';
export const SECTIONS: readonly Section[] = [
  'system',
  'rules',
  'references',
  'tools',
  'pins',
  'memory',
  'recall',
  'history',
  'current',
  'workspace',
];

/** Limits of one context mode. */
export interface ModeLimits {
  /** How many agent items retrieval may add. */
  readonly topK: number;
  /** Agent items scoring below this (0–1) are left out. */
  readonly minScore: number;
  /** The largest share (0–1) of the budget agent items may take together. */
  readonly maxShare: number;
  /**
   * How agent items are sent: `'full'` (their whole body, the default) or `'cards'` (a compact card each: name,
   * one-line purpose and the passage most relevant to the message, within `cardTokens`; see docs/modes.md).
   */
  readonly shape?: 'full' | 'cards';
  /** The most tokens one card's text (purpose and excerpt) may take, when `shape` is `'cards'`. */
  readonly cardTokens?: number;
  /**
   * With `shape: 'cards'`, how many of the cards (best first) carry their text; the ones after them carry the item's
   * name only, a few tokens each, so more candidates fit the same budget. Default: every card has its text.
   */
  readonly describedCards?: number;
  /** Whether agent items are sent with the examples of use their catalog entry gives (`examples`). */
  readonly examples?: boolean;
}

/**
 * An agent item sent as a compact card instead of its body, one line of the request's `<cards>` block. The model
 * gets the full item through the `expand_card` tool the engine offers (a tool is then defined in full from the next
 * request of the turn on), or the user pins it.
 */
export interface ItemCard {
  /** What the item is for, in one line: the first sentence of its description (or of its content). */
  readonly purpose: string;
  /** The passage of the item that best matches the message; absent when none matches better than the purpose. */
  readonly excerpt?: string;
  /**
   * The card shows the item's name only (`purpose` is empty): it ranked after the mode's `describedCards`. Not asking
   * for it is no evidence that it was of no use, since the model saw nothing of it but its name.
   */
  readonly nameOnly?: true;
}

interface CandidateBase {
  /** Unique within one plan: `system:global`, `rule:Auth`, `tool:fs:read`, `turn:<id>`, `pin:<id>`, … */
  readonly id: string;
  readonly section: Section;
  readonly tokens: number;
  /** Hash of the content; with ids and tokens it is what the plan id is computed from. */
  readonly hash: string;
}

export interface PromptCandidate extends CandidateBase {
  readonly kind: 'prompt';
  readonly part: PromptPart;
  readonly name: string;
  readonly text: string;
}

/** The content of a catalog item as it is sent. */
export type ItemBody =
  | {
      readonly type: 'rule' | 'reference';
      readonly content: string;
      readonly description: string;
      /** Examples of use, sent with the body in a mode that sends exemplars (heavy). */
      readonly examples?: readonly string[];
    }
  | {
      readonly type: 'tool';
      readonly functionName: string;
      readonly description: string;
      readonly inputSchema: JsonObject;
      readonly examples?: readonly string[];
    };

/** How an item reached the candidates: the session context, a pin, or retrieval. */
export type ItemOrigin =
  | { readonly via: 'session'; readonly includeMode: 'always' | 'manual' }
  /** `earned`: a lease the conversation earned (the replies kept using the item), not one the user made. */
  | { readonly via: 'pin'; readonly pinId: string; readonly pin: PinKind; readonly earned?: true }
  /**
   * `activation`: how active the item has been in the session lately (see "Reflection" in docs/reflection.md); retrieval's
   * items come to the planner ranked by score raised by it.
   */
  | {
      readonly via: 'agent';
      readonly score: number;
      readonly rank: number;
      readonly activation?: number;
      /** Found through an earlier message's trigger (`age` messages ago) that the new message relates to. */
      readonly carried?: CarriedFrom;
      /** Sent in full because the model asked for its card earlier in this turn (the call's id). */
      readonly expandedBy?: string;
      /** It served an earlier, similar message (see `PlanInput.reuse`): its score carries the reuse boost. */
      readonly reused?: true;
    };

export interface ItemCandidate extends CandidateBase {
  readonly kind: 'item';
  readonly ref: ItemRef;
  readonly origin: ItemOrigin;
  /** Missing from the catalog or disabled there: kept as a candidate so the plan says why it was left out. */
  readonly unavailable?: 'missing' | 'disabled';
  readonly body: ItemBody | null;
  /** Catalog position; keeps the prompt order stable. */
  readonly order: number;
  /** Set when the item is sent as a card: `tokens` are then the card's, and `body` is what expanding it returns. */
  readonly card?: ItemCard;
}

/** A thin card: an ephemeral pin, or a pinned piece of text. */
export interface CardCandidate extends CandidateBase {
  readonly kind: 'card';
  readonly pinId: string;
  readonly pin: PinKind;
  readonly title: string;
  readonly text: string;
  /** Set when the card stands for a catalog item (an ephemeral pin of an item). */
  readonly ref?: ItemRef;
}

/** A committed turn of history: the atom the planner keeps or drops whole. */
export interface TurnCandidate extends CandidateBase {
  readonly kind: 'turn';
  readonly turnIndex: number;
  readonly messages: readonly ChatMessage[];
  /** What each attachment of the turn's user message costs, in its order; absent when it has none. */
  readonly attachmentTokens?: readonly number[];
  /** Set when a message of this turn is pinned. */
  readonly pinned?: { readonly pinId: string; readonly pin: PinKind };
}

/** The turn being prepared: its user message and, mid tool loop, the steps so far. */
export interface CurrentCandidate extends CandidateBase {
  readonly kind: 'current';
  readonly message: UserMessage;
  readonly steps: readonly TurnStep[];
  /** What each attachment of the message costs (by the engine's `attachmentCosts`), in its order; absent when none. */
  readonly attachmentTokens?: readonly number[];
}

/** Something learned in another conversation (a key point, a preference), offered with its source. */
export interface MemoryCandidate extends CandidateBase {
  readonly kind: 'memory';
  readonly memoryId: string;
  readonly content: MemoryContent;
  readonly source: MemorySource;
}

/**
 * A passage of an earlier conversation (or of this one, older than its history carries) found for the user's
 * message: quoted with its date, never as instructions.
 */
export interface RecallCandidate extends CandidateBase {
  readonly kind: 'recall';
  /** The session the passage was said in. */
  readonly sessionId: string;
  /** The messages it quotes, oldest first: the one found and the neighbours that make it readable. */
  readonly messageIds: readonly string[];
  /** When the message found was written (ISO 8601). */
  readonly createdAt: string;
  readonly text: string;
  /**
   * How much it is worth sending, 0–1, higher is better: `relevance × recency × importance`, and with an embedder
   * `× (0.5 + 0.5 × similarity)` (see `weights`).
   */
  readonly score: number;
  /** What the score is made of; absent in plans made before recency and importance counted (score = relevance). */
  readonly weights?: RecallWeights;
}

/** The parts of a recalled passage's score. */
export interface RecallWeights {
  /** How well its words match the message: its BM25 score as a share (0–1) of the best a message could score. */
  readonly relevance: number;
  /** How recently it was said: 1 for now, falling by half its distance to the floor every half-life. */
  readonly recency: number;
  /** 1, or more for a passage the user marked as important (a pinned message). */
  readonly importance: number;
  /**
   * With the host's embedder: how close in meaning (cosine, 0–1) the message found is to the user's message; the
   * score then takes `0.5 + 0.5 × similarity` of the relevance. Absent without an embedder, or while it fails.
   */
  readonly similarity?: number;
}

export interface WorkspaceCandidate extends CandidateBase {
  readonly kind: 'workspace';
  readonly text: string;
}

/**
 * A summary standing in for the oldest turns of history, through turn `toTurn`. The host's summarizer wrote it; the
 * turns it covers stay stored and are excluded from the plan as `summarized`.
 */
export interface CheckpointCandidate extends CandidateBase {
  readonly kind: 'checkpoint';
  readonly checkpointId: string;
  readonly summary: string;
  /** The covered turns, by turn index: from the first through `toTurn`. */
  readonly fromTurn: number;
  readonly toTurn: number;
}

/**
 * A summary of a reference the host supplied (see "Capsules" in docs/suggestions-and-replay.md), offered for a reference that is a
 * candidate of the same plan. `stale` when the reference's content no longer has the hash the summary was made from.
 */
export interface CapsuleCandidate extends CandidateBase {
  readonly kind: 'capsule';
  /** The reference it summarizes; its candidate id is `itemKey(ref)`. */
  readonly ref: ItemRef;
  readonly summary: string;
  /** The hash of the content the summary was written from (`hashReferenceContent`). */
  readonly contentHash: string;
  readonly stale: boolean;
  /** Who wrote it (`llm:<model>`, `host`, …), as the host said; absent when it did not. */
  readonly source?: string;
  /** How far its writer trusts it, 0–1, as the host said; absent when it did not. */
  readonly confidence?: number;
  /** When it was written (ISO 8601), as the host said; absent when it did not. */
  readonly generatedAt?: string;
}

export type Candidate =
  | CapsuleCandidate
  | PromptCandidate
  | ItemCandidate
  | CardCandidate
  | TurnCandidate
  | CheckpointCandidate
  | CurrentCandidate
  | MemoryCandidate
  | RecallCandidate
  | WorkspaceCandidate;

/**
 * How history is weighed once it competes for room: recent turns and turns with errors come first, older ones
 * decay. `maxShare` caps what history (checkpoint and turns) may take of the budget.
 */
export interface HistoryPolicy {
  /** The largest share (0–1) of the budget history may take; older turns beyond it are summarized or dropped. */
  readonly maxShare: number;
  /** How many of the newest turns are recent (importance `high`, weight 1). */
  readonly recentTurns: number;
  /** A turn with a failed tool call is `critical` while it is among this many newest turns. */
  readonly errorTurns: number;
  /** Weight lost per turn of age past the recent ones (0–1): weight = decay^(age − recentTurns + 1). */
  readonly decay: number;
  /** Whether a summarizer stands in for turns over the share: none configured, it wrote a checkpoint, or it failed. */
  readonly summarizer: SummarizerStatus;
}

export type SummarizerStatus = 'none' | 'ok' | 'failed';

/**
 * History cut in blocks, so that consecutive requests start with the same messages and a provider's prompt cache
 * keeps hitting. History starts at turn `from` for as long as everything from there fits under the high-water mark
 * (history's room: its share of the budget, less the agent items' share); when it no longer fits, it is cut once,
 * down to the low-water mark (`keepShare` of the budget), and a new block starts. Each cut adds one to `block`.
 */
export interface HistoryBlockInput {
  /** The first turn of the block in force; null before history was first cut. */
  readonly from: number | null;
  /** How many cuts made the block in force (0 before the first). */
  readonly block: number;
  /** The low-water mark: the share (0–1) of the budget history drops to when it is cut. */
  readonly keepShare: number;
}

/** The history block a plan left in force: what the next request of the session starts from. */
export interface HistoryBlockState {
  /** The first turn history starts at; null while history has never been cut. */
  readonly from: number | null;
  readonly block: number;
  /** True when this plan cut history (a new block began here). */
  readonly cut: boolean;
}

/** Where the part of a request that repeats from one request to the next ends, with its size in tokens. */
export interface CacheBreakpoint {
  /** After the tools and system prompt (with stable items), or after history. */
  readonly after: 'system' | 'history';
  /** Tokens from the start of the request up to this point. */
  readonly tokens: number;
}

/** The request's stable prefix: what a provider's prompt cache can serve when the next request is planned. */
export interface PlanCache {
  /** Tokens of the leading part that is the same from request to request: tools, system prompt, stable items, history. */
  readonly prefixTokens: number;
  /** Where a provider's cache markers go (the Anthropic renderer puts `cache_control` there), in prompt order. */
  readonly breakpoints: readonly CacheBreakpoint[];
  /** The history block after this plan; absent when the input does not cut history in blocks. */
  readonly historyBlock?: HistoryBlockState;
}

export type ImportanceLevel = 'critical' | 'high' | 'medium' | 'low';

/** How much a history turn matters for this request: its level and the weight it competes with (0–1). */
export interface Importance {
  readonly level: ImportanceLevel;
  readonly weight: number;
}

/**
 * Why automatic mode chose the mode of a request (see docs/modes.md): what the message asks for, or that the budget
 * leaves too little room for heavy.
 * - `task`: it asks for work to be done (implement, write, fix, refactor…), or is long: full bodies and exemplars help;
 * - `names-items`: it names files, symbols or catalog items: what it names is wanted in full;
 * - `follow-up`: short, or pointing back at what was just said: the context already carries the subject;
 * - `question`: a question or remark of its own: cards of more candidates, cheaply;
 * - `little-room`: heavy's share would not fit in what the rest of the request leaves.
 */
export type AutoModeReason = 'task' | 'names-items' | 'follow-up' | 'question' | 'little-room';

/** The mode automatic mode chose for a request, and why. */
export interface ModeChoice {
  readonly chosen: ContextMode;
  readonly reason: AutoModeReason;
  /** What the message showed: the words that made it a task, the names it gave; empty when nothing did. */
  readonly signals: readonly string[];
  /** Tokens the window left for agent items when the choice was made: the budget less everything else known then. */
  readonly room: number;
}

/** Everything one plan is computed from: plain data, so a stored input replays to the identical plan. */
export interface PlanInput {
  readonly contextWindow: number;
  readonly reservedOutput: number;
  /** The mode the request is planned in; with automatic mode, the one it chose (`auto` says why). */
  readonly mode: ContextMode;
  /** Present when the session's mode is automatic: the choice made for this request. */
  readonly auto?: ModeChoice;
  readonly limits: ModeLimits;
  /** The tokenizer the token counts came from. */
  readonly encoding: string;
  /** The chat template whose costs the counts include (a `ChatTemplateCost` id); absent in inputs planned before templates. */
  readonly template?: string;
  /**
   * The safety factor (≥ 1) the budget is divided by while counts are an estimate (a model without a public
   * tokenizer) and usage reports have not calibrated it yet; absent: 1.
   */
  readonly margin?: number;
  /**
   * Costs outside any candidate: `fixed` always (system message, reply priming), `toolsPresent` once any tool is a
   * candidate, `cardsPresent` once an item is sent as a card (the `expand_card` tool and the `<cards>` block).
   */
  readonly overhead: {
    readonly fixed: number;
    readonly toolsPresent: number;
    readonly cardsPresent?: number;
  };
  readonly system: readonly PromptCandidate[];
  /** Session context items (required), in session order. */
  readonly session: readonly ItemCandidate[];
  /** Pinned items, cards and turns. */
  readonly pins: readonly (ItemCandidate | CardCandidate | TurnCandidate)[];
  /** Retrieval's ranked agent items. */
  readonly agent: readonly ItemCandidate[];
  /** Memories from other conversations, best first; absent when the session takes no memories. */
  readonly memory?: readonly MemoryCandidate[];
  /** The share (0–1) of the budget memories may take together; default 0.1. */
  readonly memoryShare?: number;
  /** Passages of earlier conversations found for the message, best first; absent when recall is off. */
  readonly recall?: readonly RecallCandidate[];
  /** The share (0–1) of the budget recalled passages may take together; default 0.25. */
  readonly recallShare?: number;
  /** The lowest score a recalled passage may have; default 0. */
  readonly recallThreshold?: number;
  /** Committed turns not pinned, oldest first. */
  readonly history: readonly TurnCandidate[];
  readonly current: CurrentCandidate;
  readonly workspace: WorkspaceCandidate | null;
  readonly retrievalSetId: string | null;
  /** The summary standing in for the oldest turns; absent or null when history has none. */
  readonly checkpoint?: CheckpointCandidate | null;
  /** Absent: history is taken newest first after agent items, with no share cap and no importance (as before). */
  readonly historyPolicy?: HistoryPolicy;
  /** Present: history is cut in blocks so requests keep the same leading messages (see `HistoryBlockInput`). */
  readonly historyBlock?: HistoryBlockInput;
  /** Which candidates had secrets replaced by markers before planning; never the secrets themselves. */
  readonly redactions?: readonly PlanRedaction[];
  /** What usage reports taught about the model's real token counts; absent before any report. */
  readonly calibration?: PlanCalibration;
  /** The query cluster the request joined (see "Query clusters" in docs/suggestions-and-replay.md); absent without one. */
  readonly queryCluster?: string;
  /** Capsules of references among the candidates; absent when there are none. */
  readonly capsules?: readonly CapsuleCandidate[];
  /** The earlier, similar message the request starts from; absent when none (see `PlanReuse`). */
  readonly reuse?: PlanReuse;
}

/**
 * A request that starts from what served an earlier, similar message: the earlier query cluster it matched, the
 * turns of that cluster, how similar (cosine of the query to that cluster's centroid) and the items (keys) that
 * served them. Those items are among the agent candidates, marked `reused`, their scores raised.
 */
export interface PlanReuse {
  readonly clusterId: string;
  readonly fromTurnIds: readonly string[];
  readonly similarity: number;
  readonly items: readonly string[];
}

/**
 * The model's real prompt tokens ≈ the planner's count × `factor`, give or take `spread` (log units, one standard
 * deviation), learned from `samples` usage reports.
 */
export interface PlanCalibration {
  readonly model: string;
  readonly factor: number;
  readonly spread: number;
  readonly samples: number;
}

/**
 * A plan's estimate in the model's own tokens: `tokens` (the planner's count × factor) and a range that holds
 * about 95 % of requests. `tightened`: the factor is above 1 and learned from enough reports, so the budget was
 * shrunk by it (`budget.available` is in the planner's tokens).
 */
export interface CalibratedEstimate extends PlanCalibration {
  readonly tokens: number;
  readonly low: number;
  readonly high: number;
  readonly tightened: boolean;
}

/** A candidate whose text had secrets of one kind replaced by `[REDACTED:<kind>]`, and how many. */
export interface PlanRedaction {
  readonly candidateId: string;
  readonly kind: string;
  readonly count: number;
}

/** Why a candidate is in the plan. */
export type InclusionReason =
  | { readonly code: 'system-prompt' }
  | { readonly code: 'session'; readonly includeMode: 'always' | 'manual' }
  /** `earned`: the lease was earned by the conversation (see "Earned leases" in docs/sessions.md). */
  | { readonly code: 'pinned'; readonly pin: PinKind; readonly pinId: string; readonly earned?: true }
  /** `activation` is copied from the candidate's origin: the item's activation raised it in the ranking. */
  | {
      readonly code: 'agent';
      readonly score: number;
      readonly rank: number;
      readonly activation?: number;
      readonly carried?: CarriedFrom;
      /**
       * `'card'`: sent as a compact card, as the mode asks (`limits.shape`); `'expanded'`: sent in full because the
       * model asked for its card earlier in the turn. Absent: sent in full, as the mode asks.
       */
      readonly form?: 'card' | 'expanded';
      /** It served an earlier, similar message (`plan.reuse`), which raised its score. */
      readonly reused?: true;
    }
  /** Learned in another conversation: `source` names the session and the message or checkpoint. */
  | { readonly code: 'memory'; readonly memoryId: string; readonly source: MemorySource }
  /** Said earlier, found for this message: where (`sessionId`, `messageIds`), when, and how well it matched. */
  | {
      readonly code: 'recalled';
      readonly score: number;
      readonly sessionId: string;
      readonly messageIds: readonly string[];
      readonly createdAt: string;
    }
  /** `age` 0 is the most recent committed turn; `importance` is set when the input has a history policy. */
  | { readonly code: 'history'; readonly age: number; readonly importance?: Importance }
  /** A summary of the turns through `toTurn`, which are excluded as `summarized`. */
  | {
      readonly code: 'checkpoint';
      readonly checkpointId: string;
      readonly fromTurn: number;
      readonly toTurn: number;
    }
  | { readonly code: 'current-turn' }
  | { readonly code: 'workspace' }
  /** A summary sent in place of reference `for`, which was left out for room (`instead` says how). */
  | {
      readonly code: 'capsule';
      readonly for: string;
      readonly instead: 'budget' | 'agent-share' | 'mode-limit';
    };

/** Why a candidate is not in the plan. */
export type ExclusionReason =
  /** It did not fit in what was left of the budget. */
  | { readonly code: 'budget'; readonly needed: number; readonly remaining: number }
  /**
   * A newer turn did not fit, or history was cut in blocks and this turn is before the block in force (`block`
   * names it); history stays one contiguous run of the newest turns. `after`: the oldest turn sent, or the one
   * that did not fit.
   */
  | { readonly code: 'history-cutoff'; readonly after: string; readonly block?: number }
  /** A checkpoint sent instead summarizes this turn; the turn itself stays stored. */
  | { readonly code: 'summarized'; readonly checkpointId: string }
  /**
   * History would exceed its share of the budget and no summary stands in for this turn (`summarizer` says why:
   * none configured, or it failed), so the oldest turns are dropped.
   */
  | {
      readonly code: 'history-share';
      readonly cap: number;
      readonly summarizer: SummarizerStatus;
      /** The turn's importance (a checkpoint has none). */
      readonly importance?: Importance;
    }
  | { readonly code: 'below-threshold'; readonly score: number; readonly threshold: number }
  /** The context mode allows fewer agent items than retrieval offered. */
  | { readonly code: 'mode-limit'; readonly mode: ContextMode; readonly limit: number }
  /** Agent items together may not take more than their share of the budget. */
  | { readonly code: 'agent-share'; readonly cap: number }
  /** Memories together may not take more than their share of the budget. */
  | { readonly code: 'memory-share'; readonly cap: number }
  /** Recalled passages together may not take more than their share of the budget. */
  | { readonly code: 'recall-share'; readonly cap: number }
  /** A recalled passage whose messages the plan's history already sends (`of`: that turn). */
  | { readonly code: 'duplicate-of-history'; readonly of: string }
  /** The same id is already in the plan through a stronger route (the session, a pin). */
  | { readonly code: 'duplicate'; readonly of: string }
  /** The item is no longer in the catalog, or is disabled there. */
  | { readonly code: 'unavailable'; readonly why: 'missing' | 'disabled' }
  /** A capsule whose reference changed since it was written: it summarizes content that is gone. */
  | { readonly code: 'capsule-stale' }
  /**
   * A capsule not needed: its reference was sent in full (`included`), is no candidate of this plan (`absent`), or
   * was left out for a reason a summary does not answer (the reference's own exclusion code).
   */
  | { readonly code: 'capsule-unused'; readonly reference: CapsuleUnusedBecause };

/** Why a capsule's reference made the capsule unnecessary (see the `capsule-unused` exclusion). */
export type CapsuleUnusedBecause =
  | 'included'
  | 'absent'
  | 'below-threshold'
  | 'duplicate'
  | 'unavailable'
  | 'history-cutoff'
  | 'summarized'
  | 'history-share'
  | 'memory-share';

export type InclusionCode = InclusionReason['code'];
export type ExclusionCode = ExclusionReason['code'];

export type IncludedEntry = { readonly candidate: Candidate; readonly reason: InclusionReason };
export type ExcludedEntry = { readonly candidate: Candidate; readonly reason: ExclusionReason };

export interface SectionTotals {
  readonly tokens: number;
  readonly included: number;
  readonly excluded: number;
}

/** The deterministic result of planning one request. */
export interface ContextPlan {
  /** Hash of the plan's inputs: the same inputs always give the same id. */
  readonly id: string;
  readonly mode: ContextMode;
  /** Copied from the input: present when automatic mode chose `mode`, with its reason. */
  readonly auto?: ModeChoice;
  readonly limits: ModeLimits;
  readonly encoding: string;
  /** The chat template the counts include, as the input recorded it; absent for plans made before templates. */
  readonly template?: string;
  readonly budget: {
    readonly contextWindow: number;
    readonly reservedOutput: number;
    /** contextWindow − reservedOutput. */
    readonly available: number;
    /** Tokens the included candidates and fixed overheads take; never above `available`. */
    readonly used: number;
    readonly overhead: number;
  };
  readonly sections: Readonly<Record<Section, SectionTotals>>;
  /** In prompt order: stable parts first so provider prompt caches keep hitting. */
  readonly included: readonly IncludedEntry[];
  readonly excluded: readonly ExcludedEntry[];
  readonly retrievalSetId: string | null;
  /** Copied from the input: candidates whose secrets were redacted, by kind and count. */
  readonly redactions: readonly PlanRedaction[];
  /** The estimate in the model's own tokens, when the input carries a calibration. */
  readonly calibration?: CalibratedEstimate;
  /** Copied from the input: the query cluster of the request, when it has one. */
  readonly queryCluster?: string;
  /** Copied from the input: the earlier, similar message the request started from, when it did. */
  readonly reuse?: PlanReuse;
  /** The stable prefix a provider's prompt cache can reuse, and the history block in force. */
  readonly cache: PlanCache;
}
