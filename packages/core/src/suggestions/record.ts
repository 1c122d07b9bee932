import type { Catalog } from '../catalog/index.js';
import { toRef } from '../catalog/index.js';
import type { PinSuggestion, PinTarget, SessionRecord } from '../session/index.js';
import { pinTargetKey } from '../session/state.js';
import type { ParsedReply } from './parse.js';
import type { IgnoredSuggestion, SuggestionReport } from './types.js';

// Pure functions from one SessionRecord to the next, as in session/state.ts.

const suggestionsOf = (record: SessionRecord): readonly PinSuggestion[] => record.suggestions ?? [];

/** Adds a suggestion; one for the same target is replaced (a target holds one suggestion, as it holds one pin). */
export function withSuggestion(record: SessionRecord, suggestion: PinSuggestion): SessionRecord {
  const key = pinTargetKey(suggestion.target);
  const others = suggestionsOf(record).filter((entry) => pinTargetKey(entry.target) !== key);
  return { ...record, suggestions: [...others, suggestion] };
}

/** A suggestion of the host's (`session.suggestPin`), its target already checked; a blank reason is none. */
export function hostSuggestion(
  id: string,
  target: PinTarget,
  reason: string | undefined,
  now: string,
  redact: (text: string) => string,
): PinSuggestion {
  const text = typeof reason === 'string' ? reason.trim() : '';
  return { id, target, reason: text === '' ? null : redact(text), source: 'host', createdAt: now };
}

export function withoutSuggestion(record: SessionRecord, suggestionId: string): SessionRecord {
  const suggestions = suggestionsOf(record).filter((entry) => entry.id !== suggestionId);
  return suggestions.length === suggestionsOf(record).length ? record : { ...record, suggestions };
}

/** The suggestion lines of one reply of a turn, and that reply's message. */
export interface CarriedSuggestions {
  readonly parsed: ParsedReply;
  readonly messageId: string;
}

export interface ModelSuggestionContext {
  readonly catalog: Catalog;
  readonly now: string;
  readonly newId: () => string;
  /** Redacts secrets out of a reason before it is stored. */
  readonly redact: (text: string) => string;
}

/**
 * Stores the suggestions a reply carried, as suggestions (never pins). Refs the catalog does not know (or has
 * disabled), items already pinned or in the session context, and repeats are left out and reported: a model's
 * suggestion is a hint, and a wrong one must not fail the turn it came with.
 */
export function withModelSuggestions(
  record: SessionRecord,
  carried: readonly CarriedSuggestions[],
  context: ModelSuggestionContext,
): { record: SessionRecord; report: SuggestionReport } {
  const ignored: IgnoredSuggestion[] = [];
  const added: PinSuggestion[] = [];
  let next = record;
  for (const { parsed, messageId } of carried) {
    const step = withReplySuggestions(next, parsed, messageId, context);
    next = step.record;
    added.push(...step.report.added);
    ignored.push(...step.report.ignored);
  }
  return { record: next, report: { added, ignored } };
}

function withReplySuggestions(
  record: SessionRecord,
  parsed: ParsedReply,
  messageId: string,
  context: ModelSuggestionContext,
): { record: SessionRecord; report: SuggestionReport } {
  const ignored: IgnoredSuggestion[] = parsed.malformed.map((line) => ({
    line,
    ref: null,
    reason: 'malformed',
  }));
  const inContext = new Set([
    ...record.contextItems.map((item) => pinTargetKey({ kind: 'item', ref: item })),
    ...record.pins.map((pin) => pinTargetKey(pin.target)),
  ]);
  const seen = new Set<string>();
  const added: PinSuggestion[] = [];
  let next = record;
  for (const { line, ref, reason } of parsed.suggestions) {
    const item = context.catalog.get(ref);
    const target = item?.enabled ? { kind: 'item' as const, ref: toRef(item) } : null;
    const key = target && pinTargetKey(target);
    const problem = !target
      ? 'unknown-ref'
      : inContext.has(key as string)
        ? 'already-in-context'
        : seen.has(key as string)
          ? 'duplicate'
          : null;
    if (problem || !target) {
      ignored.push({ line, ref, reason: problem ?? 'unknown-ref' });
      continue;
    }
    seen.add(key as string);
    const suggestion: PinSuggestion = {
      id: context.newId(),
      target,
      reason: reason === null ? null : context.redact(reason),
      source: 'model',
      messageId,
      createdAt: context.now,
    };
    added.push(suggestion);
    next = withSuggestion(next, suggestion);
  }
  return { record: next, report: { added, ignored } };
}
