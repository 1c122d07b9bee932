import { CtxkitError } from './ctxkit-error.js';

/**
 * The browser refused a write for lack of space (`QuotaExceededError`). Nothing of the failed write was kept; what
 * was stored before is intact. Way out: free space (delete old sessions, export then delete), or ask for persistent
 * storage (`requestPersistentStorage()`), which also raises the quota in some browsers.
 */
export class StorageQuotaError extends CtxkitError {
  readonly code = 'storage_quota';
  /** The write that was refused, e.g. `commit of a turn to session s1`. */
  readonly where: string;

  constructor(where: string, options?: { cause?: unknown }) {
    super(
      `Out of storage space: the ${where} was not written (nothing of it was kept). ` +
        'Delete or export old sessions to free space, or ask for persistent storage.',
      options,
    );
    this.where = where;
  }
}

/**
 * Opening the database needs an upgrade, and another tab (or window, or worker) keeps the older version open and
 * does not close it. Way out: close the other tabs of this app, then open again. Tabs running this version of
 * ctxkit close their connection by themselves, so this comes from an older app or another library.
 */
export class StoreBlockedError extends CtxkitError {
  readonly code = 'store_blocked';
  readonly database: string;

  constructor(database: string, fromVersion: number, toVersion: number) {
    super(
      `The database '${database}' cannot be upgraded from version ${fromVersion} to ${toVersion}: another tab ` +
        'keeps it open. Close the other tabs of this app, then try again.',
    );
    this.database = database;
  }
}

/**
 * Something is newer than this code understands: the database's schema, a stored record's format, or the schema
 * another tab just upgraded to while this tab had the database open (this tab's connection is then closed).
 * Way out: reload the page, so that the tab runs the newer version of the app.
 */
export class StoreVersionError extends CtxkitError {
  readonly code = 'store_version';
  /** What is too new: `database ctxkit`, `message 12 of session s1`, … */
  readonly where: string;
  readonly found: number | null;
  readonly supported: number;

  constructor(where: string, found: number | null, supported: number, problem?: string) {
    super(
      `The ${where} ${problem ?? `has version ${found}, newer than this version of ctxkit understands (${supported})`}. ` +
        'Reload the page to run the newer version of the app.',
    );
    this.where = where;
    this.found = found;
    this.supported = supported;
  }
}

/** The store was closed (by `close()`, or by the browser) and cannot be used any more. Way out: open it again. */
export class StoreClosedError extends CtxkitError {
  readonly code = 'store_closed';

  constructor(database: string, why: string) {
    super(`The store '${database}' is closed (${why}); open it again to use it.`);
  }
}
