import { type CtxkitFormat, useCtxkitFormat } from '../locale/index.js';
import {
  EmptyMessage,
  ErrorMessage,
  errorText,
  Loading,
  type LoadState,
  type StatusProps,
} from './status.js';

/**
 * The `Loading`, `ErrorState` and `Empty` parts of a compound component: each shows only in its own state, read from
 * the component's context, and falls back to the component's own wording when given no children.
 */
export interface StateStatusProps extends StatusProps {
  readonly state: LoadState;
}

export function StateLoading({ state, ...props }: StateStatusProps) {
  return state === 'loading' ? <Loading {...props} /> : null;
}

export interface StateErrorProps extends StateStatusProps {
  readonly error: unknown;
  /** The component's message, with `{error}` standing for the error's text. */
  readonly message: (labels: CtxkitFormat['labels']) => string;
}

export function StateError({ state, error, message, children, ...props }: StateErrorProps) {
  const format = useCtxkitFormat();
  if (state !== 'error') return null;
  return (
    <ErrorMessage {...props}>
      {children ?? format.text(message(format.labels), { error: errorText(error) })}
    </ErrorMessage>
  );
}

export interface StateEmptyProps extends StateStatusProps {
  readonly text: (format: CtxkitFormat) => string;
}

export function StateEmpty({ state, text, children, ...props }: StateEmptyProps) {
  const format = useCtxkitFormat();
  return state === 'empty' ? <EmptyMessage {...props}>{children ?? text(format)}</EmptyMessage> : null;
}
