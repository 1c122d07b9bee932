import {
  type Engine,
  type ModelAnswer,
  type ModelReply,
  type OpenAIChatRequest,
  type PreparedTurn,
  runTurn,
  type ToolApproval,
  type ToolCall,
  type ToolResultInput,
  type Usage,
} from '@ctxkit/core';
import { localResponder, openAIResponder, type ResponderEvent } from '../responder/index.js';
import { type DemoSettings, LOCAL_MODEL, NEW_SESSION_TITLE, titleFromMessage } from '../settings/index.js';
import { defaultToolContext, demoToolFor, runToolCall, type ToolContext } from '../tools/index.js';

/** The user's decision on a tool call, as the core records it on the call's result. */
export type ApprovalDecision = ToolApproval;

/**
 * Asks the user about tool calls; resolves with a decision for each call id (a call left out is denied). Rejects
 * when `signal` aborts (the user pressed Stop).
 */
export type ApproveToolCalls = (
  calls: readonly ToolCall[],
  signal: AbortSignal,
) => Promise<Readonly<Record<string, ApprovalDecision>>>;

/** A tool call's result as the turn records it; `approval` only where the user was asked. */
export type ToolCallResult = ToolResultInput;

/** A call the user did not allow: the model reads this as its result. */
export const DENIED_CONTENT = 'The user did not allow this call.';

/** How many times one turn may go back to the model with tool results before its reply is committed as it is. */
export const MAX_TOOL_ROUNDS = 4;

export interface SendOptions {
  readonly engine: Engine;
  readonly sessionId: string;
  readonly text: string;
  readonly settings: DemoSettings;
  /** The reply so far, each time a chunk arrives (the current request's, from empty at each tool round). */
  readonly onText: (replySoFar: string) => void;
  /** Decides about tool calls that need the user's approval; without it they are denied. */
  readonly approve?: ApproveToolCalls;
  readonly signal?: AbortSignal;
  /** Pause between the local responder's chunks. */
  readonly chunkDelayMs?: number;
  /** The clock and time zone the tools read (tests fix them). */
  readonly toolContext?: ToolContext;
  /** Ids of the local responder's tool calls (tests fix them). */
  readonly newCallId?: () => string;
}

/** Whether a call waits for the user: every call of a demo tool, except trustable ones when the setting allows. */
export function needsApproval(
  call: Pick<ToolCall, 'name'>,
  settings: Pick<DemoSettings, 'autoApproveSafeTools'>,
) {
  const tool = demoToolFor(call.name);
  return tool !== undefined && !(tool.trustable && settings.autoApproveSafeTools);
}

/**
 * The results of a reply's tool calls, in call order. A call that cannot run (arguments that were not JSON, a tool
 * the request did not offer, one the demo does not have) gets its error without asking anyone; the others that need
 * approval are put to the user together, then the approved ones run and the denied ones get `DENIED_CONTENT`.
 */
export async function runToolCalls({
  calls,
  badArguments = {},
  offered,
  settings,
  approve,
  signal,
  toolContext = defaultToolContext(),
}: {
  readonly calls: readonly ToolCall[];
  readonly badArguments?: Readonly<Record<string, string>>;
  /** The request names of the tools the request offered. */
  readonly offered: ReadonlySet<string>;
  readonly settings: Pick<DemoSettings, 'autoApproveSafeTools'>;
  readonly approve?: ApproveToolCalls;
  readonly signal: AbortSignal;
  readonly toolContext?: ToolContext;
}): Promise<ToolCallResult[]> {
  const refusal = (call: ToolCall): string | null => {
    const bad = badArguments[call.id];
    if (bad !== undefined) return bad;
    if (!offered.has(call.name)) return `“${call.name}” was not offered in this request.`;
    if (!demoToolFor(call.name)) return `The demo cannot run “${call.name}”: it has no such tool.`;
    return null;
  };
  const asked = calls.filter((call) => refusal(call) === null && needsApproval(call, settings));
  let decisions: Readonly<Record<string, ApprovalDecision>> = {};
  if (asked.length > 0 && approve) decisions = await approve(asked, signal);
  signal.throwIfAborted();
  return calls.map((call): ToolCallResult => {
    const refused = refusal(call);
    if (refused !== null) return { toolCallId: call.id, content: refused, isError: true };
    const approval = asked.includes(call)
      ? decisions[call.id] === 'approved'
        ? 'approved'
        : 'denied'
      : undefined;
    if (approval === 'denied')
      return { toolCallId: call.id, content: DENIED_CONTENT, isError: true, approval: 'denied' };
    const outcome = runToolCall(call, toolContext);
    return {
      toolCallId: call.id,
      content: outcome.content,
      ...(outcome.isError && { isError: true }),
      ...(approval && { approval }),
    };
  });
}

