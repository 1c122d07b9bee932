import type { JSX } from 'react';
import { type CtxkitFormat, useCtxkitFormat } from '../locale/index.js';
import { EmptyMessage, ErrorMessage, errorText, type LoadState, type StatusProps } from './status.js';

/*
 * The `Loading`, `ErrorState` and `Empty` parts of a compound component: each shows only in its own state, read from
 * the component's context, and falls back to the component's own wording when given no children.
 */

/** `element` while the component is in the `shown` state, else nothing. */
export function inState(state: LoadState, shown: LoadState, element: JSX.Element): JSX.Element | null {
  return state === shown ? element : null;
}

export interface StateErrorProps extends StatusProps {
  readonly error: unknown;
  /** The component's message, with `{error}` standing for the error's text. */
  readonly message: (labels: CtxkitFormat['labels']) => string;
}

/** A component's failure, in its own words unless given children. */
export function StateError({ error, message, children, ...props }: StateErrorProps) {
  const format = useCtxkitFormat();
  return (
    <ErrorMessage {...props}>
      {children ?? format.text(message(format.labels), { error: errorText(error) })}
    </ErrorMessage>
  );
}

export interface StateEmptyProps extends StatusProps {
  readonly text: (format: CtxkitFormat) => string;
}

/** A component with nothing to show, in its own words unless given children. */
export function StateEmpty({ text, children, ...props }: StateEmptyProps) {
  const format = useCtxkitFormat();
  return <EmptyMessage {...props}>{children ?? text(format)}</EmptyMessage>;
}
