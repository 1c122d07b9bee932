import { itemKey } from '../catalog/index.js';
import type { ItemCandidate, PlanInput } from '../planner/index.js';
import type {
  Lease,
  LeaseScope,
  Pin,
  PinKind,
  PinTarget,
  ReflectionState,
  SessionRecord,
  UserDecision,
} from '../session/index.js';
import type { Calibrator } from './calibrator.js';

export const EMPTY_REFLECTION: ReflectionState = { activation: {}, pinReferences: {}, pending: [] };

/** The most activation adds to an agent item's score (see `PlanInput.activation`). */
export const ACTIVATION_WEIGHT = 0.2;

/**
 * The plan input with what the reflection adds: retrieval's items ranked by their score raised by activation (an
 * item's activation `a` adds `ACTIVATION_WEIGHT · a / (1 + a)`, so it saturates and never outweighs relevance
 * entirely; equal values keep retrieval's order), each carrying its activation in its origin, and the model's
 * calibration. The planner takes agent items in the order given, so both are part of the input and of the plan id.
 */
export function withReflection(
  input: PlanInput,
  record: SessionRecord,
  calibrator: Pick<Calibrator, 'forPlan'>,
  followUp = true,
): PlanInput {
  // Activation is the conversation's inertia: it ranks only for a message that follows up on the conversation, so
  // an item active earlier never outranks a better match of a message that moved on.
  const activation = followUp ? (record.reflection?.activation ?? {}) : {};
  let agent = input.agent;
  if (agent.some((candidate) => activation[candidate.id])) {
    const worth = (candidate: ItemCandidate) => {
      const a = activation[candidate.id] ?? 0;
      const score = candidate.origin.via === 'agent' ? candidate.origin.score : 0;
      return score + (ACTIVATION_WEIGHT * a) / (1 + a);
    };
    agent = [...agent]
      .sort((x, y) => worth(y) - worth(x))
      .map((candidate) => {
        const a = activation[candidate.id];
        return a && candidate.origin.via === 'agent'
          ? { ...candidate, origin: { ...candidate.origin, activation: a } }
          : candidate;
      });
  }
  const calibration = calibrator.forPlan();
  return agent === input.agent && !calibration
    ? input
    : { ...input, agent, ...(calibration && { calibration }) };
}

/** The record with a decision the next commit records on its turn (for kinds the pins cannot tell). */
export function withDecision(record: SessionRecord, decision: UserDecision): SessionRecord {
  const state = record.reflection ?? EMPTY_REFLECTION;
  return { ...record, reflection: { ...state, pending: [...state.pending, decision] } };
}

/** The user's pin decisions since the last commit: pins made, removed and promoted since `before`. */
export function pinDecisions(
  before: Readonly<Record<string, PinKind>>,
  pins: readonly Pin[],
): UserDecision[] {
  const decisions: UserDecision[] = [];
  const now = new Set<string>();
  for (const pin of pins) {
    now.add(pin.id);
    const was = before[pin.id];
    if (was === undefined) {
      decisions.push({
        kind: 'pin',
        pinId: pin.id,
        pin: pin.kind,
        target: targetName(pin.target),
        at: pin.createdAt,
      });
    } else if (was === 'ephemeral' && pin.kind === 'leased') {
      decisions.push({ kind: 'promote', pinId: pin.id, lease: scopeOf(pin.lease) });
    }
  }
  for (const pinId of Object.keys(before)) if (!now.has(pinId)) decisions.push({ kind: 'unpin', pinId });
  return decisions;
}

function scopeOf(lease: Lease): LeaseScope {
  return lease.kind === 'turns' ? { kind: 'turns', turns: lease.turns } : lease;
}

function targetName(target: PinTarget): string {
  return target.kind === 'item' ? itemKey(target.ref) : target.kind === 'message' ? target.messageId : 'card';
}
