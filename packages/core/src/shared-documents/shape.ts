import type { JsonValue } from '../catalog/index.js';

/**
 * A document many sessions share (memories, learned evidence, forgotten passages, calibration): its key, how to tell
 * a stored value of its shape, and what it starts as when a stored value is not.
 */
export interface SharedDocumentShape {
  readonly key: string;
  /** What is wrong with a stored value, or null when it has this document's shape. */
  problem(value: JsonValue): string | null;
  /**
   * What the document is once a malformed value was set aside: usually empty. Handed the malformed value, so a
   * document whose loss would harm the user (the list of passages never to recall) can keep what it can still read.
   */
  restart(malformed: JsonValue): JsonValue;
}
