import { TransactionError } from '../../errors/index.js';
import type { ContextPlan } from '../../planner/index.js';
import type { ModelReply, ToolResultMessage, Usage, UserMessage } from '../../session/index.js';
import { readSuggestions } from '../../suggestions/lazy.js';
import { estimateDraft } from '../estimate.js';
import { callingReply } from '../reply.js';
import { type AskingSession, gatherSources, recallFor, selectItems } from '../request-sources.js';
import { checkPrepareOptions, checkUserText, type PrepareOptions } from '../session-input.js';
import { checkToolResults, type ToolResultInput } from '../tool-results.js';
import { type TurnMode, turnModeOf } from '../turn-mode.js';
import { storedPlanOf, usageReportOf } from '../turn-records.js';
import { checkUsage } from '../usage-input.js';
import type { SessionCore } from './core.js';
import { planInputOf, renderRequest, turnBudget } from './pipeline.js';
import { PREPARING, type PreparedTurn } from './types.js';

// Opening a turn and extending it through a tool loop. Each request runs the same pipeline: sources, budget, plan
// input, plan, render.

/** Plans and renders the request for a new user message, opening the turn. */
export async function prepareTurn<R>(
  core: SessionCore<R>,
  userText: string,
  options?: PrepareOptions,
): Promise<PreparedTurn<R>> {
  const attachments = checkPrepareOptions(options);
  checkUserText(userText, attachments.length > 0);
  const { engine } = core;
  if (core.open !== null) {
    throw new TransactionError(
      `Session '${core.id}' already has a turn open; commit or roll it back before preparing another.`,
    );
  }
  engine.stale.check(core.owner, core.id);
  core.open = PREPARING;
  try {
    if (core.measured) await core.measured;
    const id = engine.newId();
    // Secrets go first, so that content stored once (a large paste) is stored redacted too.
    const redacted = core.redaction.message<UserMessage>({
      id,
      role: 'user',
      content: userText,
      createdAt: engine.now(),
      ...(attachments.length > 0 && { attachments }),
    });
    // The mode is settled before history is sized, since it decides the share agent items keep.
    const mode = turnModeOf(core, redacted.content);
    const budget = turnBudget(engine, mode.mode);
    const compressed = await core.history.prepare({
      sessionId: core.id,
      record: core.record,
      turns: core.turns,
      turnOf: core.turnOfMessage,
      ...budget,
      newId: engine.newId,
      now: engine.now,
    });
    const compacted = await core.history.compact(compressed, redacted.content, false);
    const history = compacted.turn;
    const userMessage: UserMessage = { ...redacted, content: compacted.text };
    const sources = await gatherSources(engine, asking(core, mode), userMessage.content);
    const input = planInputOf(core, { mode, userMessage, steps: [], history, sources });
    const prepared = renderRequest(core, input, { userMessage, steps: [] }, sources.retrievalSet);
    core.open = {
      ...(sources.cluster && { cluster: sources.cluster }),
      mode,
      prepared,
      pinIds: new Set(core.record.pins.map((pin) => pin.id)),
      steps: [],
      plans: [storedPlanOf(prepared.plan, input, core.record)],
      usage: [],
      history,
      recall: sources.recall,
      suggestions: [],
    };
    engine.pending.opened(core.id, prepared.userMessage);
    return prepared;
  } catch (error) {
    core.open = null;
    throw error;
  }
}

/** The plan a request for this draft would get now, without opening a turn, writing, or asking the summarizer. */
export async function estimateTurn<R>(
  core: SessionCore<R>,
  draftText: string,
  options?: PrepareOptions,
): Promise<ContextPlan> {
  const attachments = checkPrepareOptions(options);
  const { engine } = core;
  const history = core.history.current(core.record, core.turnOfMessage);
  const memory = await engine.memories.offeredTo(core.record);
  // A draft that is not text is refused by estimateDraft, naming it. Automatic mode chooses for the draft as it would
  // for the message, so the meter shows what sending it would take.
  const mode = typeof draftText === 'string' ? turnModeOf(core, draftText) : { mode: 'light' as const };
  const session = asking(core, mode);
  const recall = typeof draftText === 'string' ? await recallFor(engine, session, draftText) : [];
  return estimateDraft(
    draftText,
    {
      select: (query) => selectItems(engine, session, query, true),
      planInput: (userMessage, retrievalSet) =>
        planInputOf(core, {
          mode,
          userMessage,
          steps: [],
          history,
          sources: { retrievalSet, memory, recall },
        }),
      now: engine.now,
    },
    attachments,
  );
}

/** Records the model's reply with its tool calls and their results, and prepares the turn's next request. */
export async function continueTurn<R>(
  core: SessionCore<R>,
  prepared: PreparedTurn<R>,
  reply: ModelReply,
  toolResults: readonly ToolResultInput[],
  usage?: Usage,
): Promise<PreparedTurn<R>> {
  const { engine } = core;
  checkUsage(usage);
  // Read before the turn is checked: nothing below awaits, so no other call can slip in between.
  const memory = await engine.memories.offeredTo(core.record);
  const open = core.requireOpen(prepared, 'continue');
  const modelReply = callingReply(reply);
  const calls = modelReply.toolCalls ?? [];
  const byId = checkToolResults(calls, toolResults);

  const parsed = await readSuggestions(modelReply.content);
  const assistant = core.assistantMessage(
    parsed ? { ...modelReply, content: parsed.content } : modelReply,
    prepared,
  );
  let history = open.history;
  const results: ToolResultMessage[] = [];
  for (const call of calls) {
    const result = byId.get(call.id) as ToolResultInput;
    const redacted = core.redaction.message<ToolResultMessage>({
      id: engine.newId(),
      role: 'tool',
      createdAt: engine.now(),
      toolCallId: call.id,
      toolName: call.name,
      content: result.content,
      ...(result.isError && { isError: true }),
      ...(result.approval && { approval: result.approval }),
    });
    const compacted = await core.history.compact(history, redacted.content, true);
    history = compacted.turn;
    results.push({ ...redacted, content: compacted.text });
  }
  if (core.open !== open || core.committing)
    throw new TransactionError(`Cannot continue: the turn changed while storing its tool results.`);
  const steps = [...open.steps, assistant, ...results];
  // Everything is planned afresh (pins, session items or the workspace may have changed during the tool loop);
  // only retrieval is kept, since it answers the user's message, which has not changed.
  const { retrievalSet, userMessage } = prepared;
  const sources = {
    retrievalSet,
    memory,
    recall: open.recall,
    ...(open.cluster && { cluster: open.cluster }),
  };
  const input = planInputOf(core, { mode: open.mode, userMessage, steps, history, sources });
  const next = renderRequest(core, input, { userMessage, steps }, retrievalSet);
  core.open = {
    ...open,
    prepared: next,
    steps,
    plans: [...open.plans, storedPlanOf(next.plan, input, core.record)],
    usage: [...open.usage, usageReportOf(prepared.plan, usage, modelReply, engine.model)],
    history,
    suggestions: parsed ? [...open.suggestions, { parsed, messageId: assistant.id }] : open.suggestions,
  };
  return next;
}

/** The session as retrieval and recall see it for one turn: in the mode the turn is planned in. */
function asking<R>(core: SessionCore<R>, { mode }: TurnMode): AskingSession {
  return { id: core.id, record: core.record, mode, messages: core.messages };
}
