import type {
  CheckpointCandidate,
  HistoryPolicy,
  Importance,
  ImportanceLevel,
  PlanInput,
  TurnCandidate,
} from './types.js';

/** One step of the history the planner takes newest first, with the weight it competes with agent items by. */
export interface HistoryEntry {
  readonly candidate: TurnCandidate | CheckpointCandidate;
  readonly weight: number;
  /** Set for turns when the input has a history policy. */
  readonly importance?: Importance;
}

export interface HistoryLayout {
  /** Turns the checkpoint stands in for. */
  readonly summarized: readonly TurnCandidate[];
  /** Newest first: the turns after the checkpoint, the checkpoint, then any turn older than its range. */
  readonly stream: readonly HistoryEntry[];
}

function hasError(turn: TurnCandidate): boolean {
  return turn.messages.some((message) => message.role === 'tool' && message.isError === true);
}

/**
 * The importance of each history turn (indexes match `history`). Recent turns are `high`; older ones decay by
 * `decay` per turn. A failed tool call among the `errorTurns` newest turns is `critical`, and so is every newer
 * turn: history is sent as a contiguous run, so keeping the error means keeping what came after it.
 */
export function importanceOf(
  history: readonly TurnCandidate[],
  newest: number,
  policy: HistoryPolicy,
): Importance[] {
  let criticalAge = -1;
  for (const turn of history) {
    const age = newest - turn.turnIndex;
    if (age < policy.errorTurns && age > criticalAge && hasError(turn)) criticalAge = age;
  }
  return history.map((turn) => {
    const age = newest - turn.turnIndex;
    if (age <= criticalAge) return { level: 'critical', weight: 1 };
    if (age < policy.recentTurns) return { level: 'high', weight: 1 };
    const weight = policy.decay ** (age - policy.recentTurns + 1);
    const level: ImportanceLevel = weight >= 0.5 ? 'medium' : 'low';
    return { level, weight };
  });
}

/** Splits history into what the checkpoint summarizes and what the planner takes, newest first. */
export function layoutHistory(input: PlanInput, newest: number): HistoryLayout {
  const { history, historyPolicy: policy } = input;
  const checkpoint = input.checkpoint ?? null;
  const importance = policy ? importanceOf(history, newest, policy) : null;
  const summarized: TurnCandidate[] = [];
  const newer: HistoryEntry[] = [];
  const older: HistoryEntry[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i] as TurnCandidate;
    const weighed = importance?.[i];
    const entry: HistoryEntry = weighed
      ? { candidate: turn, weight: weighed.weight, importance: weighed }
      : { candidate: turn, weight: 1 };
    if (!checkpoint || turn.turnIndex > checkpoint.toTurn) newer.push(entry);
    else if (turn.turnIndex >= checkpoint.fromTurn) summarized.push(turn);
    else older.push(entry);
  }
  if (!checkpoint) return { summarized, stream: newer };
  // The summary sits where its turns would: it competes with the weight of the turn after it.
  const weight = newer.at(-1)?.weight ?? 1;
  summarized.reverse();
  return { summarized, stream: [...newer, { candidate: checkpoint, weight }, ...older] };
}

/** Where a history entry sits in time, for cut-offs by a pinned turn: a checkpoint sits at its last turn. */
export function timeOf(candidate: TurnCandidate | CheckpointCandidate): number {
  return candidate.kind === 'turn' ? candidate.turnIndex : candidate.toTurn;
}
