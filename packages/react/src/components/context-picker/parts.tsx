import type { ItemType } from '@ctxkit/core';
import { type PickerGroup, type PickerOption, pickerGroups } from '@ctxkit/core/view';
import {
  createContext,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  useContext,
  useId,
  useMemo,
  useState,
} from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { type SessionActions, useCatalog, useSession, useSessionActions } from '../../queries/index.js';
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

interface PickerContextValue {
  readonly state: LoadState;
  readonly groups: readonly PickerGroup[];
  readonly query: string;
  readonly setQuery: (query: string) => void;
  readonly error: unknown;
  readonly actions: SessionActions;
  readonly toggle: (option: PickerOption) => void;
}

const PickerContext = /* @__PURE__ */ createContext<PickerContextValue | null>(null);

/** The state of the nearest `ContextPicker.Root`, for building your own parts. */
export function useContextPicker(): PickerContextValue {
  const value = useContext(PickerContext);
  if (!value) throw new Error('ContextPicker parts must be inside <ContextPicker.Root>.');
  return value;
}

export interface RootProps extends HTMLAttributes<HTMLDivElement> {
  readonly sessionId: string;
  readonly defaultQuery?: string;
  readonly children?: ReactNode;
}

/** Catalog items the user adds to or removes from the session by hand; `data-state` empty when nothing matches. */
export function Root({ sessionId, defaultQuery = '', className, children, ...props }: RootProps) {
  const catalog = useCatalog();
  const session = useSession(sessionId);
  const actions = useSessionActions(sessionId);
  const [query, setQuery] = useState(defaultQuery);
  const groups = useMemo(
    () =>
      catalog.data && session.data ? pickerGroups(catalog.data.items, session.data.contextItems, query) : [],
    [catalog.data, session.data, query],
  );
  const error =
    catalog.error ?? session.error ?? (session.data === null ? new Error(`No session ${sessionId}`) : null);
  const state: LoadState =
    catalog.isPending || session.isPending
      ? 'loading'
      : error
        ? 'error'
        : groups.length === 0
          ? 'empty'
          : 'ready';
  const value: PickerContextValue = {
    state,
    groups,
    query,
    setQuery,
    error,
    actions,
    toggle: ({ item, selected }) => (selected ? actions.removeItem : actions.addItem).mutate(item),
  };
  return (
    <PickerContext.Provider value={value}>
      <div className={cx('ctxkit-picker', className)} data-state={state} {...props}>
        {children}
      </div>
    </PickerContext.Provider>
  );
}

export function Loading(props: StatusProps) {
  return inState(useContextPicker().state, 'loading', <LoadingStatus {...props} />);
}

export function ErrorState({ children, ...props }: StatusProps) {
  const { state, error } = useContextPicker();
  return inState(
    state,
    'error',
    <StateError error={error} message={(labels) => labels.picker.error} {...props}>
      {children}
    </StateError>,
  );
}

export function Empty({ children, ...props }: StatusProps) {
  const { state, query } = useContextPicker();
  return inState(
    state,
    'empty',
    <StateEmpty
      text={(format) =>
        query ? format.text(format.labels.picker.noMatch, { query }) : format.labels.picker.noItems
      }
      {...props}
    >
      {children}
    </StateEmpty>,
  );
}

export function ActionError(props: StatusProps) {
  const { actions } = useContextPicker();
  const format = useCtxkitFormat();
  const error = actions.addItem.error ?? actions.removeItem.error;
  return error ? (
    <ErrorMessage {...props}>
      {format.text(format.labels.picker.actionError, { error: errorText(error) })}
    </ErrorMessage>
  ) : null;
}

export interface SearchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  readonly label?: string;
}

export function Search({ label, placeholder, className, ...props }: SearchProps) {
  const { query, setQuery } = useContextPicker();
  const { labels } = useCtxkitFormat();
  const id = useId();
  return (
    <div className="ctxkit-picker__search">
      <label htmlFor={id} className="ctxkit-visually-hidden">
        {label ?? labels.picker.search}
      </label>
      <input
        id={id}
        type="search"
        placeholder={placeholder ?? labels.picker.placeholder}
        autoComplete="off"
        className={cx('ctxkit-input', className)}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        {...props}
      />
    </div>
  );
}

/** How many items the session holds of those shown, for a live region. */
export function Count({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { groups, state } = useContextPicker();
  const format = useCtxkitFormat();
  if (state !== 'ready') return null;
  const options = groups.flatMap((group) => group.options);
  return (
    <p className={cx('ctxkit-picker__count ctxkit-muted', className)} aria-live="polite" {...props}>
      {format.text(format.labels.picker.count, {
        shown: options.length,
        added: options.filter((option) => option.selected).length,
      })}
    </p>
  );
}

export interface GroupProps extends HTMLAttributes<HTMLFieldSetElement> {
  readonly type: ItemType;
}

export function Group({ type, className, children, ...props }: GroupProps) {
  const { groups } = useContextPicker();
  const format = useCtxkitFormat();
  const group = groups.find((entry) => entry.type === type);
  if (!group) return null;
  return (
    <fieldset className={cx('ctxkit-picker__group', className)} data-type={type} {...props}>
      <legend className="ctxkit-picker__legend">
        {format.text(format.labels.picker.group, {
          type: format.labels.picker.groups[group.type],
          count: group.options.length,
        })}
      </legend>
      <ul className="ctxkit-picker__list">
        {children ?? group.options.map((option) => <Option key={option.item.key} option={option} />)}
      </ul>
    </fieldset>
  );
}

export interface OptionProps extends HTMLAttributes<HTMLLIElement> {
  readonly option: PickerOption;
}

/** A checkbox: checked while the item is in the session. */
export function Option({ option, className, ...props }: OptionProps) {
  const { toggle, actions } = useContextPicker();
  const { labels } = useCtxkitFormat();
  const { item } = option;
  const pending =
    (actions.addItem.isPending && actions.addItem.variables?.name === item.name) ||
    (actions.removeItem.isPending && actions.removeItem.variables?.name === item.name);
  const descriptionId = useId();
  return (
    <li
      className={cx('ctxkit-picker__option', className)}
      data-state={option.selected ? 'checked' : 'unchecked'}
      data-include-mode={item.include}
      {...props}
    >
      <label className="ctxkit-picker__label">
        <input
          type="checkbox"
          checked={option.selected}
          disabled={pending}
          aria-describedby={item.description ? descriptionId : undefined}
          onChange={() => toggle(option)}
        />
        <span className="ctxkit-picker__name">{option.label}</span>
        <span className="ctxkit-pill" data-include-mode={item.include}>
          {labels.includeModes[item.include]}
        </span>
      </label>
      {item.description && (
        <span id={descriptionId} className="ctxkit-picker__description ctxkit-muted">
          {item.description}
        </span>
      )}
    </li>
  );
}
