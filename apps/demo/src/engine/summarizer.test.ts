import type { ChatMessage, Checkpoint } from '@ctxkit/core';
import { describe, expect, it } from 'vitest';
import { testEngine } from './engine.fixtures.js';
import { extractiveSummarizer } from './summarizer.js';

const at = '2026-11-26T10:00:00.000Z';
const user = (id: string, content: string): ChatMessage => ({ id, role: 'user', content, createdAt: at });
const reply = (id: string, content: string): ChatMessage => ({
  id,
  role: 'assistant',
  modelReply: { content },
  createdAt: at,
});

describe('extractiveSummarizer', () => {
  it('keeps what the user asked and said, after the previous summary; statements become key points', async () => {
    const previous = { summary: 'Before: the user set up the project.' } as Checkpoint;
    const result = await extractiveSummarizer({
      sessionId: 's1',
      previous,
      messages: [
        user('1', 'Which table holds the invoices? I need it for a report.'),
        reply('2', 'The invoices table.'),
        user('3', 'We deploy the billing service every Tuesday at noon. It takes ten minutes.'),
        reply('4', 'Noted.'),
        user('5', 'ok'),
      ],
    });
    expect(result.summary).toBe(
      [
        'Before: the user set up the project.',
        'The user asked: “Which table holds the invoices?”',
        'The user said: “We deploy the billing service every Tuesday at noon.”',
      ].join('\n'),
    );
    expect(result.keyPoints).toEqual(['We deploy the billing service every Tuesday at noon.']);
  });

  it('condenses a long chat in a real engine, and its statements become memories', async () => {
    const engine = await testEngine({
      contextWindow: 3_000,
      reservedOutput: 500,
      history: { summarizer: extractiveSummarizer },
    });
    const session = await engine.createSession();
    for (let i = 0; i < 14; i++)
      await session.commit(
        await session.prepare(
          `Fact ${i}: the staging server number ${i} runs in Frankfurt. ${'x'.repeat(150)}`,
        ),
        `Answer ${i}: ${'a'.repeat(400)}`,
      );
    expect(session.checkpoints.length).toBeGreaterThan(0);
    expect(session.checkpoints[0]?.summary).toContain('The user said: “Fact 0: the staging server number 0');
    const memories = await engine.memories.list();
    expect(memories.some((memory) => memory.kind === 'key-point' && memory.text.includes('Frankfurt'))).toBe(
      true,
    );
  });
});
