import { itemKey } from '../catalog/index.js';
import type { Candidate, ContextPlan } from '../planner/index.js';
import type { TurnReflection } from '../session/index.js';
import { advanceLeases, type ModelReply, type Pin, type SessionRecord } from '../session/index.js';
import { nextActivation } from './activation.js';
import { lapses, type PromotionRules, reflectPins } from './promotion.js';
import { distinctiveTerms, findReferences, type ReferenceTarget } from './references.js';
import { EMPTY_REFLECTION, pinDecisions } from './state.js';
import { turnWaste } from './waste.js';

/** What a committed turn is reflected on. */
export interface TurnFacts {
  /** The session record after the turn, before leases count down. */
  readonly record: SessionRecord;
  /** The plan of the turn's last request: what the final reply was written with. */
  readonly plan: ContextPlan;
  /** Every reply of the turn, tool-calling ones included. */
  readonly replies: readonly ModelReply[];
  readonly userText: string;
  /** Pins the turn was planned with: their leases count this turn. */
  readonly counted: ReadonlySet<string>;
  readonly rules: PromotionRules;
  /** Pins whose cluster lease ended with this turn, as the conversation moved to another query cluster. */
  readonly clusterEnded?: readonly Pin[];
}

export interface ReflectedTurn {
  /** The record with pins promoted, renewed or lapsed and the reflection state updated; the turn count unchanged. */
  readonly record: SessionRecord;
  readonly reflection: TurnReflection;
  /** Pins whose lease ran out this turn (what `advanceLeases` returns). */
  readonly expired: readonly import('../session/index.js').Pin[];
}

/** The names a candidate can be referenced by; none for what has no name (history, the system prompt). */
function namesOf(candidate: Candidate): string[] {
  switch (candidate.kind) {
    case 'item': {
      const names = [candidate.ref.name];
      if (candidate.body?.type === 'tool') names.push(candidate.body.functionName);
      return names;
    }
    case 'card':
      return candidate.ref ? [candidate.title, candidate.ref.name] : [candidate.title];
    case 'memory':
      return candidate.content.kind === 'preference'
        ? [candidate.content.value]
        : distinctiveTerms(candidate.content.text);
    default:
      return [];
  }
}

/** The catalog item a candidate stands for, and the pin holding it. */
function itemOf(candidate: Candidate): string | undefined {
  if (candidate.kind === 'item') return candidate.id;
  if (candidate.kind === 'card' && candidate.ref) return itemKey(candidate.ref);
  return undefined;
}

function pinOf(candidate: Candidate): string | undefined {
  if (candidate.kind === 'card') return candidate.pinId;
  if (candidate.kind === 'item' && candidate.origin.via === 'pin') return candidate.origin.pinId;
  return undefined;
}

/**
 * Reflects on a committed turn: which of the plan's candidates the replies and the user referenced (a reply
 * calling a tool references it), the activation that follows, pins promoted, renewed and lapsed, and the waste.
 */
export function reflectTurn(facts: TurnFacts): ReflectedTurn {
  const { plan, record } = facts;
  const candidates = [...plan.included, ...plan.excluded].map((entry) => entry.candidate);
  const targets: ReferenceTarget[] = candidates.flatMap((candidate) => {
    const names = namesOf(candidate);
    return names.length > 0 ? [{ id: candidate.id, names }] : [];
  });
  const called = new Set(facts.replies.flatMap((reply) => (reply.toolCalls ?? []).map((call) => call.name)));
  const replyText = facts.replies
    .map((reply) =>
      [reply.content, ...(reply.toolCalls ?? []).map((call) => JSON.stringify(call.arguments))].join('\n'),
    )
    .join('\n');
  const quoted = new Set(findReferences(replyText, targets));
  const referenced = candidates
    .filter(
      (c) =>
        quoted.has(c.id) || (c.kind === 'item' && c.body?.type === 'tool' && called.has(c.body.functionName)),
    )
    .map((c) => c.id);
  const userReferenced = findReferences(facts.userText, targets);

  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const keysOf = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const key = itemOf(byId.get(id) as Candidate);
      return key ? [key] : [];
    });
  const state = record.reflection ?? EMPTY_REFLECTION;
  // Before the first commit the pins are compared with none: every pin so far was a decision.
  // A pin whose cluster ended is no user's unpin: it is told as a lapse below.
  const ended = facts.clusterEnded ?? [];
  const decisions = [...pinDecisions(state.pins ?? {}, [...record.pins, ...ended]), ...state.pending];
  const activation = nextActivation(state.activation, {
    included: keysOf(plan.included.map((entry) => entry.candidate.id)),
    replied: keysOf(referenced),
    user: keysOf(userReferenced),
  });

  const usedPins = new Set<string>();
  for (const id of [...referenced, ...userReferenced]) {
    const pinId = pinOf(byId.get(id) as Candidate);
    if (pinId) usedPins.add(pinId);
  }
  const pins = reflectPins(record.pins, usedPins, state.pinReferences, facts.counted, facts.rules);
  const advanced = advanceLeases({ ...record, pins: pins.pins }, facts.counted);
  const kept = new Set(advanced.record.pins.map((pin) => pin.id));
  const pinReferences = Object.fromEntries(
    Object.entries(pins.pinReferences).filter(([pinId]) => kept.has(pinId)),
  );
  return {
    record: {
      ...advanced.record,
      reflection: {
        activation,
        pinReferences,
        pins: Object.fromEntries(advanced.record.pins.map((pin) => [pin.id, pin.kind])),
        pending: [],
      },
    },
    expired: advanced.expired,
    reflection: {
      referenced,
      userReferenced,
      pinChanges: [...pins.changes, ...lapses(advanced.expired), ...lapses(ended)],
      waste: turnWaste(plan, new Set(referenced)),
      decisions,
    },
  };
}
