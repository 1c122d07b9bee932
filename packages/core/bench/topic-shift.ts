/**
 * Following the user when the topic changes: pairs of MetaTool dev queries with different right tools, asked one
 * after the other in one session (the model calls A's tool when the plan sent it), against B asked in a new session
 * of the same engine. How often is B's tool sent, and how often is A's tool still sent? Then follow-ups that should
 * keep their context: the classic case ("Working on AuthService", then "Now I need to add validation") and short
 * follow-ups after MetaTool queries. The engine is the default one (light mode, learning on), as a host runs it.
 * Pairs are drawn from the odd-numbered dev queries only (the rules were developed on the even ones).
 * `pnpm --filter @ctxkit/core bench:topic`; writes bench/topic-results.json.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Catalog, createEngine, type Engine, MemoryStore, type Session } from '../src/index.js';
import { loadMetaTool } from './metatool.js';
import { Prng } from './prng.js';
import { toJson } from './report.js';

const PAIRS = 1_000;

/** Follow-ups that lean on the previous message: the tool it used should still be offered. */
const FOLLOW_UPS = [
  'Can you do that again for tomorrow?',
  'And what about next week?',
  'Now do the same for my friend.',
  'Thanks! Can you check it once more?',
  'What about the other one?',
  'Same thing, but cheaper please.',
];

function functionName(key: string): string {
  const [, server, name] = key.split(':') as [string, string, string];
  return `${server}__${name}`;
}

function agentSent(turn: {
  plan: { included: readonly { candidate: { id: string }; reason: { code: string } }[] };
}) {
  return new Set(
    turn.plan.included.filter((entry) => entry.reason.code === 'agent').map((entry) => entry.candidate.id),
  );
}

/** Asks `query`; when its right tool was sent, the model calls it. Returns whether it was sent. */
async function askAndAnswer(session: Session, query: string, key: string): Promise<boolean> {
  const turn = await session.prepare(query);
  if (!agentSent(turn).has(key)) {
    await session.commit(turn, 'I can answer that without a tool.');
    return false;
  }
  const called = await session.continue(
    turn,
    { content: '', toolCalls: [{ id: 'call_1', name: functionName(key), arguments: {} }] },
    [{ toolCallId: 'call_1', content: '{"ok":true}' }],
  );
  await session.commit(called, 'Here is what the tool found.');
  return true;
}

/** What a message would be sent (prepared, then rolled back). */
async function sentFor(session: Session, query: string): Promise<Set<string>> {
  return (await sentWithTextFor(session, query)).sent;
}

/** What a message would be sent, and of it what went with its text: in full, or as a card that is not a bare name. */
async function sentWithTextFor(
  session: Session,
  query: string,
): Promise<{ sent: Set<string>; withText: Set<string> }> {
  const turn = await session.prepare(query);
  session.rollback(turn);
  const withText = new Set(
    turn.plan.included
      .filter(
        ({ candidate, reason }) =>
          reason.code === 'agent' && !(candidate.kind === 'item' && candidate.card?.nameOnly),
      )
      .map(({ candidate }) => candidate.id),
  );
  return { sent: agentSent(turn), withText };
}

async function newEngine(catalog: Catalog): Promise<Engine> {
  return createEngine({ model: 'gpt-4o-mini', contextWindow: 16_000, catalog, store: new MemoryStore() });
}

export interface TopicShiftFigures {
  readonly pairs: number;
  readonly inSession: {
    readonly bToolSent: number;
    readonly aToolStillSent: number;
    /** A's tool still sent in full or as a card with its text (not by its name alone). */
    readonly aToolStillSentWithText: number;
  };
  readonly fresh: {
    readonly bToolSent: number;
    readonly aToolSent: number;
    readonly aToolSentWithText: number;
  };
}

