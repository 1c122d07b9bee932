import { describe, expect, it } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { uiMessagesOf } from './history.js';

// What a reload gives `useChat`: the stored turns as UI messages with the ids ContextDetails needs.
describe('uiMessagesOf', () => {
  it('gives each question and its final reply, with the session, plan and message ids; tool steps stay out', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const first = await session.prepare('Which database table holds the invoices?');
    const answered = await session.commit(first, { content: 'The invoices table.' });
    let turn = await session.prepare('What is 17 * 23?');
    turn = await session.continue(
      turn,
      {
        content: '',
        toolCalls: [{ id: 'c1', name: 'demo__calculator', arguments: { expression: '17 * 23' } }],
      },
      [{ toolCallId: 'c1', content: '391' }],
    );
    const calculated = await session.commit(turn, { content: '17 * 23 = 391' });

    const messages = uiMessagesOf(session.messages.map((message) => ({ message, ownerId: 'owner-1' })));
    expect(messages.map((message) => [message.role, message.parts])).toEqual([
      ['user', [{ type: 'text', text: 'Which database table holds the invoices?' }]],
      ['assistant', [{ type: 'text', text: 'The invoices table.' }]],
      ['user', [{ type: 'text', text: 'What is 17 * 23?' }]],
      ['assistant', [{ type: 'text', text: '17 * 23 = 391' }]],
    ]);
    expect(messages[1]?.metadata).toEqual({
      ctxkit: {
        sessionId: 'owner-1',
        userMessageId: first.userMessage.id,
        planId: first.plan.id,
        messageId: answered.assistantMessage.id,
      },
    });
    expect(messages[3]?.id).toBe(calculated.assistantMessage.id);
    expect(messages[3]?.metadata?.ctxkit.userMessageId).toBe(turn.userMessage.id);
    // The final reply's plan is the turn's last request's.
    expect(messages[3]?.metadata?.ctxkit.planId).toBe(turn.plan.id);
    expect(messages[2]?.id).toBe(turn.userMessage.id);
  });
});
