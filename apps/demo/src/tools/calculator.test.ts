import { describe, expect, it } from 'vitest';
import { ArithmeticError, evaluateArithmetic, formatNumber, MAX_EXPRESSION_LENGTH } from './calculator.js';

describe('evaluateArithmetic', () => {
  it('follows precedence, associativity, parentheses and signs', () => {
    const cases: [string, number][] = [
      ['12*7+1', 85],
      ['17 * 23', 391],
      ['1 + 2 * 3', 7],
      ['(1 + 2) * 3', 9],
      ['10 - 4 - 3', 3],
      ['100 / 10 / 5', 2],
      ['2 ^ 3 ^ 2', 512],
      ['2 ** 10', 1024],
      ['-2 ^ 2', 4],
      ['-(3 - 5) * -2', -4],
      ['17 % 5', 2],
      ['.5 + 1.25', 1.75],
      ['6 × 7 ÷ 2 − 1', 20],
      ['  ((((4))))  ', 4],
    ];
    for (const [expression, value] of cases) expect(evaluateArithmetic(expression), expression).toBe(value);
  });

  it('refuses anything that is not arithmetic, saying why', () => {
    const refused: [string, RegExp][] = [
      ['alert(1)', /“a” at position 1 is not/],
      ['2 + x', /“x” at position 5 is not/],
      ['Math.PI', /“M”/],
      ['1; 2', /“;”/],
      ['1 +', /ends early/],
      ['(1 + 2', /not closed/],
      ['1 2', /“2” is out of place/],
      ['* 3', /“\*” is out of place/],
      ['', /empty/],
      ['1 / 0', /Division by zero/],
      ['5 % 0', /Division by zero/],
      ['10 ^ 400', /not a finite number/],
      [`${'('.repeat(40)}1${')'.repeat(40)}`, /nested too deeply/],
      [`1${'+1'.repeat(MAX_EXPRESSION_LENGTH)}`, /longer than 200/],
    ];
    for (const [expression, reason] of refused) {
      let error: unknown;
      try {
        evaluateArithmetic(expression);
      } catch (caught) {
        error = caught;
      }
      expect(error, expression).toBeInstanceOf(ArithmeticError);
      expect((error as Error).message, expression).toMatch(reason);
    }
  });
});

describe('formatNumber', () => {
  it('gives at most 12 significant digits and no negative zero', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(391)).toBe('391');
    expect(formatNumber(1 / 3)).toBe('0.333333333333');
    expect(formatNumber(-0)).toBe('0');
  });
});
