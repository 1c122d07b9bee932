import { type Engine, type ModelReply, StaleSessionError, type Usage } from '@ctxkit/core';
import { localResponder, openAIResponder, type ResponderEvent } from '../responder/index.js';
import { type DemoSettings, LOCAL_MODEL, NEW_SESSION_TITLE, titleFromMessage } from '../settings/index.js';

export interface SendOptions {
  readonly engine: Engine;
  readonly sessionId: string;
  readonly text: string;
  readonly settings: DemoSettings;
  /** The reply so far, each time a chunk arrives. */
  readonly onText: (replySoFar: string) => void;
  readonly signal?: AbortSignal;
  /** Pause between the local responder's chunks. */
  readonly chunkDelayMs?: number;
}

/**
 * One turn: plan it, stream the reply from the configured responder, and commit it with the usage the server
 * reported. Any failure rolls the turn back, so nothing of a failed turn is stored, and is rethrown for the UI.
 */
export async function sendMessage({
  engine,
  sessionId,
  text,
  settings,
  onText,
  signal,
  chunkDelayMs,
}: SendOptions): Promise<{ readonly assistantMessageId: string }> {
  let session = await engine.openSession(sessionId);
  let turn: Awaited<ReturnType<typeof session.prepare>>;
  try {
    turn = await session.prepare(text);
  } catch (error) {
    if (!(error instanceof StaleSessionError)) throw error;
    // Another tab moved the session on: plan on what it left.
    session = await engine.openSession(sessionId);
    turn = await session.prepare(text);
  }
  try {
    const events: AsyncIterable<ResponderEvent> = settings.endpoint
      ? openAIResponder(settings.endpoint, turn.request, signal ? { signal } : {})
      : localResponder(
          { userText: text, requestContext: turn.requestContext, plan: turn.plan, catalog: engine.catalog },
          { ...(signal ? { signal } : {}), ...(chunkDelayMs === undefined ? {} : { chunkDelayMs }) },
        );
    let content = '';
    let usage: Usage | undefined;
    let model = settings.endpoint?.model ?? LOCAL_MODEL;
    for await (const event of events) {
      if (event.type === 'text') {
        content += event.text;
        onText(content);
      } else if (event.type === 'usage') usage = event.usage;
      else model = event.model;
    }
    const reply: ModelReply = { content, model };
    const result = await session.commit(turn, reply, usage);
    if (session.record.title === NEW_SESSION_TITLE && session.messages.length <= 2)
      await session.setTitle(titleFromMessage(text)).catch(() => {}); // a title is a nicety, never a failed turn
    return { assistantMessageId: result.assistantMessage.id };
  } catch (error) {
    session.rollback(turn);
    throw error;
  }
}
