import { type ErrorIssue, formatCount, ValidationError } from '../errors/index.js';
import { candidatesOf } from './candidates-of.js';
import { checkBlockInput } from './history-block.js';
import type { Candidate, PlanInput } from './types.js';

// A plan input is checked whole before anything is planned: a wrong one is a ValidationError naming every issue.

export function checkPlanInput(input: PlanInput): void {
  const issues: ErrorIssue[] = [];
  const wholeNumber = (value: number, path: string, min: number) => {
    if (!Number.isInteger(value) || value < min)
      issues.push({ path, message: `must be an integer ≥ ${min}, got ${value}` });
  };
  wholeNumber(input.contextWindow, 'contextWindow', 1);
  wholeNumber(input.reservedOutput, 'reservedOutput', 0);
  if (issues.length === 0 && input.reservedOutput >= input.contextWindow) {
    issues.push({
      path: 'reservedOutput',
      message: `${formatCount(input.reservedOutput)} leaves nothing of the ${formatCount(input.contextWindow)}-token context window for the prompt`,
    });
  }
  const { topK, minScore, maxShare } = input.limits;
  wholeNumber(topK, 'limits.topK', 0);
  if (!(minScore >= 0 && minScore <= 1))
    issues.push({ path: 'limits.minScore', message: 'must be between 0 and 1' });
  if (!(maxShare >= 0 && maxShare <= 1))
    issues.push({ path: 'limits.maxShare', message: 'must be between 0 and 1' });
  const checkTokens = (candidates: readonly Candidate[]) => {
    for (const candidate of candidates) {
      if (Number.isInteger(candidate.tokens) && candidate.tokens >= 0) continue;
      issues.push({
        path: `candidates.${candidate.id}.tokens`,
        message: `must be an integer ≥ 0, got ${candidate.tokens}`,
      });
    }
  };
  const checkUnique = (candidates: readonly Candidate[]) => {
    const seen = new Set<string>();
    for (const { id } of candidates) {
      if (seen.has(id)) issues.push({ path: `candidates.${id}`, message: 'id appears twice' });
      seen.add(id);
    }
  };
  wholeNumber(input.overhead.fixed, 'overhead.fixed', 0);
  wholeNumber(input.overhead.toolsPresent, 'overhead.toolsPresent', 0);
  if (input.overhead.cardsPresent !== undefined)
    wholeNumber(input.overhead.cardsPresent, 'overhead.cardsPresent', 0);
  const { shape, cardTokens, describedCards } = input.limits;
  if (shape !== undefined && shape !== 'full' && shape !== 'cards')
    issues.push({ path: 'limits.shape', message: `must be 'full' or 'cards', got ${String(shape)}` });
  if (cardTokens !== undefined) wholeNumber(cardTokens, 'limits.cardTokens', 1);
  if (describedCards !== undefined) wholeNumber(describedCards, 'limits.describedCards', 0);
  if (input.auto !== undefined && input.auto?.chosen !== input.mode)
    issues.push({ path: 'auto.chosen', message: `must be the plan's mode '${input.mode}'` });
  if (input.template !== undefined && (typeof input.template !== 'string' || input.template === ''))
    issues.push({ path: 'template', message: `must be a non-empty string, got ${String(input.template)}` });
  if (input.margin !== undefined && !(Number.isFinite(input.margin) && input.margin >= 1))
    issues.push({ path: 'margin', message: `must be a number ≥ 1, got ${input.margin}` });
  const workspace = input.workspace ? [input.workspace] : [];
  const memory = input.memory ?? [];
  const checkpoint = input.checkpoint ? [input.checkpoint] : [];
  const fixed = [
    ...input.system,
    ...input.session,
    ...memory,
    ...(input.recall ?? []),
    ...input.history,
    ...checkpoint,
    input.current,
    ...workspace,
    ...(input.capsules ?? []),
  ];
  if (input.memoryShare !== undefined && !(input.memoryShare >= 0 && input.memoryShare <= 1))
    issues.push({ path: 'memoryShare', message: 'must be between 0 and 1' });
  if (input.recallShare !== undefined && !(input.recallShare >= 0 && input.recallShare <= 1))
    issues.push({ path: 'recallShare', message: 'must be between 0 and 1' });
  if (input.recallThreshold !== undefined && !Number.isFinite(input.recallThreshold))
    issues.push({ path: 'recallThreshold', message: 'must be a finite number' });
  checkHistoryInput(input, issues);
  checkBlockInput(input.historyBlock, issues);
  checkTokens(candidatesOf(input));
  // Pins and agent items may repeat a session item (the planner excludes them as duplicates); nothing else may.
  checkUnique(fixed);
  checkUnique(input.pins);
  const sessionIds = new Set(input.session.map((candidate) => candidate.id));
  const fixedIds = new Set(fixed.map((candidate) => candidate.id));
  for (const { id } of input.pins) {
    if (fixedIds.has(id) && !sessionIds.has(id))
      issues.push({ path: `candidates.${id}`, message: 'id appears twice' });
  }
  for (const candidate of input.session) {
    if (candidate.origin.via !== 'session')
      issues.push({ path: `session.${candidate.id}`, message: `a session item must have origin 'session'` });
  }
  for (const candidate of input.pins) {
    if (candidate.kind === 'turn' && !candidate.pinned) {
      issues.push({ path: `pins.${candidate.id}`, message: 'a turn among pins must say which pin holds it' });
    }
    if (candidate.kind === 'item' && candidate.origin.via !== 'pin') {
      issues.push({ path: `pins.${candidate.id}`, message: `an item among pins must have origin 'pin'` });
    }
  }
  if (issues.length > 0) throw new ValidationError('Invalid plan input', issues);
}

const SHARE_SETTINGS = ['maxShare', 'decay'] as const;
const COUNT_SETTINGS = ['recentTurns', 'errorTurns'] as const;
const SUMMARIZER_STATES: readonly string[] = ['none', 'ok', 'failed'];

function checkHistoryInput(input: PlanInput, issues: ErrorIssue[]): void {
  const policy = input.historyPolicy;
  if (policy !== undefined) {
    for (const name of SHARE_SETTINGS) {
      const value = policy[name];
      if (!(value >= 0 && value <= 1))
        issues.push({ path: `historyPolicy.${name}`, message: `must be between 0 and 1, got ${value}` });
    }
    for (const name of COUNT_SETTINGS) {
      const value = policy[name];
      if (!(Number.isInteger(value) && value >= 0))
        issues.push({ path: `historyPolicy.${name}`, message: `must be an integer ≥ 0, got ${value}` });
    }
    if (!SUMMARIZER_STATES.includes(policy.summarizer)) {
      issues.push({
        path: 'historyPolicy.summarizer',
        message: `must be 'none', 'ok' or 'failed', got ${JSON.stringify(policy.summarizer)}`,
      });
    }
  }
  const checkpoint = input.checkpoint;
  if (checkpoint) {
    const { fromTurn, toTurn } = checkpoint;
    if (!(Number.isInteger(fromTurn) && Number.isInteger(toTurn) && fromTurn >= 0 && fromTurn <= toTurn)) {
      issues.push({
        path: `checkpoint.${checkpoint.id}`,
        message: `must cover turns fromTurn ≤ toTurn (integers ≥ 0), got ${fromTurn}–${toTurn}`,
      });
    }
  }
}
