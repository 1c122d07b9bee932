import { type CatalogInput, functionNameFor, type ItemRef, itemKey } from '@ctxkit/core';
import type { SentMessage } from '../checks/index.js';
import { type Scenario, SYSTEM_PROMPT, type TurnFixture } from '../fixtures/index.js';

/**
 * The scenario as the peers receive it: chat messages and catalog items as text, with what each is worth. The
 * tiers mirror the order in which ctxkit's planner fills the budget:
 *
 * 1. `system`: the system prompt and the session's items (the `always` items and the `manual` ones the session
 *    added); ctxkit treats them as required.
 * 2. the user's new message; required too.
 * 3. `retrieved` (per request): the agent items ctxkit's retrieval returned for the message, within the context
 *    mode's top-k and minimum score, best first.
 * 4. `history`: the 2,000 messages, newest first.
 * 5. `others`: every other catalog item, which ctxkit leaves out of the request (not retrieved).
 */
export interface PeerPrompt {
  readonly system: string;
  readonly history: readonly SentMessage[];
  /** The text of every catalog item outside the session, by ctxkit's item key. */
  readonly itemText: ReadonlyMap<string, string>;
}

/** One request: the user's message and the keys of the items retrieval returned for it, best first. */
export interface PeerRequest {
  readonly query: string;
  readonly retrieved: readonly string[];
}

export function itemTextOf(catalog: CatalogInput): Map<string, string> {
  const texts = new Map<string, string>();
  for (const rule of catalog.rules ?? [])
    texts.set(itemKey({ type: 'rule', name: rule.name }), `# Rule: ${rule.name}\n${rule.content}`);
  for (const reference of catalog.references ?? [])
    texts.set(
      itemKey({ type: 'reference', name: reference.name }),
      `# Reference: ${reference.name}\n${reference.content}`,
    );
  for (const tool of catalog.tools ?? [])
    texts.set(
      itemKey({ type: 'tool', name: tool.name, serverName: tool.server }),
      `# Tool: ${functionNameFor(tool.server, tool.name)}\n${tool.description ?? ''}\n${JSON.stringify(tool.inputSchema)}`,
    );
  return texts;
}

export function historyMessages(turns: readonly TurnFixture[]): SentMessage[] {
  const messages: SentMessage[] = [];
  for (const turn of turns) {
    messages.push({ role: 'user', content: turn.user });
    if (turn.toolRound) {
      const { preamble, calls } = turn.toolRound;
      messages.push({
        role: 'assistant',
        content: preamble,
        toolCalls: calls.map((call) => ({
          id: call.id,
          name: call.name,
          arguments: JSON.stringify(call.arguments),
        })),
      });
      for (const call of calls) messages.push({ role: 'tool', toolCallId: call.id, content: call.result });
    }
    messages.push({ role: 'assistant', content: turn.reply });
  }
  return messages;
}

export function sessionItemRefs(scenario: Scenario): ItemRef[] {
  const { input, addedToSession } = scenario.catalog;
  const always: ItemRef[] = [
    ...(input.rules ?? [])
      .filter((rule) => rule.include === 'always')
      .map((rule) => ({ type: 'rule' as const, name: rule.name })),
    ...(input.references ?? [])
      .filter((reference) => reference.include === 'always')
      .map((reference) => ({ type: 'reference' as const, name: reference.name })),
    ...(input.tools ?? [])
      .filter((tool) => tool.include === 'always')
      .map((tool) => ({ type: 'tool' as const, name: tool.name, serverName: tool.server })),
  ];
  return [...always, ...addedToSession];
}

export function buildPeerPrompt(scenario: Scenario): PeerPrompt {
  const itemText = itemTextOf(scenario.catalog.input);
  const sessionTexts: string[] = [];
  for (const ref of sessionItemRefs(scenario)) {
    const key = itemKey(ref);
    sessionTexts.push(itemText.get(key) as string);
    itemText.delete(key);
  }
  return {
    system: [SYSTEM_PROMPT.global, SYSTEM_PROMPT.agent, ...sessionTexts].join('\n\n'),
    history: historyMessages(scenario.turns),
    itemText,
  };
}

/** The catalog items of a request in two tiers: retrieved (best first) and the others (catalog order). */
export function splitItems(
  prompt: PeerPrompt,
  request: PeerRequest,
): { readonly retrieved: string[]; readonly others: string[] } {
  const chosen = new Set(request.retrieved);
  const retrieved = request.retrieved.map((key) => prompt.itemText.get(key) ?? '');
  const others: string[] = [];
  for (const [key, text] of prompt.itemText) if (!chosen.has(key)) others.push(text);
  return { retrieved, others };
}
