import {
  type AgentSelector,
  createEngine,
  createLexicalSelector,
  type Engine,
  itemKey,
  type OpenAIChatRequest,
  type PlanInput,
  type PreparedTurn,
  type RedactionOptions,
  type Session,
} from '../src/index.js';
import { type CatalogFixture, type ScriptedTurn, SYSTEM_PROMPT } from './fixtures.js';

export const ENGINE_SETUP = {
  model: 'gpt-4o',
  contextWindow: 128_000,
  reservedOutput: 4_096,
  mode: 'light',
  encoding: 'o200k_base',
} as const;

export type BenchSession = Session<OpenAIChatRequest>;
export type BenchTurn = PreparedTurn<OpenAIChatRequest>;

export interface Bench {
  readonly engine: Engine;
  readonly session: BenchSession;
  /** The engine's selector (the default lexical one), held here so it can be timed on its own. */
  readonly selector: AgentSelector;
}

/**
 * An engine over the fixture catalog with the real o200k_base tokenizer (the default), a deterministic clock and
 * deterministic ids, and a new session holding the catalog's `always` items plus a few `manual` ones.
 */
export async function createBench(
  catalog: CatalogFixture,
  extra: { readonly redaction?: RedactionOptions } = {},
): Promise<Bench> {
  const selector = createLexicalSelector();
  let clock = Date.UTC(2025, 0, 1);
  let nextId = 0;
  const engine = await createEngine({
    catalog: catalog.input,
    model: ENGINE_SETUP.model,
    contextWindow: ENGINE_SETUP.contextWindow,
    reservedOutput: ENGINE_SETUP.reservedOutput,
    defaultMode: ENGINE_SETUP.mode,
    systemPrompt: SYSTEM_PROMPT,
    selector,
    now: () => {
      clock += 1_000;
      return new Date(clock);
    },
    newId: () => `id-${(++nextId).toString(36)}`,
    ...extra,
  });
  const session = await engine.createSession({ title: 'Benchmark' });
  for (const ref of catalog.manualForSession) await session.addItem(ref);
  return { engine, session, selector };
}

let callCounter = 0;

/** One turn through the public API: `prepare`, `continue` with the tool result if the model calls a tool, `commit`. */
export async function playTurn(session: BenchSession, turn: ScriptedTurn): Promise<BenchTurn> {
  const prepared = await session.prepare(turn.user);
  let last = prepared;
  if (turn.toolCall) {
    const id = `call_${++callCounter}`;
    const { name, arguments: args, preamble, result } = turn.toolCall;
    last = await session.continue(
      prepared,
      { content: preamble, toolCalls: [{ id, name, arguments: args }] },
      [{ toolCallId: id, content: result }],
      { inputTokens: prepared.plan.budget.used },
    );
  }
  await session.commit(last, turn.reply, { inputTokens: last.plan.budget.used, outputTokens: 200 });
  return prepared;
}

/** The stored input of a committed plan: exactly what `prepare` planned from. */
export async function storedInput(engine: Engine, planId: string): Promise<PlanInput> {
  const stored = await engine.store.getPlan(planId);
  if (!stored) throw new Error(`plan ${planId} was not stored`);
  return stored.input;
}

/** What the session excludes from retrieval: the items already in its context (it has no pins here). */
export function retrievalExclusions(session: BenchSession): Set<string> {
  return new Set(session.contextItems.map(itemKey));
}
