import type { TriggerKind } from '../retrieval-types/index.js';
import { checkActivityEvent, checkQueryText, checkTriggerOptions } from './input.js';

/** One sub-query retrieval runs, and how much what it finds counts (its relevance scales the hits' scores). */
export interface Trigger {
  readonly kind: TriggerKind;
  readonly query: string;
  /** In [0, 1]; already decayed for carried-over triggers. */
  readonly relevance: number;
  /** Messages since it was seen: 0 for this message (and activity since the last one). */
  readonly age: number;
}

/** What a host reports about the user's activity (an editor opening or changing a file, a hovered symbol). */
export interface ActivityEvent {
  readonly type: 'file_open' | 'file_edit' | 'file_close' | 'symbol_hover';
  /** The file; for `symbol_hover`, the file the symbol is in (optional). */
  readonly filePath?: string;
  /** Symbols the edit changed, or the hovered symbol. */
  readonly symbols?: readonly string[];
}

/** Base relevance of each kind (edits and paths highest, implicit questions lowest). */
export const TRIGGER_RELEVANCE: Readonly<Record<TriggerKind, number>> = Object.freeze({
  message: 1,
  file_path: 0.95,
  file_edit: 0.95,
  symbol_mention: 0.9,
  file_open: 0.8,
  implicit_query: 0.7,
  symbol_hover: 0.6,
});

