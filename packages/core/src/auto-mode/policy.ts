import type { ModeChoice } from '../planner/index.js';
import { extractTriggers, followsUp } from '../retrieval/index.js';

/** What automatic mode weighs for one message. */
export interface AutoModeInput {
  /** The user's message (already redacted). */
  readonly text: string;
  /** Tokens the window leaves for agent items: the budget less the system prompt, session items, history and message. */
  readonly room: number;
  /** Tokens heavy mode may give agent items (its share of the budget): less room than this and heavy cannot pay off. */
  readonly heavyShare: number;
  /** Catalog items the message names (their names, as written in the catalog). */
  readonly namedItems: readonly string[];
}

/** Verbs that ask for work to be done, at the start of a request ("please refactor…", "can you write…"). */
const TASK_VERBS =
  /^(?:(?:please|pls|ok(?:ay)?|now|then|so|also|and)[,\s]+)*(?:(?:can|could|would|will) you (?:please )?|i (?:need|want) (?:you )?to |help me (?:to )?|let'?s )?(implement|write|create|build|add|fix|refactor|rewrite|generate|migrate|convert|design|draft|debug|update|change|remove|delete|rename|optimi[sz]e|port|set up|setup|configure|integrate|make|extend|replace|split|merge|translate|compose|plan)\b/i;
/** Verbs that mean a task wherever they stand. */
const WORK_ANYWHERE = /\b(implement(?:ation)?|refactor(?:ing)?|migrat(?:e|ion)|step[- ]by[- ]step)\b/i;
/** A message this long carries a task's worth of detail. */
const LONG_MESSAGE = 60;

/**
 * Picks the mode of one request from what its message needs and the room left (see docs/modes.md): a task, or a
 * message naming files, symbols or catalog items, gets heavy (full bodies and exemplars) when heavy's share fits in
 * the room; a follow-up or a question gets light (cards of more candidates). Pure: the same input, the same choice.
 */
export function chooseMode(input: AutoModeInput): ModeChoice {
  const { text, room, heavyShare } = input;
  const wanted = wants(text, input.namedItems);
  if (wanted.chosen === 'heavy' && room < heavyShare)
    return { chosen: 'light', reason: 'little-room', signals: wanted.signals, room };
  return { ...wanted, room };
}

function wants(text: string, namedItems: readonly string[]): Omit<ModeChoice, 'room'> {
  const trimmed = text.trim();
  const task = TASK_VERBS.exec(trimmed) ?? WORK_ANYWHERE.exec(trimmed);
  if (task) return { chosen: 'heavy', reason: 'task', signals: [(task[1] as string).toLowerCase()] };
  const words = trimmed.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  if (words >= LONG_MESSAGE) return { chosen: 'heavy', reason: 'task', signals: [`${words} words`] };
  const named = [
    ...new Set([
      ...extractTriggers(trimmed)
        .filter((trigger) => trigger.kind === 'file_path' || trigger.kind === 'symbol_mention')
        .map((trigger) => trigger.query),
      ...namedItems,
    ]),
  ];
  if (named.length > 0) return { chosen: 'heavy', reason: 'names-items', signals: named.slice(0, 5) };
  if (followsUp(trimmed)) return { chosen: 'light', reason: 'follow-up', signals: [] };
  return { chosen: 'light', reason: 'question', signals: [] };
}
