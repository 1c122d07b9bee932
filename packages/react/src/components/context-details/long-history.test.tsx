import { createApproximateCounter, createEngine, MemoryStore } from '@ctxkit/core';
import { buildContextDetails } from '@ctxkit/core/view';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { axeViolations } from '../../test/axe.js';
import { kitCatalog } from '../../test/fixtures.js';
import { Kit } from '../../test/kit.js';
import { ContextDetails } from './context-details.js';

const question = (i: number) => `Question ${i}: ${'q'.repeat(200)}`.slice(0, 200);
const answer = (i: number) => `Answer ${i}: ${'a'.repeat(400)}`.slice(0, 400);

/** Two long conversations with a summarizer: the second one's last reply carries a checkpoint and a memory. */
async function summarizedConversation() {
  let firstId = '';
  const engine = await createEngine({
    catalog: kitCatalog,
    model: 'test-model',
    contextWindow: 3_000,
    reservedOutput: 500,
    defaultMode: 'off',
    store: new MemoryStore(),
    tokenizer: createApproximateCounter(),
    history: {
      // Only the first conversation learns a preference: the second one's would replace it (same key).
      summarizer: async ({ sessionId, messages }) => ({
        summary: `The user asked ${messages.length / 2} questions about files.`,
        ...(sessionId === firstId && { preferences: { license: 'MIT' } }),
      }),
    },
  });
  const first = await engine.createSession({ title: 'First' });
  firstId = first.id;
  for (let i = 0; i < 15; i++) await first.commit(await first.prepare(question(i)), answer(i));
  const second = await engine.createSession({ title: 'Second' });
  let replyId = '';
  for (let i = 0; i < 15; i++) {
    const { assistantMessage } = await second.commit(await second.prepare(question(i)), answer(i));
    replyId = assistantMessage.id;
  }
  return { engine, sessionId: second.id, replyId };
}

describe('ContextDetails of a long conversation', () => {
  test('lists the summary standing in for old turns, and the memory from another conversation', async () => {
    const { engine, sessionId, replyId } = await summarizedConversation();
    const reply = (await engine.store.loadSession(sessionId))?.messages.find((m) => m.id === replyId);
    const context = reply?.role === 'assistant' ? reply.requestContext : undefined;
    const plan = context && (await engine.getPlan(context.planId));
    if (!context || !plan) throw new Error('the reply has no stored plan');

    const model = buildContextDetails(context, plan);
    const memory = model.sections.find((section) => section.id === 'memory');
    expect(memory?.items.map((item) => item.label)).toEqual(['Preference: license = MIT']);
    const history = model.sections.find((section) => section.id === 'history');
    expect(history?.items[0]?.label).toMatch(/^Summary of turns 1–\d+$/);
    const summarized = model.excluded?.filter((entry) => entry.reason.code === 'summarized') ?? [];
    expect(summarized.length).toBeGreaterThan(0);

    const screen = await render(
      <Kit engine={engine}>
        <ContextDetails variant="expanded" sessionId={sessionId} messageId={replyId} />
      </Kit>,
    );
    await expect.element(screen.getByRole('button', { name: /^Memory \(1\)/ })).toBeVisible();
    await expect.element(screen.getByText('Preference: license = MIT')).toBeVisible();
    await expect.element(screen.getByText(/^Summary of turns 1–/)).toBeVisible();
    await screen.getByRole('button', { name: /^Show excluded/ }).click();
    await expect.element(screen.getByText('summarized in an earlier checkpoint').first()).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});
