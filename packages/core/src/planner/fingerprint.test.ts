import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalJson } from '../hash/index.js';
import { fingerprint, fingerprintText } from './fingerprint.js';
import type { TurnCandidate } from './types.js';

const text = fc.string({ unit: 'binary', maxLength: 12 });
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0));
const message = fc.record({ id: text, role: fc.constant('user' as const), content: text, createdAt: text });
const turn = fc.record(
  {
    kind: fc.constant('turn' as const),
    id: text,
    section: fc.constantFrom('history' as const, 'pins' as const),
    tokens: number,
    turnIndex: number,
    hash: text,
    messages: fc.array(message, { maxLength: 3 }),
    pinned: fc.record({ pinId: text, pin: fc.constantFrom('sticky' as const, 'leased' as const) }),
    // A field of another version in place of one of these: the shortcut must not take it for a plain turn.
    importance: text,
  },
  { requiredKeys: ['kind', 'id', 'turnIndex', 'hash', 'messages'] },
);

describe('fingerprintText', () => {
  // Plan ids are hashes of this text: the shortcut for plain turns must give exactly what canonicalJson gives.
  test('a turn is written exactly as canonicalJson writes its fingerprint, whatever its fields and text', () => {
    fc.assert(
      fc.property(turn, (candidate) => {
        const expected = canonicalJson(fingerprint(candidate as TurnCandidate));
        expect(fingerprintText(candidate as TurnCandidate)).toBe(expected);
      }),
      { numRuns: 3_000 },
    );
  });
});
