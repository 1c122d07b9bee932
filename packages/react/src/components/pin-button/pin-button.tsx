import { type LeaseScope, type PinOptions, type PinTarget, pinTargetKey } from '@ctxkit/core';
import { type HTMLAttributes, useId, useState } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { usePins, useSession, useSessionActions } from '../../queries/index.js';
import { cx, errorText } from '../../shared/index.js';

export interface PinButtonProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  readonly sessionId: string;
  /** What to pin: a catalog item, a message (its whole turn) or a card of text. */
  readonly target: PinTarget;
  /** Names the target for screen readers ("Pin Logging"); default: none. */
  readonly name?: string;
  /** How many turns a pin "for the next turns" lasts; default 3. */
  readonly turns?: number;
}

/**
 * Pins something for as long as the user says: in every request (sticky), for the next few turns (leased), or for
 * the next request only (ephemeral). Once pinned it says how; PinManager lists, promotes and unpins.
 */
export function PinButton({ sessionId, target, name, turns = 3, className, ...props }: PinButtonProps) {
  const pins = usePins(sessionId);
  const record = useSession(sessionId).data;
  const { pin } = useSessionActions(sessionId);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const format = useCtxkitFormat();
  const labels = format.labels.pinButton;
  const key = pinTargetKey(target);
  const existing = pins.data?.find((entry) => pinTargetKey(entry.target) === key);
  const suffix = name ? ` ${name}` : '';
  if (existing)
    return (
      <div className={cx('ctxkit-pin-button', className)} data-pinned={existing.kind} {...props}>
        <span className="ctxkit-muted">{labels.pinned[existing.kind]}</span>
      </div>
    );
  const choose = (options: PinOptions) => {
    setOpen(false);
    pin.mutate({ target, options });
  };
  const lease = (scope: LeaseScope) => choose({ kind: 'leased', lease: scope });
  // A task or a topic lease is offered only while the session has one to scope it to.
  const taskId = record?.taskId ?? null;
  const clusterId = record?.queryCluster?.id ?? null;
  return (
    <div className={cx('ctxkit-pin-button', className)} data-pinned="none" {...props}>
      <button
        type="button"
        className="ctxkit-button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={pin.isPending}
        onClick={() => setOpen((value) => !value)}
      >
        {labels.pin}
        <span className="ctxkit-visually-hidden">{suffix}</span>
      </button>
      {open && (
        <fieldset
          id={menuId}
          className="ctxkit-pin-button__choices"
          aria-label={name ? format.text(labels.choicesNamed, { name }) : labels.choices}
        >
          <button type="button" className="ctxkit-button" onClick={() => choose({ kind: 'sticky' })}>
            {labels.sticky}
          </button>
          <button type="button" className="ctxkit-button" onClick={() => lease({ kind: 'turns', turns })}>
            {format.text(labels.leased, { count: turns })}
          </button>
          {taskId !== null && (
            <button type="button" className="ctxkit-button" onClick={() => lease({ kind: 'task', taskId })}>
              {format.text(labels.task, { task: taskId })}
            </button>
          )}
          {clusterId !== null && (
            <button
              type="button"
              className="ctxkit-button"
              onClick={() => lease({ kind: 'cluster', clusterId })}
            >
              {labels.cluster}
            </button>
          )}
          <button type="button" className="ctxkit-button" onClick={() => choose({ kind: 'ephemeral' })}>
            {labels.ephemeral}
          </button>
        </fieldset>
      )}
      {pin.isError && (
        <p role="alert" className="ctxkit-pin-button__error">
          {format.text(labels.error, { error: errorText(pin.error) })}
        </p>
      )}
    </div>
  );
}
