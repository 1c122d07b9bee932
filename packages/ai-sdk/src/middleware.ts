import {
  type Engine,
  type ErrorIssue,
  type HostTurn,
  type ModelReply,
  openTurn,
  type Session,
  type ToolCall,
  type ToolResultInput,
  type Usage,
} from '@ctxkit/core';
import { checkFunction, checkKnownFields, describe, isRecord, throwIfAny } from '@ctxkit/core/validation';
import type { LanguageModelMiddleware } from 'ai';
import {
  argumentsObject,
  attachmentsOfPrompt,
  type CallOptions,
  type CallTool,
  type GenerateResult,
  type PromptMessage,
  promptOfRequest,
  type StreamPart,
  toolsOfRequest,
} from './convert.js';
import type { CtxkitMessageMetadata } from './metadata.js';
import { usageOf } from './usage.js';
import { checkEngine } from './validate.js';

/** Where a call's turn goes: a session id, or a function of the call (for one middleware shared by many chats). */
export type CtxkitSessionSelector = string | ((params: CallOptions) => string | Promise<string>);

export interface CtxkitMiddlewareOptions {
  /** The engine (its default OpenAI renderer: the middleware reads `turn.request`). */
  readonly engine: Engine;
  /** The session each call belongs to. */
  readonly sessionId: CtxkitSessionSelector;
  /** Called once a turn is committed, with the ids to show its context (`ContextDetails`). */
  readonly onCommit?: (ids: CtxkitMessageMetadata['ctxkit']) => void;
}

const KNOWN = ['engine', 'sessionId', 'onCommit'] as const;

function checkOptions(options: unknown): asserts options is CtxkitMiddlewareOptions {
  const issues: ErrorIssue[] = [];
  if (!isRecord(options)) {
    issues.push({ path: 'options', message: 'must be an object' });
    throwIfAny('Invalid ctxkit middleware options', issues);
    return;
  }
  checkKnownFields(options, KNOWN, 'options', issues);
  checkEngine(options.engine, 'options.engine', issues);
  const id = options.sessionId;
  if (!(typeof id === 'string' && id.trim() !== '') && typeof id !== 'function')
    issues.push({
      path: 'options.sessionId',
      message: `must be a non-empty string or a function of the call, got ${describe(id)}`,
    });
  checkFunction(options.onCommit, 'options.onCommit', issues, true);
  throwIfAny('Invalid ctxkit middleware options', issues);
}

