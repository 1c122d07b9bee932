import { answerCardCalls } from '../cards/index.js';
import { isCtxkitError } from '../errors/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import { type HostTurn, openChecked } from './host-turn.js';
import { checkRunTurnOptions, checkTurnCallbacks } from './options.js';
import { roundLimitError } from './round-limit.js';
import type { ModelAnswer, RunTurnOptions, TurnCallbacks, TurnOutcome } from './types.js';

/**
 * The host loop: prepare, call the model, run the tools it asks for, continue, and commit the reply, roll the
 * turn back or stop. The rules live here once, for every host: the round limit (`maxRounds`, `onRoundLimit`), a
 * stale session at prepare (`onStale`), and Stop (`signal`: the turn is rolled back at once). A failure before a
 * turn is open (a stale session under `'throw'`, a message that is not text) is thrown; after that, every way out
 * is an outcome, the turn committed or rolled back, never left open.
 */
export async function runTurn<R = OpenAIChatRequest, A extends ModelAnswer = ModelAnswer>(
  options: RunTurnOptions<R, A>,
): Promise<TurnOutcome<R>> {
  checkRunTurnOptions(options);
  return driveChecked(await openChecked(options), options);
}

/** The loop over a turn already open (`openTurn`), for a host that prepares before it can stream. */
export function driveTurn<R = OpenAIChatRequest, A extends ModelAnswer = ModelAnswer>(
  turn: HostTurn<R>,
  callbacks: TurnCallbacks<R, A>,
): Promise<TurnOutcome<R>> {
  checkTurnCallbacks(callbacks);
  return driveChecked(turn, callbacks);
}

async function driveChecked<R, A extends ModelAnswer>(
  turn: HostTurn<R>,
  { callModel, runTools, signal = new AbortController().signal }: TurnCallbacks<R, A>,
): Promise<TurnOutcome<R>> {
  const detach = turn.rollbackOn(signal);
  const base = () => ({ session: turn.session, turn: turn.prepared, rounds: turn.rounds });
  try {
    for (;;) {
      signal.throwIfAborted();
      const answer = await callModel(turn.prepared, { round: turn.rounds, signal });
      // Stop wins over a reply that arrived anyway: the turn is already rolled back.
      signal.throwIfAborted();
      const request = turn.prepared;
      // The engine answers `expand_card` itself: only the other calls need the host's tools.
      const calls = answerCardCalls(request.plan, answer.reply.toolCalls ?? []).host;
      if (calls.length > 0 && !runTools)
        throw new Error(`The model called ${calls[0]?.name}, but the host loop has no runTools.`);
      const step = await turn.reply(answer);
      if (step.kind === 'committed')
        return { ...base(), status: 'committed', result: step.result, roundLimit: step.roundLimit };
      if (step.kind === 'round-limit')
        return {
          ...base(),
          status: 'rolled-back',
          reason: 'round-limit',
          error: roundLimitError(turn.rounds),
        };
      const results =
        calls.length === 0
          ? []
          : await (runTools as NonNullable<typeof runTools>)(calls, {
              round: turn.rounds,
              signal,
              turn: request,
              answer,
            });
      signal.throwIfAborted();
      await turn.results(results);
    }
  } catch (error) {
    turn.rollback();
    // A call refused because the abort rolled the turn back under it reports the abort, not the refusal.
    if (signal.aborted)
      return {
        ...base(),
        status: 'stopped',
        error: isCtxkitError(error, 'transaction_state') ? signal.reason : error,
      };
    return { ...base(), status: 'rolled-back', reason: 'error', error };
  } finally {
    detach();
  }
}
