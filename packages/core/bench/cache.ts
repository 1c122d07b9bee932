/**
 * Prompt-cache friendliness on the LoCoMo development split (../shared/data/locomo-dev): each conversation replayed
 * turn by turn through one session (prepare, commit), at 2,048 / 4,096 / 8,192 / 32,768 tokens, with history cut in
 * blocks (the default) and sliding (`history: { blocks: false }`), each with the default recall threshold and others,
 * and both replayed at the conversation's own dates (so that recall's recency counts), in the same run.
 *
 * - Prefix reuse: the share of a request's tokens that are the previous request's leading messages (whole messages
 *   equal from the first on), what a provider's prefix cache can serve; the mean over each conversation's last 100
 *   turns (the steady state, the window long full), then over conversations.
 * - Evidence recall: after the replay, each question as the session's next message (prepared, measured, rolled
 *   back), scored as in `bench:recall`, so cutting in blocks is seen not to cost recall.
 *
 * Run with `pnpm --filter @ctxkit/core bench:cache`; writes bench/cache-results.json. `CONV=conv-41` measures one
 * conversation (a fold held out while settings are compared) and `BUDGETS=4096,8192` some budgets; such a partial
 * run still writes the file, so do not keep it.
 */
import { writeFileSync } from 'node:fs';
import {
  createEngine,
  loadTiktokenCounter,
  type OpenAIChatRequest,
  type OpenAIMessage,
  type TokenCounter,
} from '../src/index.js';
import { evidenceIn, loadConversations, requestText, round, score, turnsOf } from './locomo.js';
import { loadAverage, machineInfo } from './machine.js';
import { toJson } from './report.js';

const BUDGETS = process.env.BUDGETS
  ? process.env.BUDGETS.split(',').map(Number)
  : [2_048, 4_096, 8_192, 32_768];
const RESERVED_OUTPUT = 1_024;
const STEADY_TURNS = 100;
const MESSAGE_OVERHEAD = 4;

