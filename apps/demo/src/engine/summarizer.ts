import type { ChatMessage, SummarizerInput, SummaryResult } from '@ctxkit/core';

const MAX_QUESTIONS = 8;
const MAX_KEY_POINTS = 3;
const MAX_SENTENCE = 160;

function firstSentence(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  const match = /^(.+?[.!?])(\s|$)/.exec(line);
  const sentence = match?.[1] ?? line;
  return sentence.length > MAX_SENTENCE ? `${sentence.slice(0, MAX_SENTENCE - 1)}…` : sentence;
}

const userTexts = (messages: readonly ChatMessage[]) =>
  messages.flatMap((message) => (message.role === 'user' && message.content.trim() ? [message.content] : []));

/**
 * A summary written on the device, with no model: what the user asked in the turns it covers (their first
 * sentences, the newest kept), after the summary before it; and as key points for other conversations, what the user
 * stated rather than asked. The demo uses it so long chats are condensed and memories appear offline.
 */
export async function extractiveSummarizer({ previous, messages }: SummarizerInput): Promise<SummaryResult> {
  const sentences = userTexts(messages).map(firstSentence);
  const questions = sentences.filter((sentence) => sentence.endsWith('?')).slice(-MAX_QUESTIONS);
  const statements = sentences.filter(
    (sentence) => !sentence.endsWith('?') && sentence.split(' ').length >= 4,
  );
  const parts = [
    previous?.summary,
    questions.length > 0 ? `The user asked: ${questions.map((question) => `“${question}”`).join(' ')}` : null,
    statements.length > 0
      ? `The user said: ${statements.map((statement) => `“${statement}”`).join(' ')}`
      : null,
  ].filter((part): part is string => Boolean(part));
  return {
    summary: parts.join('\n') || 'Earlier turns held no user text.',
    ...(statements.length > 0 && { keyPoints: statements.slice(-MAX_KEY_POINTS) }),
  };
}
