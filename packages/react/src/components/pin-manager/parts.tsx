import type { LeaseScope, PinKind } from '@ctxkit/core';
import {
  buildPinRows,
  type PinRow,
  type SuggestedPin,
  storedSuggestion,
  targetTitle,
} from '@ctxkit/core/view';
import { createContext, type HTMLAttributes, type ReactNode, useContext, useMemo, useState } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
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
  ErrorMessage,
  errorText,
  inState,
  Loading as LoadingStatus,
  type LoadState,
  StateEmpty,
  StateError,
  type StatusProps,
} from '../../shared/index.js';

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
  const format = useCtxkitFormat();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const groups = useMemo(
    () => (pins.data ? buildPinRows(pins.data, messages.data ?? [], estimate.data ?? null, format) : null),
    [pins.data, messages.data, estimate.data, format],
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
    suggestionTitle: (suggestion) =>
      suggestion.title ?? targetTitle(suggestion.target, messages.data ?? [], format),
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
  return inState(usePinManager().state, 'loading', <LoadingStatus {...props} />);
}

export function ErrorState({ children, ...props }: StatusProps) {
  const { state, error } = usePinManager();
  return inState(
    state,
    'error',
    <StateError error={error} message={(labels) => labels.pins.error} {...props}>
      {children}
    </StateError>,
  );
}

export function Empty({ children, ...props }: StatusProps) {
  return inState(
    usePinManager().state,
    'empty',
    <StateEmpty text={({ labels }) => labels.pins.empty} {...props}>
      {children}
    </StateEmpty>,
  );
}

/** A failed pin, unpin, promote or accept, as an alert. */
export function ActionError(props: StatusProps) {
  const { actions } = usePinManager();
  const format = useCtxkitFormat();
  const error =
    actions.pin.error ??
    actions.unpin.error ??
    actions.promotePin.error ??
    actions.acceptSuggestion.error ??
    actions.dismissSuggestion.error;
  return error ? (
    <ErrorMessage {...props}>
      {format.text(format.labels.pins.actionError, { error: errorText(error) })}
    </ErrorMessage>
  ) : null;
}

export interface GroupProps extends HTMLAttributes<HTMLElement> {
  readonly kind: PinKind;
}

/** One kind of pin: a heading with the count, then its pins. Nothing when there are none. */
export function Group({ kind, className, children, ...props }: GroupProps) {
  const { groups } = usePinManager();
  const format = useCtxkitFormat();
  const rows = groups?.[kind] ?? [];
  if (rows.length === 0) return null;
  return (
    <section
      className={cx('ctxkit-pins__group', className)}
      data-kind={kind}
      aria-label={format.labels.pinKinds[kind]}
      {...props}
    >
      <h3 className="ctxkit-pins__heading">
        {format.text(format.labels.pins.group, { kind: format.labels.pinKinds[kind], count: rows.length })}
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
  const format = useCtxkitFormat();
  const labels = format.labels.pins;
  const busy = actions.unpin.isPending || actions.promotePin.isPending;
  return (
    <li
      className={cx('ctxkit-pins__item', className)}
      data-kind={row.pin.kind}
      data-target={row.pin.target.kind}
      data-included={row.included ?? undefined}
      data-earned={row.earned ? true : undefined}
      {...props}
    >
      {children ?? (
        <>
          <span className="ctxkit-pins__title">{row.title}</span>
          <span className="ctxkit-pins__meta">
            {row.scope && <span className="ctxkit-pins__scope">{row.scope}</span>}
            {row.earned && <span className="ctxkit-pins__earned">{row.earned}</span>}
            {row.included === false && <span className="ctxkit-pins__scope">{labels.leftOut}</span>}
            {row.tokens !== null && (
              <span className="ctxkit-tokens">{format.text(labels.tokens, { tokens: row.tokens })}</span>
            )}
          </span>
          <span className="ctxkit-pins__actions">
            {row.pin.kind === 'ephemeral' && (
              <button
                type="button"
                className="ctxkit-button"
                disabled={busy}
                onClick={() => actions.promotePin.mutate({ pinId: row.pin.id, lease: promoteLease })}
              >
                {labels.promote}
                <span className="ctxkit-visually-hidden">
                  {' '}
                  {format.text(labels.promoteName, { title: row.title })}
                </span>
              </button>
            )}
            <button
              type="button"
              className="ctxkit-button"
              disabled={busy}
              onClick={() => actions.unpin.mutate(row.pin.id)}
            >
              {labels.unpin}
              <span className="ctxkit-visually-hidden"> {row.title}</span>
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
  const format = useCtxkitFormat();
  const labels = format.labels.pins;
  if (suggestions.length === 0) return null;
  return (
    <section className={cx('ctxkit-pins__suggested', className)} aria-label={labels.suggested} {...props}>
      <div className="ctxkit-pins__delimiter" aria-hidden="true">
        <span>{labels.suggested}</span>
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
                  <span className="ctxkit-tokens">
                    {format.text(labels.tokens, { tokens: suggestion.tokens })}
                  </span>
                )}
              </span>
              <span className="ctxkit-pins__actions">
                <button
                  type="button"
                  className="ctxkit-button"
                  disabled={actions.pin.isPending || actions.acceptSuggestion.isPending}
                  onClick={() => accept(suggestion)}
                >
                  {labels.accept}
                  <span className="ctxkit-visually-hidden"> {title}</span>
                </button>
                <button type="button" className="ctxkit-button" onClick={() => dismiss(suggestion)}>
                  {labels.dismiss}
                  <span className="ctxkit-visually-hidden"> {title}</span>
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
