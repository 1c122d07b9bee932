import type { ContextPlan, Section } from '../planner/index.js';
import { type BudgetModel, budgetOfPlan } from './budget.js';
import { type CtxkitFormat, defaultFormat } from './format.js';

/** One part of a sent request: a prompt section with what it took. */
export interface MessageMeterPart {
  readonly section: Section;
  readonly label: string;
  readonly tokens: number;
  /** Share of what the request used, 0–1. */
  readonly share: number;
}

/** What one sent request took, as a line under its message and the breakdown it opens to. */
export interface MessageMeterModel {
  /** "2,140 tokens: History 1,200 · References 540 · Rules 300 · +2 more": the parts largest first. */
  readonly line: string;
  /** Every part with tokens, largest first. */
  readonly parts: readonly MessageMeterPart[];
  /** The same figures the composer's meter shows for a plan (used, available, level, segments). */
  readonly budget: BudgetModel;
}

// A line under a message stays one line: the largest parts, then how many more the breakdown lists.
const LINE_PARTS = 3;

/** The meter of a sent request, over the same budget model as the composer's meter. */
export function messageMeterOf(plan: ContextPlan, format: CtxkitFormat = defaultFormat): MessageMeterModel {
  const budget = budgetOfPlan(plan);
  const labels = format.labels.messageMeter;
  const parts = budget.segments
    .map((segment) => ({
      section: segment.section,
      label: format.labels.sections[segment.section],
      tokens: segment.tokens,
      share: budget.used > 0 ? segment.tokens / budget.used : 0,
    }))
    .sort((a, b) => b.tokens - a.tokens);
  const shown = parts
    .slice(0, LINE_PARTS)
    .map((part) => format.text(labels.part, { section: part.label, tokens: format.number(part.tokens) }));
  const more = parts.length - LINE_PARTS;
  const line = format.text(labels.line, {
    tokens: format.number(budget.used),
    parts: [...shown, ...(more > 0 ? [format.text(labels.more, { count: format.number(more) })] : [])].join(
      ' · ',
    ),
  });
  return { line, parts, budget };
}
