import { describe, expect, test } from 'vitest';
import { MAX_REASON_LENGTH, parseSuggestions } from './index.js';

describe('parseSuggestions', () => {
  test('reads suggestion lines, decodes entities and returns the reply without them', () => {
    const reply = [
      'The schema is in the reference.',
      '<ctxkit:suggest-pin ref="reference:Database schema" reason="Asked about &quot;users&quot; &amp; sessions"/>',
      '  <ctxkit:suggest-pin ref="rule:Authentication" />  ',
      'Anything else?',
    ].join('\n');
    expect(parseSuggestions(reply)).toEqual({
      content: 'The schema is in the reference.\nAnything else?',
      suggestions: [
        { line: 2, ref: 'reference:Database schema', reason: 'Asked about "users" & sessions' },
        { line: 3, ref: 'rule:Authentication', reason: null },
      ],
      malformed: [],
    });
  });

  test('removes and reports lines that start like a suggestion but break the format', () => {
    const reply = [
      '<ctxkit:suggest-pin ref=reference:Schema/>',
      '<ctxkit:suggest-pin reason="no ref" ref="rule:A"/>',
      '<ctxkit:suggest-pin ref="rule:A" reason="unclosed">',
      '<ctxkit:suggest-pin ref="" />',
      '<ctxkit:suggest-pin ref="rule:A" onclick="x"/>',
      'text',
    ].join('\n');
    const parsed = parseSuggestions(reply);
    expect(parsed.suggestions).toEqual([]);
    expect(parsed.malformed).toEqual([1, 2, 3, 4, 5]);
    expect(parsed.content).toBe('text');
  });

  test('leaves suggestions inside fenced code and in running text alone', () => {
    const reply = [
      'Use this format:',
      '```',
      '<ctxkit:suggest-pin ref="rule:A"/>',
      '```',
      'Inline <ctxkit:suggest-pin ref="rule:B"/> is not a line of its own.',
    ].join('\n');
    const parsed = parseSuggestions(reply);
    expect(parsed.suggestions).toEqual([]);
    expect(parsed.content).toBe(reply);
  });

  test('keeps a reason to a bounded length', () => {
    const long = 'x'.repeat(MAX_REASON_LENGTH + 50);
    const [suggestion] = parseSuggestions(`<ctxkit:suggest-pin ref="rule:A" reason="${long}"/>`).suggestions;
    expect(suggestion?.reason).toHaveLength(MAX_REASON_LENGTH);
  });
});
