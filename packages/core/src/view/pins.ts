import { displayName } from '../catalog/index.js';
import type { Candidate, ContextPlan } from '../planner/index.js';
import type { ChatMessage, Pin, PinKind, PinTarget } from '../session/index.js';
import type { PinSuggestion } from '../suggestions/index.js';
import { type CtxkitFormat, defaultFormat } from './format.js';
import { leaseText } from './texts.js';

/** A pin as the manager lists it. */
export interface PinRow {
  readonly pin: Pin;
  readonly title: string;
  /** What remains of a leased pin's scope: "2 of 3 turns left", "while task v2". */
  readonly scope: string | null;
  /** What the pin costs in the next request; `null` when the plan has no candidate for it. */
  readonly tokens: number | null;
  /** Whether the next request would carry it (leased and ephemeral pins give way when space runs out). */
  readonly included: boolean | null;
  /** Set on a lease the conversation earned: "Kept because the last replies used it". */
  readonly earned?: string;
}

/** A pin the host (or a model) suggests; the user accepts or dismisses it. */
export interface SuggestedPin {
  /** Stable across renders, to dismiss it by. */
  readonly id: string;
  readonly target: PinTarget;
  /** Shown instead of the target's own name. */
  readonly title?: string;
  /** Why it is suggested: "Referenced in 4 of the last 5 turns". */
  readonly reason?: string;
  readonly tokens?: number;
  /**
   * Set for suggestions stored with the session (`session.suggestions`, from the model or `session.suggestPin`):
   * accepting and dismissing them is written to the session. Suggestions without it are the host's, passed as a prop.
   */
  readonly source?: 'model' | 'host';
}

/** A stored suggestion as the manager lists it. */
export function storedSuggestion(suggestion: PinSuggestion): SuggestedPin {
  return {
    id: suggestion.id,
    target: suggestion.target,
    ...(suggestion.reason !== null && { reason: suggestion.reason }),
    source: suggestion.source,
  };
}

export const PIN_GROUPS: readonly PinKind[] = ['sticky', 'leased', 'ephemeral'];

const EXCERPT = 60;

function excerpt(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
}

/** How a pin's target is named: the item, "Assistant: <excerpt>" for a message, or the card's title. */
export function targetTitle(
  target: PinTarget,
  messages: readonly ChatMessage[],
  format: CtxkitFormat = defaultFormat,
): string {
  const labels = format.labels.pins;
  if (target.kind === 'item') return displayName(target.ref);
  if (target.kind === 'card') return target.title;
  const message = messages.find((entry) => entry.id === target.messageId);
  if (!message) return labels.message;
  const text = message.role === 'assistant' ? message.modelReply.content : message.content;
  const who =
    message.role === 'user' ? labels.user : message.role === 'assistant' ? labels.assistant : labels.tool;
  return format.text(who, { text: excerpt(text) });
}

function pinIdOf(candidate: Candidate): string | undefined {
  if (candidate.kind === 'card') return candidate.pinId;
  if (candidate.kind === 'item' && candidate.origin.via === 'pin') return candidate.origin.pinId;
  if (candidate.kind === 'turn') return candidate.pinned?.pinId;
  return undefined;
}

/** The session's pins grouped by kind, with their cost and place in the next request's plan when it is known. */
export function buildPinRows(
  pins: readonly Pin[],
  messages: readonly ChatMessage[],
  plan: ContextPlan | null,
  format: CtxkitFormat = defaultFormat,
): Record<PinKind, PinRow[]> {
  const costs = new Map<string, { tokens: number; included: boolean }>();
  for (const { candidate } of plan?.included ?? []) {
    const pinId = pinIdOf(candidate);
    if (pinId) costs.set(pinId, { tokens: candidate.tokens, included: true });
  }
  for (const { candidate } of plan?.excluded ?? []) {
    const pinId = pinIdOf(candidate);
    if (pinId && !costs.has(pinId)) costs.set(pinId, { tokens: candidate.tokens, included: false });
  }
  const groups: Record<PinKind, PinRow[]> = { sticky: [], leased: [], ephemeral: [] };
  for (const pin of pins) {
    const cost = costs.get(pin.id);
    groups[pin.kind].push({
      pin,
      title: targetTitle(pin.target, messages, format),
      scope: pin.kind === 'leased' ? leaseText(pin.lease, format) : null,
      tokens: cost?.tokens ?? null,
      included: cost?.included ?? null,
      ...(pin.kind === 'leased' && pin.earned && { earned: format.labels.pins.earned }),
    });
  }
  return groups;
}
