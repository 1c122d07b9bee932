import { type ContextPlan, type PlanInput, planContext } from '../../planner/index.js';
import { promptBudget } from '../../planner/phases/index.js';
import { defaultRecallThreshold } from '../../recall/index.js';
import type { RetrievalSet } from '../../retrieval/index.js';
import type { ContextMode, TurnStep, UserMessage } from '../../session/index.js';
import type { EngineContext } from '../context.js';
import { recordForPlanning, reuseOf } from '../earned-turn.js';
import type { TurnHistory } from '../long-history.js';
import { buildPlanInput } from '../plan-input.js';
import { requestContextFromPlan } from '../request-context.js';
import type { RequestSources } from '../request-sources.js';
import type { TurnMode } from '../turn-mode.js';
import type { SessionCore } from './core.js';
import type { PreparedTurn } from './types.js';

// One request of a turn, top to bottom: the sources gathered for it, the budget, the plan input, the plan, and the
// provider request rendered from it. `prepare`, `continue` and `estimate` differ only in what they feed in.

/** The room history is compressed into before a turn is planned, and what it leaves to agent items. */
export interface TurnBudget {
  /** The context window less the reserved output. */
  readonly available: number;
  /** What the plan will leave to agent items under history's high-water mark: none when the mode retrieves none. */
  readonly reserve: number;
}

/**
 * The turn's budget, computed once with the planner's own arithmetic (`promptBudget`). Compression sizes history by
 * the window before calibration; the planner shrinks the same window by the calibration its input carries.
 */
export function turnBudget(engine: EngineContext<unknown>, mode: ContextMode): TurnBudget {
  const { window: available } = promptBudget(engine.contextWindow, engine.reservedOutput);
  // Retrieval runs unless the mode is off: the planner then keeps the agent items' share out of history.
  const reserve = mode === 'off' ? 0 : Math.floor(available * engine.modeLimits[mode].maxShare);
  return { available, reserve };
}

/** What one request is planned from: the turn's mode, the user's message, its steps so far, history and sources. */
export interface RequestInput {
  readonly mode: TurnMode;
  readonly userMessage: UserMessage;
  readonly steps: readonly TurnStep[];
  readonly history: TurnHistory;
  readonly sources: RequestSources;
}

/**
 * The planner's input for one request, built in one place: the candidates of the session, its pins and what the
 * sources offer; the capsules of its references; the query cluster; then activation and calibration.
 */
export function planInputOf<R>(core: SessionCore<R>, request: RequestInput): PlanInput {
  const { engine } = core;
  const { userMessage, steps, history, sources, mode } = request;
  const { retrievalSet, memory, recall, cluster } = sources;
  const reuse = reuseOf(engine, core.record, cluster?.value);
  // Leases of the cluster the conversation left, and earned leases of a subject it left, are not planned with,
  // though they end only when the turn commits.
  const input = buildPlanInput(
    {
      record: recordForPlanning(
        engine.catalog,
        cluster ? cluster.enter(core.record).record : core.record,
        userMessage.content,
        retrievalSet,
      ),
      mode: mode.mode,
      turns: core.turns,
      turnOfMessage: core.turnOfMessage,
      catalog: engine.catalog,
      candidates: engine.candidates,
      contextWindow: engine.contextWindow,
      reservedOutput: engine.reservedOutput,
      modeLimits: engine.modeLimits,
      systemParts: core.systemParts(),
      memoryShare: engine.memories.limits.maxShare,
      recallShare: engine.recallShare,
      recallThreshold: engine.recallThreshold ?? defaultRecallThreshold(userMessage.content),
      historyFields: core.history.planFields(history, core.record, core.turnOfMessage),
      redactions: (input) => core.redaction.summary(input),
    },
    { userMessage, steps, retrievalSet, memory, recall, ...(reuse && { reuse }) },
  );
  const capsules = engine.capsules?.(input, engine.catalog);
  return engine.reflection.planInput(
    {
      ...input,
      ...(mode.auto && { auto: mode.auto }),
      ...(cluster && { queryCluster: cluster.value.id }),
      ...(capsules?.length ? { capsules } : {}),
    },
    core.record,
    retrievalSet?.followUp ?? true,
  );
}

/** Plans the request and renders it for the provider. */
export function renderRequest<R>(
  core: SessionCore<R>,
  input: PlanInput,
  request: Pick<RequestInput, 'userMessage' | 'steps'>,
  retrievalSet: RetrievalSet | null,
): PreparedTurn<R> {
  const plan: ContextPlan = planContext(input);
  return Object.freeze({
    sessionId: core.id,
    plan,
    request: core.engine.render(plan),
    requestContext: requestContextFromPlan(plan, core.engine.now()),
    retrievalSet,
    userMessage: request.userMessage,
    steps: request.steps,
  });
}
