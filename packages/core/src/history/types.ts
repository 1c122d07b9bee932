import type { SummarizerStatus } from '../planner/index.js';
import type { ChatMessage, Checkpoint } from '../session/index.js';

/** What a summarizer is asked to condense. */
export interface SummarizerInput {
  readonly sessionId: string;
  /** The checkpoint these turns follow, to fold into the new summary; null the first time. */
  readonly previous: Checkpoint | null;
  /** The messages of the turns to summarize, oldest first (user messages, replies, tool results). */
  readonly messages: readonly ChatMessage[];
}

/** A summarizer's answer: the summary, and optionally what is worth remembering in other sessions. */
export interface SummaryResult {
  readonly summary: string;
  /** Key points of the conversation so far (decisions, results), offered to other sessions. */
  readonly keyPoints?: readonly string[];
  /** Preferences the user showed (e.g. `{ license: 'MIT' }`), offered to other sessions. */
  readonly preferences?: Readonly<Record<string, string>>;
}

/**
 * The host's own LLM call that condenses older turns. A plain string is taken as the summary. A summarizer that
 * throws, or answers with something else, costs nothing but the summary: the oldest turns are then dropped.
 */
export type Summarizer = (input: SummarizerInput) => Promise<SummaryResult | string>;

/** How long histories are kept inside the window. Every field has a default. */
export interface HistoryOptions {
  /** Condenses the oldest turns once history outgrows `maxShare`. Without one, they are dropped oldest first. */
  readonly summarizer?: Summarizer;
  /** The largest share (0–1] of the budget history may take. Default 0.8. */
  readonly maxShare?: number;
  /** After summarizing, how much of the budget (0–maxShare) the newest turns kept word for word may take. Default maxShare ÷ 2. */
  readonly keepShare?: number;
  /**
   * Cut history in blocks (default true): once it outgrows `maxShare`, the oldest turns are dropped down to
   * `keepShare` at once and history then only grows until `maxShare` again, so requests keep the same leading
   * messages and a provider's prompt cache keeps hitting. False: the oldest turn is dropped one at a time.
   */
  readonly blocks?: boolean;
  /** How many of the newest turns count as recent (importance `high`). Default 3. */
  readonly recentTurns?: number;
  /** A failed tool call is critical while among this many newest turns. Default 5. */
  readonly errorTurns?: number;
  /** Weight lost per turn of age past the recent ones, 0–1. Default 0.9. */
  readonly decay?: number;
}

/** When content is stored once and sent as a reference. */
export interface LargeContentOptions {
  /** Tool outputs longer than this (in characters) are stored once and sent as a preview and a reference. Default 16,000. */
  readonly toolOutputChars?: number;
  /** Data URLs at least this long are stored once and sent as a reference. Default 512. */
  readonly dataUrlChars?: number;
  /** How much of an oversized tool output is sent before its reference. Default 600. */
  readonly previewChars?: number;
}

export interface HistorySettings {
  readonly summarizer: Summarizer | null;
  readonly maxShare: number;
  readonly keepShare: number;
  readonly blocks: boolean;
  readonly recentTurns: number;
  readonly errorTurns: number;
  readonly decay: number;
}

/** `null`: large content is sent as it is. */
export type LargeContentSettings = Required<LargeContentOptions> | null;

/** A committed turn as compression sees it. */
export interface MessagesOfTurn {
  readonly messages: readonly ChatMessage[];
}

export interface CompressionInput {
  readonly sessionId: string;
  /** Every turn of the session, oldest first, and what each costs when sent. */
  readonly turns: readonly MessagesOfTurn[];
  readonly tokensOf: (turnIndex: number) => number;
  /** The checkpoint in force, the index of the last turn it covers, and its tokens. */
  readonly current: {
    readonly checkpoint: Checkpoint;
    readonly toTurn: number;
    readonly tokens: number;
  } | null;
  /** contextWindow − reservedOutput. */
  readonly available: number;
  /**
   * Tokens history leaves to the agent items when retrieval runs and history is cut in blocks: the block's
   * high-water mark is that much lower, so summarizing starts there too, before a cut drops turns unsummarized.
   */
  readonly reserve?: number;
  readonly settings: HistorySettings;
  readonly newId: () => string;
  readonly now: () => string;
}

export interface CompressionOutcome {
  /** A new checkpoint covering more turns, or null when the one in force (if any) still does. */
  readonly created: Checkpoint | null;
  readonly summarizer: SummarizerStatus;
  /** Why the summarizer failed, when it did. */
  readonly error?: unknown;
}
