import { type ItemRef, itemKey } from '@ctxkit/core';
import { useCatalog, usePins, useSessionActions } from '@ctxkit/react';
import { useEffect, useRef } from 'react';

export interface ItemDialogProps {
  /** The session pins go to: the one on screen. */
  readonly sessionId: string;
  readonly item: ItemRef | null;
  readonly onClose: () => void;
}

/** A catalog item opened from a reply's context details: what it says, and a pin to keep it in every request. */
export function ItemDialog({ sessionId, item, onClose }: ItemDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const catalog = useCatalog();
  const pins = usePins(sessionId);
  const { pin, unpin } = useSessionActions(sessionId);
  const entry = item ? catalog.data?.get(item) : undefined;
  const key = item ? itemKey(item) : null;
  const existing = (pins.data ?? []).find(
    (candidate) => candidate.target.kind === 'item' && itemKey(candidate.target.ref) === key,
  );

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (item && !element.open) element.showModal();
    else if (!item && element.open) element.close();
  }, [item]);

  const name = entry ? (entry.type === 'tool' ? `${entry.serverName}:${entry.name}` : entry.name) : '';
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="item-title" onClose={onClose}>
      {entry && (
        <>
          <h2 id="item-title">{name}</h2>
          <p className="item__meta">
            {entry.type} · include mode <strong>{entry.include}</strong>
            {entry.type === 'tool' && entry.includeSource !== 'tool'
              ? ` (from the ${entry.includeSource === 'server' ? 'server' : 'default'})`
              : ''}
            {existing ? ` · pinned (${existing.kind})` : ''}
          </p>
          {entry.description && <p>{entry.description}</p>}
          <pre className="item__content">
            {entry.type === 'tool' ? JSON.stringify(entry.inputSchema, null, 2) : entry.content}
          </pre>
          {(pin.error || unpin.error) && (
            <p role="alert" className="field__issue">
              {String((pin.error ?? unpin.error)?.message)}
            </p>
          )}
          <div className="dialog__actions">
            <button type="button" className="button button--quiet" onClick={onClose}>
              Close
            </button>
            {existing ? (
              <button
                type="button"
                className="button"
                onClick={() => unpin.mutate(existing.id, { onSuccess: onClose })}
              >
                Unpin
              </button>
            ) : (
              <button
                type="button"
                className="button button--primary"
                onClick={() =>
                  item && pin.mutate({ target: { kind: 'item', ref: item } }, { onSuccess: onClose })
                }
              >
                Pin to this session
              </button>
            )}
          </div>
        </>
      )}
    </dialog>
  );
}
