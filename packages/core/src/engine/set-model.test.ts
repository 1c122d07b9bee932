import { describe, expect, test } from 'vitest';
import { jpeg } from '../attachments/images.fixtures.js';
import { anthropicImageTokens, geminiImageTokens, openaiImageTokens } from '../attachments/index.js';
import { ValidationError } from '../errors/index.js';
import { loadModelTokenizer } from '../model-tokenizers/index.js';
import { MemoryStore } from '../store/index.js';
import { createApproximateCounter } from '../tokens/index.js';
import { testEngine } from './engine.fixtures.js';

describe('engine.setModel: one call switches the model, its window, tokenizer, template and calibration', () => {
  test('the next plan uses the new window, tokenizer and template, and the request names the new model', async () => {
    const engine = await testEngine({ model: 'gpt-4o', tokenizer: undefined, contextWindow: 128_000 });
    const session = await engine.createSession();
    const first = await session.prepare('Hello there');
    expect(first.plan).toMatchObject({ encoding: 'o200k_base', template: 'openai' });
    expect(first.request.model).toBe('gpt-4o');
    await session.commit(first, 'Hi.');

    await engine.setModel({ model: 'qwen3:4b', contextWindow: 8192 });
    expect(engine).toMatchObject({ model: 'qwen3:4b', contextWindow: 8192, reservedOutput: 2048 });
    expect(engine.counting).toEqual({ encoding: 'qwen2', template: 'qwen' });
    const next = await session.prepare('你好，请帮我检查一下这个函数。');
    expect(next.plan).toMatchObject({ encoding: 'qwen2', template: 'qwen' });
    expect(next.plan.budget).toMatchObject({ contextWindow: 8192, reservedOutput: 2048, available: 6144 });
    expect(next.request).toMatchObject({ model: 'qwen3:4b', max_completion_tokens: 2048 });
    // The earlier turn is measured again with Qwen's tokenizer and template (5 a message), not reused.
    const qwen = await loadModelTokenizer('qwen2');
    const turn = next.plan.included.find((entry) => entry.candidate.kind === 'turn');
    expect(turn?.candidate.tokens).toBe(5 + qwen.count('Hello there') + 5 + qwen.count('Hi.'));
    // The stored plan replays to the same plan, template and tokenizer recorded.
    await session.commit(next, 'OK.');
    expect(await engine.replay(next.plan.id)).toEqual(next.plan);
  });

  test('a template and a tokenizer can be named instead of taken from the model name', async () => {
    const engine = await testEngine();
    const counter = createApproximateCounter(3);
    await engine.setModel({
      model: 'my-finetune',
      contextWindow: 4096,
      reservedOutput: 512,
      tokenizer: counter,
      template: 'gemma',
    });
    const session = await engine.createSession();
    const prepared = await session.prepare('Hello');
    expect(prepared.plan).toMatchObject({ encoding: 'approx-3', template: 'gemma' });
    // Gemma: 5 for the system message, 4 for begin of sequence and reply priming, 60 for the tool instructions (the
    // session holds tools).
    expect(prepared.plan.budget.overhead).toBe(5 + 4 + 60);
    expect(prepared.plan.budget.available).toBe(4096 - 512);
  });

  test('bad settings are one ValidationError naming each, and change nothing', async () => {
    const engine = await testEngine();
    const error = await engine
      .setModel({ model: '', contextWindow: 0, template: 'jinja' } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path).sort()).toEqual([
      'settings.contextWindow',
      'settings.model',
      'settings.template',
    ]);
    const reserved = await engine
      .setModel({ model: 'llama3.1:8b', contextWindow: 4096, reservedOutput: 4096 })
      .catch((caught: unknown) => caught);
    expect((reserved as ValidationError).issues.map((issue) => issue.path)).toEqual([
      'settings.reservedOutput',
    ]);
    const tokenizer = await engine
      .setModel({ model: 'llama3.1:8b', contextWindow: 4096, tokenizer: 'gpt2' as never })
      .catch((caught: unknown) => caught);
    expect((tokenizer as ValidationError).issues.map((issue) => issue.path)).toEqual(['settings.tokenizer']);
    expect(await engine.setModel(undefined as never).catch((caught: unknown) => caught)).toBeInstanceOf(
      ValidationError,
    );
    expect(engine).toMatchObject({ model: 'test-model', contextWindow: 8_000, reservedOutput: 1_000 });
    expect(engine.counting).toEqual({ encoding: 'approx-4', template: 'openai' });
  });

  test('calibration is per model: the new model starts from its own reports, and the old one keeps its own', async () => {
    const engine = await testEngine({ store: new MemoryStore() });
    const session = await engine.createSession();
    for (let turn = 0; turn < 3; turn++) {
      const prepared = await session.prepare(`Question ${turn}`);
      await session.commit(prepared, 'Answer.', { inputTokens: Math.round(prepared.plan.budget.used * 1.4) });
    }
    await engine.reflection.calibration();
    expect((await engine.reflection.calibration()).samples).toBe(3);
    await engine.setModel({
      model: 'other-model',
      contextWindow: 8_000,
      reservedOutput: 1_000,
      tokenizer: createApproximateCounter(),
    });
    expect((await engine.reflection.calibration()).samples).toBe(0);
    const fresh = await session.prepare('After the switch');
    expect(fresh.plan.calibration).toBeUndefined();
    expect(fresh.plan.budget.available).toBe(7_000);
    session.rollback(fresh);
    await engine.setModel({
      model: 'test-model',
      contextWindow: 8_000,
      reservedOutput: 1_000,
      tokenizer: createApproximateCounter(),
    });
    expect((await engine.reflection.calibration()).samples).toBe(3);
  });
});

