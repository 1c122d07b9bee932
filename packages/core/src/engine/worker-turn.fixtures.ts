import { createEngine, type OpenAIChatRequest, type RequestContext } from '../index.js';
import { demoCatalog } from './engine.fixtures.js';

/** What one turn produced, as plain data: it crosses `postMessage` by structured clone. */
export interface WorkerTurnResult {
  readonly sessionId: string;
  readonly planId: string;
  readonly included: readonly { readonly id: string; readonly tokens: number }[];
  readonly requestContext: RequestContext;
  readonly request: OpenAIChatRequest;
  /** The plan id the committed reply was stored with. */
  readonly committedPlanId: string | undefined;
}

/**
 * Plans, renders and commits one turn through the public API, with the real o200k_base tokenizer, a fixed clock
 * and sequential ids, so the same text gives the same result in any thread and any runtime.
 */
export async function runWorkerTurn(userText: string): Promise<WorkerTurnResult> {
  let id = 0;
  const engine = await createEngine({
    catalog: demoCatalog,
    model: 'gpt-4o-mini',
    contextWindow: 8_000,
    reservedOutput: 1_000,
    tokenizer: 'o200k_base',
    // Agent items in full, so the request shows the schema's text itself rather than its card.
    modeLimits: { light: { shape: 'full' } },
    now: () => new Date(Date.UTC(2026, 0, 1)),
    newId: () => `id-${++id}`,
  });
  const session = await engine.createSession();
  const turn = await session.prepare(userText);
  const { assistantMessage } = await session.commit(turn, 'Done.');
  return {
    sessionId: turn.sessionId,
    planId: turn.plan.id,
    included: turn.plan.included.map((entry) => ({ id: entry.candidate.id, tokens: entry.candidate.tokens })),
    requestContext: turn.requestContext,
    request: turn.request,
    committedPlanId: assistantMessage.requestContext?.planId,
  };
}
