import type {
  Candidate,
  ExcludedEntry,
  ExclusionReason,
  HistoryBlockState,
  IncludedEntry,
  InclusionReason,
  ItemCandidate,
  PlanInput,
  TurnCandidate,
} from '../types.js';

/** A pin candidate: an item, a card or a whole turn. */
export type PinCandidate = PlanInput['pins'][number];

/**
 * What the phases of one plan share: the budget, what is in and out so far, and what an earlier phase leaves to a
 * later one. It lives only while one `planContext` call runs, so the planner as a whole stays a pure function.
 */
export interface PlanState {
  readonly input: PlanInput;
  /** The prompt's room: the window less the reserved output, shrunk by the calibration factor. */
  readonly available: number;
  readonly included: IncludedEntry[];
  readonly excluded: ExcludedEntry[];
  /** Ids of the candidates included so far. */
  readonly taken: Set<string>;
  remaining: number;
  /** The tool list costs `toolsPresent` once, with the first tool that is actually sent. */
  toolsCharged: boolean;
  /** A card brings the `expand_card` tool and the cards' block: `cardsPresent` once, with the first card. */
  cardsCharged: boolean;
  /** Leased and ephemeral pins: the required phase leaves them for the pins phase. */
  optionalPins: PinCandidate[];
  /** A pinned turn left out for budget ends history there: older turns must not be sent without it. */
  droppedPinnedTurn: TurnCandidate | null;
  /** The history block's state, when history is cut in blocks. */
  block: HistoryBlockState | undefined;
  /** Room a block leaves under its high-water mark: recall may use it, to bring back what the cut dropped. */
  blockSlack: number;
}

export function planState(input: PlanInput, available: number): PlanState {
  return {
    input,
    available,
    included: [],
    excluded: [],
    taken: new Set(),
    remaining: available,
    toolsCharged: false,
    cardsCharged: false,
    optionalPins: [],
    droppedPinnedTurn: null,
    block: undefined,
    blockSlack: 0,
  };
}

export function include(state: PlanState, candidate: Candidate, reason: InclusionReason): void {
  state.included.push({ candidate, reason });
  state.taken.add(candidate.id);
}

export function exclude(state: PlanState, candidate: Candidate, reason: ExclusionReason): void {
  state.excluded.push({ candidate, reason });
}

/**
 * What sending a candidate costs now: its tokens, the tool list's overhead with the first tool, and with the first
 * card the `expand_card` tool and the cards' block it brings (a tool itself: the tool list's overhead too).
 */
export function costOf(state: PlanState, candidate: Candidate): number {
  const expands = bringsExpandTool(candidate);
  return (
    candidate.tokens +
    ((candidate.section === 'tools' || expands) && !state.toolsCharged
      ? state.input.overhead.toolsPresent
      : 0) +
    (expands && !state.cardsCharged ? (state.input.overhead.cardsPresent ?? 0) : 0)
  );
}

/** An item sent as a card: the model asks for the full item through the `expand_card` tool. */
function bringsExpandTool(candidate: Candidate): boolean {
  return candidate.kind === 'item' && candidate.card !== undefined;
}

/** Includes a candidate that fits, paying its cost from what remains. */
export function take(state: PlanState, candidate: Candidate, reason: InclusionReason): void {
  state.remaining -= costOf(state, candidate);
  const expands = bringsExpandTool(candidate);
  state.toolsCharged ||= candidate.section === 'tools' || expands;
  state.cardsCharged ||= expands;
  include(state, candidate, reason);
}

/** Excludes an item the catalog cannot give (and says so); false for one it can. */
export function unavailable(state: PlanState, candidate: ItemCandidate): boolean {
  if (!candidate.unavailable) return false;
  exclude(state, candidate, { code: 'unavailable', why: candidate.unavailable });
  return true;
}

/** The most agent items may take together: the mode's share of the budget. */
export function agentShareCap(state: PlanState): number {
  return Math.floor(state.available * state.input.limits.maxShare);
}
