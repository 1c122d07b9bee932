import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ItemBody } from '../planner/index.js';
import { cardText } from '../render/index.js';
import { createApproximateCounter } from '../tokens/index.js';
import { buildCard, sentencesOf } from './index.js';

const counter = createApproximateCounter();
const count = (text: string) => counter.count(text);

const guide: ItemBody = {
  type: 'reference',
  description: 'How the app deploys to production.',
  content:
    'Builds run on every push. Containers are published to the registry. ' +
    'Rollbacks restore the previous Kubernetes deployment with one command. Logs stay for thirty days.',
};

describe('cards', () => {
  test('the purpose is the first sentence of the description; the excerpt is the sentence that matches the message', () => {
    const card = buildCard(guide, 'how do rollbacks of a kubernetes deployment work?', 40, count);
    expect(card.purpose).toBe('How the app deploys to production.');
    expect(card.excerpt).toBe('Rollbacks restore the previous Kubernetes deployment with one command.');
  });

  test('no excerpt when nothing matches the message better than the purpose does', () => {
    expect(buildCard(guide, 'what is the weather in Lyon?', 40, count).excerpt).toBeUndefined();
    expect(buildCard(guide, 'production deploys', 40, count).excerpt).toBeUndefined();
  });

  test('an item without a description takes its purpose from its content', () => {
    const card = buildCard({ ...guide, description: '' }, 'logs', 40, count);
    expect(card.purpose).toBe('Builds run on every push.');
    expect(card.excerpt).toBe('Logs stay for thirty days.');
  });

  test('a long excerpt starts a few words before its first match, marked as cut', () => {
    const body: ItemBody = {
      type: 'reference',
      description: 'Notes.',
      content: `${'Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor '.repeat(3)}the kubernetes rollback command is kubectl rollout undo.`,
    };
    const card = buildCard(body, 'kubernetes rollback', 12, count);
    expect(card.excerpt?.startsWith('… ')).toBe(true);
    expect(card.excerpt).toContain('kubernetes');
  });

  test('a tool card describes the tool from its description only', () => {
    const tool: ItemBody = {
      type: 'tool',
      functionName: 'web__fetch',
      description: 'Fetches a web page by url. Follows redirects.',
      inputSchema: { type: 'object', properties: { url: { type: 'string' } } },
    };
    const card = buildCard(tool, 'does it follow redirects?', 40, count);
    expect(card).toEqual({ purpose: 'Fetches a web page by url.', excerpt: 'Follows redirects.' });
  });

  test('the card text never takes more tokens than the cap, whatever the item and the message', () => {
    const words = fc.stringMatching(/^[a-z]{1,12}$/);
    const sentence = fc.array(words, { minLength: 1, maxLength: 40 }).map((list) => `${list.join(' ')}.`);
    const text = fc.array(sentence, { maxLength: 6 }).map((list) => list.join(' '));
    fc.assert(
      fc.property(
        text,
        text,
        fc.array(words, { maxLength: 8 }),
        fc.integer({ min: 1, max: 40 }),
        (description, content, message, cap) => {
          const card = buildCard({ type: 'reference', description, content }, message.join(' '), cap, count);
          expect(count(cardText(card))).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });

  test('sentences split after end marks and at line breaks; headings and bullets lose their marks', () => {
    expect(sentencesOf('# Title\n- one. Two!  Three?\n\n> four')).toEqual([
      'Title',
      'one.',
      'Two!',
      'Three?',
      'four',
    ]);
  });
});
