import type { LeaseScope, PinKind } from '@ctxkit/core';
import { createContext, type HTMLAttributes, type ReactNode, useContext, useMemo, useState } from 'react';
import { formatTokens, PIN_KIND_LABELS } from '../../format/index.js';
import {
  type SessionActions,
  useDraftEstimate,
  useMessages,
  usePins,
  useSessionActions,
  useSuggestions,
} from '../../queries/index.js';
import {
  cx,
  EmptyMessage,
  ErrorMessage,
  errorText,
  Loading as LoadingStatus,
  type LoadState,
  type StatusProps,
} from '../../shared/index.js';
import { buildPinRows, type PinRow, type SuggestedPin, storedSuggestion, targetTitle } from './model.js';

interface PinManagerContextValue {
  readonly state: LoadState;
  readonly groups: Record<PinKind, PinRow[]> | null;
  readonly error: unknown;
  readonly actions: SessionActions;
  readonly promoteLease: LeaseScope;
  readonly suggestions: readonly SuggestedPin[];
  readonly suggestionTitle: (suggestion: SuggestedPin) => string;
  readonly accept: (suggestion: SuggestedPin) => void;
  readonly dismiss: (suggestion: SuggestedPin) => void;
}

const PinManagerContext = /* @__PURE__ */ createContext<PinManagerContextValue | null>(null);

/** The state of the nearest `PinManager.Root`, for building your own parts. */
export function usePinManager(): PinManagerContextValue {
  const value = useContext(PinManagerContext);
  if (!value) throw new Error('PinManager parts must be inside <PinManager.Root>.');
  return value;
}

export interface RootProps extends HTMLAttributes<HTMLDivElement> {
  readonly sessionId: string;
  /**
   * More pins to offer, besides the ones stored with the session (which are always listed, first); shown dimmed
   * below a "Suggested pins" delimiter. Accepting pins them; dismissing hides them in this view only.
   */
  readonly suggestions?: readonly SuggestedPin[];
  /** After the user accepted a suggestion and it was pinned. */
  readonly onAcceptSuggestion?: (suggestion: SuggestedPin) => void;
  readonly onDismissSuggestion?: (suggestion: SuggestedPin) => void;
  /** The kind an accepted suggestion is pinned as. Default sticky: accepting is the user's own act. */
  readonly acceptAs?: PinKind;
  /** The lease a promoted ephemeral pin (and a suggestion accepted as leased) gets. Default 3 turns. */
  readonly promoteLease?: LeaseScope;
  readonly children?: ReactNode;
}

export function Root({
  sessionId,
  suggestions = [],
  onAcceptSuggestion,
  onDismissSuggestion,
  acceptAs = 'sticky',
  promoteLease = { kind: 'turns', turns: 3 },
  className,
  children,
  ...props
}: RootProps) {
  const pins = usePins(sessionId);
  const messages = useMessages(sessionId);
  // The cost of each pin in the next request: the plan of an empty draft.
  const estimate = useDraftEstimate(sessionId, '', { debounceMs: 0 });
  const actions = useSessionActions(sessionId);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const groups = useMemo(
    () => (pins.data ? buildPinRows(pins.data, messages.data ?? [], estimate.data ?? null) : null),
    [pins.data, messages.data, estimate.data],
  );
  const stored = useSuggestions(sessionId);
  const storedIds = new Set((stored.data ?? []).map((suggestion) => suggestion.id));
  const visible = [
    ...(stored.data ?? []).map(storedSuggestion),
    ...suggestions.filter((suggestion) => !storedIds.has(suggestion.id)),
  ].filter((suggestion) => !hidden.has(suggestion.id));
  const hide = (suggestion: SuggestedPin) => setHidden((ids) => new Set(ids).add(suggestion.id));
  const error = pins.error ?? messages.error;
  const state: LoadState =
    pins.isPending || messages.isPending
      ? 'loading'
      : error || pins.data === null
        ? 'error'
        : (pins.data?.length ?? 0) === 0 && visible.length === 0
          ? 'empty'
          : 'ready';
  const value: PinManagerContextValue = {
    state,
    groups,
    error: error ?? (pins.data === null ? new Error(`No session ${sessionId}`) : null),
    actions,
    promoteLease,
    suggestions: visible,
    suggestionTitle: (suggestion) => suggestion.title ?? targetTitle(suggestion.target, messages.data ?? []),
    accept: (suggestion) => {
      const options = { kind: acceptAs, ...(acceptAs === 'leased' && { lease: promoteLease }) };
      const done = {
        onSuccess: () => {
          hide(suggestion);
          onAcceptSuggestion?.(suggestion);
        },
      };
      if (storedIds.has(suggestion.id)) {
        actions.acceptSuggestion.mutate({ suggestionId: suggestion.id, options }, done);
        return;
      }
      actions.pin.mutate({ target: suggestion.target, options }, done);
    },
    dismiss: (suggestion) => {
      hide(suggestion);
      if (storedIds.has(suggestion.id)) actions.dismissSuggestion.mutate(suggestion.id);
      onDismissSuggestion?.(suggestion);
    },
  };
  return (
    <PinManagerContext.Provider value={value}>
      <div className={cx('ctxkit-pins', className)} data-state={state} {...props}>
        {children}
      </div>
    </PinManagerContext.Provider>
  );
}

