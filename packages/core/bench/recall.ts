/**
 * Conversational recall on the LoCoMo development split (../shared/data/locomo-dev, its README gives the protocol):
 * how much of the evidence for a question about a long chat reaches the request, at 2,048 / 4,096 / 8,192 tokens,
 * in one conversation (every LoCoMo session in one ctxkit session, the question as its next message) and across
 * conversations (each LoCoMo session its own ctxkit session, the question in a new one). Beside ctxkit, in the same
 * run and budget: the newest lines first (what trimming a transcript does) and MiniSearch's top lines for the
 * question. Run with `pnpm --filter @ctxkit/core bench:recall`; writes bench/recall-results.json.
 */
import { writeFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { createEngine, type Engine, loadTiktokenCounter, type TokenCounter } from '../src/index.js';
import { RecallIndex } from '../src/recall/recall-index.js';
import {
  evidenceIn,
  type Line,
  loadConversations,
  type Question,
  requestText,
  type Score,
  score,
  turnsOf,
} from './locomo.js';
import { loadAverage, machineInfo } from './machine.js';
import { toJson } from './report.js';

const BUDGETS = [2_048, 4_096, 8_192] as const;
const RESERVED_OUTPUT = 1_024;

async function ctxkitEngine(budget: number, counter: TokenCounter, recall = true): Promise<Engine> {
  let id = 0;
  return createEngine({
    ...(!recall && { recall: false as const }),
    // Deterministic ids: passages that score the same are ordered by session id, so runs give the same figures.
    newId: () => `id-${(++id).toString(36).padStart(6, '0')}`,
    catalog: {},
    model: 'gpt-4o',
    contextWindow: budget + RESERVED_OUTPUT,
    reservedOutput: RESERVED_OUTPUT,
    tokenizer: counter,
    learning: false,
  });
}

/** Lines packed into the budget in the order given, after the question: what a peer would send. */
function pack(order: readonly Line[], question: Question, budget: number, counter: TokenCounter): string {
  let used = counter.count(question.text) + 4;
  const kept: string[] = [];
  for (const line of order) {
    const tokens = counter.count(line.text) + 4;
    if (used + tokens > budget) continue;
    used += tokens;
    kept.push(line.text);
  }
  return kept.join('\n');
}

async function main(): Promise<void> {
  const conversations = loadConversations();
  const counter = await loadTiktokenCounter('o200k_base');
  const results: Record<string, Record<string, Score>> = {};
  for (const budget of BUDGETS) {
    const found: Record<string, boolean[][]> = {
      'ctxkit, one conversation': [],
      'ctxkit, across conversations': [],
      'ctxkit without recall, one conversation': [],
      'newest lines first, one conversation': [],
      'MiniSearch top lines': [],
      'recall index alone, top lines in the whole budget': [],
    };
    for (const conversation of conversations) {
      const lines = conversation.sessions.flat();
      const byId = new Map(lines.map((line) => [line.id, line]));
      const dates = new Map(lines.map((line) => [line.session, line.date]));

      // ctxkit, one conversation: every LoCoMo session in one ctxkit session; with recall, and without.
      for (const [name, recall] of [
        ['ctxkit, one conversation', true],
        ['ctxkit without recall, one conversation', false],
      ] as const) {
        const one = await ctxkitEngine(budget, counter, recall);
        const session = await one.createSession({ title: conversation.id });
        for (const turn of turnsOf(conversation.sessions, dates))
          await session.commit(await session.prepare(turn.user), turn.reply);
        for (const question of conversation.questions) {
          const prepared = await session.prepare(question.text);
          found[name]?.push(evidenceIn(requestText(prepared.request), question, byId));
          await session.rollback(prepared);
        }
      }

      // ctxkit, across conversations: each LoCoMo session its own session; the question in a new one.
      const across = await ctxkitEngine(budget, counter);
      for (const lines of conversation.sessions) {
        const past = await across.createSession({ title: `${conversation.id} ${lines[0]?.session}` });
        for (const turn of turnsOf([lines], dates))
          await past.commit(await past.prepare(turn.user), turn.reply);
      }
      for (const question of conversation.questions) {
        const fresh = await across.createSession();
        const prepared = await fresh.prepare(question.text);
        found['ctxkit, across conversations']?.push(
          evidenceIn(requestText(prepared.request), question, byId),
        );
        await fresh.rollback(prepared);
      }

      // Peers, on the same lines and budget.
      const newest = [...lines].reverse();
      const search = new MiniSearch<Line>({ fields: ['text'], storeFields: ['id'] });
      search.addAll(lines);
      const recall = new RecallIndex();
      for (const [position, line] of lines.entries())
        recall.add({
          messageId: line.id,
          sessionId: conversation.id,
          position,
          text: line.text,
          createdAt: line.date,
        });
      for (const question of conversation.questions) {
        found['newest lines first, one conversation']?.push(
          evidenceIn(pack(newest, question, budget, counter), question, byId),
        );
        const ranked = search.search(question.text).map((hit) => byId.get(String(hit.id)) as Line);
        found['MiniSearch top lines']?.push(
          evidenceIn(pack(ranked, question, budget, counter), question, byId),
        );
        const recalled = recall
          .search({ query: question.text, limit: 400 })
          .map((hit) => byId.get(hit.passage.messageId) as Line);
        found['recall index alone, top lines in the whole budget']?.push(
          evidenceIn(pack(recalled, question, budget, counter), question, byId),
        );
      }
    }
    results[String(budget)] = Object.fromEntries(
      Object.entries(found).map(([name, list]) => [name, score(list)]),
    );
    process.stderr.write(`  … ${budget} tokens done\n`);
  }
  const questions = conversations.reduce((sum, conversation) => sum + conversation.questions.length, 0);
  const output = { machine: machineInfo(), loadAverage: loadAverage(), questions, budgets: results };
  writeFileSync(new URL('./recall-results.json', import.meta.url), toJson(output));
  const rows = Object.keys(results['4096'] ?? {}).map((name) => ({
    peer: name,
    ...Object.fromEntries(BUDGETS.map((budget) => [`${budget}`, results[String(budget)]?.[name]?.recall])),
    ...Object.fromEntries(
      BUDGETS.map((budget) => [`all ${budget}`, results[String(budget)]?.[name]?.allPresent]),
    ),
  }));
  console.table(rows);
}

await main();
