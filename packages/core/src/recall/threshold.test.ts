import { describe, expect, test } from 'vitest';
import {
  DEFAULT_RECALL_THRESHOLD,
  DEFAULT_STATEMENT_RECALL_THRESHOLD,
  defaultRecallThreshold,
} from './thresholds.js';

describe('defaultRecallThreshold', () => {
  test('a question (a question mark anywhere, or a question word first) or a message about remembering keeps the lower threshold', () => {
    for (const text of [
      'What is my cat called?',
      'Thanks! And how did the trip go?',
      'when did we agree on the deadline',
      '  Where is the report',
      '¿Dónde está el informe',
      '报告在哪里？',
      'Remind me of the name of the bakery',
      'I remember the storm that night.',
      'Recall the plan we made',
    ])
      expect(defaultRecallThreshold(text)).toBe(DEFAULT_RECALL_THRESHOLD);
  });

  test('any other message needs the statement threshold', () => {
    for (const text of [
      'I went to the pottery class again.',
      'Summarize this file',
      'Whatever works for you.',
      'Memories of that summer are everywhere.',
      '',
    ])
      expect(defaultRecallThreshold(text)).toBe(DEFAULT_STATEMENT_RECALL_THRESHOLD);
    expect(DEFAULT_STATEMENT_RECALL_THRESHOLD).toBeGreaterThan(DEFAULT_RECALL_THRESHOLD);
  });
});
