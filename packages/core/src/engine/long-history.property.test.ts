import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { SummarizerInput } from '../history/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';

interface TurnSpec {
  readonly question: number;
  readonly answer: number;
  /** The summarizer's behaviour if this turn's prepare calls it. */
  readonly summarizer: 'ok' | 'throws' | 'empty';
}

const turnArb: fc.Arbitrary<TurnSpec> = fc.record({
  question: fc.integer({ min: 1, max: 800 }),
  answer: fc.integer({ min: 1, max: 1600 }),
  summarizer: fc.constantFrom<TurnSpec['summarizer']>('ok', 'ok', 'throws', 'empty'),
});

describe('long conversations through the engine', () => {
  test('nothing committed is lost; plans stay in budget and share; summaries cover exactly what they say', async () => {
    const seen = { summarized: 0, failed: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(turnArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 50, max: 100 }).map((n) => n / 100),
        async (turns, maxShare) => {
          let behaviour: TurnSpec['summarizer'] = 'ok';
          const calls: SummarizerInput[] = [];
          const summarizer = async (input: SummarizerInput) => {
            calls.push(input);
            if (behaviour === 'throws') throw new Error('unavailable');
            return behaviour === 'empty' ? '' : `summary of ${input.messages.length} messages`;
          };
          const store = new MemoryStore();
          const engine = await testEngine<OpenAIChatRequest>({
            store,
            contextWindow: 4_000,
            reservedOutput: 500,
            defaultMode: 'off',
            history: { summarizer, maxShare },
          });
          const session = await engine.createSession();
          for (const [i, spec] of turns.entries()) {
            behaviour = spec.summarizer;
            const before = calls.length;
            const storedBefore = (await store.loadSession(session.id))?.record.checkpoints ?? [];
            const turn = await session.prepare(`q${i} ${'x'.repeat(spec.question)}`);
            const { plan } = turn;
            expect(plan.budget.used).toBeLessThanOrEqual(plan.budget.available);
            const cap = Math.floor(plan.budget.available * maxShare);
            const historyTokens = plan.included
              .filter((e) => e.reason.code === 'history' || e.reason.code === 'checkpoint')
              .reduce((sum, e) => sum + e.candidate.tokens, 0);
            expect(historyTokens).toBeLessThanOrEqual(cap);

            const checkpoint = [...plan.included, ...plan.excluded].find(
              (e) => e.candidate.kind === 'checkpoint',
            );
            const summarized = plan.excluded.filter((e) => e.reason.code === 'summarized');
            if (checkpoint?.candidate.kind === 'checkpoint') {
              const { toTurn } = checkpoint.candidate;
              expect(
                summarized.map((e) => (e.candidate.kind === 'turn' ? e.candidate.turnIndex : -1)),
              ).toEqual(Array.from({ length: toTurn + 1 }, (_, index) => index));
            } else {
              expect(summarized).toEqual([]);
            }
            const failed = calls.length > before && spec.summarizer !== 'ok';
            if (failed) seen.failed++;
            if (summarized.length > 0) seen.summarized++;
            const share = plan.excluded.filter((e) => e.reason.code === 'history-share');
            for (const entry of share) {
              if (entry.reason.code === 'history-share')
                expect(entry.reason.summarizer).toBe(failed ? 'failed' : 'ok');
            }

            await session.commit(turn, `a${i} ${'y'.repeat(spec.answer)}`);
            const stored = await store.loadSession(session.id);
            expect(stored?.messages).toHaveLength(2 * (i + 1));
            // A failed summarizer writes no checkpoint; a working one writes at most one, replacing older ones.
            if (failed) expect(stored?.record.checkpoints ?? []).toEqual(storedBefore);
            expect((stored?.record.checkpoints ?? []).length).toBeLessThanOrEqual(1);
          }
        },
      ),
      // A fixed seed: the runs must include both summaries and failures (checked below), which a random 40 runs
      // do not always draw.
      { numRuns: 40, seed: 20_261_122 },
    );
    // The conversations were long enough to summarize, and the summarizer failed now and then.
    expect(seen.summarized).toBeGreaterThan(0);
    expect(seen.failed).toBeGreaterThan(0);
  }, 60_000);
});
