import type { AttachmentInput } from '../attachments/index.js';
import type { CommitResult, Engine, PreparedTurn, Session, ToolResultInput } from '../engine/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import type { ModelReply, ToolCall, Usage } from '../session/index.js';

/**
 * What a reply still calling tools after the last round becomes: `'commit-with-note'` keeps it as text that says
 * which tools it asked for again (the core stores no call without its result); `'rollback'` abandons the turn.
 */
export type RoundLimitRule = 'commit-with-note' | 'rollback';

/**
 * What a stale session at `prepare` (another tab moved it on) does: `'reopen'` opens it again and plans on what
 * the other tab left, once; `'throw'` lets the StaleSessionError through.
 */
export type StaleRule = 'reopen' | 'throw';

/** The turn's rules: how many tool rounds it may take, and what a round limit and a stale session do. */
export interface TurnRules {
  /**
   * How many times one turn may go back to the model with tool results; `Infinity` when the host's caller bounds
   * the loop itself. Default 8.
   */
  readonly maxRounds?: number;
  /** Default `'rollback'`. */
  readonly onRoundLimit?: RoundLimitRule;
  /** Default `'throw'`. Reopening needs `engine` and `sessionId`: a session object cannot reopen itself. */
  readonly onStale?: StaleRule;
}

/** Where the turn goes: a session by id (it can be reopened when stale), or a session object already open. */
export type TurnSource<R = OpenAIChatRequest> =
  | { readonly engine: Engine<R>; readonly sessionId: string }
  | { readonly session: Session<R> };

export type OpenTurnOptions<R = OpenAIChatRequest> = TurnSource<R> &
  TurnRules & {
    /** The user's message. */
    readonly text: string;
    /** Images and files sent with it (see `session.prepare`). */
    readonly attachments?: readonly AttachmentInput[];
  };

/** One model call's answer: the reply (with its tool calls, if any) and the usage the provider reported. */
export interface ModelAnswer {
  readonly reply: ModelReply;
  readonly usage?: Usage | undefined;
}

export interface ModelCallContext {
  /** The model calls of this turn before this one: 0 for the first, then one more after each tool round. */
  readonly round: number;
  readonly signal: AbortSignal;
}

export interface ToolRunContext<R, A extends ModelAnswer> extends ModelCallContext {
  /** The request the calls answer. */
  readonly turn: PreparedTurn<R>;
  /** What `callModel` returned, with anything the host added to it (arguments that did not parse, say). */
  readonly answer: A;
}

/** The host's side of each round: the model call, and the tools it asks for. */
export interface TurnCallbacks<R = OpenAIChatRequest, A extends ModelAnswer = ModelAnswer> {
  /** Sends the turn's current request to the model. Rejects (or resolves) once `signal` aborts. */
  readonly callModel: (turn: PreparedTurn<R>, context: ModelCallContext) => Promise<A>;
  /** Runs a reply's tool calls; a result for every call. Without it, a reply that calls tools fails the turn. */
  readonly runTools?: (
    calls: readonly ToolCall[],
    context: ToolRunContext<R, A>,
  ) => Promise<readonly ToolResultInput[]>;
  /** Stop: the turn is rolled back at once, and the loop ends with `'stopped'` when the call in flight returns. */
  readonly signal?: AbortSignal;
}

export type RunTurnOptions<R = OpenAIChatRequest, A extends ModelAnswer = ModelAnswer> = OpenTurnOptions<R> &
  TurnCallbacks<R, A>;

interface OutcomeBase<R> {
  /** The session the turn went to (a fresh object when a stale one was reopened). */
  readonly session: Session<R>;
  /** The turn's last request. */
  readonly turn: PreparedTurn<R>;
  /** Tool rounds taken. */
  readonly rounds: number;
}

/** How a turn ended. Once a turn is open, every way out is one of these: nothing throws past the loop. */
export type TurnOutcome<R = OpenAIChatRequest> =
  | (OutcomeBase<R> & {
      readonly status: 'committed';
      readonly result: CommitResult;
      /** The reply still called tools after the last round and was committed with a note instead. */
      readonly roundLimit: boolean;
    })
  | (OutcomeBase<R> & {
      readonly status: 'rolled-back';
      /** `'round-limit'`: still calling tools after the last round, under the `'rollback'` rule. */
      readonly reason: 'error' | 'round-limit';
      readonly error: unknown;
    })
  | (OutcomeBase<R> & {
      /** The signal aborted: the turn was rolled back. */
      readonly status: 'stopped';
      /** What the abort made the call in flight throw (the signal's reason when nothing threw). */
      readonly error: unknown;
    });

/** What giving a host turn the model's reply did. */
export type ReplyStep =
  | { readonly kind: 'tool-calls'; readonly calls: readonly ToolCall[] }
  | { readonly kind: 'committed'; readonly result: CommitResult; readonly roundLimit: boolean }
  /** Still calling tools after the last round, under the `'rollback'` rule: the turn was rolled back. */
  | { readonly kind: 'round-limit'; readonly calls: readonly ToolCall[] };

/** Where a host turn stands. */
export type HostTurnState =
  | 'open'
  | 'awaiting-results'
  | 'continuing'
  | 'committing'
  | 'committed'
  | 'rolled-back';
