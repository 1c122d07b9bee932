import { NotFoundError } from '../errors/index.js';
import type { RetrievalSet } from '../retrieval/index.js';
import type { SessionRecord } from '../session/index.js';
import type { Store } from '../store/index.js';

/**
 * Everything of a session, copied from one store into another as one commit. Only switching a session's privacy
 * needs it, so it is loaded then, not with the engine.
 */
export async function copySession(
  from: Store,
  to: Store,
  record: SessionRecord,
  blobHashes: Iterable<string> = [],
): Promise<void> {
  const loaded = await from.loadSession(record.id);
  if (!loaded) throw new NotFoundError('session', record.id, 'it was deleted, or never created');
  const [plans, usage] = await Promise.all([from.listPlans(record.id), from.listUsage(record.id)]);
  const setIds = [...new Set(plans.flatMap((stored) => stored.input.retrievalSetId ?? []))];
  const sets = await Promise.all(setIds.map((id) => from.getRetrievalSet(id)));
  const blobs = new Map<string, string>();
  for (const hash of blobHashes) {
    const content = await from.getBlob(hash);
    if (content !== undefined) blobs.set(hash, content);
  }
  await to.createSession(record);
  if (loaded.messages.length === 0 && plans.length === 0 && usage.length === 0) return;
  try {
    await to.commitTurn({
      session: record,
      messages: loaded.messages,
      plans,
      usage,
      retrievalSets: sets.filter((set): set is RetrievalSet => set !== undefined),
      ...(blobs.size > 0 && { blobs }),
    });
  } catch (error) {
    await to.deleteSession(record.id);
    throw error;
  }
}
