import type { ItemRef } from '../catalog/index.js';
import { type ContextPlan, type ItemBody, isStableReason as isStable } from '../planner/index.js';
import type { ChatMessage, TurnStep, UserMessage } from '../session/index.js';
import {
  CARD_TOOL_SERVER,
  EXPAND_CARD_TOOL,
  formatCapsule,
  formatCard,
  formatCardsBlock,
  formatCheckpoint,
  formatFragment,
  formatItem,
  formatItemCard,
  formatMemory,
  formatRecall,
  toolDescriptionWithExamples,
} from './text.js';

export interface ToolDefinition {
  readonly ref: ItemRef;
  readonly body: Extract<ItemBody, { type: 'tool' }>;
}

/** A plan laid out the way every provider request is: provider renderers only change the syntax. */
export interface PromptLayout {
  /** The system prompt's parts: prompt text, fragments, then stable items and sticky cards. */
  readonly system: readonly string[];
  readonly tools: readonly ToolDefinition[];
  /** The summary of earlier turns, formatted, sent as a user message before the history; null when none. */
  readonly checkpoint: string | null;
  /** Included history, oldest first; notes are left out. */
  readonly history: readonly ChatMessage[];
  /** Parts that change per request (agent items, leased and ephemeral pins, memories): sent before the user's text. */
  readonly volatile: readonly string[];
  readonly current: UserMessage;
  readonly workspace: string | null;
  /** The current turn's model replies and tool results so far (mid tool loop). */
  readonly steps: readonly TurnStep[];
}

/** Lays out a plan's included entries, in the plan's order. Reads nothing but the plan. */
export function layoutPlan(plan: ContextPlan): PromptLayout {
  const system: string[] = [];
  const tools: ToolDefinition[] = [];
  const history: ChatMessage[] = [];
  const volatile: string[] = [];
  let current: UserMessage | null = null;
  let steps: readonly TurnStep[] = [];
  let workspace: string | null = null;
  let checkpoint: string | null = null;
  const cards: string[] = [];

  for (const { candidate, reason } of plan.included) {
    const into = isStable(reason) ? system : volatile;
    switch (candidate.kind) {
      case 'prompt':
        system.push(
          candidate.part === 'fragment' ? formatFragment(candidate.name, candidate.text) : candidate.text,
        );
        break;
      case 'item':
        if (!candidate.body) break;
        if (candidate.card) cards.push(formatItemCard(candidate.ref, candidate.card));
        else if (candidate.body.type === 'tool') {
          const description = toolDescriptionWithExamples(candidate.body);
          tools.push({
            ref: candidate.ref,
            body:
              description === candidate.body.description
                ? candidate.body
                : { ...candidate.body, description },
          });
        } else into.push(formatItem(candidate.ref, candidate.body));
        break;
      case 'card':
        into.push(formatCard(candidate.title, candidate.text));
        break;
      case 'memory':
        into.push(formatMemory(candidate.content));
        break;
      case 'recall':
        into.push(formatRecall(candidate.sessionId, candidate.createdAt, candidate.text));
        break;
      case 'capsule':
        into.push(formatCapsule(candidate.ref, candidate.summary));
        break;
      case 'turn':
        for (const message of candidate.messages)
          if (message.role !== 'system' && message.role !== 'error') history.push(message);
        break;
      case 'checkpoint':
        checkpoint = formatCheckpoint(candidate.summary, candidate.toTurn - candidate.fromTurn + 1);
        break;
      case 'current':
        current = candidate.message;
        steps = candidate.steps;
        break;
      case 'workspace':
        workspace = candidate.text;
        break;
    }
  }
  if (cards.length > 0) {
    volatile.push(formatCardsBlock(cards));
    tools.push({
      ref: { type: 'tool', serverName: CARD_TOOL_SERVER, name: EXPAND_CARD_TOOL.functionName },
      body: EXPAND_CARD_TOOL,
    });
  }
  if (!current) throw new TypeError(`Plan ${plan.id} has no current turn; was it produced by planContext?`);
  return { system, tools, checkpoint, history, volatile, current, workspace, steps };
}
