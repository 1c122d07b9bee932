import {
  createEngine,
  type Engine,
  type OpenAIChatRequest,
  type OpenAIMessage,
  type PlanInput,
  type PreparedTurn,
  planContext,
  renderOpenAIChat,
  type Session,
} from '@ctxkit/core';
import type { SentMessage, SentRequest } from '../checks/index.js';
import { type Scenario, SYSTEM_PROMPT, type TurnFixture } from '../fixtures/index.js';
import type { PeerRequest } from '../prompt/index.js';
import type { Fitter } from './types.js';

export const CTXKIT_SETUP = {
  model: 'gpt-4o',
  /** The budget is `contextWindow − reservedOutput`: the window is set to budget + this. */
  reservedOutput: 4_096,
  mode: 'light',
  encoding: 'o200k_base',
} as const;

type Turn = PreparedTurn<OpenAIChatRequest>;

export interface CtxkitBench {
  readonly engine: Engine;
  readonly session: Session<OpenAIChatRequest>;
  readonly budget: number;
}

/**
 * An engine over the scenario's catalog with the default o200k_base counter, a deterministic clock and ids, and
 * a session holding its `always` items plus the `manual` ones the scenario adds, with the whole conversation
 * played through the public API (prepare → continue with the tool results → commit), as a chat app would.
 */
export async function createCtxkitBench(scenario: Scenario, budget: number): Promise<CtxkitBench> {
  let clock = Date.UTC(2026, 0, 1);
  let nextId = 0;
  const engine = await createEngine({
    catalog: scenario.catalog.input,
    model: CTXKIT_SETUP.model,
    contextWindow: budget + CTXKIT_SETUP.reservedOutput,
    reservedOutput: CTXKIT_SETUP.reservedOutput,
    defaultMode: CTXKIT_SETUP.mode,
    systemPrompt: SYSTEM_PROMPT,
    now: () => {
      clock += 1_000;
      return new Date(clock);
    },
    newId: () => `id-${(++nextId).toString(36)}`,
  });
  const session = await engine.createSession({ title: 'Peers side by side' });
  for (const ref of scenario.catalog.addedToSession) await session.addItem(ref);
  for (const turn of scenario.turns) await playTurn(session, turn);
  return { engine, session, budget };
}

export async function playTurn(session: Session<OpenAIChatRequest>, turn: TurnFixture): Promise<Turn> {
  let prepared = await session.prepare(turn.user);
  const first = prepared;
  if (turn.toolRound) {
    const { preamble, calls } = turn.toolRound;
    prepared = await session.continue(
      prepared,
      {
        content: preamble,
        toolCalls: calls.map(({ id, name, arguments: args }) => ({ id, name, arguments: args })),
      },
      calls.map((call) => ({ toolCallId: call.id, content: call.result })),
    );
  }
  await session.commit(prepared, turn.reply);
  return first;
}

function toSent(message: OpenAIMessage): SentMessage {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return {
        role: 'user',
        content:
          typeof message.content === 'string'
            ? message.content
            : message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content ?? '',
        ...(message.tool_calls && {
          toolCalls: message.tool_calls.map((call) => ({
            id: call.id,
            name: call.function.name,
            arguments: call.function.arguments,
          })),
        }),
      };
    case 'tool':
      return { role: 'tool', toolCallId: message.tool_call_id, content: message.content };
  }
}

export function sentOfOpenAI(request: OpenAIChatRequest): SentRequest {
  return {
    messages: request.messages.map(toSent),
    tools: (request.tools ?? []).map(({ function: tool }) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
    })),
  };
}

/** `session.prepare(message)`: retrieval, candidates, the plan and the OpenAI request; rolled back, untimed. */
export function ctxkitPrepare(bench: CtxkitBench): Fitter<Turn> {
  return {
    name: 'ctxkit prepare',
    budget: bench.budget,
    fit: (request) => bench.session.prepare(request.query),
    sent: (turn) => sentOfOpenAI(turn.request),
    release: (turn) => {
      if (!bench.session.rollback(turn)) throw new Error('ctxkit refused to roll the prepared turn back');
    },
  };
}

/**
 * The planner and renderer alone, `renderOpenAIChat(planContext(input))`, on the stored input of one real request
 * (the same work as the peers' budget fitting, without retrieval and without building the candidates).
 */
export function ctxkitPlanRender(input: PlanInput, budget: number): Fitter<OpenAIChatRequest> {
  return {
    name: 'ctxkit planContext + render',
    budget,
    fit: async () => renderOpenAIChat(planContext(input), { model: CTXKIT_SETUP.model }),
    sent: sentOfOpenAI,
  };
}

/** Plays one more plain turn and returns the stored input its request was planned from. */
export async function plannedInput(bench: CtxkitBench, query: string): Promise<PlanInput> {
  const prepared = await playTurn(bench.session, { user: query, reply: 'Done.' });
  const stored = await bench.engine.store.getPlan(prepared.plan.id);
  if (!stored) throw new Error(`plan ${prepared.plan.id} was not stored`);
  return stored.input;
}

/**
 * What retrieval returns for a message within the context mode's top-k and minimum score, best first: the
 * items the peers receive as "retrieved" (see PeerPrompt). Prepared and rolled back, so nothing changes.
 */
export async function retrievedFor(bench: CtxkitBench, query: string): Promise<PeerRequest> {
  const limits = bench.engine.modeLimits[CTXKIT_SETUP.mode];
  const turn = await bench.session.prepare(query);
  bench.session.rollback(turn);
  const hits = (turn.retrievalSet?.hits ?? [])
    .filter((hit) => hit.rank <= limits.topK && hit.score >= limits.minScore)
    .sort((a, b) => a.rank - b.rank);
  return { query, retrieved: hits.map((hit) => hit.key) };
}
