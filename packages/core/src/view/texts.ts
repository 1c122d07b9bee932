import type { IncludeMode } from '../catalog/index.js';
import type { ExclusionReason, InclusionReason, Section } from '../planner/index.js';
import type { ContextMode, Lease, PinKind, RequestContextItem } from '../session/index.js';
import { type CtxkitFormat, defaultFormat } from './format.js';
import { DEFAULT_LABELS } from './labels.js';

/** 12,345 */
export function formatTokens(tokens: number, format: CtxkitFormat = defaultFormat): string {
  return format.number(tokens);
}

/** 1.2k, 12k, 128k: for the compact meter (`Intl.NumberFormat`'s compact notation). */
export function formatTokensShort(tokens: number, format: CtxkitFormat = defaultFormat): string {
  return format.compact(tokens);
}

/** An amount of money from a price table, in its own currency (no symbol): 0.0123, 1.25. */
export function formatCost(amount: number, format: CtxkitFormat = defaultFormat): string {
  return format.cost(amount);
}

/** A signed difference: +34, −12, ±0. */
export function formatDifference(difference: number, format: CtxkitFormat = defaultFormat): string {
  return format.difference(difference);
}

/** The English labels; the kit uses `useCtxkitLabels().modes` and the like, which follow the locale. */
export const MODE_LABELS: Readonly<Record<ContextMode, string>> = DEFAULT_LABELS.modes;

export const INCLUDE_MODE_LABELS: Readonly<Record<IncludeMode, string>> = DEFAULT_LABELS.includeModes;

export const PIN_KIND_LABELS: Readonly<Record<PinKind, string>> = DEFAULT_LABELS.pinKinds;

export const SECTION_LABELS: Readonly<Record<Section, string>> = DEFAULT_LABELS.sections;

/** A similarity score as the seed shows it: 0.87. */
export function formatScore(score: number, format: CtxkitFormat = defaultFormat): string {
  return format.score(score);
}

/** The pill of an item: "Always", "Manual", "Agent 0.87". */
export function pillText(
  item: Pick<RequestContextItem, 'includeMode' | 'similarityScore'>,
  format: CtxkitFormat = defaultFormat,
): string {
  const label = format.labels.includeModes[item.includeMode];
  return item.includeMode === 'agent' && item.similarityScore !== undefined
    ? format.text(format.labels.reasons.pill, { mode: label, score: format.score(item.similarityScore) })
    : label;
}

/** Why a candidate was left out, in words. */
export function exclusionText(reason: ExclusionReason, format: CtxkitFormat = defaultFormat): string {
  const labels = format.labels.reasons;
  const t = format.text;
  switch (reason.code) {
    case 'budget':
      return t(labels.budget, { needed: reason.needed, remaining: reason.remaining });
    case 'history-cutoff':
      return reason.block === undefined
        ? labels.historyCutoff
        : t(labels.historyCutoffBlock, { block: String(reason.block) });
    case 'below-threshold':
      return t(labels.belowThreshold, {
        score: format.score(reason.score),
        threshold: format.score(reason.threshold),
      });
    case 'mode-limit':
      return t(labels.modeLimit, { mode: format.labels.modes[reason.mode], limit: reason.limit });
    case 'agent-share':
      return t(labels.agentShare, { cap: reason.cap });
    case 'duplicate':
      return labels.duplicate;
    case 'unavailable':
      return reason.why === 'missing' ? labels.missing : labels.disabled;
    case 'memory-share':
      return t(labels.memoryShare, { cap: reason.cap });
    case 'recall-share':
      return t(labels.recallShare, { cap: reason.cap });
    case 'duplicate-of-history':
      return labels.duplicateOfHistory;
    case 'summarized':
      return labels.summarized;
    case 'history-share':
      return t(reason.summarizer === 'failed' ? labels.historyShareFailed : labels.historyShare, {
        cap: reason.cap,
      });
    case 'capsule-stale':
      return labels.capsuleStale;
    case 'capsule-unused':
      return reason.reference === 'included'
        ? labels.capsuleIncluded
        : reason.reference === 'absent'
          ? labels.capsuleAbsent
          : labels.capsuleUnused;
  }
}

/** Why a candidate was sent, in words. */
export function inclusionText(reason: InclusionReason, format: CtxkitFormat = defaultFormat): string {
  const labels = format.labels.reasons;
  switch (reason.code) {
    case 'system-prompt':
      return labels.systemPrompt;
    case 'session':
      return labels.session[reason.includeMode];
    case 'pinned':
      return reason.earned ? labels.pinnedEarned : labels.pinned[reason.pin];
    case 'agent':
      return agentReasonText(reason, format);
    case 'memory':
      return labels.memory;
    case 'recalled':
      return format.text(labels.recalled, {
        date: format.date(reason.createdAt),
        score: format.score(reason.score),
      });
    case 'history':
      return reason.age === 0 ? labels.previousTurn : format.text(labels.history, { count: reason.age });
    case 'checkpoint':
      return format.text(labels.checkpoint, { from: reason.fromTurn + 1, to: reason.toTurn + 1 });
    case 'current-turn':
      return labels.currentTurn;
    case 'workspace':
      return labels.workspace;
    case 'capsule':
      return labels.capsule;
  }
}

/**
 * Why retrieval chose an item, in words: its match to the message, and where it came from when that was the
 * conversation rather than the message alone: "matches your message (score 0.62, rank 1)", "carried from your
 * previous message, which this one follows up (score 0.55, rank 1)", "…, active in this conversation".
 */
export function agentReasonText(
  reason: Extract<InclusionReason, { code: 'agent' }>,
  format: CtxkitFormat = defaultFormat,
): string {
  const labels = format.labels.reasons;
  const t = format.text;
  const figures = t(labels.agentFigures, { score: format.score(reason.score), rank: reason.rank });
  const where = reason.carried
    ? t(labels.agentCarried, {
        from:
          reason.carried.age === 1 ? labels.agentPrevious : t(labels.agentBack, { age: reason.carried.age }),
        relation: reason.carried.relation === 'follow-up' ? labels.agentFollowUp : labels.agentSharedTerms,
      })
    : labels.agentMatches;
  const text = t(labels.agent, { where, figures });
  const active = reason.activation ? t(labels.agentActive, { reason: text }) : text;
  return reason.reused ? t(labels.agentReused, { reason: active }) : active;
}

/** What remains of a lease: "2 of 3 turns left", "while task v2". */
export function leaseText(lease: Lease, format: CtxkitFormat = defaultFormat): string {
  const labels = format.labels.reasons;
  if (lease.kind === 'task') return format.text(labels.leaseTask, { task: lease.taskId });
  if (lease.kind === 'cluster') return labels.leaseCluster;
  return format.text(labels.leaseTurns, { count: lease.turns, remaining: lease.remaining });
}
