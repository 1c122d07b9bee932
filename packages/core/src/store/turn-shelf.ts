import type { PlanInput, TurnCandidate } from '../planner/index.js';
import type { ChatMessage } from '../session/index.js';
import type { StoredPlan } from '../store-types/index.js';

/** The candidate with erased messages in place of its own (itself when it holds none of them). */
export function withErased(
  candidate: TurnCandidate,
  erased: ReadonlyMap<string, ChatMessage>,
): TurnCandidate {
  if (!candidate.messages.some((message) => erased.has(message.id))) return candidate;
  return { ...candidate, messages: candidate.messages.map((message) => erased.get(message.id) ?? message) };
}

/** A shelved plan whose turns kept as they are (pinned variants) hold erased messages in place of their own. */
export function shelvedWithErased(plan: ShelvedPlan, erased: ReadonlyMap<string, ChatMessage>): ShelvedPlan {
  const history = plan.input.history.map((entry) =>
    'candidate' in entry ? { candidate: withErased(entry.candidate, erased) } : entry,
  );
  return { ...plan, input: { ...plan.input, history } };
}

/** A history entry as a MemoryStore keeps it: a run of shelved turn candidates, or one candidate kept as it is. */
export type ShelvedEntry =
  | { readonly first: number; readonly count: number }
  | { readonly candidate: TurnCandidate };

/** A StoredPlan as a MemoryStore keeps it: its history is runs of references into the session's shelf. */
export type ShelvedPlan = Omit<StoredPlan, 'input'> & {
  readonly input: Omit<PlanInput, 'history'> & { readonly history: readonly ShelvedEntry[] };
};

/**
 * The turn candidates a session's plans referred to, each kept once. The engine hands every plan of a session the
 * same candidate object for the same turn, so plan k's history is turns 0…k−1 already on the shelf plus one new
 * one: a run or two of positions. Without it, n plans of up to n turns each would hold n² references.
 */
export class TurnShelf {
  readonly #candidates: TurnCandidate[] = [];
  readonly #position = new WeakMap<TurnCandidate, number>();

  shelve(stored: StoredPlan): ShelvedPlan {
    const history: ShelvedEntry[] = [];
    let run: { first: number; count: number } | null = null;
    for (const candidate of stored.input.history) {
      // A pinned variant is a fresh object each plan: kept as it is (there are as few as there are pins).
      const position = candidate.pinned === undefined ? this.#placeOf(candidate) : -1;
      if (position === -1) {
        if (run) history.push(run);
        run = null;
        history.push({ candidate });
      } else if (run && run.first + run.count === position) {
        run.count += 1;
      } else {
        if (run) history.push(run);
        run = { first: position, count: 1 };
      }
    }
    if (run) history.push(run);
    return { ...stored, input: { ...stored.input, history } };
  }

  /** The plan as it was handed to the store: the same candidate objects, in the same order. */
  unshelve(shelved: ShelvedPlan): StoredPlan {
    const history: TurnCandidate[] = [];
    for (const entry of shelved.input.history) {
      if ('candidate' in entry) history.push(entry.candidate);
      else
        for (let i = entry.first; i < entry.first + entry.count; i++)
          history.push(this.#candidates[i] as TurnCandidate);
    }
    return { ...shelved, input: { ...shelved.input, history } };
  }

  /** Puts erased messages (by id) in place of the ones the shelved turns hold, in this shelf and in `plan`. */
  erase(erased: ReadonlyMap<string, ChatMessage>): void {
    this.#candidates.forEach((candidate, i) => {
      const replaced = withErased(candidate, erased);
      if (replaced !== candidate) this.#candidates[i] = replaced;
    });
  }

  #placeOf(candidate: TurnCandidate): number {
    let position = this.#position.get(candidate);
    if (position === undefined) {
      position = this.#candidates.length;
      this.#candidates.push(candidate);
      this.#position.set(candidate, position);
    }
    return position;
  }
}
