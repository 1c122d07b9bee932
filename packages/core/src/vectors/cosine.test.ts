import { describe, expect, test } from 'vitest';
import { cosine } from './index.js';

describe('cosine', () => {
  test('cosine is 0 for a zero vector or mismatched lengths, 1 for the same direction', () => {
    expect(cosine([0, 0], [1, 0])).toBe(0);
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
    expect(cosine([3, 4], [6, 8])).toBeCloseTo(1);
  });
});
