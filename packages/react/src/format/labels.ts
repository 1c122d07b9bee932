import type {
  ContextMode,
  ExclusionReason,
  IncludeMode,
  InclusionReason,
  Lease,
  PinKind,
  RequestContextItem,
  Section,
} from '@ctxkit/core';

const numberFormat = new Intl.NumberFormat('en');

/** 12,345 */
export function formatTokens(tokens: number): string {
  return numberFormat.format(tokens);
}

/** 1.2k, 12k, 128k: for the compact meter. */
export function formatTokensShort(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  const thousands = tokens / 1000;
  return `${thousands < 10 ? thousands.toFixed(1).replace(/\.0$/, '') : Math.round(thousands)}k`;
}

/** An amount of money from a price table, in its own currency (no symbol): 0.0123, 1.25. */
export function formatCost(amount: number): string {
  return amount.toLocaleString('en', { maximumSignificantDigits: 3, maximumFractionDigits: 6 });
}

/** A signed difference: +34, −12, ±0. */
export function formatDifference(difference: number): string {
  if (difference === 0) return '±0';
  return difference > 0 ? `+${formatTokens(difference)}` : `−${formatTokens(-difference)}`;
}

export const MODE_LABELS: Readonly<Record<ContextMode, string>> = {
  off: 'Off',
  light: 'Light',
  heavy: 'Heavy',
};

export const INCLUDE_MODE_LABELS: Readonly<Record<IncludeMode, string>> = {
  always: 'Always',
  manual: 'Manual',
  agent: 'Agent',
};

export const PIN_KIND_LABELS: Readonly<Record<PinKind, string>> = {
  sticky: 'Sticky',
  leased: 'Leased',
  ephemeral: 'Ephemeral',
};

export const SECTION_LABELS: Readonly<Record<Section, string>> = {
  system: 'System prompt',
  rules: 'Rules',
  references: 'References',
  tools: 'Tools',
  pins: 'Pins',
  memory: 'Memory',
  recall: 'Recalled',
  history: 'History',
  current: 'Message',
  workspace: 'Workspace',
};

/** A similarity score as the seed shows it: 0.87. */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** The pill of an item: "Always", "Manual", "Agent 0.87". */
export function pillText(item: Pick<RequestContextItem, 'includeMode' | 'similarityScore'>): string {
  const label = INCLUDE_MODE_LABELS[item.includeMode];
  return item.includeMode === 'agent' && item.similarityScore !== undefined
    ? `${label} ${formatScore(item.similarityScore)}`
    : label;
}

/** Why a candidate was left out, in words. */
export function exclusionText(reason: ExclusionReason): string {
  switch (reason.code) {
    case 'budget':
      return `did not fit: needed ${formatTokens(reason.needed)} tokens, ${formatTokens(reason.remaining)} left`;
    case 'history-cutoff':
      return reason.block === undefined
        ? 'older than a turn that did not fit'
        : `before history block ${reason.block}: history was cut so requests keep their cached start`;
    case 'below-threshold':
      return `score ${formatScore(reason.score)} below the minimum ${formatScore(reason.threshold)}`;
    case 'mode-limit':
      return `beyond the ${MODE_LABELS[reason.mode]} mode's limit of ${reason.limit}`;
    case 'agent-share':
      return `retrieved items may take at most ${formatTokens(reason.cap)} tokens`;
    case 'duplicate':
      return 'already included through the session or a pin';
    case 'unavailable':
      return reason.why === 'missing' ? 'no longer in the catalog' : 'disabled in the catalog';
    case 'memory-share':
      return `memories may take at most ${formatTokens(reason.cap)} tokens`;
    case 'recall-share':
      return `recalled passages may take at most ${formatTokens(reason.cap)} tokens`;
    case 'duplicate-of-history':
      return 'already sent with the history';
    case 'summarized':
      return 'summarized in an earlier checkpoint';
    case 'history-share':
      return reason.summarizer === 'failed'
        ? `history may take at most ${formatTokens(reason.cap)} tokens, and the summary failed`
        : `history may take at most ${formatTokens(reason.cap)} tokens`;
    case 'capsule-stale':
      return 'its reference changed since this summary was written';
    case 'capsule-unused':
      return reason.reference === 'included'
        ? 'its reference was sent in full'
        : reason.reference === 'absent'
          ? 'its reference was not a candidate'
          : 'its reference was left out for a reason a summary does not answer';
  }
}

/** Why a candidate was sent, in words. */
export function inclusionText(reason: InclusionReason): string {
  switch (reason.code) {
    case 'system-prompt':
      return 'system prompt';
    case 'session':
      return `in the session (${INCLUDE_MODE_LABELS[reason.includeMode].toLowerCase()})`;
    case 'pinned':
      return `${PIN_KIND_LABELS[reason.pin].toLowerCase()} pin`;
    case 'agent':
      return agentReasonText(reason);
    case 'memory':
      return 'learned in another conversation';
    case 'recalled':
      return `said earlier, on ${reason.createdAt.slice(0, 10)} (score ${formatScore(reason.score)})`;
    case 'history':
      return reason.age === 0 ? 'the previous turn' : `history, ${reason.age} turns back`;
    case 'checkpoint':
      return `summary of turns ${reason.fromTurn + 1}–${reason.toTurn + 1}`;
    case 'current-turn':
      return 'your message';
    case 'workspace':
      return 'workspace';
    case 'capsule':
      return 'a summary sent in place of its reference, which did not fit';
  }
}

/**
 * Why retrieval chose an item, in words: its match to the message, and where it came from when that was the
 * conversation rather than the message alone: "matches your message (score 0.62, rank 1)", "carried from your
 * previous message, which this one follows up (score 0.55, rank 1)", "…, active in this conversation".
 */
export function agentReasonText(reason: Extract<InclusionReason, { code: 'agent' }>): string {
  const figures = `score ${formatScore(reason.score)}, rank ${reason.rank}`;
  const where = reason.carried
    ? `carried from your ${reason.carried.age === 1 ? 'previous message' : `message ${reason.carried.age} back`}, ${
        reason.carried.relation === 'follow-up'
          ? 'which this one follows up'
          : 'which shares a subject with this one'
      }`
    : 'matches your message';
  return `${where} (${figures})${reason.activation ? ', active in this conversation' : ''}`;
}

/** What remains of a lease: "2 of 3 turns left", "while task v2". */
export function leaseText(lease: Lease): string {
  if (lease.kind === 'task') return `while task ${lease.taskId}`;
  if (lease.kind === 'cluster') return 'while the conversation stays on this topic';
  return `${lease.remaining} of ${lease.turns} ${lease.turns === 1 ? 'turn' : 'turns'} left`;
}