function messageText(message: OpenAIMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (message.content === null) return '';
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** Tokens of each message of a request, as the model would count them give or take a constant. */
function messageTokens(request: OpenAIChatRequest, counter: TokenCounter): number[] {
  return request.messages.map((message) => counter.count(messageText(message)) + MESSAGE_OVERHEAD);
}

/** The share of `request`'s tokens that are `previous`'s leading messages, whole and in order. */
function prefixReuse(previous: OpenAIChatRequest, request: OpenAIChatRequest, counter: TokenCounter): number {
  const tokens = messageTokens(request, counter);
  let shared = 0;
  for (let i = 0; i < request.messages.length && i < previous.messages.length; i++) {
    if (JSON.stringify(request.messages[i]) !== JSON.stringify(previous.messages[i])) break;
    shared += tokens[i] as number;
  }
  const total = tokens.reduce((sum, n) => sum + n, 0);
  return total === 0 ? 0 : shared / total;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A LoCoMo session date ("1:56 pm on 8 May, 2023") as a UTC instant. */
function dateOf(text: string): Date {
  const match = /(\d+):(\d+) (am|pm) on (\d+) (\w+),? (\d+)/.exec(text);
  if (!match) throw new Error(`not a LoCoMo session date: '${text}'`);
  const [, hour, minute, half, day, month, year] = match as unknown as string[];
  const hours = (Number(hour) % 12) + (half === 'pm' ? 12 : 0);
  return new Date(
    Date.UTC(Number(year), MONTHS.indexOf(month as string), Number(day), hours, Number(minute)),
  );
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / (values.length || 1);

interface Figures {
  /** Mean prefix reuse over each conversation's last 100 turns, averaged over conversations. */
  readonly reuse: number;
  /** The same over every turn after the first. */
  readonly reuseAllTurns: number;
  /** Requests that kept less than the previous request's history (a cut, or a slide). */
  readonly restartsPerHundred: number;
  readonly evidenceRecall: number;
  readonly allEvidence: number;
}

/** One engine setting measured: history cut in blocks or sliding, and the least relevance a recalled passage needs. */
interface Setting {
  readonly blocks: boolean;
  /** Absent: the default (DEFAULT_RECALL_THRESHOLD for a question, DEFAULT_STATEMENT_RECALL_THRESHOLD otherwise). */
  readonly threshold?: number;
  /**
   * The engine's clock at each turn's LoCoMo session date (a minute per turn), and the questions a day after the last
   * session, so that recency counts as it would for a user who had these conversations over months. Otherwise every
   * message is written within the run's minute or two.
   */
  readonly dated?: boolean;
}

const SETTINGS: Record<string, Setting> = {
  'blocks (default)': { blocks: true },
  'sliding (blocks: false)': { blocks: false },
  'blocks, dated replay': { blocks: true, dated: true },
  'sliding, dated replay': { blocks: false, dated: true },
  'blocks, recall threshold 0.1 for every message (the default before)': { blocks: true, threshold: 0.1 },
  'blocks, recall threshold 0': { blocks: true, threshold: 0 },
  'blocks, recall threshold 0.15': { blocks: true, threshold: 0.15 },
  'blocks, recall threshold 0.2': { blocks: true, threshold: 0.2 },
  'sliding, recall threshold 0 (the engine before blocks)': { blocks: false, threshold: 0 },
};

async function run(budget: number, setting: Setting, counter: TokenCounter): Promise<Figures> {
  const steady: number[] = [];
  const all: number[] = [];
  const restarts: number[] = [];
  const found: boolean[][] = [];
  for (const conversation of loadConversations().filter(
    (c) => !process.env.CONV || process.env.CONV.includes(c.id),
  )) {
    let id = 0;
    let clock = new Date();
    const engine = await createEngine({
      now: () => clock,
      newId: () => `id-${(++id).toString(36).padStart(6, '0')}`,
      catalog: {},
      model: 'gpt-4o',
      contextWindow: budget + RESERVED_OUTPUT,
      reservedOutput: RESERVED_OUTPUT,
      tokenizer: counter,
      learning: false,
      history: { blocks: setting.blocks },
      ...(setting.threshold !== undefined && { recall: { threshold: setting.threshold } }),
    });
    const session = await engine.createSession({ title: conversation.id });
    const lines = conversation.sessions.flat();
    const byId = new Map(lines.map((line) => [line.id, line]));
    const dates = new Map(lines.map((line) => [line.session, line.date]));
    const reuse: number[] = [];
    let restarted = 0;
    let previous: OpenAIChatRequest | null = null;
    for (const [k, turn] of turnsOf(conversation.sessions, dates).entries()) {
      if (setting.dated) clock = new Date(dateOf(lines[2 * k]?.date ?? '').getTime() + k * 60_000);
      const prepared = await session.prepare(turn.user);
      const request = prepared.request;
      if (previous) {
        reuse.push(prefixReuse(previous, request, counter));
        // The previous request's messages but its last (the user's message, now history) should lead this one.
        const kept = previous.messages
          .slice(0, -1)
          .every((message, i) => JSON.stringify(message) === JSON.stringify(request.messages[i]));
        if (!kept) restarted++;
      }
      previous = request;
      await session.commit(prepared, turn.reply);
    }
    steady.push(mean(reuse.slice(-STEADY_TURNS)));
    all.push(mean(reuse));
    restarts.push((restarted / Math.max(1, reuse.length)) * 100);
    if (setting.dated) clock = new Date(clock.getTime() + 86_400_000);
    for (const question of conversation.questions) {
      const prepared = await session.prepare(question.text);
      found.push(evidenceIn(requestText(prepared.request), question, byId));
      await session.rollback(prepared);
    }
  }
  const evidence = score(found);
  return {
    reuse: round(mean(steady)),
    reuseAllTurns: round(mean(all)),
    restartsPerHundred: round(mean(restarts)),
    evidenceRecall: evidence.recall,
    allEvidence: evidence.allPresent,
  };
}

async function main(): Promise<void> {
  const counter = await loadTiktokenCounter('o200k_base');
  const results: Record<string, Record<string, Figures>> = {};
  for (const budget of BUDGETS) {
    const figures: Record<string, Figures> = {};
    for (const [name, setting] of Object.entries(SETTINGS))
      figures[name] = await run(budget, setting, counter);
    results[String(budget)] = figures;
    process.stderr.write(`  … ${budget} tokens done\n`);
  }
  const output = {
    machine: machineInfo(),
    loadAverage: loadAverage(),
    steadyTurns: STEADY_TURNS,
    budgets: results,
  };
  writeFileSync(new URL('./cache-results.json', import.meta.url), toJson(output));
  console.table(
    Object.entries(results).flatMap(([budget, peers]) =>
      Object.entries(peers).map(([peer, figures]) => ({ budget, peer, ...figures })),
    ),
  );
}

await main();
