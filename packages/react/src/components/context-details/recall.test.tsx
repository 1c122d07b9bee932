import { createApproximateCounter, createEngine, MemoryStore } from '@ctxkit/core';
import { buildContextDetails } from '@ctxkit/core/view';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitCatalog } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { ContextDetails } from './context-details.js';

// The day a passage was said, as the locale (here the default, English) writes it.
const DAY = new Intl.DateTimeFormat('en').format(new Date(Date.UTC(2026, 4, 7)));

/** A conversation that names a cat, and a later one whose reply was planned with a passage recalled from it. */
async function recalledConversation() {
  const engine = await createEngine({
    catalog: kitCatalog,
    model: 'test-model',
    contextWindow: 3_000,
    reservedOutput: 500,
    store: new MemoryStore(),
    tokenizer: createApproximateCounter(),
    now: () => new Date(Date.UTC(2026, 4, 7)),
  });
  const first = await engine.createSession({ title: 'First' });
  await first.commit(await first.prepare('My cat Marzipan <b>hates</b> thunderstorms.'), 'Poor Marzipan.');
  const second = await engine.createSession({ title: 'Second' });
  const { assistantMessage } = await second.commit(
    await second.prepare('What does Marzipan hate?'),
    'Storms.',
  );
  return { engine, sessionId: second.id, replyId: assistantMessage.id, sourceId: first.id };
}

describe('ContextDetails with recalled passages', () => {
  test('lists each passage with the day it was said and where it came from, as text', async () => {
    const { engine, sessionId, replyId, sourceId } = await recalledConversation();
    const reply = (await engine.store.loadSession(sessionId))?.messages.find((m) => m.id === replyId);
    const context = reply?.role === 'assistant' ? reply.requestContext : undefined;
    const plan = context && (await engine.getPlan(context.planId));
    if (!context || !plan) throw new Error('the reply has no stored plan');

    const recall = buildContextDetails(context, plan).sections.find((section) => section.id === 'recall');
    expect(recall?.label).toBe('Recalled');
    expect(recall?.items).toHaveLength(1);
    expect(recall?.items[0]?.label).toBe(
      `Said on ${DAY}: My cat Marzipan <b>hates</b> thunderstorms. assistant: Poor…`,
    );
    expect(recall?.items[0]?.recalled?.sessionId).toBe(sourceId);

    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    await expect.element(screen.getByRole('button', { name: /^Recalled \(1\)/ })).toBeVisible();
    await expect
      .element(screen.getByText(new RegExp(`^Said on ${DAY}: My cat Marzipan <b>hates</b>`)))
      .toBeVisible();
    expect(screen.container.querySelector('b')).toBeNull();
    // The passage's score, and what it is made of in the pill's title.
    const passage = plan.included.find(({ candidate }) => candidate.kind === 'recall')?.candidate;
    const weights = passage?.kind === 'recall' ? passage.weights : undefined;
    if (!weights) throw new Error('the recalled candidate has no weights');
    const score = recall?.items[0]?.recalled?.score ?? Number.NaN;
    const pill = screen.getByText(`Recalled ${score.toFixed(2)}`);
    await expect.element(pill).toBeVisible();
    await expect
      .element(pill)
      .toHaveAttribute(
        'title',
        `Score ${score.toFixed(2)}: relevance ${weights.relevance.toFixed(2)} × recency 1.00 × importance 1.00 (higher is sent first)`,
      );
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  test('a recalled passage can be forgotten from the list, and clicked through to where it was said', async () => {
    const { engine, sessionId, replyId, sourceId } = await recalledConversation();
    const opened: unknown[] = [];
    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails
          variant="expanded"
          sessionId={sessionId}
          messageId={replyId}
          onItemClick={(item) => 'recalled' in item && opened.push(item.recalled)}
        />
      </Kit>,
    );
    await screen.getByRole('button', { name: new RegExp(`^Said on ${DAY}`) }).click();
    expect(opened).toEqual([expect.objectContaining({ sessionId: sourceId })]);
    const forget = screen.getByRole('button', { name: new RegExp(`^Forget: Said on ${DAY}`) });
    await forget.click();
    await expect.element(screen.getByRole('status').filter({ hasText: 'Forgotten' })).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    const forgotten = (opened[0] as { messageIds: string[] }).messageIds;
    const again = await (await engine.createSession()).prepare('What does Marzipan hate?');
    const quoted = again.plan.included.flatMap(({ candidate }) =>
      candidate.kind === 'recall' ? candidate.messageIds : [],
    );
    expect(quoted.length).toBeGreaterThan(0); // the other conversation is still recalled
    expect(quoted.filter((id) => forgotten.includes(id))).toEqual([]);
  });
});
