import { describe, expect, it } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { suggestedPins } from './suggestions.js';

describe('suggestedPins', () => {
  it('suggests the agent items of the latest reply, best first, leaving out pinned and dismissed ones', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.commit(await session.prepare('How do I log errors?'), 'Log once.');
    await session.commit(await session.prepare('Which database table holds the invoices?'), 'invoices.');
    const latest = session.messages.at(-1);
    const agent =
      latest?.role === 'assistant'
        ? (latest.requestContext?.items ?? []).filter((item) => item.includeMode === 'agent')
        : [];
    expect(agent.length).toBeGreaterThan(1);

    const all = suggestedPins(session.messages, session.pins, new Set());
    expect(all.map((suggestion) => suggestion.title ?? suggestion.target)).toHaveLength(agent.length);
    const scores = agent.map((item) => item.similarityScore ?? 0).sort((a, b) => b - a);
    expect(all.map((suggestion) => suggestion.reason)).toEqual(
      scores.map((score) => `Chosen by retrieval for the last reply (score ${score.toFixed(2)})`),
    );

    const [best, next] = all;
    if (!best || !next || best.target.kind !== 'item') throw new Error('expected two suggestions');
    await session.pin(best.target);
    const afterPin = suggestedPins(session.messages, session.pins, new Set([next.id]));
    expect(afterPin.map((suggestion) => suggestion.id)).not.toContain(best.id);
    expect(afterPin.map((suggestion) => suggestion.id)).not.toContain(next.id);
    expect(afterPin).toHaveLength(all.length - 2);
  });

  it('suggests nothing before the first reply', () => {
    expect(suggestedPins([], [], new Set())).toEqual([]);
  });
});
