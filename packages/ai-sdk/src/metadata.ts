import type { UIMessage } from 'ai';

/** What ctxkit puts in an assistant message's `metadata`: enough for `<ContextDetails sessionId messageId />`. */
export interface CtxkitMessageMetadata {
  readonly ctxkit: {
    /** The session (or branch) the turn belongs to. */
    readonly sessionId: string;
    /** The stored user message of the turn. */
    readonly userMessageId: string;
    /** The plan of the request that produced the reply (the last one, after a tool loop). */
    readonly planId: string;
    /** The stored assistant message, once the turn is committed; absent while streaming, after a stop or error. */
    readonly messageId?: string;
  };
}

/** A UI message whose metadata is ctxkit's. */
export type CtxkitUIMessage = UIMessage<CtxkitMessageMetadata>;

/** The ctxkit ids of a UI message, when it carries them: `ctxkitMetadataOf(message)?.messageId`. */
export function ctxkitMetadataOf(message: {
  readonly metadata?: unknown;
}): CtxkitMessageMetadata['ctxkit'] | undefined {
  const metadata = message.metadata;
  if (metadata === null || typeof metadata !== 'object' || !('ctxkit' in metadata)) return undefined;
  const ctxkit = (metadata as { ctxkit: unknown }).ctxkit;
  if (ctxkit === null || typeof ctxkit !== 'object') return undefined;
  const ids = ctxkit as Record<string, unknown>;
  return typeof ids.sessionId === 'string' &&
    typeof ids.userMessageId === 'string' &&
    typeof ids.planId === 'string'
    ? (ctxkit as CtxkitMessageMetadata['ctxkit'])
    : undefined;
}

/**
 * For a route's `result.toUIMessageStreamResponse({ messageMetadata: ctxkitMessageMetadata })`: sends the ids
 * `ctxkitMiddleware` put in a step's provider metadata as the reply's message metadata, once the turn is committed.
 */
export function ctxkitMessageMetadata({
  part,
}: {
  readonly part: { readonly type: string };
}): CtxkitMessageMetadata | undefined {
  if (part.type !== 'finish-step' || !('providerMetadata' in part)) return undefined;
  const providerMetadata = part.providerMetadata;
  if (providerMetadata === null || typeof providerMetadata !== 'object') return undefined;
  const ids = ctxkitMetadataOf({ metadata: providerMetadata });
  return ids ? { ctxkit: ids } : undefined;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}
