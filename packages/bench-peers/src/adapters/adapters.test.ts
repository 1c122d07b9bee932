import { loadTiktokenCounter, TOKEN_OVERHEAD, withTokenCache } from '@ctxkit/core';
import type { BaseMessage } from '@langchain/core/messages';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkBudget, checkToolPairs, type SentRequest } from '../checks/index.js';
import { CATALOG_SHAPE, createScenario } from '../fixtures/index.js';
import { buildPeerPrompt, type PeerRequest } from '../prompt/index.js';
import {
  createCtxkitBench,
  ctxkitPlanRender,
  ctxkitPrepare,
  type Fitter,
  langchain,
  langchainTokenCounter,
  plannedInput,
  promptTsx,
  retrievedFor,
} from './index.js';

const BUDGET = 6_000;
const scenario = createScenario({
  catalog: { ...CATALOG_SHAPE, rules: 8, references: 8, servers: 2, toolsPerServer: 5 },
  history: { messages: 120, toolTurns: 0.5, parallelCalls: 0.5 },
});
const prompt = buildPeerPrompt(scenario);
const counter = withTokenCache(await loadTiktokenCounter('o200k_base'));

let fitters: Fitter[];
let request: PeerRequest;

beforeAll(async () => {
  const bench = await createCtxkitBench(scenario, BUDGET);
  const [query, plannedQuery] = scenario.queries(2, 0) as [string, string];
  request = await retrievedFor(bench, query);
  fitters = [
    ctxkitPrepare(bench) as Fitter,
    promptTsx(prompt, BUDGET, counter) as Fitter,
    langchain(prompt, BUDGET, counter) as Fitter,
  ];
  // Last: it commits a turn, which the other fitters' session would otherwise see.
  fitters.push(ctxkitPlanRender(await plannedInput(bench, plannedQuery), BUDGET) as Fitter);
});

const textOf = (content: string | readonly string[]) =>
  typeof content === 'string' ? content : content.join('\n');

async function fitOnce(
  fitter: Fitter,
  peerRequest: PeerRequest,
): Promise<{ result: unknown; sent: SentRequest }> {
  const result = await fitter.fit(peerRequest);
  const sent = fitter.sent(result);
  fitter.release?.(result);
  return { result, sent };
}

describe('every adapter fits the same long conversation under the budget', () => {
  test('each output is under budget, keeps its tool calls with their results, and had to leave history out', async () => {
    for (const fitter of fitters) {
      const { sent } = await fitOnce(fitter, request);
      const budget = checkBudget(sent, BUDGET, counter);
      expect(budget.withinBudget, fitter.name).toBe(true);
      // Fitting, not truncating to nothing: at least half the budget used, and not the whole history.
      expect(budget.tokens, fitter.name).toBeGreaterThan(BUDGET / 2);
      expect(sent.messages.length, fitter.name).toBeLessThan(prompt.history.length);
      expect(checkToolPairs(sent.messages).intact, fitter.name).toBe(true);
      const calls = sent.messages.filter((message) => message.role === 'assistant' && message.toolCalls);
      expect(calls.length, `${fitter.name} keeps some tool calls`).toBeGreaterThan(0);
    }
  });

  test('each output ends with the new user message and starts with the system prompt and session items', async () => {
    for (const fitter of fitters.slice(0, 3)) {
      const { sent } = await fitOnce(fitter, request);
      const last = sent.messages.at(-1);
      expect(last?.role, fitter.name).toBe('user');
      expect(textOf(last?.content ?? '').endsWith(request.query), fitter.name).toBe(true);
      expect(sent.messages[0]?.role, fitter.name).toBe('system');
      expect(textOf(sent.messages[0]?.content ?? ''), fitter.name).toContain('You are a coding assistant');
    }
  });

  test('the peers receive the retrieved items and send them ahead of older history', async () => {
    expect(request.retrieved.length).toBeGreaterThan(0);
    const best = prompt.itemText.get(request.retrieved[0] as string) as string;
    for (const fitter of fitters.slice(1, 3)) {
      const { sent } = await fitOnce(fitter, request);
      expect(
        sent.messages.some((message) => textOf(message.content) === best),
        fitter.name,
      ).toBe(true);
    }
  });

  test("LangChain's token counter agrees with the checks' count", async () => {
    const fitter = fitters[2] as Fitter;
    const result = (await fitter.fit(request)) as BaseMessage[];
    expect(langchainTokenCounter(counter)(result) + TOKEN_OVERHEAD.reply).toBe(
      checkBudget(fitter.sent(result), BUDGET, counter).tokens,
    );
  });

  test('prompt-tsx keeps tool pairs with KeepWith and splits them without it, as the checker reports', async () => {
    const split = { withKeepWith: 0, without: 0 };
    for (let budget = 3_000; budget <= 6_000; budget += 200) {
      const paired = await fitOnce(promptTsx(prompt, budget, counter) as Fitter, request);
      const plain = await fitOnce(
        promptTsx(prompt, budget, counter, { keepToolPairs: false }) as Fitter,
        request,
      );
      if (!checkToolPairs(paired.sent.messages).intact) split.withKeepWith++;
      if (!checkToolPairs(plain.sent.messages).intact) split.without++;
    }
    expect(split.withKeepWith).toBe(0);
    expect(split.without).toBeGreaterThan(0);
  });
});
