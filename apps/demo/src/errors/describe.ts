import {
  BudgetError,
  CatalogError,
  CorruptRecordError,
  EmbedderLoadError,
  NotFoundError,
  StaleSessionError,
  StorageQuotaError,
  StoreBlockedError,
  StoreClosedError,
  StoreVersionError,
  ValidationError,
} from '@ctxkit/core';
import { EndpointError } from '../responder/index.js';

// What the app tells the user about an error: chosen by the error's type, never by parsing its message, with what
// to do next. The message of the error itself is shown as detail, since it says what and where.

export type ErrorKind =
  | 'endpoint-unreachable'
  | 'endpoint-refused'
  | 'storage-quota'
  | 'store-blocked'
  | 'store-version'
  | 'store-closed'
  | 'over-budget'
  | 'stale-session'
  | 'corrupt-record'
  | 'invalid-import'
  | 'embedder'
  | 'not-found'
  | 'unknown';

/** A reload, or nothing: the only actions an error view offers besides dismissing. */
export type ErrorAction = 'reload' | null;

export interface ErrorDescription {
  readonly kind: ErrorKind;
  readonly title: string;
  readonly advice: string;
  readonly detail: string;
  readonly action: ErrorAction;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function describeError(error: unknown): ErrorDescription {
  const detail = messageOf(error);
  const it = (
    kind: ErrorKind,
    title: string,
    advice: string,
    action: ErrorAction = null,
  ): ErrorDescription => ({
    kind,
    title,
    advice,
    detail,
    action,
  });
  if (error instanceof EndpointError) {
    return error.failure === 'unreachable'
      ? it(
          'endpoint-unreachable',
          'The model endpoint is unreachable',
          'Check that the server runs and allows this page’s origin (Ollama: OLLAMA_ORIGINS), or switch back to the local responder in Settings. Your message was not sent and nothing was stored.',
        )
      : it(
          'endpoint-refused',
          'The model endpoint refused the request',
          'Check the model name and key in Settings. Nothing of this turn was stored.',
        );
  }
  if (error instanceof StorageQuotaError)
    return it(
      'storage-quota',
      'The browser’s storage is full',
      'Nothing of that write was kept. Export and delete old sessions to make room.',
    );
  if (error instanceof StoreBlockedError)
    return it(
      'store-blocked',
      'Another tab keeps the old version open',
      'Close the demo’s other tabs, then reload this one.',
      'reload',
    );
  if (error instanceof StoreVersionError)
    return it(
      'store-version',
      'A newer version of the demo has the data',
      'Reload the page to run the newer version.',
      'reload',
    );
  if (error instanceof StoreClosedError)
    return it('store-closed', 'The database was closed', 'Reload the page to open it again.', 'reload');
  if (error instanceof BudgetError)
    return error.tooLong === 'message'
      ? it(
          'over-budget',
          'This message is too long to send',
          `Shorten it to at most ${error.messageRoom.toLocaleString()} tokens (it has ${error.messageTokens.toLocaleString()}), or send it in parts.`,
        )
      : it(
          'over-budget',
          'The required context does not fit',
          'Unpin items or remove session items, or raise the context window in Settings.',
        );
  if (error instanceof StaleSessionError)
    return it(
      'stale-session',
      'Another tab changed this session',
      'The session was reloaded as the other tab left it; try again.',
    );
  if (error instanceof CorruptRecordError)
    return it(
      'corrupt-record',
      'A stored record cannot be read',
      'Other sessions are fine. Export what you need, then delete this session.',
    );
  if (error instanceof ValidationError || error instanceof CatalogError)
    return it('invalid-import', 'The data was refused', 'Nothing was changed.');
  if (error instanceof EmbedderLoadError)
    return it(
      'embedder',
      'The embedding model could not be loaded',
      'Retrieval goes on with keyword search. Check the model files URL in Settings.',
    );
  if (error instanceof NotFoundError)
    return it('not-found', 'Not found', 'It may have been deleted in another tab.');
  return it('unknown', 'Something went wrong', 'Nothing was stored for the failed action.');
}
