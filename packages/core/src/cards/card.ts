import type { ItemBody, ItemCard } from '../planner/index.js';
import { cardText } from '../render/index.js';
import { tokenize } from '../tokenize/index.js';

/** The most tokens a card's text takes by default: a name and a line, about a tenth of a typical tool definition. */
export const DEFAULT_CARD_TOKENS = 24;

/** Words a purpose keeps at least when an excerpt shares the card. */
const PURPOSE_SHARE = 0.5;
/** Words kept before the first word of an excerpt that matches the message, so it reads as a phrase. */
const LEAD_WORDS = 3;

/**
 * A compact card of an item for one message: its purpose (the first sentence of its description, else of its
 * content), and the sentence that shares the most terms with the message when that is not the purpose, each cut to
 * fit; the card's text (`cardText`) takes at most `cap` tokens as `count` measures them.
 */
export function buildCard(
  body: ItemBody,
  message: string,
  cap: number,
  count: (text: string) => number,
): ItemCard {
  const described = sentencesOf(body.description);
  const pool = body.type === 'tool' ? described : [...described, ...sentencesOf(body.content)];
  const purposeSentence = pool[0] ?? '';
  const wanted = new Set(tokenize(message));
  const best = bestSentence(pool, wanted);
  const excerptSentence =
    best && best.sentence !== purposeSentence && best.score > overlap(purposeSentence, wanted)
      ? best.sentence
      : undefined;
  if (excerptSentence === undefined) {
    return { purpose: fitWords(purposeSentence, cap, count, 0) };
  }
  const purpose = fitWords(purposeSentence, Math.max(1, Math.floor(cap * PURPOSE_SHARE)), count, 0);
  // The excerpt starts a few words before its first match, so a long sentence still shows why it was chosen.
  const words = excerptSentence.split(/\s+/);
  const first = words.findIndex((word) => tokenize(word).some((term) => wanted.has(term)));
  const start = Math.max(0, first - LEAD_WORDS);
  let excerpt = fitWords(words.slice(start).join(' '), cap, count, start > 0 ? 1 : 0);
  // The join itself costs a token or two: shorten the excerpt until the whole card is within the cap.
  while (excerpt !== '' && count(cardText({ purpose, excerpt })) > cap) {
    excerpt = dropLastWord(excerpt);
  }
  if (excerpt === '' || excerpt === '…') return { purpose };
  return { purpose, excerpt };
}

/** Sentences of a text: split after `.`, `!` or `?` followed by a space, and at line breaks; blank ones dropped. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) =>
      sentence
        .replace(/^[\s#>*-]+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((sentence) => sentence !== '');
}

function overlap(sentence: string, wanted: ReadonlySet<string>): number {
  return new Set(tokenize(sentence).filter((term) => wanted.has(term))).size;
}

function bestSentence(
  pool: readonly string[],
  wanted: ReadonlySet<string>,
): { sentence: string; score: number } | undefined {
  let best: { sentence: string; score: number } | undefined;
  for (const sentence of pool) {
    const score = overlap(sentence, wanted);
    if (score > 0 && (!best || score > best.score)) best = { sentence, score };
  }
  return best;
}

/**
 * The longest prefix of `text`'s words that takes at most `max` tokens, with `…` where words were cut (and before
 * it when `lead` says words were skipped at its start).
 */
function fitWords(text: string, max: number, count: (text: string) => number, lead: 0 | 1): string {
  const prefix = lead ? '… ' : '';
  if (count(prefix + text) <= max) return prefix + text;
  const words = text.split(/\s+/);
  let low = 0;
  let high = words.length;
  // Binary search: the token count grows with the number of words kept.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (count(`${prefix}${words.slice(0, mid).join(' ')}…`) <= max) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : `${prefix}${words.slice(0, low).join(' ')}…`;
}

function dropLastWord(text: string): string {
  const words = text.replace(/…$/, '').split(/\s+/);
  words.pop();
  return words.length === 0 ? '' : `${words.join(' ')}…`;
}
