import { reportError } from '../errors/index.js';
import { type MemoryBank, memoriesFromSummary, usesMemory } from '../memory/index.js';
import type { SessionRecord } from '../session/index.js';

/**
 * When a commit added a checkpoint, what its summary found worth remembering beyond this conversation goes to
 * cross-conversation memory. The turn is already committed: a memory that cannot be written is reported, never
 * allowed to undo or fail the turn.
 */
export async function rememberNewSummary(
  memories: MemoryBank,
  before: SessionRecord,
  after: SessionRecord,
): Promise<void> {
  const created = after.checkpoints?.at(-1);
  if (!created || before.checkpoints?.some((checkpoint) => checkpoint.id === created.id)) return;
  if (!usesMemory(after)) return;
  try {
    await memories.add(after, memoriesFromSummary(created, { checkpointId: created.id }));
  } catch (error) {
    reportError(error);
  }
}
