import type { PlanInput, TurnCandidate } from '../../planner/index.js';
import { measureKey } from '../../planner/index.js';
import type { StoredPlan } from '../../store-types/index.js';
import type { SessionIndex, TurnRef, TurnWrites } from './session-index.js';

/**
 * A history or pinned entry as stored: a run of stored turns (`turns: [first, count, shell]`, with the pin of a
 * pinned turn), or a candidate kept whole (anything that is not a stored turn of the session).
 */
export type EncodedTurnEntry =
  | { readonly turns: readonly [first: number, count: number, shell: number]; readonly pinned?: unknown }
  | { readonly candidate: unknown };

/** A StoredPlan as kept: its input's history and pins are references to the session's stored turns. */
export type EncodedPlan = Omit<StoredPlan, 'input'> & {
  readonly input: Omit<PlanInput, 'history' | 'pins'> & {
    readonly history: readonly EncodedTurnEntry[];
    readonly pins: readonly EncodedTurnEntry[];
  };
};

function isTurn(candidate: unknown): candidate is TurnCandidate {
  return (candidate as { kind?: unknown }).kind === 'turn';
}

function encodeEntries(
  list: readonly unknown[],
  index: SessionIndex,
  writes: TurnWrites,
  encoding: string | null,
): EncodedTurnEntry[] {
  const out: EncodedTurnEntry[] = [];
  let run: { first: number; count: number; shell: number } | null = null;
  const flush = () => {
    if (run) out.push({ turns: [run.first, run.count, run.shell] });
    run = null;
  };
  for (const candidate of list) {
    const ref: TurnRef | null = isTurn(candidate) ? index.refOf(candidate, writes, encoding) : null;
    if (!ref) {
      flush();
      out.push({ candidate });
    } else if ((candidate as TurnCandidate).pinned !== undefined) {
      flush();
      out.push({ turns: [ref.turn, 1, ref.shell], pinned: (candidate as TurnCandidate).pinned });
    } else if (run && run.first + run.count === ref.turn && run.shell === ref.shell) {
      run.count += 1;
    } else {
      flush();
      run = { first: ref.turn, count: 1, shell: ref.shell };
    }
  }
  flush();
  return out;
}

/**
 * Stores history as runs of turn references, so a plan costs the same however long the session is: without it, a
 * session of n turns would store n plans of up to n turns each. Turns new to the index go to `writes`.
 */
export function encodePlan(stored: StoredPlan, index: SessionIndex, writes: TurnWrites): EncodedPlan {
  const { input } = stored;
  return {
    ...stored,
    input: {
      ...input,
      history: encodeEntries(input.history, index, writes, measureKey(input.encoding, input.template)),
      pins: encodeEntries(input.pins, index, writes, measureKey(input.encoding, input.template)),
    },
  };
}

/** Thrown when a plan refers to a turn the index does not hold: the caller reads the session again, once. */
export class MissingTurnError extends Error {
  readonly turn: number;
  constructor(turn: number) {
    super(`turn ${turn} is not in the index`);
    this.turn = turn;
  }
}

function decodeEntries(entries: readonly EncodedTurnEntry[], index: SessionIndex): unknown[] {
  const out: unknown[] = [];
  for (const entry of entries) {
    if ('candidate' in entry) {
      out.push(entry.candidate);
      continue;
    }
    const [first, count, shell] = entry.turns;
    for (let turn = first; turn < first + count; turn++) {
      const candidate = index.candidate({ turn, shell });
      if (!candidate) throw new MissingTurnError(turn);
      out.push(entry.pinned === undefined ? candidate : { ...candidate, pinned: entry.pinned });
    }
  }
  return out;
}

/** The StoredPlan as it was handed to the store: the same input, deep-equal, candidate for candidate. */
export function decodePlan(encoded: EncodedPlan, index: SessionIndex): StoredPlan {
  const { input } = encoded;
  return {
    ...encoded,
    input: {
      ...input,
      history: decodeEntries(input.history, index),
      pins: decodeEntries(input.pins, index),
    } as PlanInput,
  };
}

/** Whether a value has the shape of an encoded plan (what a reader checks before decoding). */
export function isEncodedPlan(value: unknown): value is EncodedPlan {
  const input = (value as { input?: { history?: unknown; pins?: unknown } } | null)?.input;
  return (
    typeof (value as { id?: unknown } | null)?.id === 'string' &&
    typeof input === 'object' &&
    input !== null &&
    Array.isArray(input.history) &&
    Array.isArray(input.pins) &&
    [...input.history, ...input.pins].every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        ('candidate' in entry ||
          (Array.isArray((entry as { turns?: unknown }).turns) &&
            (entry as { turns: unknown[] }).turns.length === 3 &&
            (entry as { turns: unknown[] }).turns.every((n) => Number.isInteger(n) && (n as number) >= 0))),
    )
  );
}
