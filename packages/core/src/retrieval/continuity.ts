import type { CarryRelation, TriggerKind } from '../retrieval-types/index.js';
import { checkQueryText } from './input.js';
import type { Trigger } from './triggers.js';

/** Triggers that come from the host's activity (a file opened or edited) are the host's context, not a topic. */
const ACTIVITY: ReadonlySet<TriggerKind> = new Set(['file_open', 'file_edit', 'symbol_hover']);

/** Openings that continue the conversation: "and for tomorrow?", "now add validation", "what about Lyon?". */
const CONTINUES =
  /^\s*(?:and|also|now|then|next|ok(?:ay)?|so|but|what about|how about|same|again|instead|plus)\b/i;
/** Words that point back at what was just discussed: "fix it", "do the same", "that file". */
const POINTS_BACK =
  /\b(?:it|them|that|those|these|the same|this one|that one)\b|\b(?:that|this) (?:file|function|class|method|module|table|page|document|query|component|service|endpoint|error|bug|test)\b/i;

/** A message this short leans on what came before ("add validation", "in French please"). */
const SHORT = 4;
/** A message this short that points back ("can you fix it?") leans on it too; a longer one usually has its own. */
const POINTING = 8;

/** Whether the message follows up on the conversation rather than starting a subject of its own. */
export function followsUp(message: string): boolean {
  checkQueryText(message, 'message', 'Invalid message');
  const words = message
    .trim()
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return words <= SHORT || CONTINUES.test(message) || (words <= POINTING && POINTS_BACK.test(message));
}

export interface ContinuityJudge {
  /** How the new message relates to a carried trigger, or null when it does not (the trigger is dropped). */
  relate(carried: Trigger): CarryRelation | null;
  readonly followUp: boolean;
}

/**
 * Judges carried triggers against a new message. `distinctive(term)`: whether a term says what a text is about (rare
 * in the catalog, or not in it at all: a place, a product, a name); shared common words ("find", "help") relate
 * nothing.
 */
export function continuityJudge(
  message: string,
  terms: (text: string) => readonly string[],
  distinctive: (term: string) => boolean,
): ContinuityJudge {
  const followUp = followsUp(message);
  const own = new Set(terms(message).filter(distinctive));
  return {
    followUp,
    relate(carried) {
      if (ACTIVITY.has(carried.kind)) return 'follow-up';
      if (followUp) return 'follow-up';
      return terms(carried.query).some((term) => own.has(term)) ? 'shared-terms' : null;
    },
  };
}
