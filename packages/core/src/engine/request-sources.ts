import { type ItemKey, itemKey } from '../catalog/index.js';
import type { TurnCluster } from '../clusters/index.js';
import { clusterOperations } from '../clusters/lazy.js';
import { type MemoryEntry, usesMemory } from '../memory/index.js';
import type { RecallCandidate } from '../planner/index.js';
import { carriedBy, recallViewer } from '../recall/index.js';
import { effectiveTriggers, type RetrievalSet } from '../retrieval/index.js';
import type { ChatMessage, ContextMode, SessionRecord } from '../session/index.js';
import type { EngineContext } from './context.js';

// What a request gathers for the user's message besides the session's own history: the agent items retrieval
// selects, the query cluster it joins, the memories other conversations offer and the passages recall finds. Each
// reads the engine and the asking session, never writes.

/** What the gathering reads of the asking session. */
export interface AskingSession {
  readonly id: string;
  readonly record: SessionRecord;
  readonly mode: ContextMode;
  readonly messages: readonly ChatMessage[];
}

export interface RequestSources {
  readonly retrievalSet: RetrievalSet | null;
  readonly memory: readonly MemoryEntry[];
  readonly recall: readonly RecallCandidate[];
  /** The query cluster the request joins; absent without query embeddings. */
  readonly cluster?: TurnCluster;
}

/** What the gathering reads of the engine. */
type Engine = Pick<
  EngineContext<unknown>,
  'catalog' | 'selector' | 'modeLimits' | 'clusterThreshold' | 'newId' | 'memories' | 'recall' | 'triggers'
>;

/** Everything a new turn's first request gathers for the user's message. */
export async function gatherSources(
  engine: Engine,
  session: AskingSession,
  text: string,
): Promise<RequestSources> {
  const retrievalSet = await selectItems(engine, session, text);
  const cluster = await queryCluster(engine, session.record, text);
  const memory = await engine.memories.offeredTo(session.record);
  const recall = await recallFor(engine, session, text);
  return { retrievalSet, memory, recall, ...(cluster && { cluster }) };
}

/**
 * The agent items retrieval offers for `query`, leaving out what the session holds or pins anyway; null in a mode
 * that retrieves nothing. A `peek` (a draft's estimate) leaves retrieval's carry-over as it was.
 */
export async function selectItems(
  engine: Engine,
  session: AskingSession,
  query: string,
  peek = false,
): Promise<RetrievalSet | null> {
  const limits = engine.modeLimits[session.mode];
  if (limits.topK === 0) return null;
  const exclude = new Set<ItemKey>(session.record.contextItems.map(itemKey));
  for (const pin of session.record.pins) if (pin.target.kind === 'item') exclude.add(itemKey(pin.target.ref));
  return engine.selector.select({
    query,
    catalog: engine.catalog,
    exclude,
    limit: limits.topK + 5,
    sessionId: session.id,
    mode: session.mode,
    triggers: effectiveTriggers(engine.triggers, session.record.triggers),
    ...(peek && { peek }),
  });
}

/** The query cluster a request joins, when the selector embeds queries and clustering is on. */
async function queryCluster(
  engine: Engine,
  record: SessionRecord,
  query: string,
): Promise<TurnCluster | undefined> {
  const threshold = engine.clusterThreshold;
  const vector = threshold === null ? null : await engine.selector.embedQuery?.(query);
  return vector && threshold !== null
    ? (await clusterOperations()).turnCluster(record, vector, threshold, engine.newId)
    : undefined;
}

/** Passages of earlier conversations for a message: none in mode off, or for a session that keeps to itself. */
export async function recallFor(
  engine: Engine,
  session: AskingSession,
  text: string,
): Promise<readonly RecallCandidate[]> {
  const { record } = session;
  if (!engine.recall || session.mode === 'off' || !usesMemory(record) || record.recall === false) return [];
  return engine.recall.offeredTo(
    text,
    recallViewer(record, () => session.messages),
    carriedBy(session.messages),
  );
}
