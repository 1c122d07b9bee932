import { describeError } from '../errors/index.js';

export interface ErrorNoticeProps {
  readonly error: unknown;
  readonly onDismiss?: () => void;
}

/** An error in words: what happened and what to do, chosen by the error's type, with its own message as detail. */
export function ErrorNotice({ error, onDismiss }: ErrorNoticeProps) {
  const description = describeError(error);
  return (
    <div className="notice" role="alert" data-error-kind={description.kind}>
      <div className="notice__text">
        <strong className="notice__title">{description.title}</strong>
        <p className="notice__advice">{description.advice}</p>
        <p className="notice__detail">{description.detail}</p>
      </div>
      <div className="notice__actions">
        {description.action === 'reload' && (
          <button type="button" className="button" onClick={() => location.reload()}>
            Reload
          </button>
        )}
        {onDismiss && (
          <button
            type="button"
            className="button button--quiet"
            onClick={onDismiss}
            aria-label="Dismiss the error"
          >
            Dismiss
          </button>
        )}
      </div>
    </div>
  );
}
