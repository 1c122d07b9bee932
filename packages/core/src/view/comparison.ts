import type { Candidate, Section } from '../planner/index.js';
import type { PlanDiff } from '../replay/index.js';
import { candidateLabel } from './context-details.js';
import { type CtxkitFormat, defaultFormat } from './format.js';
import { exclusionText, inclusionText } from './texts.js';

/** A candidate that entered or left the plan since the previous turn, with the reasons on both sides, as text. */
export interface ComparedItem {
  readonly key: string;
  readonly label: string;
  readonly section: Section;
  readonly tokens: number;
  /** Why it is sent now (entered), or why it was sent before (left). */
  readonly reason: string;
  /** Why it was left out before (entered), or is left out now (left); null when it was no candidate there. */
  readonly other: string | null;
}

export interface ComparisonModel {
  readonly entered: readonly ComparedItem[];
  readonly left: readonly ComparedItem[];
  /** Tokens the two plans use. */
  readonly used: { readonly before: number; readonly after: number };
}

// The user's message is new every turn (the previous one comes back as history): listing it says nothing.
const listed = (candidate: Candidate) => candidate.kind !== 'current';

/** The "Compared with previous turn" view of a diff. */
export function buildComparison(diff: PlanDiff, format: CtxkitFormat = defaultFormat): ComparisonModel {
  return {
    entered: diff.entered
      .filter((entry) => listed(entry.candidate))
      .map(({ candidate, reason, before }) => ({
        key: candidate.id,
        label: candidateLabel(candidate, format),
        section: candidate.section,
        tokens: candidate.tokens,
        reason: inclusionText(reason, format),
        other: before && exclusionText(before, format),
      })),
    left: diff.left
      .filter((entry) => listed(entry.candidate))
      .map(({ candidate, reason, now }) => ({
        key: candidate.id,
        label: candidateLabel(candidate, format),
        section: candidate.section,
        tokens: candidate.tokens,
        reason: inclusionText(reason, format),
        other: now && exclusionText(now, format),
      })),
    used: diff.used,
  };
}
