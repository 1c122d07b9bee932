import { type Catalog, displayName, type ItemKey, toRef } from '../catalog/index.js';
import { earnTurn, isEarned, topicShiftLapses } from '../earned-pins/index.js';
import type { ContextPlan, PlanReuse } from '../planner/index.js';
import type { RetrievalSet } from '../retrieval/index.js';
import { reuseFor, withServed } from '../reuse/index.js';
import type { Pin, PinChange, QueryCluster, SessionRecord, TurnStep, UserMessage } from '../session/index.js';
import type { EngineContext } from './context.js';
import { evidenceOfTurn } from './use-evidence.js';

// What the conversation itself keeps: leases it earns for the items its replies keep using, and the items that
// served each query cluster, for a later similar message to start from. The decisions are the pure functions of
// `earned-pins` and `reuse`; this wires them to a session's turn.

type Engine = Pick<EngineContext<unknown>, 'catalog' | 'earnedPins' | 'reuseThreshold' | 'newId' | 'now'>;

/** The least weight a turn's references must have to count as uses (see `referenceWeight`). */
const DISCRIMINATING = 0.5;

/**
 * The catalog items a turn's replies called or used: its use evidence (`evidenceOfTurn`): agent items called, or
 * referenced by replies that discriminated (a reply naming nearly all it was sent, as a verbose one does, shows no
 * use), and pinned items the replies referenced or called. Session items are sent anyway and left out.
 */
export function usedItemsOf(
  plan: ContextPlan,
  steps: readonly TurnStep[],
  referenced: readonly string[],
  query: string,
): ItemKey[] {
  const keys = new Set<ItemKey>();
  for (const event of evidenceOfTurn(plan, steps, referenced, query))
    if (event.kind === 'called' || (event.kind === 'referenced' && (event.weight ?? 1) >= DISCRIMINATING))
      for (const key of event.keys) keys.add(key);
  const named = new Set(referenced);
  for (const { candidate, reason } of plan.included)
    if (reason.code === 'pinned' && candidate.kind === 'item' && named.has(candidate.id))
      keys.add(candidate.id);
  return [...keys];
}

/** The earned leases of turns that a message on another subject ends (see `topicShiftLapses`). */
export function topicShiftOf(
  catalog: Catalog,
  record: SessionRecord,
  message: string,
  retrievalSet: RetrievalSet | null,
) {
  return topicShiftLapses(record.pins, message, retrievalSet?.followUp, (pin) => {
    if (pin.target.kind !== 'item') return '';
    const item = catalog.get(pin.target.ref);
    return item ? `${displayName(item)} ${item.name} ${item.description}` : displayName(pin.target.ref);
  });
}

/** The record to plan with: without the earned leases the message's change of subject ends. */
export function recordForPlanning(
  catalog: Catalog,
  record: SessionRecord,
  message: string,
  retrievalSet: RetrievalSet | null,
): SessionRecord {
  const lapsed = topicShiftOf(catalog, record, message, retrievalSet);
  return lapsed.length === 0
    ? record
    : { ...record, pins: record.pins.filter((pin) => !lapsed.includes(pin)) };
}

/** The earlier similar message a request starts from, when the engine reuses and the request starts a cluster. */
export function reuseOf(
  engine: Engine,
  record: SessionRecord,
  cluster: QueryCluster | undefined,
): PlanReuse | undefined {
  if (!cluster || engine.reuseThreshold === null) return undefined;
  return (
    reuseFor(record.servedClusters, cluster, record.queryCluster?.id, engine.reuseThreshold) ?? undefined
  );
}

/** What a committed turn's earning changed: the record, and the pin changes to tell with the turn. */
export interface EarnedTurn {
  readonly record: SessionRecord;
  readonly changes: readonly PinChange[];
  /** Earned leases the turn's change of subject ended. */
  readonly lapsed: readonly Pin[];
}

/**
 * After a turn's reflection: earned leases of turns its change of subject ends lapse, its uses count towards
 * earning (new leases are earned), and its cluster remembers what served it.
 */
export function earnAfterTurn(
  engine: Engine,
  record: SessionRecord,
  turn: {
    readonly plan: ContextPlan;
    readonly userMessage: UserMessage;
    readonly retrievalSet: RetrievalSet | null;
    readonly referenced: readonly string[];
    /** The turn's replies and tool results, the final reply last. */
    readonly steps: readonly TurnStep[];
  },
): EarnedTurn {
  const used = usedItemsOf(turn.plan, turn.steps, turn.referenced, turn.userMessage.content);
  const lapsed = topicShiftOf(engine.catalog, record, turn.userMessage.content, turn.retrievalSet);
  let next =
    lapsed.length === 0 ? record : { ...record, pins: record.pins.filter((pin) => !lapsed.includes(pin)) };
  const changes: PinChange[] = lapsed.map((pin) => ({
    kind: 'lapsed',
    pinId: pin.id,
    reason: { code: 'topic-shift' },
  }));
  const rules = engine.earnedPins;
  if (rules) {
    const earned = earnTurn({
      record: next,
      turnId: turn.userMessage.id,
      used,
      ...(next.queryCluster && { clusterId: next.queryCluster.id }),
      rules,
      refOf: (key) => {
        const item = engine.catalog.get(key);
        return item?.enabled ? toRef(item) : undefined;
      },
      newId: engine.newId,
      now: engine.now(),
    });
    next = earned.record;
    for (const pin of earned.pins)
      if (isEarned(pin))
        changes.push({
          kind: 'earned',
          pinId: pin.id,
          lease: pin.lease.kind === 'turns' ? { kind: 'turns', turns: pin.lease.turns } : pin.lease,
          reason: { code: 'earned', uses: rules.uses, window: rules.window },
        });
  }
  if (next.queryCluster) next = withServed(next, next.queryCluster, turn.userMessage.id, used);
  if (next.reflection)
    next = {
      ...next,
      reflection: {
        ...next.reflection,
        pins: Object.fromEntries(next.pins.map((pin) => [pin.id, pin.kind])),
      },
    };
  return { record: next, changes, lapsed };
}
