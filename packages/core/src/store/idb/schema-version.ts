/**
 * The schema version this code creates and reads. Version history:
 * 1. sessions (the SessionRecord itself, keyed by id), messages and usage (auto-increment keys, `{ sessionId, … }`,
 *    index `session`), plans (the whole StoredPlan, input included).
 * 2. rows with a format version; messages and turns in segments (runs of consecutive ones) and usage, keyed by
 *    [session id, position]; plans keep their history as references to stored turns; retrieval sets, blobs (with their referencing sessions), embeddings
 *    and documents.
 * 3. recall: what recall indexes of each turn of a session that may be recalled (terms, text, position), keyed by
 *    [session id, position of the turn's first message]; a version 2 database gets the store empty.
 */
export const SCHEMA_VERSION = 3;