export async function topicShift(
  catalog: Catalog,
  queries: readonly { query: string; key: string }[],
): Promise<TopicShiftFigures> {
  const engine = await newEngine(catalog);
  const prng = new Prng(2026);
  let pairs = 0;
  const counts = { bInSession: 0, aInSession: 0, bFresh: 0, aFresh: 0, aInSessionText: 0, aFreshText: 0 };
  for (let tries = 0; pairs < PAIRS && tries < PAIRS * 20; tries++) {
    const a = queries[Math.floor(prng.next() * queries.length)] as { query: string; key: string };
    const b = queries[Math.floor(prng.next() * queries.length)] as { query: string; key: string };
    if (a.key === b.key) continue;
    const session = await engine.createSession();
    // Only pairs where the model called A's tool: that is the context that should not stick.
    if (!(await askAndAnswer(session, a.query, a.key))) continue;
    pairs++;
    const { sent: inSession, withText: inSessionText } = await sentWithTextFor(session, b.query);
    const { sent: fresh, withText: freshText } = await sentWithTextFor(await engine.createSession(), b.query);
    if (inSessionText.has(a.key)) counts.aInSessionText++;
    if (freshText.has(a.key)) counts.aFreshText++;
    if (inSession.has(b.key)) counts.bInSession++;
    if (inSession.has(a.key)) counts.aInSession++;
    if (fresh.has(b.key)) counts.bFresh++;
    if (fresh.has(a.key)) counts.aFresh++;
  }
  return {
    pairs,
    inSession: {
      bToolSent: counts.bInSession / pairs,
      aToolStillSent: counts.aInSession / pairs,
      aToolStillSentWithText: counts.aInSessionText / pairs,
    },
    fresh: {
      bToolSent: counts.bFresh / pairs,
      aToolSent: counts.aFresh / pairs,
      aToolSentWithText: counts.aFreshText / pairs,
    },
  };
}

/** Follow-ups after a MetaTool query whose tool the model called: how often that tool is still sent. */
export async function followUps(
  catalog: Catalog,
  queries: readonly { query: string; key: string }[],
): Promise<{ readonly cases: number; readonly kept: number }> {
  const engine = await newEngine(catalog);
  const prng = new Prng(7);
  let cases = 0;
  let kept = 0;
  for (let tries = 0; cases < 300 && tries < 6_000; tries++) {
    const a = queries[Math.floor(prng.next() * queries.length)] as { query: string; key: string };
    const session = await engine.createSession();
    if (!(await askAndAnswer(session, a.query, a.key))) continue;
    const followUp = FOLLOW_UPS[cases % FOLLOW_UPS.length] as string;
    cases++;
    if ((await sentFor(session, followUp)).has(a.key)) kept++;
  }
  return { cases, kept: kept / cases };
}

/** The continuity case, on a small catalog about a web service's code. */
export async function authServiceCase(): Promise<boolean> {
  const engine = await createEngine({
    model: 'gpt-4o-mini',
    contextWindow: 16_000,
    store: new MemoryStore(),
    catalog: {
      references: [
        {
          name: 'AuthService',
          description: 'The authentication service: login, sessions and tokens',
          content: 'class AuthService { login(user, password) { … } }',
          include: 'agent',
        },
        {
          name: 'BillingService',
          description: 'Invoices and payments',
          content: 'class BillingService { charge(account) { … } }',
          include: 'agent',
        },
      ],
      rules: [
        {
          name: 'Logging',
          description: 'How to log requests',
          content: 'One line per request.',
          include: 'agent',
        },
      ],
    },
  });
  const session = await engine.createSession();
  await session.commit(await session.prepare('Working on AuthService'), 'Sure, what do you need?');
  return (await sentFor(session, 'Now I need to add validation')).has('reference:AuthService');
}

async function main(): Promise<void> {
  const { catalog, queries: all } = loadMetaTool();
  // The rules were developed on pairs of the even-numbered dev queries; the figures come from the odd ones.
  const queries = all.filter((_, i) => i % 2 === 1);
  const started = performance.now();
  const shift = await topicShift(catalog, queries);
  const follow = await followUps(catalog, queries);
  const authService = await authServiceCase();
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const results = {
    topicShift: {
      pairs: shift.pairs,
      inSession: {
        bToolSent: round(shift.inSession.bToolSent),
        aToolStillSent: round(shift.inSession.aToolStillSent),
        aToolStillSentWithText: round(shift.inSession.aToolStillSentWithText),
      },
      fresh: {
        bToolSent: round(shift.fresh.bToolSent),
        aToolSent: round(shift.fresh.aToolSent),
        aToolSentWithText: round(shift.fresh.aToolSentWithText),
      },
      // Light mode's name-only cards reach far down the ranking, where B's own words often find A's tool (see
      // `fresh`): what must stay small is what the earlier subject adds to that, and A's tool among the cards with
      // text, the ones the model reads.
      targets: {
        aToolStillSentAboveFreshAtMost: 0.05,
        aToolStillSentWithTextAtMost: 0.05,
        bToolSentAtLeastFresh: true,
      },
    },
    continuity: {
      metaToolFollowUps: { cases: follow.cases, toolKept: round(follow.kept) },
      seed002AuthService: authService,
    },
    totalSeconds: round((performance.now() - started) / 1000),
  };
  console.log(JSON.stringify(results, null, 2));
  const file = fileURLToPath(new URL('./topic-results.json', import.meta.url));
  writeFileSync(file, toJson(results));
  console.log(`\nResults written to ${file}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
