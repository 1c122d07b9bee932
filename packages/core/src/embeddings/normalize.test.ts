import { expect, test } from 'vitest';
import { normalizeInPlace } from './normalize.js';

test('scales a vector to length 1 in place, and leaves a zero vector zero rather than NaN', () => {
  const vector = Float32Array.from([3, 0, -4]);
  expect(normalizeInPlace(vector)).toBe(vector);
  expect([...vector].map((value) => Number(value.toFixed(6)))).toEqual([0.6, 0, -0.8]);
  expect([...normalizeInPlace(new Float32Array(3))]).toEqual([0, 0, 0]);
});
