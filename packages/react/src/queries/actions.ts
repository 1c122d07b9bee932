import type {
  Catalog,
  CatalogInput,
  FeedbackVerdict,
  ItemRef,
  LeaseScope,
  ModelSettings,
  ModeSetting,
  Pin,
  PinOptions,
  PinTarget,
  Session,
  TriggerSwitches,
} from '@ctxkit/core';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEngine } from '../provider/index.js';

/**
 * Changes to a session, each a mutation with its own pending and error state. They write through the engine's
 * session, and the store's events then refresh every query that shows the change, in this tab and others.
 */
export interface SessionActions {
  readonly pin: UseMutationResult<Pin, Error, { target: PinTarget; options?: PinOptions }>;
  readonly unpin: UseMutationResult<void, Error, string>;
  /** Ephemeral → leased. Only the user makes a pin sticky, by pinning its target again as sticky. */
  readonly promotePin: UseMutationResult<void, Error, { pinId: string; lease: LeaseScope }>;
  /** `null` returns the session to the engine's default mode. */
  readonly setMode: UseMutationResult<void, Error, ModeSetting | null>;
  /** Whether this session's messages are recalled, and its requests offered recalled passages. */
  readonly setRecall: UseMutationResult<void, Error, boolean>;
  /** Trigger kinds on or off for this session (`session.setTriggers`); `null` returns to the engine's switches. */
  readonly setTriggers: UseMutationResult<void, Error, TriggerSwitches | null>;
  readonly addItem: UseMutationResult<void, Error, ItemRef>;
  readonly removeItem: UseMutationResult<void, Error, ItemRef>;
  /** A stored suggestion becomes a normal pin (sticky unless `options` say otherwise). */
  readonly acceptSuggestion: UseMutationResult<Pin, Error, { suggestionId: string; options?: PinOptions }>;
  readonly dismissSuggestion: UseMutationResult<void, Error, string>;
  /** The user's verdict on an agent item a reply was given (`session.feedback`): retrieval learns from it. */
  readonly feedback: UseMutationResult<
    void,
    Error,
    { messageId: string; item: ItemRef; verdict: FeedbackVerdict }
  >;
  /** Private: the session lives in this tab's memory only, and keeps and gives no memories (`session.setPrivate`). */
  readonly setPrivate: UseMutationResult<void, Error, boolean>;
  /** Deletes the turn a message belongs to (`session.deleteTurn`): its text is erased, nothing sends it again. */
  readonly deleteTurn: UseMutationResult<void, Error, string>;
  /** The trailing workspace message sent last with every request (`session.setWorkspace`); `null` clears it. */
  readonly setWorkspace: UseMutationResult<void, Error, string | null>;
  /** The session's task (`session.setTask`); leases scoped to other tasks end, and are returned. `null` clears it. */
  readonly setTask: UseMutationResult<readonly Pin[], Error, string | null>;
}

export function useSessionActions(sessionId: string): SessionActions {
  const engine = useEngine();
  // biome-ignore lint/suspicious/noExplicitAny: the request type is irrelevant here
  const withSession = <A, T>(run: (session: Session<any>, arg: A) => Promise<T>) => ({
    mutationFn: async (arg: A) => run(await engine.openSession(sessionId), arg),
  });
  return {
    pin: useMutation(withSession((session, { target, options }) => session.pin(target, options))),
    unpin: useMutation(withSession((session, pinId: string) => session.unpin(pinId))),
    promotePin: useMutation(
      withSession((session, { pinId, lease }: { pinId: string; lease: LeaseScope }) =>
        session.promotePin(pinId, lease),
      ),
    ),
    setMode: useMutation(withSession((session, mode: ModeSetting | null) => session.setMode(mode))),
    setRecall: useMutation(withSession((session, on: boolean) => session.setRecall(on))),
    setTriggers: useMutation(
      withSession((session, switches: TriggerSwitches | null) => session.setTriggers(switches)),
    ),
    addItem: useMutation(withSession((session, ref: ItemRef) => session.addItem(ref))),
    removeItem: useMutation(withSession((session, ref: ItemRef) => session.removeItem(ref))),
    acceptSuggestion: useMutation(
      withSession((session, { suggestionId, options }: { suggestionId: string; options?: PinOptions }) =>
        session.acceptSuggestion(suggestionId, options),
      ),
    ),
    dismissSuggestion: useMutation(withSession((session, id: string) => session.dismissSuggestion(id))),
    feedback: useMutation(
      withSession(
        (
          session,
          { messageId, item, verdict }: { messageId: string; item: ItemRef; verdict: FeedbackVerdict },
        ) => session.feedback(messageId, item, verdict),
      ),
    ),
    setPrivate: useMutation(withSession((session, on: boolean) => session.setPrivate(on))),
    deleteTurn: useMutation(withSession((session, messageId: string) => session.deleteTurn(messageId))),
    setWorkspace: useMutation(withSession((session, text: string | null) => session.setWorkspace(text))),
    setTask: useMutation(withSession((session, taskId: string | null) => session.setTask(taskId))),
  };
}

/**
 * Replaces the engine's catalog. Catalog changes are not store events (the catalog is the host's, not stored), so
 * this refreshes the catalog and every estimate itself.
 */
export function useSetCatalog(): UseMutationResult<void, Error, Catalog | CatalogInput> {
  const engine = useEngine();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (catalog: Catalog | CatalogInput) => engine.setCatalog(catalog),
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'ctxkit' &&
          (query.queryKey[1] === 'catalog' ||
            (query.queryKey[1] === 'session' && query.queryKey[3] === 'estimate')),
      }),
  });
}

/**
 * Switches the engine's model (`engine.setModel`): every session's next request is planned for its window, tokenizer
 * and chat template, and every draft estimate (the budget meter) is planned again. Pending while the model's
 * tokenizer loads; a ValidationError for bad settings changes nothing.
 */
export function useSetModel(): UseMutationResult<void, Error, ModelSettings> {
  const engine = useEngine();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ModelSettings) => engine.setModel(settings),
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'ctxkit' &&
          query.queryKey[1] === 'session' &&
          query.queryKey[3] === 'estimate',
      }),
  });
}

/**
 * Never recalls a passage's messages again (`engine.forgetRecalled`), in any session. The forgotten list is not a
 * session change, so this refreshes every estimate itself.
 */
export function useForgetRecalled(): UseMutationResult<
  void,
  Error,
  { readonly messageIds: readonly string[] }
> {
  const engine = useEngine();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (passage: { readonly messageIds: readonly string[] }) => engine.forgetRecalled(passage),
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'ctxkit' &&
          query.queryKey[1] === 'session' &&
          query.queryKey[3] === 'estimate',
      }),
  });
}
