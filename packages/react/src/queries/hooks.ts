import type {
  AssistantMessage,
  Catalog,
  ChatMessage,
  ContextPlan,
  ModeSetting,
  Pin,
  RequestContext,
  SessionRecord,
  UsageReport,
  UserMessage,
} from '@ctxkit/core';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type AnyEngine, useEngine } from '../provider/index.js';
import { ctxkitKeys } from '../query-cache/index.js';

// Store events say when data changes, so nothing is refetched on a timer or on focus, and errors (a corrupt
// record, a budget that does not fit) are deterministic: retrying would only delay the error state.
const fromStore = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;

/** Every session in the store, newest record first as the store lists them. */
export function useSessions(): UseQueryResult<SessionRecord[]> {
  const engine = useEngine();
  return useQuery({ ...fromStore, queryKey: ctxkitKeys.sessions(), queryFn: () => engine.listSessions() });
}

/**
 * A session's record (items, pins, mode override, task, workspace), read from the store rather than from an open
 * `Session`, so another tab's writes show up too. `null` when there is no such session (or it was deleted).
 */
export function useSession(sessionId: string): UseQueryResult<SessionRecord | null> {
  const engine = useEngine();
  return useQuery({
    ...fromStore,
    queryKey: ctxkitKeys.record(sessionId),
    queryFn: async () => (await engine.store.loadSession(sessionId))?.record ?? null,
  });
}

/** The user message of a turn that is prepared but not committed yet (its reply may be streaming). */
export type PendingUserMessage = UserMessage & { readonly pending: true };

/** A transcript entry: a stored message, or the pending turn's user message last. */
export type TranscriptMessage = ChatMessage | PendingUserMessage;

/**
 * The messages a session sees: for a branch, its ancestors' up to the fork point, then its own (the store keeps
 * each message once, with the session that wrote it; the engine assembles a branch's), then the user message of a
 * turn this engine has open, marked `pending`. Every query under `ctxkitKeys.messages` fetches with this, since
 * the first observer's function is the one that runs.
 */
export async function messagesOf(
  engine: AnyEngine,
  sessionId: string,
): Promise<readonly TranscriptMessage[]> {
  const loaded = await engine.store.loadSession(sessionId);
  if (!loaded) return [];
  const messages = loaded.record.branch ? (await engine.openSession(sessionId)).messages : loaded.messages;
  const pending = engine.pendingTurn(sessionId);
  if (!pending || messages.some((message) => message.id === pending.id)) return messages;
  return [...messages, { ...pending, pending: true }];
}

/**
 * A session's transcript in the order it was written; a branch's starts with the messages it inherits. While a
 * turn of this engine is open, its user message comes last with `pending: true`, so a host renders the message
 * the moment it is sent, and it turns into the stored one when the turn is committed (or goes on rollback).
 */
export function useMessages(sessionId: string): UseQueryResult<readonly TranscriptMessage[]> {
  const engine = useEngine();
  return useQuery({
    ...fromStore,
    queryKey: ctxkitKeys.messages(sessionId),
    queryFn: () => messagesOf(engine, sessionId),
  });
}

/** One assistant message's request context; `null` for a message without one (written before tracking). */
export function useRequestContext(
  sessionId: string,
  messageId: string,
): UseQueryResult<RequestContext | null> {
  const engine = useEngine();
  return useQuery({
    ...fromStore,
    queryKey: ctxkitKeys.messages(sessionId),
    queryFn: () => messagesOf(engine, sessionId),
    select: (messages: readonly TranscriptMessage[]) => {
      const message = messages.find((entry) => entry.id === messageId);
      return message?.role === 'assistant' ? (message.requestContext ?? null) : null;
    },
  });
}

/** A stored plan, replayed from its input by the engine; `null` when the store has none. Disabled without an id. */
export function usePlan(
  sessionId: string,
  planId: string | null | undefined,
): UseQueryResult<ContextPlan | null> {
  const engine = useEngine();
  return useQuery({
    ...fromStore,
    queryKey: ctxkitKeys.plan(sessionId, planId ?? ''),
    queryFn: async () => (await engine.getPlan(planId as string)) ?? null,
    enabled: typeof planId === 'string' && planId !== '',
  });
}

/** Estimated against reported input tokens of every request of the session. */
export function useUsage(sessionId: string): UseQueryResult<UsageReport[]> {
  const engine = useEngine();
  return useQuery({
    ...fromStore,
    queryKey: ctxkitKeys.usage(sessionId),
    queryFn: () => engine.store.listUsage(sessionId),
  });
}

export function usePins(sessionId: string): UseQueryResult<readonly Pin[] | null> {
  const engine = useEngine();
  return useQuery({
    ...fromStore,
    queryKey: ctxkitKeys.record(sessionId),
    queryFn: async () => (await engine.store.loadSession(sessionId))?.record ?? null,
    select: (record: SessionRecord | null) => record?.pins ?? null,
  });
}

export interface ContextModeState {
  /** The session's setting: its override, else the engine's default; `'auto'` is chosen per message. */
  readonly mode: ModeSetting;
  /** The session's own override, `null` when it follows the engine's default. */
  readonly override: ModeSetting | null;
  readonly defaultMode: ModeSetting;
}

export function useContextMode(sessionId: string): UseQueryResult<ContextModeState> {
  const engine = useEngine();
  return useQuery({
    ...fromStore,
    queryKey: ctxkitKeys.record(sessionId),
    queryFn: async () => (await engine.store.loadSession(sessionId))?.record ?? null,
    // A chat opened by the app's id is stored only at its first turn (`openOrCreateSession`); until then it has
    // no override, so its mode is the engine's default, and the meter can show and change it before the first message.
    select: (record: SessionRecord | null) => ({
      mode: record?.mode ?? engine.defaultMode,
      override: record?.mode ?? null,
      defaultMode: engine.defaultMode,
    }),
  });
}

export interface DraftEstimateOptions {
  /** Wait this long after the last keystroke before planning. Default 150 ms. */
  readonly debounceMs?: number;
}

/**
 * The plan the draft would get if sent now (`session.estimate`). While a newer draft is being planned the previous
 * plan stays shown (`isPlaceholderData`), so the meter does not flicker. Refreshed when the session changes.
 */
export function useDraftEstimate(
  sessionId: string,
  draft: string,
  { debounceMs = 150 }: DraftEstimateOptions = {},
): UseQueryResult<ContextPlan> {
  const engine = useEngine();
  const settled = useDebounced(draft, debounceMs);
  return useQuery({
    ...fromStore,
    gcTime: 30_000,
    queryKey: ctxkitKeys.estimate(sessionId, settled),
    queryFn: async () => (await engine.openSession(sessionId)).estimate(settled),
    placeholderData: keepPreviousData,
  });
}

/** The engine's catalog. It changes only through `engine.setCatalog`; see `useSetCatalog`. */
export function useCatalog(): UseQueryResult<Catalog> {
  const engine = useEngine();
  return useQuery({ ...fromStore, queryKey: ctxkitKeys.catalog(), queryFn: () => engine.catalog });
}

/** The latest assistant message of a session that carries a request context, if any. */
export function latestTrackedReply(messages: readonly ChatMessage[]): AssistantMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === 'assistant' && message.requestContext) return message;
  }
  return undefined;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (delayMs <= 0) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return delayMs <= 0 ? value : settled;
}