const BACKTICKED = /`([^`\n]{2,80})`/g;
const PATH =
  /(?:^|[\s"'(<[])((?:\.{0,2}\/)?(?:[\w@.-]+\/)*[\w@-]+(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,9}|(?:\.{0,2}\/)?[\w@.-]+(?:\/[\w@.-]+)+)(?=$|[\s"'),.:;!?>\]])/g;
const SYMBOL = [
  // camelCase and PascalCase with at least two humps: readFile, AuthService, XMLHttpRequest
  /\b[A-Za-z][a-z0-9]*(?:[A-Z][A-Za-z0-9]*)+\b/g,
  // snake_case and SCREAMING_SNAKE
  /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g,
  // dotted names: session.prepare, console.log (paths are taken first)
  /\b[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?/g,
];
const QUESTIONS = [
  /\bhow (?:does|do|is|are|can|could|should|would|to) (?:i |we |you |the |a |an )?([\w-]+(?:\s+[\w-]+){0,3})/gi,
  /\bwhat (?:is|are|does|do) (?:the |a |an )?([\w-]+(?:\s+[\w-]+){0,3})/gi,
  /\b(?:where|why) (?:is|are|does|do) (?:the |a |an )?([\w-]+(?:\s+[\w-]+){0,3})/gi,
];
/** Words a question's subject ends at: "how does auth work in this app" → "auth". */
const SUBJECT_END =
  /\s+(?:work|works|working|mean|means|happen|happens|do|does|in|on|for|with|to|from|here|there|this|that|when|if)\b.*$/i;

function push(into: Map<string, Trigger>, kind: TriggerKind, query: string): void {
  const text = query.trim();
  if (text === '') return;
  const relevance = TRIGGER_RELEVANCE[kind];
  const held = into.get(text);
  if (!held || held.relevance < relevance) into.set(text, { kind, query: text, relevance, age: 0 });
}

/**
 * The triggers in one user message: the message itself, then file paths, code symbols and the subjects of
 * questions, each a sub-query. A text found twice keeps its most relevant kind.
 */
export function extractTriggers(message: string): Trigger[] {
  checkQueryText(message, 'message', 'Invalid message');
  const found = new Map<string, Trigger>();
  push(found, 'message', message);
  const paths = new Set<string>();
  for (const match of message.matchAll(PATH)) {
    const path = match[1] as string;
    // "e.g." and version numbers are not paths; a path has a slash or a file extension after a name.
    if (!/[/]/.test(path) && !/^[\w@-]{2,}(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(path)) continue;
    if (/^\d/.test(path) || /^(?:e\.g|i\.e|etc)\b/i.test(path)) continue;
    paths.add(path);
    push(found, 'file_path', path);
  }
  for (const match of message.matchAll(BACKTICKED)) push(found, 'symbol_mention', match[1] as string);
  for (const pattern of SYMBOL) {
    for (const match of message.matchAll(pattern)) {
      const symbol = match[0];
      if (/(?:^|\.)[A-Za-z]\./.test(symbol)) continue; // "e.g.", "i.e."
      if ([...paths].some((path) => path.includes(symbol))) continue;
      push(found, 'symbol_mention', symbol);
    }
  }
  for (const pattern of QUESTIONS) {
    for (const match of message.matchAll(pattern)) {
      const subject = (match[1] as string).replace(SUBJECT_END, '');
      push(found, 'implicit_query', subject);
    }
  }
  return [...found.values()];
}

/** The triggers of one activity event; `file_close` has none (it ends the file's triggers instead). */
export function activityTriggers(event: ActivityEvent): Trigger[] {
  checkActivityEvent(event);
  const found = new Map<string, Trigger>();
  if (event.type === 'file_close') return [];
  if (event.type === 'symbol_hover') {
    for (const symbol of event.symbols ?? []) push(found, 'symbol_hover', symbol);
    return [...found.values()];
  }
  if (event.filePath) push(found, event.type, event.filePath);
  for (const symbol of event.symbols ?? []) push(found, event.type, symbol);
  return [...found.values()];
}

export interface TriggerMemoryOptions {
  /** Each later message multiplies a carried trigger's relevance by this. Default 0.5. */
  readonly decay?: number;
  /** Triggers below this relevance are dropped. Default 0.2. */
  readonly minRelevance?: number;
  /** At most this many triggers are carried into the next message. Default 8. */
  readonly maxCarried?: number;
  /** Sessions whose triggers are remembered, least recently used dropped first. Default 64. */
  readonly maxSessions?: number;
}

/**
 * Recent triggers, carried over to the next messages with decaying relevance (so "now add validation" after a
 * message about `AuthService` still finds what `AuthService` found), and host activity, which applies to whichever
 * session sends the next message. Carry-over is per session; activity is per host.
 */
export class TriggerMemory {
  readonly decay: number;
  readonly minRelevance: number;
  readonly maxCarried: number;
  readonly maxSessions: number;
  readonly #sessions = new Map<string, Trigger[]>();
  #activity: Trigger[] = [];

  constructor(options: TriggerMemoryOptions = {}) {
    checkTriggerOptions(options);
    this.decay = options.decay ?? 0.5;
    this.minRelevance = options.minRelevance ?? 0.2;
    this.maxCarried = options.maxCarried ?? 8;
    this.maxSessions = options.maxSessions ?? 64;
  }

  observe(event: ActivityEvent): void {
    checkActivityEvent(event);
    if (event.type === 'file_close' && event.filePath) {
      const path = event.filePath;
      this.#activity = this.#activity.filter((trigger) => trigger.query !== path);
      for (const [id, triggers] of this.#sessions)
        this.#sessions.set(
          id,
          triggers.filter((trigger) => trigger.query !== path),
        );
      return;
    }
    const fresh = activityTriggers(event);
    const queries = new Set(fresh.map((trigger) => trigger.query));
    this.#activity = [...fresh, ...this.#activity.filter((trigger) => !queries.has(trigger.query))].slice(
      0,
      this.maxCarried,
    );
  }

  /**
   * The triggers for a new message: its own, recent activity, and (with a session id) what the session's earlier
   * messages carried, decayed, that `keep` accepts (the selector keeps those the message relates to); the most
   * relevant first. Remembers them for the session's next message, unless `peek` (an estimate of a draft, which
   * must leave the next message's triggers as they are).
   */
  next(
    message: string,
    sessionId?: string,
    peek = false,
    keep: (carried: Trigger) => boolean = () => true,
  ): Trigger[] {
    const own = extractTriggers(message);
    // What the new message is not related to is dropped, and so not carried further either.
    const carried = (sessionId === undefined ? [] : (this.#sessions.get(sessionId) ?? [])).filter(keep);
    const all = new Map<string, Trigger>();
    for (const trigger of [...own, ...this.#activity, ...carried]) {
      if (trigger.relevance < this.minRelevance) continue;
      const held = all.get(trigger.query);
      if (!held || held.relevance < trigger.relevance) all.set(trigger.query, trigger);
    }
    const triggers = [...all.values()].sort(
      (a, b) => b.relevance - a.relevance || a.age - b.age || (a.query < b.query ? -1 : 1),
    );
    if (peek) return triggers;
    if (sessionId !== undefined) {
      const next = triggers
        .map((trigger) => ({ ...trigger, relevance: trigger.relevance * this.decay, age: trigger.age + 1 }))
        .filter((trigger) => trigger.relevance >= this.minRelevance)
        .slice(0, this.maxCarried);
      this.#sessions.delete(sessionId);
      this.#sessions.set(sessionId, next);
      if (this.#sessions.size > this.maxSessions)
        this.#sessions.delete(this.#sessions.keys().next().value as string);
    }
    // Activity counts as seen by this message: later messages get it decayed, like their own carried triggers.
    this.#activity = this.#activity
      .map((trigger) => ({ ...trigger, relevance: trigger.relevance * this.decay, age: trigger.age + 1 }))
      .filter((trigger) => trigger.relevance >= this.minRelevance);
    return triggers;
  }
}
