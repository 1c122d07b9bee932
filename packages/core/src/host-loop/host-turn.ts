import { answerCardCalls } from '../cards/index.js';
import type { PreparedTurn, PrepareOptions, Session, ToolResultInput } from '../engine/index.js';
import { isCtxkitError, TransactionError } from '../errors/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import type { ModelReply, ToolCall, Usage } from '../session/index.js';
import { checkOpenTurnOptions, type ResolvedRules, rulesOf } from './options.js';
import { notedReply } from './round-limit.js';
import type { HostTurnState, ModelAnswer, OpenTurnOptions, ReplyStep } from './types.js';

interface Waiting {
  readonly reply: ModelReply;
  readonly usage: Usage | undefined;
}

/**
 * One turn as a host drives it: the rules of the tool loop (the round limit, commit or roll back, abort) over
 * `session.prepare`, `continue`, `commit` and `rollback`. `runTurn` drives it with callbacks; a host whose model
 * calls are driven by someone else (a language-model middleware, where the AI SDK runs the loop) gives it each
 * reply and each set of tool results itself.
 */
export class HostTurn<R = OpenAIChatRequest> {
  readonly session: Session<R>;
  readonly #rules: ResolvedRules;
  #prepared: PreparedTurn<R>;
  #state: HostTurnState = 'open';
  #rounds = 0;
  /** The reply that called tools, and its usage, until their results come. */
  #waiting: Waiting | undefined;

  /** Use `openTurn`. */
  constructor(session: Session<R>, prepared: PreparedTurn<R>, rules: ResolvedRules) {
    this.session = session;
    this.#prepared = prepared;
    this.#rules = rules;
  }

  /** The turn's current request: the first, or the one the last tool round planned. */
  get prepared(): PreparedTurn<R> {
    return this.#prepared;
  }

  get state(): HostTurnState {
    return this.#state;
  }

  /** Tool rounds taken. */
  get rounds(): number {
    return this.#rounds;
  }

  /**
   * Takes the model's reply to the current request. Without tool calls it is committed. With tool calls, the turn
   * waits for their results, unless the round limit is reached: then the round-limit rule commits the reply as a
   * note or rolls the turn back. A commit that fails leaves the turn open, for the caller to roll back.
   */
  async reply({ reply, usage }: ModelAnswer): Promise<ReplyStep> {
    this.#expect('open', 'take a reply');
    const calls = reply.toolCalls ?? [];
    if (calls.length === 0) return this.#commit(reply, usage, false);
    if (this.#rounds < this.#rules.maxRounds) {
      this.#state = 'awaiting-results';
      this.#waiting = { reply, usage };
      return { kind: 'tool-calls', calls };
    }
    if (this.#rules.onRoundLimit === 'commit-with-note')
      return this.#commit(notedReply(reply, calls, this.#rules.maxRounds), usage, true);
    this.rollback();
    return { kind: 'round-limit', calls };
  }

  /**
   * The waiting reply's calls the host runs: all but `expand_card`, which the engine answers itself from the plan
   * (see "Cards" in docs/modes.md).
   */
  get hostCalls(): readonly ToolCall[] {
    const waiting = this.#waiting;
    return waiting ? answerCardCalls(this.#prepared.plan, waiting.reply.toolCalls ?? []).host : [];
  }

  /**
   * Records the waiting reply's tool calls with their results and plans the next request (`session.continue`).
   * `results` answer the host's calls (`hostCalls`); the engine adds its answers to `expand_card` calls that have
   * none.
   */
  async results(given: readonly ToolResultInput[]): Promise<PreparedTurn<R>> {
    this.#expect('awaiting-results', 'take tool results');
    const { reply, usage } = this.#waiting as Waiting;
    const answered = new Set(given.map((result) => result?.toolCallId));
    const results = [
      ...given,
      ...answerCardCalls(this.#prepared.plan, reply.toolCalls ?? []).answered.filter(
        (answer) => !answered.has(answer.toolCallId),
      ),
    ];
    this.#waiting = undefined;
    this.#state = 'continuing';
    let next: PreparedTurn<R>;
    try {
      next = await this.session.continue(this.#prepared, reply, results, usage);
    } catch (error) {
      if (this.state === 'continuing') this.#state = 'open';
      throw error;
    }
    // Read through the getter: a rollback may have come while `continue` ran.
    if (this.state === 'rolled-back') {
      // Stopped just as the results were stored: the next request is not asked, and its turn is not left open.
      this.session.rollback(next);
      throw new TransactionError(
        'Cannot continue: the turn was rolled back while its tool results were stored.',
      );
    }
    this.#prepared = next;
    this.#rounds++;
    this.#state = 'open';
    return next;
  }

  /** Abandons the turn: nothing of it is written. False once it is committing, committed or rolled back. */
  rollback(): boolean {
    if (this.#state === 'committing' || this.#state === 'committed' || this.#state === 'rolled-back')
      return false;
    this.#state = 'rolled-back';
    this.#waiting = undefined;
    this.session.rollback(this.#prepared);
    return true;
  }

  /** Rolls the turn back as soon as `signal` aborts (a commit already under way still completes). */
  rollbackOn(signal: AbortSignal): () => void {
    const onAbort = () => {
      this.rollback();
    };
    if (signal.aborted) {
      onAbort();
      return () => {};
    }
    signal.addEventListener('abort', onAbort, { once: true });
    return () => signal.removeEventListener('abort', onAbort);
  }

  async #commit(reply: ModelReply, usage: Usage | undefined, roundLimit: boolean): Promise<ReplyStep> {
    this.#state = 'committing';
    try {
      const result = await this.session.commit(this.#prepared, reply, usage);
      this.#state = 'committed';
      return { kind: 'committed', result, roundLimit };
    } catch (error) {
      this.#state = 'open';
      throw error;
    }
  }

  #expect(state: HostTurnState, action: string): void {
    if (this.#state !== state)
      throw new TransactionError(
        `Cannot ${action}: the turn of session '${this.session.id}' is ${this.#state}.`,
      );
  }
}

/**
 * Prepares a turn for the user's message. A stale session (another tab moved it on) is opened again and planned
 * on once under the `'reopen'` rule. A failure here opened no turn, so it is thrown.
 */
export async function openTurn<R = OpenAIChatRequest>(options: OpenTurnOptions<R>): Promise<HostTurn<R>> {
  checkOpenTurnOptions(options);
  return openChecked(options);
}

/** `openTurn` for options already checked. */
export async function openChecked<R>(options: OpenTurnOptions<R>): Promise<HostTurn<R>> {
  const rules = rulesOf(options);
  let session = 'session' in options ? options.session : await options.engine.openSession(options.sessionId);
  let prepared: PreparedTurn<R>;
  try {
    prepared = await session.prepare(options.text, prepareOptionsOf(options));
  } catch (error) {
    if (!(rules.onStale === 'reopen' && 'engine' in options && isCtxkitError(error, 'stale_session')))
      throw error;
    // Another tab moved the session on: plan on what it left.
    session = await options.engine.openSession(options.sessionId);
    prepared = await session.prepare(options.text, prepareOptionsOf(options));
  }
  return new HostTurn(session, prepared, rules);
}

function prepareOptionsOf<R>(options: OpenTurnOptions<R>): PrepareOptions | undefined {
  return options.attachments === undefined ? undefined : { attachments: options.attachments };
}
