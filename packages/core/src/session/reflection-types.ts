import type { LeaseScope, PinKind } from './pin-types.js';
import type { SuggestionSource } from './suggestion-types.js';

/**
 * What the session learned from its turns, kept on its record and written with each turn: how active each catalog
 * item is (by item key), how often each pin was referenced, and user decisions made since the last turn.
 */
export interface ReflectionState {
  /** Activation by item key (`rule:Auth`, `tool:fs:read_file`); decays every turn, values below 0.01 are dropped. */
  readonly activation: Readonly<Record<string, number>>;
  /** How many turns referenced each ephemeral pin since it was made: promotion counts these. */
  readonly pinReferences: Readonly<Record<string, number>>;
  /** The pins as the last commit left them, by id: the next commit tells the user's pin decisions from them. */
  readonly pins?: Readonly<Record<string, PinKind>>;
  /**
   * Decisions recorded since the last committed turn (`withDecision`, for kinds the pins cannot tell, such as a
   * suggestion accepted or dismissed); the next commit records them on its turn.
   */
  readonly pending: readonly UserDecision[];
}

/**
 * Something the user decided, recorded for telemetry: told at each commit from the pins as the previous commit
 * left them. The union is open to new kinds (accepting or dismissing a suggestion): readers skip kinds they do not
 * know.
 */
export type UserDecision =
  /** `at` is the pin's creation time. `target`: the item key, the message id, or `card` (its text stays out). */
  | {
      readonly kind: 'pin';
      readonly pinId: string;
      readonly pin: PinKind;
      readonly target: string;
      readonly at: string;
    }
  /** Unpinned by the user, or ended by a change of task. */
  | { readonly kind: 'unpin'; readonly pinId: string }
  /** Promoted by the user (ephemeral → leased). */
  | { readonly kind: 'promote'; readonly pinId: string; readonly lease: LeaseScope }
  /** A suggested pin the user accepted: `pinId` is the pin it became. */
  | {
      readonly kind: 'accept-suggestion';
      readonly suggestionId: string;
      readonly source: SuggestionSource;
      readonly pinId: string;
    }
  /** A suggested pin the user dismissed. */
  | { readonly kind: 'dismiss-suggestion'; readonly suggestionId: string; readonly source: SuggestionSource };

/** Why the reflection changed a pin after a turn. */
export type PinChangeReason =
  /** Referenced by the replies (or the user) in `turns` turns: an ephemeral pin became leased. */
  | { readonly code: 'referenced-often'; readonly turns: number }
  /** Referenced this turn: the lease starts over. */
  | { readonly code: 'referenced' }
  /** Not referenced for the whole of its lease. */
  | { readonly code: 'unused'; readonly turns: number }
  /** Its lease was scoped to a query cluster, and the conversation moved to another. */
  | { readonly code: 'cluster-left'; readonly clusterId: string }
  /** An earned lease of turns, and a message on another subject (see "Earned leases" in docs/sessions.md). */
  | { readonly code: 'topic-shift' }
  /** The replies called or used the item in `uses` of the last `window` turns: the conversation earned a lease. */
  | { readonly code: 'earned'; readonly uses: number; readonly window: number };

/**
 * A change the reflection made to a pin: promoted ephemeral → leased, lease renewed or earned, or lapsed. Never to
 * sticky.
 */
export type PinChange =
  | {
      readonly kind: 'promoted';
      readonly pinId: string;
      readonly lease: LeaseScope;
      readonly reason: PinChangeReason;
    }
  | {
      readonly kind: 'renewed';
      readonly pinId: string;
      readonly remaining: number;
      readonly reason: PinChangeReason;
    }
  | { readonly kind: 'lapsed'; readonly pinId: string; readonly reason: PinChangeReason }
  /** A lease the conversation earned for an item the replies kept using (`reason.code` is `'earned'`). */
  | {
      readonly kind: 'earned';
      readonly pinId: string;
      readonly lease: LeaseScope;
      readonly reason: PinChangeReason;
    };

/** One automatically included candidate of the turn's final plan and whether the replies referenced it. */
export interface WasteEntry {
  readonly id: string;
  readonly tokens: number;
  readonly referenced: boolean;
}

/**
 * Waste: of the tokens added automatically (retrieved `agent` items and memories from other conversations), the
 * share whose items the turn's replies never referenced. 0 when nothing was added automatically.
 */
export interface Waste {
  readonly autoTokens: number;
  readonly wastedTokens: number;
  /** wastedTokens / autoTokens, 0–1. */
  readonly share: number;
}

export interface TurnWaste extends Waste {
  readonly entries: readonly WasteEntry[];
}

/** What a committed turn taught the session; kept on the turn's final assistant message. */
export interface TurnReflection {
  /** Candidate ids of the final plan (included or not) the model's replies referenced or called. */
  readonly referenced: readonly string[];
  /** Candidate ids the user's message referenced. */
  readonly userReferenced: readonly string[];
  readonly pinChanges: readonly PinChange[];
  readonly waste: TurnWaste;
  /** The user's decisions since the previous turn. */
  readonly decisions: readonly UserDecision[];
}
