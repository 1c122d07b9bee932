import type { ItemRef } from '../catalog/index.js';

/**
 * A summary of a catalog reference the host supplies (an LLM may have written it), with the hash of the content it
 * summarizes (`hashReferenceContent(reference.content)`). Never ground truth: it is sent marked as a summary, and
 * only in place of its reference when the reference does not fit (see "Capsules" in docs/suggestions-and-replay.md).
 */
export interface CapsuleInput {
  readonly ref: { readonly type: 'reference'; readonly name: string } | ItemRef;
  readonly summary: string;
  readonly contentHash: string;
  /** Who wrote it (`llm:<model>`, `host`, …): shown and recorded in the plan, not interpreted. */
  readonly source?: string;
  /**
   * How far the writer trusts the summary, 0–1 (an LLM's self-rating, a reviewer's score): shown and recorded in
   * the plan, not interpreted.
   */
  readonly confidence?: number;
  /** When the summary was written: an ISO 8601 date or date-time, shown and recorded in the plan. */
  readonly generatedAt?: string;
}
