import {
  type AttachmentInput,
  driveTurn,
  type Engine,
  type ErrorIssue,
  type HostTurn,
  type ModelAnswer,
  openTurn,
  type PreparedTurn,
  type Session,
  type ToolCall,
  type ToolResultInput,
  type TurnOutcome,
  type Usage,
} from '@ctxkit/core';
import {
  checkFunction,
  checkId,
  checkKnownFields,
  describe,
  isRecord,
  throwIfAny,
} from '@ctxkit/core/validation';
import {
  type ChatRequestOptions,
  type ChatTransport,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  streamText,
  type Tool,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { argumentsObject, attachmentsOfUiMessage, promptOfRequest } from './convert.js';
import { type CtxkitMessageMetadata, describeError } from './metadata.js';
import { CtxkitToolResult } from './tool-result.js';
import { replyIdOf } from './ui-messages.js';
import { usageOf } from './usage.js';
import { checkEngine } from './validate.js';

/** A tool call the model made, with the catalog tool it names (when it names one). */
export interface CtxkitToolCall {
  readonly toolCallId: string;
  /** The name the model called: `<server>__<tool>` for catalog tools. */
  readonly functionName: string;
  /** The catalog tool's server and name, when the function name is one of the catalog's. */
  readonly serverName: string | undefined;
  readonly toolName: string | undefined;
  /** The parsed arguments. */
  readonly input: ToolCall['arguments'];
}

/**
 * Settings for every model call: sampling, output length, retries, headers. These are the settings `streamText` takes
 * in every supported AI SDK major (5, 6 and 7), so the type does not change with the major an app installed.
 */
export interface CtxkitCallSettings {
  /** Default: the engine's reserved output (the planned request's `max_completion_tokens`). */
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  readonly topP?: number;
  readonly topK?: number;
  readonly presencePenalty?: number;
  readonly frequencyPenalty?: number;
  readonly stopSequences?: readonly string[];
  readonly seed?: number;
  /** Retries of a failed call (the AI SDK's default: 2). */
  readonly maxRetries?: number;
  readonly headers?: Readonly<Record<string, string | undefined>>;
}

/**
 * Runs one tool call; its return value (a string as it is, anything else as JSON) is the result the model reads. Return
 * `toolResult(output, { approval })` to record the user's decision with it; a thrown error is an error result.
 */
export type CtxkitToolRunner = (
  call: CtxkitToolCall,
  options: { readonly abortSignal: AbortSignal },
) => unknown;

/**
 * What `useChat` sent with a message, for a `model` function: `body`, `headers` and `metadata` are those of
 * `sendMessage(message, { body, headers, metadata })` (or of `regenerate`). The transport runs in the browser, so
 * they reach no server; this is where an app reads them, e.g. the model its picker chose.
 */
export interface CtxkitModelRequest {
  /** `useChat`'s chat id. */
  readonly chatId: string;
  readonly trigger: 'submit-message' | 'regenerate-message';
  readonly body: object | undefined;
  readonly headers: Record<string, string> | Headers | undefined;
  readonly metadata: unknown;
}

/** The model of a message's turn, chosen from what `useChat` sent with it. */
export type CtxkitModelChooser = (request: CtxkitModelRequest) => LanguageModel;

export interface CtxkitTransportOptions {
  /** The engine (its default OpenAI renderer: the transport reads `turn.request`). */
  readonly engine: Engine;
  /** The session the chat starts in. Regenerating a reply moves the chat to a branch of it (see `sessionId`). */
  readonly sessionId: string;
  /**
   * The model to call: any AI SDK language model, e.g. `createOpenAICompatible({ … })('llama3.2')`; or a function
   * choosing one for each message from what `useChat` sent with it (`sendMessage(…, { body })`). A turn keeps its
   * model through its tool rounds.
   */
  readonly model: LanguageModel | CtxkitModelChooser;
  /** Runs the tools the model calls. Without it, a reply that calls a tool ends the turn with an error. */
  readonly runTool?: CtxkitToolRunner;
  /** How many tool rounds one message may take before the turn is abandoned. Default 8. */
  readonly maxToolRounds?: number;
  /** Called when the chat moves to another session: a branch made by regenerating a reply. */
  readonly onSessionChange?: (sessionId: string) => void;
  /** Passed to every model call. `maxOutputTokens` defaults to the engine's reserved output. */
  readonly settings?: CtxkitCallSettings;
}

const KNOWN = [
  'engine',
  'sessionId',
  'model',
  'runTool',
  'maxToolRounds',
  'onSessionChange',
  'settings',
] as const;

function checkOptions(options: unknown): asserts options is CtxkitTransportOptions {
  const issues: ErrorIssue[] = [];
  if (!isRecord(options)) {
    issues.push({ path: 'options', message: 'must be an object' });
    throwIfAny('Invalid ctxkit transport options', issues);
    return;
  }
  checkKnownFields(options, KNOWN, 'options', issues);
  checkEngine(options.engine, 'options.engine', issues);
  checkId(options.sessionId, 'options.sessionId', issues);
  if (typeof options.model !== 'function' && !isLanguageModel(options.model))
    issues.push({
      path: 'options.model',
      message: 'must be an AI SDK language model (or a model id string), or a function returning one',
    });
  checkFunction(options.runTool, 'options.runTool', issues, true);
  checkFunction(options.onSessionChange, 'options.onSessionChange', issues, true);
  if (options.settings !== undefined && !isRecord(options.settings))
    issues.push({
      path: 'options.settings',
      message: `must be an object, got ${describe(options.settings)}`,
    });
  const rounds = options.maxToolRounds;
  if (rounds !== undefined && !(typeof rounds === 'number' && Number.isSafeInteger(rounds) && rounds >= 1))
    issues.push({ path: 'options.maxToolRounds', message: 'must be a whole number of at least 1' });
  throwIfAny('Invalid ctxkit transport options', issues);
}

function isLanguageModel(model: unknown): model is LanguageModel {
  return (
    (typeof model === 'string' && model.trim() !== '') ||
    (isRecord(model) && typeof model.modelId === 'string')
  );
}

/** The text of a UI message: its text parts, in order. */
function textOf(message: UIMessage): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

function resultText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

interface ReplyRecord {
  readonly sessionId: string;
  readonly userMessageId: string;
}

/**
 * The ctxkit side of `useChat`: every message is planned by `session.prepare`, the model is called with the plan's
 * request, tool calls run through `session.continue`, and the reply is committed with the provider's usage. Stopping
 * rolls the turn back; regenerating a reply forks the session before that turn, so the earlier reply stays where it
 * was. Each assistant message carries `metadata.ctxkit` (session, message and plan ids) for `ContextDetails`.
 */
export class CtxkitChatTransport<UI_MESSAGE extends UIMessage = UIMessage<CtxkitMessageMetadata>>
  implements ChatTransport<UI_MESSAGE>
{
  readonly #options: CtxkitTransportOptions;
  #sessionId: string;
  /** UI message id (the user's message and the reply) → the turn they belong to. */
  readonly #turns = new Map<string, ReplyRecord>();
  /** The turn of the last message sent. */
  #latest: ReplyRecord | undefined;

  constructor(options: CtxkitTransportOptions) {
    checkOptions(options);
    this.#options = options;
    this.#sessionId = options.sessionId;
  }

  /** The session the next message goes to: the one given, or the branch the last regeneration made. */
  get sessionId(): string {
    return this.#sessionId;
  }

  async sendMessages(
    options: {
      trigger: 'submit-message' | 'regenerate-message';
      chatId: string;
      messageId: string | undefined;
      messages: UI_MESSAGE[];
      abortSignal: AbortSignal | undefined;
    } & ChatRequestOptions,
  ): Promise<ReadableStream<UIMessageChunk>> {
    const last = options.messages[options.messages.length - 1];
    const index = options.messages.length - 1;
    const issues: ErrorIssue[] = [];
    let attachments: AttachmentInput[] = [];
    if (last === undefined)
      issues.push({ path: 'messages', message: 'must hold the user message to answer' });
    else if (last.role !== 'user')
      issues.push({
        path: `messages[${index}].role`,
        message: 'the last message must be the user message to answer',
      });
    else {
      attachments = attachmentsOfUiMessage(last, `messages[${index}]`, issues);
      if (textOf(last).trim() === '' && attachments.length === 0)
        issues.push({ path: `messages[${index}].parts`, message: 'the user message has no text or file' });
    }
    const model = this.#modelFor(options, issues);
    throwIfAny('Invalid chat request', issues);
    const text = textOf(last as UI_MESSAGE);
    const session =
      options.trigger === 'regenerate-message' || options.messageId !== undefined
        ? await this.#branchFor(options.trigger, options.messageId, text, (last as UI_MESSAGE).id)
        : await this.#options.engine.openSession(this.#sessionId);
    const { maxToolRounds = 8 } = this.#options;
    // The loop's rounds are the tool rounds: this transport's limit counts model calls, one more.
    const turn = await openTurn({
      session,
      text,
      ...(attachments.length > 0 && { attachments }),
      maxRounds: maxToolRounds - 1,
      onRoundLimit: 'rollback',
    });
    return this.#stream(turn, model as LanguageModel, options.abortSignal, (last as UI_MESSAGE).id);
  }

  /** The model of this message's turn: the one given, or the one the app's function chose from the request. */
  #modelFor(
    options: { trigger: CtxkitModelRequest['trigger']; chatId: string } & ChatRequestOptions,
    issues: ErrorIssue[],
  ): LanguageModel | undefined {
    const { model } = this.#options;
    if (typeof model !== 'function') return model;
    const chosen: unknown = model({
      chatId: options.chatId,
      trigger: options.trigger,
      body: options.body,
      headers: options.headers,
      metadata: options.metadata,
    });
    if (isLanguageModel(chosen)) return chosen;
    issues.push({
      path: 'options.model()',
      message: `must return an AI SDK language model (or a model id string), got ${describe(chosen)}`,
    });
    return undefined;
  }

  async reconnectToStream(): Promise<ReadableStream<UIMessageChunk> | null> {
    // A turn streams from this tab's engine only: there is nothing to resume elsewhere.
    return null;
  }

  /** The session a regenerated reply is written to: a branch before the turn that wrote the reply, when it exists. */
  /**
   * The session a regenerated reply (or an edited message) is written to: a branch before the turn that is asked
   * again, so the earlier turn stays where it was. A turn that was stopped or failed left nothing to keep: its message
   * is simply asked again in the current session.
   */
  async #branchFor(
    trigger: 'submit-message' | 'regenerate-message',
    messageId: string | undefined,
    text: string,
    askedId: string,
  ): Promise<Session> {
    const engine = this.#options.engine;
    const current = await engine.openSession(this.#sessionId);
    const known = messageId === undefined ? this.#latest : this.#turns.get(messageId);
    let userMessageId: string | undefined;
    // Messages from `loadChat`/`toUIMessages` carry the stored ids: the user message asked again names its turn.
    const stored = trigger === 'regenerate-message' ? askedId : messageId;
    if (known?.sessionId === current.id) {
      userMessageId = known.userMessageId;
    } else if (current.messages.some((message) => message.id === stored && message.role === 'user')) {
      userMessageId = stored;
    } else if (trigger === 'regenerate-message') {
      // A reply this transport did not stream (the page was reloaded): the last turn, if it asked this message.
      const lastUser = [...current.messages].reverse().find((message) => message.role === 'user');
      if (lastUser?.role === 'user' && lastUser.content === text) userMessageId = lastUser.id;
    }
    // A turn that was stopped or failed was never stored: there is nothing to keep, so no branch.
    if (userMessageId === undefined || !current.messages.some((message) => message.id === userMessageId))
      return current;
    const branch = await engine.fork(current.id, userMessageId, { before: true });
    this.#sessionId = branch.id;
    this.#options.onSessionChange?.(branch.id);
    return branch;
  }

  #stream(
    turn: HostTurn,
    model: LanguageModel,
    signal: AbortSignal | undefined,
    userUiId: string,
  ): ReadableStream<UIMessageChunk> {
    const { engine, runTool, maxToolRounds = 8, settings = {} } = this.#options;
    const { stopSequences, ...callSettings } = settings;
    const { session } = turn;
    const first = turn.prepared;
    // One controller for Stop and for a reader that cancels: the host loop rolls the turn back when it aborts.
    const abort = new AbortController();
    const onAbort = () => abort.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    const replyId = replyIdOf(first.userMessage.id);
    const record: ReplyRecord = {
      sessionId: session.id,
      userMessageId: first.userMessage.id,
    };
    this.#turns.set(replyId, record);
    this.#turns.set(userUiId, record);
    this.#latest = record;

    let cancelled = false;
    const run = (stream: ReadableStreamDefaultController<UIMessageChunk>): Promise<TurnOutcome> => {
      // After the reader cancelled (useChat's stop), chunks have nowhere to go.
      const controller = {
        enqueue: (chunk: UIMessageChunk) => {
          if (!cancelled) stream.enqueue(chunk);
        },
      };
      const base = { sessionId: session.id, userMessageId: first.userMessage.id };
      controller.enqueue({
        type: 'start',
        messageId: replyId,
        messageMetadata: { ctxkit: { ...base, planId: first.plan.id } } satisfies CtxkitMessageMetadata,
      });
      const callModel = async (current: PreparedTurn, { round }: { round: number }): Promise<ModelAnswer> => {
        controller.enqueue({ type: 'start-step' });
        const tools: Record<string, Tool> = {};
        for (const definition of current.request.tools ?? []) {
          tools[definition.function.name] = {
            description: definition.function.description,
            inputSchema: jsonSchema(definition.function.parameters),
          };
        }
        const result = streamText({
          maxOutputTokens: current.request.max_completion_tokens,
          ...callSettings,
          ...(stopSequences && { stopSequences: [...stopSequences] }),
          model,
          messages: promptOfRequest(current.request, { bareFiles: true }) as ModelMessage[],
          allowSystemInMessages: true,
          tools,
          abortSignal: abort.signal,
          // Failures are read from the stream below and reported to the chat; nothing is logged.
          onError: () => {},
        });
        let content = '';
        let usage: Usage | undefined;
        let failure: unknown;
        let modelId: string = current.request.model;
        const calls: ToolCall[] = [];
        const textId = `text-${round}`;
        let textOpen = false;
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta' && part.text !== '') {
            if (!textOpen) controller.enqueue({ type: 'text-start', id: textId });
            textOpen = true;
            content += part.text;
            controller.enqueue({ type: 'text-delta', id: textId, delta: part.text });
          } else if (part.type === 'tool-call') {
            const call: ToolCall = {
              id: part.toolCallId,
              name: part.toolName,
              arguments: argumentsObject(part.input),
            };
            calls.push(call);
            controller.enqueue({
              type: 'tool-input-available',
              toolCallId: call.id,
              toolName: call.name,
              input: call.arguments,
              dynamic: true,
            });
          } else if (part.type === 'finish-step') {
            if (part.response.modelId) modelId = part.response.modelId;
          } else if (part.type === 'finish') {
            usage = usageOf(part.totalUsage);
          } else if (part.type === 'error') {
            failure = part.error;
          } else if (part.type === 'abort') {
            failure = abort.signal.reason ?? new DOMException('Aborted', 'AbortError');
          }
        }
        if (textOpen) controller.enqueue({ type: 'text-end', id: textId });
        if (abort.signal.aborted) throw abort.signal.reason ?? new DOMException('Aborted', 'AbortError');
        if (failure !== undefined) throw failure;
        if (calls.length > 0 && !runTool)
          throw new Error(`The model called ${calls[0]?.name}, but the transport has no runTool.`);
        return {
          reply: { content, ...(calls.length > 0 && { toolCalls: calls }), model: modelId },
          usage,
        };
      };
      const runTools = async (calls: readonly ToolCall[]): Promise<ToolResultInput[]> => {
        const results: ToolResultInput[] = [];
        for (const call of calls)
          results.push(await this.#runTool(engine, runTool, call, abort.signal, controller));
        controller.enqueue({ type: 'finish-step' });
        return results;
      };
      return driveTurn(turn, { callModel, runTools, signal: abort.signal }).then((outcome) => {
        if (outcome.status === 'committed') {
          controller.enqueue({ type: 'finish-step' });
          controller.enqueue({
            type: 'finish',
            finishReason: 'stop',
            messageMetadata: {
              ctxkit: {
                ...base,
                planId: outcome.turn.plan.id,
                messageId: outcome.result.assistantMessage.id,
              },
            } satisfies CtxkitMessageMetadata,
          });
        } else if (outcome.status === 'stopped') controller.enqueue({ type: 'abort', reason: 'stopped' });
        else
          controller.enqueue({
            type: 'error',
            errorText:
              outcome.reason === 'round-limit'
                ? `The model was still calling tools after ${maxToolRounds} rounds; the turn was abandoned.`
                : describeError(outcome.error),
          });
        return outcome;
      });
    };

    return new ReadableStream<UIMessageChunk>({
      start: (controller) => {
        run(controller)
          .catch(() => {
            // Only a chunk that could not be enqueued gets here; the turn must not stay open.
            turn.rollback();
          })
          .finally(() => {
            signal?.removeEventListener('abort', onAbort);
            if (!cancelled) controller.close();
          });
      },
      cancel: (reason) => {
        cancelled = true;
        abort.abort(reason);
      },
    });
  }

  /** Runs one tool call through the host's runner; its failure is the call's error result, unless it was Stop. */
  async #runTool(
    engine: Engine,
    runTool: CtxkitToolRunner | undefined,
    call: ToolCall,
    signal: AbortSignal,
    controller: { readonly enqueue: (chunk: UIMessageChunk) => void },
  ): Promise<ToolResultInput> {
    const tool = engine.catalog.toolByFunctionName(call.name);
    try {
      const output = await (runTool as CtxkitToolRunner)(
        {
          toolCallId: call.id,
          functionName: call.name,
          serverName: tool?.serverName,
          toolName: tool?.name,
          input: call.arguments,
        },
        { abortSignal: signal },
      );
      if (output instanceof CtxkitToolResult) {
        const text = resultText(output.output);
        if (output.approval === 'denied') {
          // AI SDK 5 has no denied chunk and ignores it: there the call shows as an error with the runner's text;
          // 6 and 7 then mark the same call denied.
          controller.enqueue({
            type: 'tool-output-error',
            toolCallId: call.id,
            errorText: text,
            dynamic: true,
          });
          controller.enqueue({ type: 'tool-output-denied', toolCallId: call.id });
        } else
          controller.enqueue(
            output.isError
              ? { type: 'tool-output-error', toolCallId: call.id, errorText: text, dynamic: true }
              : { type: 'tool-output-available', toolCallId: call.id, output: output.output, dynamic: true },
          );
        return {
          toolCallId: call.id,
          content: text,
          ...(output.isError && { isError: true }),
          ...(output.approval && { approval: output.approval }),
        };
      }
      controller.enqueue({ type: 'tool-output-available', toolCallId: call.id, output, dynamic: true });
      return { toolCallId: call.id, content: resultText(output) };
    } catch (error) {
      if (signal.aborted) throw error;
      const text = describeError(error);
      controller.enqueue({
        type: 'tool-output-error',
        toolCallId: call.id,
        errorText: text,
        dynamic: true,
      });
      return { toolCallId: call.id, content: text, isError: true };
    }
  }
}

/** The ctxkit transport for `useChat({ transport })`. Wrong options throw a ValidationError naming each path. */
export function createCtxkitTransport<UI_MESSAGE extends UIMessage = UIMessage<CtxkitMessageMetadata>>(
  options: CtxkitTransportOptions,
): CtxkitChatTransport<UI_MESSAGE> {
  return new CtxkitChatTransport<UI_MESSAGE>(options);
}
