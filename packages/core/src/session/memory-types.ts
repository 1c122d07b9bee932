// What a memory is made of lies with the session records it is learned from (a checkpoint's key points and
// preferences), so the planner and the renderer can name it without reaching above the store.

/** Where a memory came from: the session, and the message or checkpoint (summary) it was learned from. */
export interface MemorySource {
  readonly sessionId: string;
  /** The session's tree (the root of its branches): memories are offered to other conversations only. */
  readonly rootSessionId: string;
  readonly messageId?: string;
  readonly checkpointId?: string;
}

/** What a memory says: a key point of a conversation, or a learned preference (a named value, newest wins). */
export type MemoryContent =
  | { readonly kind: 'key-point'; readonly text: string }
  | { readonly kind: 'preference'; readonly key: string; readonly value: string };
