import type { ItemRef } from '../catalog/index.js';
import type { ItemBody, ItemCard } from '../planner/index.js';
import type { MemoryContent } from '../session/index.js';

/**
 * Item text is data. Escaping `&` and `<` means no text can open or close a tag, so an item can never end its
 * own section of the prompt or start another. Models read `&lt;` as `<`.
 */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/\r?\n/g, '&#10;');
}

function element(tag: string, attributes: Record<string, string>, body: string): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<${tag}${attrs}>\n${escapeText(body)}\n</${tag}>`;
}

/** Parts of a system prompt or context block are joined by a blank line. */
export const PART_SEPARATOR = '\n\n';

/** A rule or reference as it appears in the prompt, with its examples when the mode sends them. */
export function formatItem(ref: ItemRef, body: Extract<ItemBody, { type: 'rule' | 'reference' }>): string {
  const examples = body.examples ?? [];
  if (examples.length === 0) return element(ref.type, { name: ref.name }, body.content);
  return element(ref.type, { name: ref.name }, `${body.content}\n\nExamples:\n${bullets(examples)}`);
}

function bullets(lines: readonly string[]): string {
  return lines.map((line) => `- ${line}`).join('\n');
}

/** A fragment of the system prompt (data the host computed, such as a file list). */
export function formatFragment(name: string, text: string): string {
  return element('fragment', { name }, text);
}

/** A pinned card: a short piece of text kept in view. */
export function formatCard(title: string, text: string): string {
  return element('pin', { title }, text);
}

/** A memory from another conversation: data like any item, so it cannot end its element or open another. */
export function formatMemory(content: MemoryContent): string {
  return content.kind === 'preference'
    ? element('memory', { kind: 'preference', name: content.key }, content.value)
    : element('memory', { kind: 'key-point' }, content.text);
}

/**
 * A passage recalled from an earlier conversation: quoted, dated and escaped like any item, so the model reads it as
 * something said before, never as an instruction, and it cannot close its element.
 */
export function formatRecall(sessionId: string, createdAt: string, text: string): string {
  return element('earlier-conversation', { session: sessionId, date: createdAt.slice(0, 10) }, text);
}

/**
 * A checkpoint as it is sent: a summary of earlier turns, marked as such so the model does not take it for the
 * user's words, and escaped like any item so it cannot close its element.
 */
export function formatCheckpoint(summary: string, turns: number): string {
  return (
    'We are continuing an earlier conversation. This is a summary of its first ' +
    `${turns} turn${turns === 1 ? '' : 's'}, not a new message:\n` +
    element('conversation-summary', { turns: String(turns) }, summary)
  );
}

/**
 * A capsule: a summary of a reference, marked as such so the model does not take it for the reference itself, and
 * escaped like any item. The note is the same for every capsule, so it costs the same tokens each time.
 */
export function formatCapsule(ref: ItemRef, summary: string): string {
  return element(
    'capsule',
    {
      of: `${ref.type}:${ref.name}`,
      note: 'a summary, not the source; it may be incomplete',
    },
    summary,
  );
}

/** The server name the engine's own `expand_card` tool is listed under in a layout. */
export const CARD_TOOL_SERVER = 'ctxkit';

/**
 * The tool the engine offers while items are sent as cards: it returns a rule's or reference's full text, and makes a
 * tool's full definition part of the next request. Short, since every request with cards carries it.
 */
export const EXPAND_CARD_TOOL: Extract<ItemBody, { type: 'tool' }> = Object.freeze({
  type: 'tool',
  functionName: 'expand_card',
  description: 'Full item of a card.',
  inputSchema: Object.freeze({
    type: 'object',
    properties: Object.freeze({ name: Object.freeze({ type: 'string' }) }),
  }) as unknown as Extract<ItemBody, { type: 'tool' }>['inputSchema'],
});

/** A card's text on one line: its purpose, then the passage that matched the message. */
export function cardText(card: ItemCard): string {
  return card.excerpt === undefined ? card.purpose : `${card.purpose} … ${card.excerpt}`;
}

/**
 * An item sent as a card: one line of the `<cards>` block, its type, name and text. Escaped like any item and kept
 * on one line, so no card can end the block or pass for another.
 */
export function formatItemCard(ref: ItemRef, card: ItemCard): string {
  const text = oneLine(cardText(card));
  return `${ref.type} ${escapeText(oneLine(ref.name))}${text === '' ? '' : `: ${escapeText(text)}`}`;
}

/** The block a request's cards go in; its wrapper is charged once (with `expand_card`), each line by its card. */
export function formatCardsBlock(cards: readonly string[]): string {
  return `<cards>\n${cards.join('\n')}\n</cards>`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A tool's description with its examples of use, in a mode that sends exemplars. */
export function toolDescriptionWithExamples(body: Extract<ItemBody, { type: 'tool' }>): string {
  const examples = body.examples ?? [];
  return examples.length === 0 ? body.description : `${body.description}\nExamples:\n${bullets(examples)}`;
}

/** A tool definition, as the text its tokens are counted from. */
export function formatToolForCounting(body: Extract<ItemBody, { type: 'tool' }>): string {
  return `${body.functionName}\n${toolDescriptionWithExamples(body)}\n${JSON.stringify(body.inputSchema)}`;
}

/** Arguments of a tool call, as providers that take them as a string expect them. */
export function formatArguments(args: unknown): string {
  return JSON.stringify(args);
}