function textOfUser(message: PromptMessage | undefined): string {
  if (message?.role !== 'user') return '';
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

function resultsOf(message: PromptMessage): ToolResultInput[] {
  if (message.role !== 'tool') return [];
  const results: ToolResultInput[] = [];
  for (const part of message.content) {
    if (part.type !== 'tool-result') continue;
    const output = part.output;
    const isError =
      output.type === 'error-text' || output.type === 'error-json' || output.type === 'execution-denied';
    const content =
      output.type === 'text' || output.type === 'error-text'
        ? output.value
        : output.type === 'json' || output.type === 'error-json'
          ? JSON.stringify(output.value)
          : output.type === 'execution-denied'
            ? `Denied${output.reason ? `: ${output.reason}` : ''}`
            : JSON.stringify(output.value);
    results.push({ toolCallId: part.toolCallId, content, ...(isError && { isError: true }) });
  }
  return results;
}

/**
 * The turns middlewares opened, by session object (the engine hands out one per session): shared by every
 * middleware, so that a route making one per request still finds the turn an earlier request left waiting for
 * tool results. Each is the core's host turn, driven step by step: here the AI SDK runs the loop and its `stopWhen`
 * bounds the rounds, so the turn itself sets no round limit.
 */
const open = new WeakMap<Session, HostTurn>();

/** Catalog tools come from the plan; other tools of the call (a provider's own) are kept as they are. */
function mergeTools(
  engine: Engine,
  given: readonly CallTool[] | undefined,
  planned: readonly CallTool[],
): CallTool[] {
  const kept = (given ?? []).filter(
    (tool) => tool.type !== 'function' || engine.catalog.toolByFunctionName(tool.name) === undefined,
  );
  const plannedNames = new Set(planned.map((tool) => tool.name));
  return [...planned, ...kept.filter((tool) => !plannedNames.has(tool.name))];
}

/**
 * The ctxkit side of a server route: `wrapLanguageModel({ model, middleware: ctxkitMiddleware({ engine, sessionId }) })`.
 * Each call's prompt is replaced by ctxkit's plan for the last user message (or, after tool results, by the plan of
 * the turn's next request), and the turn is committed with the provider's usage when the model answers without
 * calling tools. An error or an abort rolls it back. The committed ids are added to the result's provider metadata
 * under `ctxkit`, so a route can send them as message metadata.
 */
export function ctxkitMiddleware(options: CtxkitMiddlewareOptions): LanguageModelMiddleware {
  checkOptions(options);
  const { engine, onCommit } = options;
  /** The turn each transformed call belongs to. */
  const calls = new WeakMap<CallOptions, HostTurn>();

  const forget = (state: HostTurn) => {
    if (open.get(state.session) === state) open.delete(state.session);
  };

  const settleFailed = (state: HostTurn) => {
    state.rollback();
    forget(state);
  };

  /** Gives the turn the model's reply: one that calls tools waits for their results, any other is committed. */
  const finish = async (
    state: HostTurn,
    reply: ModelReply,
    usage: Usage | undefined,
  ): Promise<CtxkitMessageMetadata['ctxkit'] | undefined> => {
    let step: Awaited<ReturnType<HostTurn['reply']>>;
    try {
      step = await state.reply({ reply, usage });
    } catch (error) {
      // A commit that failed leaves nothing half done: the turn is rolled back, on either path.
      settleFailed(state);
      throw error;
    }
    if (step.kind === 'tool-calls') return undefined;
    forget(state);
    if (step.kind !== 'committed') return undefined;
    const ids = {
      sessionId: state.session.id,
      userMessageId: state.prepared.userMessage.id,
      planId: state.prepared.plan.id,
      messageId: step.result.assistantMessage.id,
    };
    onCommit?.(ids);
    return ids;
  };

  return {
    specificationVersion: 'v4',

    async transformParams({ params, model }) {
      const sessionId =
        typeof options.sessionId === 'string' ? options.sessionId : await options.sessionId(params);
      const session = await engine.openSession(sessionId);
      const last = params.prompt[params.prompt.length - 1];
      const previous = open.get(session);
      let state: HostTurn;
      if (last?.role === 'tool' && previous?.state === 'awaiting-results') {
        try {
          await previous.results(resultsOf(last));
        } catch (error) {
          settleFailed(previous);
          throw error;
        }
        state = previous;
      } else {
        const text = textOfUser(last);
        const issues: ErrorIssue[] = [];
        const attachments = attachmentsOfPrompt(last, `params.prompt[${params.prompt.length - 1}]`, issues);
        throwIfAny('Invalid prompt for ctxkit', issues);
        if (text.trim() === '' && attachments.length === 0) {
          throwIfAny('Invalid prompt for ctxkit', [
            {
              path: `params.prompt[${params.prompt.length - 1}]`,
              message:
                'must be the user message to answer (or the results of the tool calls ctxkit is waiting for)',
            },
          ]);
        }
        // A turn still waiting for tool results that never came (the route stopped its tool loop) is abandoned.
        if (previous) settleFailed(previous);
        state = await openTurn({
          session,
          text,
          ...(attachments.length > 0 && { attachments }),
          maxRounds: Number.POSITIVE_INFINITY,
        });
        open.set(session, state);
      }
      const request = state.prepared.request;
      const next: CallOptions = {
        ...params,
        prompt: promptOfRequest(request, { bareFiles: model.specificationVersion !== 'v4' }),
        tools: mergeTools(engine, params.tools, toolsOfRequest(request)),
        maxOutputTokens: params.maxOutputTokens ?? request.max_completion_tokens,
      };
      calls.set(next, state);
      return next;
    },

    async wrapGenerate({ doGenerate, params }) {
      const state = calls.get(params);
      if (!state) return doGenerate();
      let result: GenerateResult;
      try {
        result = await doGenerate();
      } catch (error) {
        settleFailed(state);
        throw error;
      }
      let content = '';
      const toolCalls: ToolCall[] = [];
      for (const part of result.content) {
        if (part.type === 'text') content += part.text;
        else if (part.type === 'tool-call' && !part.providerExecuted)
          toolCalls.push({
            id: part.toolCallId,
            name: part.toolName,
            arguments: argumentsObject(part.input),
          });
      }
      const reply: ModelReply = {
        content,
        ...(toolCalls.length > 0 && { toolCalls }),
        ...(result.response?.modelId && { model: result.response.modelId }),
      };
      const ids = await finish(state, reply, usageOf(result.usage));
      return ids
        ? { ...result, providerMetadata: { ...result.providerMetadata, ctxkit: { ...ids } } }
        : result;
    },

    async wrapStream({ doStream, params }) {
      const state = calls.get(params);
      if (!state) return doStream();
      let result: Awaited<ReturnType<typeof doStream>>;
      try {
        result = await doStream();
      } catch (error) {
        settleFailed(state);
        throw error;
      }
      let content = '';
      let modelId: string | undefined;
      let done = false;
      const toolCalls: ToolCall[] = [];
      const fail = () => {
        if (done) return;
        done = true;
        settleFailed(state);
      };
      // An abort (the client went away, `stop()`) leaves the turn unanswered: it is rolled back.
      params.abortSignal?.addEventListener('abort', fail, { once: true });
      if (params.abortSignal?.aborted) fail();
      const source = result.stream.getReader();
      // Read part by part (not piped), so that a reader's cancel reaches this stream on every runtime.
      const stream = new ReadableStream<StreamPart>({
        async pull(controller) {
          let next: ReadableStreamReadResult<StreamPart>;
          try {
            next = await source.read();
          } catch (error) {
            fail();
            throw error;
          }
          if (next.done) {
            // The stream ended without a finish part: nothing was answered, so nothing is kept.
            fail();
            controller.close();
            return;
          }
          const part = next.value;
          if (part.type === 'text-delta') content += part.delta;
          else if (part.type === 'tool-call' && !part.providerExecuted)
            toolCalls.push({
              id: part.toolCallId,
              name: part.toolName,
              arguments: argumentsObject(part.input),
            });
          else if (part.type === 'response-metadata' && part.modelId) modelId = part.modelId;
          else if (part.type === 'error') fail();
          else if (part.type === 'finish' && !done) {
            done = true;
            const reply: ModelReply = {
              content,
              ...(toolCalls.length > 0 && { toolCalls }),
              ...(modelId && { model: modelId }),
            };
            let ids: CtxkitMessageMetadata['ctxkit'] | undefined;
            try {
              ids = await finish(state, reply, usageOf(part.usage));
            } catch (error) {
              settleFailed(state);
              controller.enqueue({ type: 'error', error });
            }
            controller.enqueue(
              ids ? { ...part, providerMetadata: { ...part.providerMetadata, ctxkit: { ...ids } } } : part,
            );
            return;
          }
          controller.enqueue(part);
        },
        async cancel(reason) {
          fail();
          await source.cancel(reason);
        },
      });
      return { ...result, stream };
    },
  };
}
