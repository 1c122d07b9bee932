import type { CatalogItem, ItemKey } from '../catalog/index.js';
import type { ContextPlan, ItemCandidate } from '../planner/index.js';
import { EXPAND_CARD_TOOL, formatItem } from '../render/index.js';
import type { ToolCall, TurnStep } from '../session/index.js';

/** The engine's answer to a call that asked for a card's full item; shaped as a tool result the session takes. */
export interface CardAnswer {
  readonly toolCallId: string;
  readonly content: string;
  readonly isError?: true;
}

/** A reply's tool calls split by who answers them: the engine (`expand_card`) or the host's tools. */
export interface CardCalls {
  readonly answered: readonly CardAnswer[];
  readonly host: readonly ToolCall[];
}

/** Whether a tool call is the engine's own `expand_card`. */
export function isExpandCall(call: ToolCall): boolean {
  return call.name === EXPAND_CARD_TOOL.functionName;
}

/** The name `expand_card` was called with, if it is a string. */
function askedName(call: ToolCall): string | undefined {
  const name = (call.arguments as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name.trim() : undefined;
}

/** The plan's cards, by the names the model may ask for them with: the item's name, and a tool's function name. */
function cardsOf(plan: ContextPlan): Map<string, ItemCandidate> {
  const cards = new Map<string, ItemCandidate>();
  for (const { candidate } of plan.included) {
    if (candidate.kind !== 'item' || !candidate.card || !candidate.body) continue;
    cards.set(candidate.ref.name, candidate);
    if (candidate.body.type === 'tool') cards.set(candidate.body.functionName, candidate);
  }
  return cards;
}

/**
 * Which calls of a reply to the request `plan` planned the engine answers itself: `expand_card` (a rule or
 * reference comes back in full; a tool is defined in full from the next request on). Every other call is the
 * host's. Reads nothing but the plan.
 */
export function answerCardCalls(plan: ContextPlan, calls: readonly ToolCall[]): CardCalls {
  const answered: CardAnswer[] = [];
  const host: ToolCall[] = [];
  let cards: Map<string, ItemCandidate> | undefined;
  for (const call of calls) {
    if (!isExpandCall(call)) {
      host.push(call);
      continue;
    }
    cards ??= cardsOf(plan);
    const name = askedName(call);
    const card = name === undefined ? undefined : cards.get(name);
    answered.push(card ? expansion(call.id, card) : unknownCard(call.id, name, cards));
  }
  return { answered, host };
}

function expansion(toolCallId: string, card: ItemCandidate): CardAnswer {
  const body = card.body as NonNullable<ItemCandidate['body']>;
  if (body.type !== 'tool') return { toolCallId, content: formatItem(card.ref, body) };
  return {
    toolCallId,
    content: `${body.functionName} is now defined in your tools: call it when you need it.`,
  };
}

function unknownCard(
  toolCallId: string,
  name: string | undefined,
  cards: ReadonlyMap<string, ItemCandidate>,
): CardAnswer {
  const names = [...new Set([...cards.values()].map((card) => card.ref.name))];
  const known = names.length > 0 ? ` (cards: ${names.join(', ')})` : '';
  return {
    toolCallId,
    isError: true,
    content:
      name === undefined || name === ''
        ? `expand_card needs the name of a card${known}.`
        : `No card is named '${name}' in this request${known}.`,
  };
}

/**
 * The agent items the model asked for through `expand_card` earlier in the turn, with the id of the call that asked,
 * among `items` (the request's agent items, by name or a tool's function name). The plans of the rest of the turn
 * send them in full.
 */
export function expandedIn(
  steps: readonly TurnStep[],
  items: readonly CatalogItem[],
): ReadonlyMap<ItemKey, string> {
  const expanded = new Map<ItemKey, string>();
  if (steps.length === 0 || items.length === 0) return expanded;
  const byName = new Map<string, CatalogItem>();
  for (const item of items) {
    byName.set(item.name, item);
    if (item.type === 'tool') byName.set(item.functionName, item);
  }
  for (const step of steps) {
    if (step.role !== 'assistant') continue;
    for (const call of step.modelReply.toolCalls ?? []) {
      if (!isExpandCall(call)) continue;
      const item = byName.get(askedName(call) ?? '');
      if (item && !expanded.has(item.key)) expanded.set(item.key, call.id);
    }
  }
  return expanded;
}

/** The agent items of a plan the turn's steps asked for through `expand_card`: evidence of use, like a call. */
export function expandedKeysOf(plan: ContextPlan, steps: readonly TurnStep[]): ItemKey[] {
  const byName = new Map<string, ItemKey>();
  for (const { candidate, reason } of plan.included) {
    if (candidate.kind !== 'item' || reason.code !== 'agent') continue;
    byName.set(candidate.ref.name, candidate.id);
    if (candidate.body?.type === 'tool') byName.set(candidate.body.functionName, candidate.id);
  }
  const keys: ItemKey[] = [];
  for (const step of steps) {
    if (step.role !== 'assistant') continue;
    for (const call of step.modelReply.toolCalls ?? []) {
      if (!isExpandCall(call)) continue;
      const key = byName.get(askedName(call) ?? '');
      if (key !== undefined && !keys.includes(key)) keys.push(key);
    }
  }
  return keys;
}
