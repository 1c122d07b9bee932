import type { ErrorIssue } from '../errors/index.js';

/**
 * When the conversation earns an item a lease: the replies called or used it in `uses` of the last `window` turns
 * (this one included). Without query clusters the lease lasts `turns` turns, renewed by each turn that uses it.
 */
export interface EarnedPinRules {
  readonly uses: number;
  readonly window: number;
  readonly turns: number;
}

/** Engine option: `false` earns nothing; a partial set of rules overrides the defaults. */
export type EarnedPinsOption = Partial<EarnedPinRules> | false;

/**
 * Two uses in three turns: one use is a single answer (a topic change right after must not drag it along), two in
 * a row or with one turn between is the conversation working with it. Three turns is the lease a user promotion
 * gives by default too.
 */
export const DEFAULT_EARNED_PINS: EarnedPinRules = Object.freeze({ uses: 2, window: 3, turns: 3 });

/** The rules an engine option asks for, or null when it turns earning off; bad values go to `issues`. */
export function resolveEarnedPins(
  option: EarnedPinsOption | undefined,
  issues: ErrorIssue[],
  path = 'earnedPins',
): EarnedPinRules | null {
  if (option === false) return null;
  if (option === undefined) return DEFAULT_EARNED_PINS;
  if (typeof option !== 'object' || option === null || Array.isArray(option)) {
    issues.push({ path, message: 'must be false or { uses?, window?, turns? }' });
    return null;
  }
  const rules = { ...DEFAULT_EARNED_PINS, ...option };
  for (const key of ['uses', 'window', 'turns'] as const) {
    const value = rules[key];
    if (!Number.isInteger(value) || value < 1)
      issues.push({ path: `${path}.${key}`, message: `must be an integer ≥ 1, got ${String(value)}` });
  }
  if (Number.isInteger(rules.uses) && Number.isInteger(rules.window) && rules.window < rules.uses)
    issues.push({
      path: `${path}.window`,
      message: `must be at least uses (${rules.uses}), got ${rules.window}: the uses must fit in the window`,
    });
  return rules;
}
