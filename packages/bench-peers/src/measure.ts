import type { TokenCounter } from '@ctxkit/core';
import { median, type Timing, type TimingPlan, timeCases, timeOnce } from '../../core/bench/stats.js';
import type { Fitter } from './adapters/index.js';
import { checkBudget, checkToolPairs } from './checks/index.js';
import type { PeerRequest } from './prompt/index.js';

/** What every output of one library looked like, checked with the common counter. */
export interface OutputChecks {
  readonly outputs: number;
  readonly overBudget: number;
  /** Outputs with at least one tool call separated from its result. */
  readonly separatedToolCalls: number;
  readonly maxTokens: number;
  readonly medianTokens: number;
  readonly medianMessages: number;
}

export interface FitterResult {
  readonly name: string;
  /** The first request, with the library's caches empty (prompt-tsx and LangChain tokenize everything then). */
  readonly firstCallMs: number;
  readonly timing: Timing;
  readonly checks: OutputChecks;
}

class CheckTally {
  readonly #tokens: number[] = [];
  readonly #messages: number[] = [];
  #overBudget = 0;
  #separated = 0;

  constructor(
    private readonly fitter: Fitter,
    private readonly counter: TokenCounter,
  ) {}

  add(result: unknown): void {
    const sent = this.fitter.sent(result);
    const budget = checkBudget(sent, this.fitter.budget, this.counter);
    if (!budget.withinBudget) this.#overBudget++;
    if (!checkToolPairs(sent.messages).intact) this.#separated++;
    this.#tokens.push(budget.tokens);
    this.#messages.push(sent.messages.length);
  }

  summary(): OutputChecks {
    return {
      outputs: this.#tokens.length,
      overBudget: this.#overBudget,
      separatedToolCalls: this.#separated,
      maxTokens: Math.max(...this.#tokens),
      medianTokens: median(this.#tokens),
      medianMessages: median(this.#messages),
    };
  }
}

/**
 * Times the fitters interleaved (each run: every fitter's warm-up and timed calls in turn, so JIT and GC phases
 * fall on all alike). Call `i` of every fitter gets `requests[i]`, so all see the same messages in the same order.
 * Every output, warm-up included, is checked after its call, untimed.
 */
export async function measureFitters(
  fitters: readonly Fitter[],
  requests: readonly PeerRequest[],
  first: PeerRequest,
  plan: TimingPlan,
  counter: TokenCounter,
): Promise<FitterResult[]> {
  const tallies = fitters.map((fitter) => new CheckTally(fitter, counter));
  const firstCalls: number[] = [];
  for (const [index, fitter] of fitters.entries()) {
    const { ms, result } = await timeOnce(() => fitter.fit(first));
    tallies[index]?.add(result);
    fitter.release?.(result);
    firstCalls.push(ms);
  }
  const cases = Object.fromEntries(
    fitters.map((fitter, index) => [
      fitter.name,
      {
        body: (call: number) => fitter.fit(requests[call % requests.length] as PeerRequest),
        after: (result: unknown) => {
          tallies[index]?.add(result);
          fitter.release?.(result);
        },
      },
    ]),
  );
  const timings = await timeCases(plan, cases);
  return fitters.map((fitter, index) => ({
    name: fitter.name,
    firstCallMs: firstCalls[index] as number,
    timing: timings[fitter.name] as Timing,
    checks: (tallies[index] as CheckTally).summary(),
  }));
}
