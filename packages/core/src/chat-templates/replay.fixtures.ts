import { createEngine } from '../engine/index.js';
import { Prng } from '../random/prng.fixtures.js';
import type { OpenAIChatRequest } from '../render/index.js';
import type { TokenCounter } from '../tokens/index.js';
import { conversation, messageText } from './texts.fixtures.js';

/** What one replay measured: every planned request against the model's own count of it. */
export interface FidelityResult {
  readonly model: string;
  readonly contextWindow: number;
  /** The tokenizer and template the plans recorded. */
  readonly encoding: string;
  readonly template: string | undefined;
  readonly requests: number;
  /** Requests the model counts as larger than the plan promised (the window less the reserved output). */
  readonly overPromise: number;
  /** Requests the model counts as larger than the plan's own count. */
  readonly overCount: number;
  /** Mean of |plan's count − model's count| ÷ model's count. */
  readonly meanError: number;
  /** The largest such error, signed: negative when the plan counted less than the model. */
  readonly worstError: number;
  /** How full the requests were: mean model count ÷ promise. */
  readonly fill: number;
  /** The fullest request: model count ÷ promise. */
  readonly maxFill: number;
}

export interface ReplayOptions {
  readonly model: string;
  readonly contextWindow: number;
  readonly turns: number;
  /** What ctxkit counts with; default: what the engine chooses for `model`. */
  readonly tokenizer?: TokenCounter | 'o200k_base';
  /** The template costs ctxkit counts with; default: what the engine chooses for `model`. */
  readonly template?: string;
  /** The model's own count of a whole request. */
  readonly requestTokens: (request: OpenAIChatRequest) => number;
  readonly seed?: number;
}

/**
 * Replays a long conversation (English, Chinese, Japanese and code) through an engine for `model`, with a system
 * prompt and rules in the request, and counts every planned request with the model's own tokenizer and template.
 * Replies are committed without usage reports, so calibration does not hide what the counts alone do.
 */
export async function replayFidelity(options: ReplayOptions): Promise<FidelityResult> {
  const seed = options.seed ?? 0x5eed_f1de;
  const random = new Prng(seed ^ 0x77);
  const engine = await createEngine({
    catalog: {
      rules: [
        { name: 'style', include: 'always', content: messageText(random, 'english', 4) },
        { name: 'language', include: 'always', content: messageText(random, 'chinese', 2) },
        { name: 'tone', include: 'always', content: messageText(random, 'japanese', 2) },
      ],
      references: [{ name: 'notes.md', include: 'always', content: messageText(random, 'mixed', 3) }],
    },
    model: options.model,
    contextWindow: options.contextWindow,
    ...(options.tokenizer && { tokenizer: options.tokenizer }),
    ...(options.template && { template: options.template }),
    systemPrompt: { global: 'You are a careful assistant for a multilingual software team.' },
    recall: false,
    defaultMode: 'off',
  });
  const session = await engine.createSession();
  const promise = engine.contextWindow - engine.reservedOutput;
  let overPromise = 0;
  let overCount = 0;
  let errorSum = 0;
  let worstError = 0;
  let fillSum = 0;
  let maxFill = 0;
  let encoding = '';
  let template: string | undefined;
  const turns = conversation(seed, options.turns);
  for (const turn of turns) {
    const prepared = await session.prepare(turn.user);
    const { plan } = prepared;
    encoding = plan.encoding;
    template = plan.template;
    const actual = options.requestTokens(prepared.request);
    const used = plan.budget.used;
    if (actual > promise) overPromise++;
    if (actual > used) overCount++;
    const error = (used - actual) / actual;
    errorSum += Math.abs(error);
    if (Math.abs(error) > Math.abs(worstError)) worstError = error;
    fillSum += actual / promise;
    maxFill = Math.max(maxFill, actual / promise);
    await session.commit(prepared, turn.reply);
  }
  const requests = turns.length;
  return {
    model: options.model,
    contextWindow: options.contextWindow,
    encoding,
    template,
    requests,
    overPromise,
    overCount,
    meanError: errorSum / requests,
    worstError,
    fill: fillSum / requests,
    maxFill,
  };
}
