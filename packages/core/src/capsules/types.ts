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
}
