import { canonicalJson } from '../hash/index.js';
import type {
  Candidate,
  ContextPlan,
  ExclusionReason,
  IncludedEntry,
  InclusionReason,
  Section,
} from '../planner/index.js';

/** A candidate the later plan sends and the earlier one did not. */
export interface EnteredEntry {
  readonly candidate: Candidate;
  /** Why the later plan sends it. */
  readonly reason: InclusionReason;
  /** Why the earlier plan left it out; `null` when it was no candidate there at all. */
  readonly before: ExclusionReason | null;
}

/** A candidate the earlier plan sent and the later one does not. */
export interface LeftEntry {
  readonly candidate: Candidate;
  /** Why the earlier plan sent it. */
  readonly reason: InclusionReason;
  /** Why the later plan leaves it out; `null` when it is no candidate there any more. */
  readonly now: ExclusionReason | null;
}

export type PlanChangeKind = 'section' | 'tokens' | 'reason';

/** A candidate both plans send, with what differs between them. */
export interface ChangedEntry {
  readonly id: string;
  readonly changes: readonly PlanChangeKind[];
  readonly before: IncludedEntry;
  readonly after: IncludedEntry;
}

/** What changed from plan `before` to plan `after`, by candidate id. */
export interface PlanDiff {
  readonly before: string;
  readonly after: string;
  /** In the later plan's prompt order. */
  readonly entered: readonly EnteredEntry[];
  /** In the earlier plan's prompt order. */
  readonly left: readonly LeftEntry[];
  /** In the later plan's prompt order. */
  readonly changed: readonly ChangedEntry[];
  /** Tokens the plans use (`budget.used`), earlier and later. */
  readonly used: { readonly before: number; readonly after: number };
}

/** A reason's identity: equal reasons serialize alike, whatever the order their fields were written in. */
const sameReason = (a: InclusionReason, b: InclusionReason): boolean => canonicalJson(a) === canonicalJson(b);

const changesOf = (before: IncludedEntry, after: IncludedEntry): PlanChangeKind[] => {
  const changes: PlanChangeKind[] = [];
  const section: Section = before.candidate.section;
  if (section !== after.candidate.section) changes.push('section');
  if (before.candidate.tokens !== after.candidate.tokens) changes.push('tokens');
  if (!sameReason(before.reason, after.reason)) changes.push('reason');
  return changes;
};

/**
 * What entered, what left and what changed (section, tokens, reason) between two plans, each with the reasons on
 * both sides. Pure: it reads the two plans only. `diffPlans(a, a)` is empty, and a's included ids without `left`
 * and with `entered` are b's.
 */
export function diffPlans(before: ContextPlan, after: ContextPlan): PlanDiff {
  const includedBefore = new Map(before.included.map((entry) => [entry.candidate.id, entry]));
  const includedAfter = new Map(after.included.map((entry) => [entry.candidate.id, entry]));
  const excludedBefore = new Map(before.excluded.map((entry) => [entry.candidate.id, entry.reason]));
  const excludedAfter = new Map(after.excluded.map((entry) => [entry.candidate.id, entry.reason]));
  const entered: EnteredEntry[] = [];
  const changed: ChangedEntry[] = [];
  for (const entry of after.included) {
    const earlier = includedBefore.get(entry.candidate.id);
    if (!earlier) {
      entered.push({ ...entry, before: excludedBefore.get(entry.candidate.id) ?? null });
      continue;
    }
    const changes = changesOf(earlier, entry);
    if (changes.length > 0) changed.push({ id: entry.candidate.id, changes, before: earlier, after: entry });
  }
  const left: LeftEntry[] = before.included
    .filter((entry) => !includedAfter.has(entry.candidate.id))
    .map((entry) => ({ ...entry, now: excludedAfter.get(entry.candidate.id) ?? null }));
  return {
    before: before.id,
    after: after.id,
    entered,
    left,
    changed,
    used: { before: before.budget.used, after: after.budget.used },
  };
}

/** True when the two plans send the same candidates in the same way (ids may still differ). */
export function isEmptyDiff(diff: PlanDiff): boolean {
  return diff.entered.length === 0 && diff.left.length === 0 && diff.changed.length === 0;
}
