/**
 * One page load of the startup benchmark: the time from calling `createEngine` to the first prepared request, as
 * an app starts. `?tokenizer=js-tiktoken` starts the same engine on a counter built with js-tiktoken's own
 * `Tiktoken` class (what ctxkit used before), on the same ranks, for comparison. The page is the same whichever
 * build of the core it is bundled on (run.ts's A/B mode bundles it on two).
 */
// Type-checked against the source; run.ts builds the page on the package as it ships (its build, with the
// tokenizer's ranks in parts), bundled by Vite as an app's would be.
import { createEngine, type TokenCounter } from '../../src/index.js';

export interface StartupSample {
  readonly tokenizer: 'ctxkit' | 'js-tiktoken';
  /** `createEngine` resolved. */
  readonly createEngineMs: number;
  /** From `createEngine` to the first `prepare` resolved. */
  readonly firstPrepareMs: number;
  /** From navigation start to the first `prepare` resolved. */
  readonly sinceNavigationMs: number;
  readonly tokens: number;
}

async function jsTiktokenCounter(): Promise<TokenCounter> {
  const [{ Tiktoken }, ranks] = await Promise.all([
    import('js-tiktoken/lite'),
    import('js-tiktoken/ranks/o200k_base'),
  ]);
  const tokenizer = new Tiktoken(ranks.default);
  return { encoding: 'o200k_base', count: (text) => tokenizer.encode(text, [], []).length };
}

async function start(): Promise<StartupSample> {
  const peer = new URLSearchParams(location.search).get('tokenizer') === 'js-tiktoken';
  const started = performance.now();
  const engine = await createEngine({
    model: 'gpt-4o-mini',
    contextWindow: 128_000,
    // ctxkit's own counting is what the model name chooses (o200k_base for gpt-4o-mini), as an app leaves it.
    ...(peer && { tokenizer: await jsTiktokenCounter() }),
    catalog: {
      rules: [{ name: 'Tone', content: 'Answer briefly and name the files you read.', include: 'always' }],
      servers: [{ name: 'filesystem', include: 'agent' }],
      tools: [
        {
          server: 'filesystem',
          name: 'read_file',
          description: 'Read a file',
          inputSchema: { type: 'object' },
        },
        {
          server: 'filesystem',
          name: 'list_directory',
          description: 'List a folder',
          inputSchema: { type: 'object' },
        },
      ],
    },
  });
  const created = performance.now();
  const session = await engine.createSession();
  const turn = await session.prepare('Read package.json and tell me the version');
  const prepared = performance.now();
  return {
    tokenizer: peer ? 'js-tiktoken' : 'ctxkit',
    createEngineMs: created - started,
    firstPrepareMs: prepared - started,
    sinceNavigationMs: prepared,
    tokens: turn.plan.budget.used,
  };
}

(window as unknown as { startup: Promise<StartupSample> }).startup = start();
