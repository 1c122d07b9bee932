import { PIN_GROUPS } from '@ctxkit/core/view';
import type { HTMLAttributes } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { cx } from '../../shared/index.js';
import {
  ActionError,
  Empty,
  ErrorState,
  Group,
  Loading,
  PinItem,
  Root,
  type RootProps,
  Suggestions,
} from './parts.js';

export type PinManagerProps = Omit<RootProps, 'children'> & {
  /** The heading's text; `null` for none. */
  readonly heading?: string | null;
};

/**
 * The session's pins grouped as sticky, leased and ephemeral, with lease scope, token cost, Unpin and Promote
 * (ephemeral → leased), and suggested pins dimmed below a "Suggested pins" delimiter with Accept and Dismiss.
 */
function PinManagerView({ heading, ...props }: PinManagerProps) {
  const { labels } = useCtxkitFormat();
  return (
    <Root {...props}>
      {heading !== null && <h2 className="ctxkit-pins__title-heading">{heading ?? labels.pins.heading}</h2>}
      <Loading />
      <ErrorState />
      <Empty />
      {PIN_GROUPS.map((kind) => (
        <Group key={kind} kind={kind} />
      ))}
      <ActionError />
      <Suggestions />
    </Root>
  );
}

export interface SuggestedPinsHintProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onClick'> {
  readonly count: number;
  /** Opens wherever the host shows the pin manager. */
  readonly onOpen: () => void;
}

/** "Suggested pins (3)": a non-blocking hint that opens the pin manager; nothing when there are none. */
export function SuggestedPinsHint({ count, onOpen, className, ...props }: SuggestedPinsHintProps) {
  const format = useCtxkitFormat();
  if (count <= 0) return null;
  return (
    <div role="status" className={cx('ctxkit-hint', className)} {...props}>
      <button type="button" className="ctxkit-button ctxkit-hint__button" onClick={onOpen}>
        {format.text(format.labels.pins.hint, { count })}
      </button>
    </div>
  );
}

export const PinManager = /* @__PURE__ */ Object.assign(PinManagerView, {
  Root,
  Loading,
  Error: ErrorState,
  Empty,
  Group,
  Item: PinItem,
  ActionError,
  Suggestions,
});