describe('models without a public tokenizer', () => {
  test('Claude is estimated over o200k_base with a margin the budget keeps until usage reports calibrate it', async () => {
    const engine = await testEngine({
      model: 'claude-sonnet-4-5',
      tokenizer: undefined,
      contextWindow: 10_000,
      reservedOutput: 2_000,
    });
    const session = await engine.createSession();
    const first = await session.prepare('Hello there, how are you?');
    expect(first.plan).toMatchObject({ encoding: 'o200k_base×1.25', template: 'claude' });
    // The margin (1.25) shrinks the budget from the first request on.
    expect(first.plan.budget.available).toBe(Math.floor(8_000 / 1.25));
    await session.commit(first, 'Fine.', { inputTokens: Math.round(first.plan.budget.used * 0.8) });
    for (let turn = 0; turn < 2; turn++) {
      const prepared = await session.prepare(`Question ${turn}`);
      await session.commit(prepared, 'Answer.', { inputTokens: Math.round(prepared.plan.budget.used * 0.8) });
    }
    // Reports say the estimate is high: the margin gives way to what they taught (never below factor 1).
    const calibrated = await session.prepare('And now?');
    expect(calibrated.plan.budget.available).toBe(8_000);
  });

  test('Gemini is estimated too, with its own ratio and margin', async () => {
    const engine = await testEngine({
      model: 'gemini-2.5-flash',
      tokenizer: undefined,
      contextWindow: 10_000,
      reservedOutput: 2_000,
    });
    const session = await engine.createSession();
    const prepared = await session.prepare('Hello');
    expect(prepared.plan).toMatchObject({ encoding: 'o200k_base×1.15', template: 'gemini' });
    expect(prepared.plan.budget.available).toBe(Math.floor(8_000 / 1.1));
  });
});

describe("attachment costs follow the model's provider unless the host chose them", () => {
  // 1024 × 1024 costs 765 by OpenAI's rules, 1,398 by Anthropic's and 1,032 by Gemini's: each switch shows.
  const image = { mediaType: 'image/jpeg', data: jpeg(1024, 1024) } as const;
  const imageTokens = async (engine: Awaited<ReturnType<typeof testEngine>>) => {
    const session = await engine.createSession();
    const prepared = await session.prepare('What does this chart show?', { attachments: [image] });
    session.rollback(prepared);
    const current = prepared.plan.included.find((entry) => entry.candidate.kind === 'current')?.candidate;
    return current?.kind === 'current' ? current.attachmentTokens : undefined;
  };

  test("without the option, switching to Claude counts by Anthropic's rules, to Gemini by Google's, and back", async () => {
    const engine = await testEngine({ model: 'gpt-4o' });
    expect(await imageTokens(engine)).toEqual([openaiImageTokens(1024, 1024)]);
    await engine.setModel({ model: 'claude-sonnet-4-5', contextWindow: 200_000 });
    expect(await imageTokens(engine)).toEqual([anthropicImageTokens(1024, 1024)]);
    await engine.setModel({ model: 'gemini-2.5-flash', contextWindow: 1_000_000 });
    expect(await imageTokens(engine)).toEqual([geminiImageTokens(1024, 1024)]);
    await engine.setModel({ model: 'llama3.1:8b', contextWindow: 8_192 });
    expect(await imageTokens(engine)).toEqual([openaiImageTokens(1024, 1024)]);
  });

  test("a Claude model counts by Anthropic's rules from createEngine on", async () => {
    const engine = await testEngine({ model: 'claude-sonnet-4-5' });
    expect(await imageTokens(engine)).toEqual([anthropicImageTokens(1024, 1024)]);
  });

  test("the host's attachmentCosts wins over every model", async () => {
    const engine = await testEngine({ model: 'gpt-4o', attachmentCosts: 'gemini' });
    expect(await imageTokens(engine)).toEqual([geminiImageTokens(1024, 1024)]);
    await engine.setModel({ model: 'claude-sonnet-4-5', contextWindow: 200_000 });
    expect(await imageTokens(engine)).toEqual([geminiImageTokens(1024, 1024)]);
  });
});
