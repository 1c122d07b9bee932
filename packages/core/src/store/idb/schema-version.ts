/**
 * The schema version this code creates and reads. Version history:
 * 1. sessions (the SessionRecord itself, keyed by id), messages and usage (auto-increment keys, `{ sessionId, … }`,
 *    index `session`), plans (the whole StoredPlan, input included).
 * 2. rows with a format version; messages and turns in segments (runs of consecutive ones) and usage, keyed by
 *    [session id, position]; plans keep their history as references to stored turns; retrieval sets, blobs (with their referencing sessions), embeddings
 *    and documents.
 */
export const SCHEMA_VERSION = 2;