interface Answer extends ModelAnswer {
  readonly badArguments: Readonly<Record<string, string>>;
}

/**
 * One turn, through the core's host loop: plan it, ask the configured responder; while its reply calls tools, run
 * them (after the user's approval where needed) and ask again, at most MAX_TOOL_ROUNDS times, after which the reply
 * is committed as text saying what it asked for; then commit the reply with the usage the server reported. A
 * session another tab moved on is opened again once. Any failure, or Stop, rolls the turn back, so nothing of it
 * is stored, and is rethrown for the UI.
 */
export async function sendMessage({
  engine,
  sessionId,
  text,
  settings,
  onText,
  approve,
  signal,
  chunkDelayMs,
  toolContext,
  newCallId,
}: SendOptions): Promise<{ readonly assistantMessageId: string }> {
  const ask = async (turn: PreparedTurn): Promise<Answer> => {
    const events: AsyncIterable<ResponderEvent> = settings.endpoint
      ? // The request is for the model the picker chose (the engine's), the endpoint's own until it is changed.
        openAIResponder(
          { ...settings.endpoint, model: turn.request.model },
          turn.request,
          signal ? { signal } : {},
        )
      : localResponder(
          {
            userText: text,
            requestContext: turn.requestContext,
            plan: turn.plan,
            catalog: engine.catalog,
            request: turn.request,
          },
          {
            ...(signal ? { signal } : {}),
            ...(chunkDelayMs === undefined ? {} : { chunkDelayMs }),
            ...(newCallId ? { newCallId } : {}),
          },
        );
    let content = '';
    let usage: Usage | undefined;
    let model = settings.endpoint ? turn.request.model : LOCAL_MODEL;
    let calls: readonly ToolCall[] = [];
    let badArguments: Readonly<Record<string, string>> = {};
    onText('');
    for await (const event of events) {
      if (event.type === 'text') {
        content += event.text;
        onText(content);
      } else if (event.type === 'usage') usage = event.usage;
      else if (event.type === 'tool-calls') {
        calls = [...calls, ...event.calls];
        badArguments = { ...badArguments, ...event.badArguments };
      } else model = event.model;
    }
    const reply: ModelReply = { content, ...(calls.length > 0 && { toolCalls: calls }), model };
    return { reply, usage, badArguments };
  };
  const outcome = await runTurn<OpenAIChatRequest, Answer>({
    engine,
    sessionId,
    text,
    maxRounds: MAX_TOOL_ROUNDS,
    onRoundLimit: 'commit-with-note',
    onStale: 'reopen',
    ...(signal ? { signal } : {}),
    callModel: (turn) => ask(turn),
    runTools: (calls, context) =>
      runToolCalls({
        calls,
        badArguments: context.answer.badArguments,
        offered: new Set((context.turn.request.tools ?? []).map((tool) => tool.function.name)),
        settings,
        ...(approve ? { approve } : {}),
        signal: context.signal,
        ...(toolContext ? { toolContext } : {}),
      }),
  });
  if (outcome.status !== 'committed') throw outcome.error;
  const { session } = outcome;
  if (
    session.record.title === NEW_SESSION_TITLE &&
    session.messages.filter((message) => message.role === 'user').length <= 1
  )
    await session.setTitle(titleFromMessage(text)).catch(() => {}); // a title is a nicety, never a failed turn
  return { assistantMessageId: outcome.result.assistantMessage.id };
}
