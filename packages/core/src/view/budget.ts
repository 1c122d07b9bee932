import type { BudgetError } from '../errors/index.js';
import {
  type ContextPlan,
  type ExclusionReason,
  type InclusionReason,
  SECTIONS,
  type Section,
} from '../planner/index.js';
import type { TurnWaste, Waste, WasteEntry } from '../reflection/index.js';
import type { ChatMessage } from '../session/index.js';
import { candidateLabel } from './context-details.js';
import { type CtxkitFormat, defaultFormat } from './format.js';

/** How full the window is: below `warn`, `ok`; from `warn`, `warn`; from `danger`, `danger`; required context that does not fit, `over`. */
export type BudgetLevel = 'ok' | 'warn' | 'danger' | 'over';

export interface BudgetThresholds {
  /** Share of the budget (0–1) from which the meter warns. Default 0.75. */
  readonly warn: number;
  /** Default 0.9. */
  readonly danger: number;
}

export const DEFAULT_THRESHOLDS: BudgetThresholds = { warn: 0.75, danger: 0.9 };

export interface BudgetSegment {
  readonly section: Section;
  readonly tokens: number;
  /** Share of the available budget, 0–1. */
  readonly share: number;
}

export interface BudgetModel {
  readonly used: number;
  readonly available: number;
  readonly share: number;
  readonly level: BudgetLevel;
  readonly segments: readonly BudgetSegment[];
  /** Set when required context cannot fit: what is too long, and how long the message may be. */
  readonly over?: {
    readonly tooLong: 'message' | 'context';
    readonly messageTokens: number;
    readonly messageRoom: number;
  };
}

export function budgetOfPlan(
  plan: ContextPlan,
  thresholds: BudgetThresholds = DEFAULT_THRESHOLDS,
): BudgetModel {
  const { used, available, overhead } = plan.budget;
  const segments: BudgetSegment[] = SECTIONS.flatMap((section) => {
    // The fixed overhead (system message, reply priming) is counted with the system prompt.
    const tokens = plan.sections[section].tokens + (section === 'system' ? overhead : 0);
    return tokens > 0 ? [{ section, tokens, share: tokens / available }] : [];
  });
  const share = used / available;
  const level = share >= thresholds.danger ? 'danger' : share >= thresholds.warn ? 'warn' : 'ok';
  return { used, available, share, level, segments };
}

/** Required context that cannot fit: the meter shows it full, with what it would need. */
export function budgetOfError(error: BudgetError): BudgetModel {
  return {
    used: error.requiredTokens,
    available: error.budget,
    share: error.requiredTokens / error.budget,
    level: 'over',
    segments: [],
    over: { tooLong: error.tooLong, messageTokens: error.messageTokens, messageRoom: error.messageRoom },
  };
}

/** Something added automatically for this request (retrieval, leased and ephemeral pins), or left out of it. */
export interface AutoEntry {
  readonly key: string;
  readonly label: string;
  readonly tokens: number;
  readonly reason: InclusionReason | ExclusionReason;
  readonly included: boolean;
}

/**
 * What the context mode and pins added on their own, and the retrieved candidates they left out: the breakdown
 * behind the meter. Session items and sticky pins are the user's choice and are not listed.
 */
export function autoIncluded(
  plan: ContextPlan,
  format: CtxkitFormat = defaultFormat,
): { included: AutoEntry[]; excluded: AutoEntry[] } {
  const included = plan.included.flatMap(({ candidate, reason }): AutoEntry[] =>
    reason.code === 'agent' ||
    reason.code === 'memory' ||
    reason.code === 'checkpoint' ||
    (reason.code === 'pinned' && reason.pin !== 'sticky')
      ? [
          {
            key: candidate.id,
            label: candidateLabel(candidate, format),
            tokens: candidate.tokens,
            reason,
            included: true,
          },
        ]
      : [],
  );
  const excluded = plan.excluded.flatMap(({ candidate, reason }): AutoEntry[] =>
    candidate.kind === 'item' && candidate.origin.via === 'agent'
      ? [
          {
            key: candidate.id,
            label: candidateLabel(candidate, format),
            tokens: candidate.tokens,
            reason,
            included: false,
          },
        ]
      : [],
  );
  return { included, excluded };
}

/** The model's own count of a plan's tokens as calibration predicts it, ± half its ~95 % range. */
export interface CalibratedFigures {
  readonly tokens: number;
  readonly uncertainty: number;
  readonly low: number;
  readonly high: number;
  readonly samples: number;
  /** The budget was shrunk by the factor, so the prompt fits the model's own count. */
  readonly tightened: boolean;
}

export function calibratedOfPlan(plan: ContextPlan): CalibratedFigures | null {
  const calibration = plan.calibration;
  if (!calibration) return null;
  const { tokens, low, high, samples, tightened } = calibration;
  return { tokens, uncertainty: Math.round((high - low) / 2), low, high, samples, tightened };
}

/** The target: below 30 % of automatically added tokens unused. */
export const WASTE_TARGET = 0.3;

/** Waste of the session's last committed turn and of all its turns, read from the replies' reflections. */
export interface WasteModel {
  readonly last: Waste | null;
  readonly session: Waste;
  /** Items of the last turn added automatically that its replies never referenced, by candidate id. */
  readonly unused: readonly WasteEntry[];
}

export function wasteOfMessages(messages: readonly ChatMessage[]): WasteModel | null {
  let autoTokens = 0;
  let wastedTokens = 0;
  let last: TurnWaste | null = null;
  for (const message of messages) {
    const waste = message.role === 'assistant' ? message.reflection?.waste : undefined;
    if (!waste) continue;
    autoTokens += waste.autoTokens;
    wastedTokens += waste.wastedTokens;
    last = waste;
  }
  if (!last) return null;
  return {
    last: { autoTokens: last.autoTokens, wastedTokens: last.wastedTokens, share: last.share },
    session: { autoTokens, wastedTokens, share: autoTokens === 0 ? 0 : wastedTokens / autoTokens },
    unused: last.entries.filter((entry) => !entry.referenced),
  };
}
