import { describe, expect, test } from 'vitest';
import { tokenize } from '../tokenize/index.js';
import { continuityJudge, followsUp } from './continuity.js';

describe('followsUp', () => {
  test.each([
    'add validation',
    'Now I need to add validation',
    'And what about tomorrow?',
    'Can you fix it?',
    'Do the same for that file',
    'what about Lyon?',
  ])('%s follows up', (message) => {
    expect(followsUp(message)).toBe(true);
  });

  test.each([
    'How should I name functions and format my code?',
    'Which database table holds the invoices, and what are its columns?',
    "I'm unsure if a website is trustworthy. Can you perform a security check for me?",
    'I need a workout routine to lose weight and tone my muscles. Can you help me with that?',
  ])('%s stands on its own', (message) => {
    expect(followsUp(message)).toBe(false);
  });
});

describe('continuityJudge', () => {
  const distinctive = (term: string) => !['find', 'help', 'need'].includes(term);

  test('a follow-up relates to whatever was carried', () => {
    const judge = continuityJudge('now add validation', tokenize, distinctive);
    expect(judge.relate({ kind: 'symbol_mention', query: 'AuthService', relevance: 0.45, age: 1 })).toBe(
      'follow-up',
    );
  });

  test('a message that stands on its own relates only through a distinctive shared word', () => {
    const judge = continuityJudge(
      'Which hotels near the Louvre in Paris have rooms free in May?',
      tokenize,
      distinctive,
    );
    expect(judge.followUp).toBe(false);
    expect(judge.relate({ kind: 'message', query: 'Find me flights to Paris', relevance: 0.5, age: 1 })).toBe(
      'shared-terms',
    );
    expect(
      judge.relate({ kind: 'message', query: 'Help me find a good book', relevance: 0.5, age: 1 }),
    ).toBeNull();
  });

  test("the host's activity is context, not a topic: it is always kept", () => {
    const judge = continuityJudge('How should I name functions and format my code?', tokenize, distinctive);
    expect(judge.relate({ kind: 'file_open', query: 'src/db/schema.sql', relevance: 0.4, age: 1 })).toBe(
      'follow-up',
    );
  });
});
