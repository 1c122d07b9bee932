import type { CatalogInput } from '../catalog/index.js';
import type { PreparedTurn } from '../engine/index.js';
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
  /** How many of them offered tools. */
  readonly toolRequests: number;
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
  /**
   * Tools in the replay: the catalog offers two tools to every request, and every `toolEvery`th turn is a tool
   * round (the model calls one, its result comes back, the request is planned again). Every request is counted.
   */
  readonly toolEvery?: number;
}

/** Two tools of a file server, one described in Chinese, offered to every request of a replay with tools. */
export const TOOL_CATALOG: Pick<CatalogInput, 'servers' | 'tools'> = {
  servers: [{ name: 'files', include: 'always' }],
  tools: [
    {
      server: 'files',
      name: 'read_file',
      description: 'Read a UTF-8 file from the workspace and return its text.',
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string', description: 'A path inside the workspace' } },
        required: ['path'],
      },
    },
    {
      server: 'files',
      name: 'search',
      description: '在工作区中搜索文本，返回匹配的行。',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
        required: ['query'],
      },
    },
  ],
};

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
      ...(options.toolEvery && TOOL_CATALOG),
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
  let requests = 0;
  let toolRequests = 0;
  const measure = (prepared: PreparedTurn<OpenAIChatRequest>) => {
    const { plan } = prepared;
    encoding = plan.encoding;
    template = plan.template;
    const actual = options.requestTokens(prepared.request);
    const used = plan.budget.used;
    requests++;
    if ((prepared.request.tools?.length ?? 0) > 0) toolRequests++;
    if (actual > promise) overPromise++;
    if (actual > used) overCount++;
    const error = (used - actual) / actual;
    errorSum += Math.abs(error);
    if (Math.abs(error) > Math.abs(worstError)) worstError = error;
    fillSum += actual / promise;
    maxFill = Math.max(maxFill, actual / promise);
  };
  const turns = conversation(seed, options.turns);
  for (const [index, turn] of turns.entries()) {
    const prepared = await session.prepare(turn.user);
    measure(prepared);
    if (options.toolEvery && index % options.toolEvery === options.toolEvery - 1) {
      // Nine letters and digits: Mistral's templates refuse any other call id.
      const id = `call${String(index).padStart(5, '0')}`;
      const path = `src/${random.pick(['index', 'planner', '上下文', 'ツール'])}.ts`;
      const next = await session.continue(
        prepared,
        { content: '', toolCalls: [{ id, name: 'files__read_file', arguments: { path } }] },
        [{ toolCallId: id, content: messageText(random, random.pick(['code', 'mixed'] as const), 2) }],
      );
      measure(next);
      await session.commit(next, turn.reply);
    } else await session.commit(prepared, turn.reply);
  }
  return {
    model: options.model,
    contextWindow: options.contextWindow,
    encoding,
    template,
    requests,
    toolRequests,
    overPromise,
    overCount,
    meanError: errorSum / requests,
    worstError,
    fill: fillSum / requests,
    maxFill,
  };
}
