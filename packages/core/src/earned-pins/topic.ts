import type { Pin } from '../session/index.js';
import { isEarned } from './earn.js';

/** Words of four letters or more, cut to their first five: "tables" and "table" meet, "the" and "and" never count. */
function stems(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]{4,}/gu) ?? [];
  return new Set(words.map((word) => word.slice(0, 5)));
}

/**
 * Earned leases of turns that a message ends early, without query clusters to tell a change of subject: the message
 * does not follow up on the conversation (retrieval's `followUp`) and shares no word with the item's name and
 * description (`describe`). Leases scoped to a cluster end when the cluster does instead.
 */
export function topicShiftLapses(
  pins: readonly Pin[],
  message: string,
  followUp: boolean | undefined,
  describe: (pin: Pin) => string,
): Pin[] {
  if (followUp !== false) return [];
  const own = stems(message);
  return pins.filter((pin) => {
    if (!isEarned(pin) || pin.lease.kind !== 'turns') return false;
    for (const stem of stems(describe(pin))) if (own.has(stem)) return false;
    return true;
  });
}
