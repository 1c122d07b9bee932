import { type ErrorIssue, ValidationError } from '../../errors/index.js';
import { checkKnownFields, describe, isRecord } from '../../validation/index.js';

/**
 * What `requestPersistentStorage` obtained: `'persisted'` (granted now or before), `'denied'`, `'unsupported'` (no
 * `navigator.storage.persist`), or `'no-answer'`: the browser did not answer within the wait. Firefox keeps the
 * request open until the user answers its prompt, and without a user gesture it may never settle; the storage is
 * then as before (best-effort), and asking again later, after a gesture, is fine.
 */
export type PersistenceResult = 'persisted' | 'denied' | 'unsupported' | 'no-answer';

export interface PersistenceOptions {
  /** How long to wait for the browser's answer before settling on `'no-answer'`. Default 10,000 ms. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Asks the browser to keep this origin's storage when space runs low (`navigator.storage.persist()`); without it,
 * the browser may evict IndexedDB data of a site not used for a while. Chromium grants it without a prompt to
 * sites the user engages with (installed, bookmarked, notifications); Firefox asks the user. Call it after a user
 * gesture, e.g. when the user saves their first session. It always settles, within `timeoutMs`.
 */
export async function requestPersistentStorage(options: PersistenceOptions = {}): Promise<PersistenceResult> {
  const timeoutMs = checkOptions(options);
  const storage = (globalThis as { navigator?: { storage?: Partial<StorageManager> } }).navigator?.storage;
  if (typeof storage?.persist !== 'function') return 'unsupported';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const noAnswer = new Promise<'no-answer'>((resolve) => {
    timer = setTimeout(() => resolve('no-answer'), timeoutMs);
  });
  const ask = async (): Promise<PersistenceResult> => {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return 'persisted';
    return (await storage.persist?.()) ? 'persisted' : 'denied';
  };
  try {
    return await Promise.race([ask(), noAnswer]);
  } finally {
    clearTimeout(timer);
  }
}

function checkOptions(options: unknown): number {
  const issues: ErrorIssue[] = [];
  if (!isRecord(options)) {
    issues.push({ path: 'options', message: `must be an object, got ${describe(options)}` });
  } else {
    checkKnownFields(options, ['timeoutMs'], 'options', issues);
    const { timeoutMs } = options;
    if (
      timeoutMs !== undefined &&
      (typeof timeoutMs !== 'number' ||
        !Number.isFinite(timeoutMs) ||
        timeoutMs < 0 ||
        timeoutMs > 2_147_483_647)
    ) {
      issues.push({
        path: 'options.timeoutMs',
        message: `must be a number of milliseconds ≥ 0, got ${describe(timeoutMs)}`,
      });
    }
  }
  if (issues.length > 0) throw new ValidationError('Invalid requestPersistentStorage options', issues);
  return (
    (isRecord(options) && typeof options.timeoutMs === 'number' ? options.timeoutMs : undefined) ??
    DEFAULT_TIMEOUT_MS
  );
}
