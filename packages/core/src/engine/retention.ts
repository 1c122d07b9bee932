import { branchOperations } from '../branches/lazy.js';
import type { MemoryBank } from '../memory/index.js';
import { expiredSessions } from '../privacy/index.js';
import type { SessionRecord } from '../session/index.js';
import type { Store } from '../store/index.js';

/**
 * Deletes the sessions not updated for `maxAgeDays`, and the memories learned from them; returns the deleted
 * records, oldest first. A session goes only with its whole tree of branches, deepest first: a branch still in use
 * keeps the session whose history it sees, and a branch is never left without its parent.
 */
export async function deleteExpiredSessions(
  store: Store,
  memories: MemoryBank,
  maxAgeDays: number,
  now: Date,
): Promise<SessionRecord[]> {
  const records = await store.listSessions();
  const expired = expiredSessions(records, maxAgeDays, now);
  if (expired.length === 0) return [];
  const { deletionOrder } = await branchOperations();
  const expiredIds = new Set(expired.map((record) => record.id));
  const deleted = new Set<string>();
  for (const record of expired) {
    if (deleted.has(record.id)) continue;
    const tree = deletionOrder(records, record.id);
    if (!tree.every((id) => expiredIds.has(id))) continue;
    for (const id of tree) {
      await store.deleteSession(id);
      deleted.add(id);
    }
  }
  if (deleted.size > 0) await memories.forgetSessions([...deleted]);
  return expired.filter((record) => deleted.has(record.id));
}
