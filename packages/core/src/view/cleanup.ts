import { displayName, type ItemRef, itemKey, toRef } from '../catalog/index.js';
import type { ChatMessage, SessionRecord } from '../session/index.js';

/** A session item that kept being sent and was never used. */
export interface CleanupEntry {
  readonly key: string;
  readonly ref: ItemRef;
  readonly label: string;
  /** Requests among the last `turns` that carried it. */
  readonly sent: number;
  /** Tokens it took in the last request that carried it. */
  readonly tokens: number;
}

export interface CleanupOptions {
  /** How many of the last turns are looked at. Default 5. */
  readonly turns?: number;
  /** Sent in at least this many of them, and used in none. Default 3. */
  readonly minSends?: number;
}

/**
 * The items added to the session by hand (manual) that its last turns kept sending and never used: no reply
 * referenced or called them, and no user message named them. Empty until `minSends` turns have been committed, so
 * an item just added is never suggested for removal.
 */
export function cleanupOf(
  record: SessionRecord,
  messages: readonly ChatMessage[],
  options: CleanupOptions = {},
): CleanupEntry[] {
  const turns = options.turns ?? 5;
  const minSends = options.minSends ?? 3;
  // The reply that closes a turn carries its reflection; its request context is the turn's last request.
  const closing = messages
    .filter((message) => message.role === 'assistant' && message.reflection && message.requestContext)
    .slice(-turns);
  const sent = new Map<string, { count: number; tokens: number }>();
  const used = new Set<string>();
  for (const message of closing) {
    if (message.role !== 'assistant') continue;
    for (const id of [
      ...(message.reflection?.referenced ?? []),
      ...(message.reflection?.userReferenced ?? []),
    ])
      used.add(id);
    for (const item of message.requestContext?.items ?? []) {
      if (item.pin !== undefined || item.includeMode === 'agent') continue;
      const key = itemKey(item);
      const held = sent.get(key);
      sent.set(key, { count: (held?.count ?? 0) + 1, tokens: item.tokens });
    }
  }
  return record.contextItems.flatMap((item) => {
    // Items included `always` are the host's policy, not the user's choice: only what was added by hand is offered.
    if (item.includeMode !== 'manual') return [];
    const key = itemKey(item);
    const counts = sent.get(key);
    if (!counts || counts.count < minSends || used.has(key)) return [];
    const ref = toRef(item);
    return [{ key, ref, label: displayName(ref), sent: counts.count, tokens: counts.tokens }];
  });
}