export function Loading(props: StatusProps) {
  return usePinManager().state === 'loading' ? <LoadingStatus {...props} /> : null;
}

export function ErrorState({ children, ...props }: StatusProps) {
  const { state, error } = usePinManager();
  if (state !== 'error') return null;
  return <ErrorMessage {...props}>{children ?? `Could not load the pins: ${errorText(error)}`}</ErrorMessage>;
}

export function Empty({
  children = 'Nothing is pinned. Pin a message or an item to keep it in context.',
  ...props
}: StatusProps) {
  return usePinManager().state === 'empty' ? <EmptyMessage {...props}>{children}</EmptyMessage> : null;
}

/** A failed pin, unpin, promote or accept, as an alert. */
export function ActionError(props: StatusProps) {
  const { actions } = usePinManager();
  const error =
    actions.pin.error ??
    actions.unpin.error ??
    actions.promotePin.error ??
    actions.acceptSuggestion.error ??
    actions.dismissSuggestion.error;
  return error ? <ErrorMessage {...props}>Could not change the pins: {errorText(error)}</ErrorMessage> : null;
}

export interface GroupProps extends HTMLAttributes<HTMLElement> {
  readonly kind: PinKind;
}

/** One kind of pin: a heading with the count, then its pins. Nothing when there are none. */
export function Group({ kind, className, children, ...props }: GroupProps) {
  const { groups } = usePinManager();
  const rows = groups?.[kind] ?? [];
  if (rows.length === 0) return null;
  return (
    <section
      className={cx('ctxkit-pins__group', className)}
      data-kind={kind}
      aria-label={PIN_KIND_LABELS[kind]}
      {...props}
    >
      <h3 className="ctxkit-pins__heading">
        {PIN_KIND_LABELS[kind]} ({rows.length})
      </h3>
      <ul className="ctxkit-pins__list">
        {children ?? rows.map((row) => <PinItem key={row.pin.id} row={row} />)}
      </ul>
    </section>
  );
}

export interface PinItemProps extends HTMLAttributes<HTMLLIElement> {
  readonly row: PinRow;
}

/** A pin: its target, lease scope, cost, and Unpin (and Promote for ephemeral pins). */
export function PinItem({ row, className, children, ...props }: PinItemProps) {
  const { actions, promoteLease } = usePinManager();
  const busy = actions.unpin.isPending || actions.promotePin.isPending;
  return (
    <li
      className={cx('ctxkit-pins__item', className)}
      data-kind={row.pin.kind}
      data-target={row.pin.target.kind}
      data-included={row.included ?? undefined}
      {...props}
    >
      {children ?? (
        <>
          <span className="ctxkit-pins__title">{row.title}</span>
          <span className="ctxkit-pins__meta">
            {row.scope && <span className="ctxkit-pins__scope">{row.scope}</span>}
            {row.included === false && <span className="ctxkit-pins__scope">left out: no room</span>}
            {row.tokens !== null && <span className="ctxkit-tokens">{formatTokens(row.tokens)} tokens</span>}
          </span>
          <span className="ctxkit-pins__actions">
            {row.pin.kind === 'ephemeral' && (
              <button
                type="button"
                className="ctxkit-button"
                disabled={busy}
                onClick={() => actions.promotePin.mutate({ pinId: row.pin.id, lease: promoteLease })}
              >
                Promote<span className="ctxkit-visually-hidden"> {row.title} to leased</span>
              </button>
            )}
            <button
              type="button"
              className="ctxkit-button"
              disabled={busy}
              onClick={() => actions.unpin.mutate(row.pin.id)}
            >
              Unpin<span className="ctxkit-visually-hidden"> {row.title}</span>
            </button>
          </span>
        </>
      )}
    </li>
  );
}

/** The delimiter and the suggested pins, dimmed, each with Accept and Dismiss. Nothing without suggestions. */
export function Suggestions({ className, ...props }: HTMLAttributes<HTMLElement>) {
  const { suggestions, suggestionTitle, accept, dismiss, actions } = usePinManager();
  if (suggestions.length === 0) return null;
  return (
    <section className={cx('ctxkit-pins__suggested', className)} aria-label="Suggested pins" {...props}>
      <div className="ctxkit-pins__delimiter" aria-hidden="true">
        <span>Suggested pins</span>
      </div>
      <ul className="ctxkit-pins__list">
        {suggestions.map((suggestion) => {
          const title = suggestionTitle(suggestion);
          return (
            <li key={suggestion.id} className="ctxkit-pins__item" data-suggested="">
              <span className="ctxkit-pins__title">{title}</span>
              <span className="ctxkit-pins__meta">
                {suggestion.reason && <span className="ctxkit-pins__scope">{suggestion.reason}</span>}
                {suggestion.tokens !== undefined && (
                  <span className="ctxkit-tokens">{formatTokens(suggestion.tokens)} tokens</span>
                )}
              </span>
              <span className="ctxkit-pins__actions">
                <button
                  type="button"
                  className="ctxkit-button"
                  disabled={actions.pin.isPending || actions.acceptSuggestion.isPending}
                  onClick={() => accept(suggestion)}
                >
                  Accept<span className="ctxkit-visually-hidden"> {title}</span>
                </button>
                <button type="button" className="ctxkit-button" onClick={() => dismiss(suggestion)}>
                  Dismiss<span className="ctxkit-visually-hidden"> {title}</span>
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
