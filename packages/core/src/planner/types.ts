import type { ItemRef, JsonObject } from '../catalog/index.js';
import type { ChatMessage, ContextMode, PinKind, TurnStep, UserMessage } from '../session/index.js';

/** Where a candidate goes in the prompt; token totals are reported per section. */
export type Section =
  | 'system'
  | 'rules'
  | 'references'
  | 'tools'
  | 'pins'
  | 'history'
  | 'current'
  | 'workspace';
export const SECTIONS: readonly Section[] = [
  'system',
  'rules',
  'references',
  'tools',
  'pins',
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
}

interface CandidateBase {
  /** Unique within one plan: `system:global`, `rule:Auth`, `tool:fs:read`, `turn:<id>`, `pin:<id>`, … */
  readonly id: string;
  readonly section: Section;
  readonly tokens: number;
  /** Hash of the content; with ids and tokens it is what the plan id is computed from. */
  readonly hash: string;
}

export type PromptPart = 'global' | 'agent' | 'fragment';

export interface PromptCandidate extends CandidateBase {
  readonly kind: 'prompt';
  readonly part: PromptPart;
  readonly name: string;
  readonly text: string;
}

/** The content of a catalog item as it is sent. */
export type ItemBody =
  | { readonly type: 'rule' | 'reference'; readonly content: string; readonly description: string }
  | {
      readonly type: 'tool';
      readonly functionName: string;
      readonly description: string;
      readonly inputSchema: JsonObject;
    };

/** How an item reached the candidates: the session context, a pin, or retrieval. */
export type ItemOrigin =
  | { readonly via: 'session'; readonly includeMode: 'always' | 'manual' }
  | { readonly via: 'pin'; readonly pinId: string; readonly pin: PinKind }
  | { readonly via: 'agent'; readonly score: number; readonly rank: number };

export interface ItemCandidate extends CandidateBase {
  readonly kind: 'item';
  readonly ref: ItemRef;
  readonly origin: ItemOrigin;
  /** Missing from the catalog or disabled there: kept as a candidate so the plan says why it was left out. */
  readonly unavailable?: 'missing' | 'disabled';
  readonly body: ItemBody | null;
  /** Catalog position; keeps the prompt order stable. */
  readonly order: number;
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
  /** Set when a message of this turn is pinned. */
  readonly pinned?: { readonly pinId: string; readonly pin: PinKind };
}

/** The turn being prepared: its user message and, mid tool loop, the steps so far. */
export interface CurrentCandidate extends CandidateBase {
  readonly kind: 'current';
  readonly message: UserMessage;
  readonly steps: readonly TurnStep[];
}

export interface WorkspaceCandidate extends CandidateBase {
  readonly kind: 'workspace';
  readonly text: string;
}

export type Candidate =
  | PromptCandidate
  | ItemCandidate
  | CardCandidate
  | TurnCandidate
  | CurrentCandidate
  | WorkspaceCandidate;

/** Everything one plan is computed from: plain data, so a stored input replays to the identical plan. */
export interface PlanInput {
  readonly contextWindow: number;
  readonly reservedOutput: number;
  readonly mode: ContextMode;
  readonly limits: ModeLimits;
  /** The tokenizer the token counts came from. */
  readonly encoding: string;
  /** Costs outside any candidate: `fixed` always (system message, reply priming), `toolsPresent` once any tool is a candidate. */
  readonly overhead: { readonly fixed: number; readonly toolsPresent: number };
  readonly system: readonly PromptCandidate[];
  /** Session context items (required), in session order. */
  readonly session: readonly ItemCandidate[];
  /** Pinned items, cards and turns. */
  readonly pins: readonly (ItemCandidate | CardCandidate | TurnCandidate)[];
  /** Retrieval's ranked agent items. */
  readonly agent: readonly ItemCandidate[];
  /** Committed turns not pinned, oldest first. */
  readonly history: readonly TurnCandidate[];
  readonly current: CurrentCandidate;
  readonly workspace: WorkspaceCandidate | null;
  readonly retrievalSetId: string | null;
  /** Which candidates had secrets replaced by markers before planning; never the secrets themselves. */
  readonly redactions?: readonly PlanRedaction[];
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
  | { readonly code: 'pinned'; readonly pin: PinKind; readonly pinId: string }
  | { readonly code: 'agent'; readonly score: number; readonly rank: number }
  /** `age` 0 is the most recent committed turn. */
  | { readonly code: 'history'; readonly age: number }
  | { readonly code: 'current-turn' }
  | { readonly code: 'workspace' };

/** Why a candidate is not in the plan. */
export type ExclusionReason =
  /** It did not fit in what was left of the budget. */
  | { readonly code: 'budget'; readonly needed: number; readonly remaining: number }
  /** A newer turn did not fit; history stays one contiguous run of the newest turns. */
  | { readonly code: 'history-cutoff'; readonly after: string }
  | { readonly code: 'below-threshold'; readonly score: number; readonly threshold: number }
  /** The context mode allows fewer agent items than retrieval offered. */
  | { readonly code: 'mode-limit'; readonly mode: ContextMode; readonly limit: number }
  /** Agent items together may not take more than their share of the budget. */
  | { readonly code: 'agent-share'; readonly cap: number }
  /** The same id is already in the plan through a stronger route (the session, a pin). */
  | { readonly code: 'duplicate'; readonly of: string }
  /** The item is no longer in the catalog, or is disabled there. */
  | { readonly code: 'unavailable'; readonly why: 'missing' | 'disabled' };

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
  readonly limits: ModeLimits;
  readonly encoding: string;
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
}
