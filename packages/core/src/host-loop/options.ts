import { type ErrorIssue, ValidationError } from '../errors/index.js';
import { checkKnownFields, describe, isRecord } from '../validation/index.js';
import { DEFAULT_MAX_ROUNDS } from './round-limit.js';
import type { RoundLimitRule, StaleRule, TurnRules } from './types.js';

const OPEN_FIELDS = [
  'engine',
  'sessionId',
  'session',
  'text',
  'attachments',
  'maxRounds',
  'onRoundLimit',
  'onStale',
] as const;
const CALLBACK_FIELDS = ['callModel', 'runTools', 'signal'] as const;
const ROUND_LIMIT_RULES: readonly RoundLimitRule[] = ['commit-with-note', 'rollback'];
const STALE_RULES: readonly StaleRule[] = ['reopen', 'throw'];

/** The rules with their defaults filled in. */
export type ResolvedRules = Required<TurnRules>;

export function rulesOf(options: TurnRules): ResolvedRules {
  return {
    maxRounds: options.maxRounds ?? DEFAULT_MAX_ROUNDS,
    onRoundLimit: options.onRoundLimit ?? 'rollback',
    onStale: options.onStale ?? 'throw',
  };
}

function checkFunction(value: unknown, path: string, issues: ErrorIssue[], optional: boolean): void {
  if (value === undefined && optional) return;
  if (typeof value !== 'function')
    issues.push({ path, message: `must be a function, got ${describe(value)}` });
}

function checkOneOf(value: unknown, allowed: readonly string[], path: string, issues: ErrorIssue[]): void {
  if (value === undefined || allowed.includes(value as string)) return;
  issues.push({
    path,
    message: `must be ${allowed.map((rule) => `'${rule}'`).join(' or ')}, got ${describe(value)}`,
  });
}

// Checked by shape, so that an engine or a session from another copy of the core is accepted.
function checkSource(options: Readonly<Record<string, unknown>>, issues: ErrorIssue[]): void {
  const { engine, sessionId, session } = options;
  if (session !== undefined) {
    if (!isRecord(session) || typeof session.prepare !== 'function')
      issues.push({ path: 'options.session', message: `must be a ctxkit Session, got ${describe(session)}` });
    if (engine !== undefined || sessionId !== undefined)
      issues.push({
        path: 'options.session',
        message: 'give either a session or an engine and a session id, not both',
      });
    if (options.onStale === 'reopen')
      issues.push({
        path: 'options.onStale',
        message:
          "'reopen' needs options.engine and options.sessionId (a session object cannot reopen itself)",
      });
    return;
  }
  if (!isRecord(engine) || typeof engine.openSession !== 'function')
    issues.push({
      path: 'options.engine',
      message: `must be a ctxkit Engine (or give options.session), got ${describe(engine)}`,
    });
  if (typeof sessionId !== 'string' || sessionId.trim() === '')
    issues.push({
      path: 'options.sessionId',
      message: `must be a non-empty string, got ${describe(sessionId)}`,
    });
}

function checkRules(options: Readonly<Record<string, unknown>>, issues: ErrorIssue[]): void {
  const rounds = options.maxRounds;
  if (
    rounds !== undefined &&
    !(typeof rounds === 'number' && rounds >= 0 && (Number.isSafeInteger(rounds) || rounds === Infinity))
  )
    issues.push({
      path: 'options.maxRounds',
      message: `must be a whole number of at least 0, or Infinity, got ${describe(rounds)}`,
    });
  checkOneOf(options.onRoundLimit, ROUND_LIMIT_RULES, 'options.onRoundLimit', issues);
  checkOneOf(options.onStale, STALE_RULES, 'options.onStale', issues);
}

function checkCallbacks(options: Readonly<Record<string, unknown>>, issues: ErrorIssue[]): void {
  checkFunction(options.callModel, 'options.callModel', issues, false);
  checkFunction(options.runTools, 'options.runTools', issues, true);
  const signal = options.signal;
  if (signal !== undefined && !(isRecord(signal) && typeof signal.aborted === 'boolean'))
    issues.push({ path: 'options.signal', message: `must be an AbortSignal, got ${describe(signal)}` });
}

function check(
  what: string,
  options: unknown,
  known: readonly string[],
  parts: readonly ((options: Readonly<Record<string, unknown>>, issues: ErrorIssue[]) => void)[],
): void {
  const issues: ErrorIssue[] = [];
  if (!isRecord(options))
    issues.push({ path: 'options', message: `must be an object, got ${describe(options)}` });
  else {
    checkKnownFields(options, known, 'options', issues);
    for (const part of parts) part(options, issues);
  }
  if (issues.length > 0) throw new ValidationError(what, issues);
}

export function checkOpenTurnOptions(options: unknown): void {
  check('Invalid turn options', options, OPEN_FIELDS, [checkSource, checkRules]);
}

export function checkTurnCallbacks(options: unknown): void {
  check('Invalid turn callbacks', options, CALLBACK_FIELDS, [checkCallbacks]);
}

export function checkRunTurnOptions(options: unknown): void {
  check(
    'Invalid turn options',
    options,
    [...OPEN_FIELDS, ...CALLBACK_FIELDS],
    [checkSource, checkRules, checkCallbacks],
  );
}
