import { type ErrorIssue, ValidationError } from '../errors/index.js';
import { joinedTokens } from './disguises.js';
import { BUILTIN_PATTERNS, BUILTIN_SECRET_KINDS, type RedactionPattern } from './patterns.js';

/** What the host configures: its own patterns, built-ins to turn off, or redaction as a whole. */
export interface RedactionOptions {
  /** Added to the built-ins. A name may reuse a built-in's only when that built-in is disabled. */
  readonly patterns?: readonly RedactionPattern[];
  /** Built-in kinds to turn off, e.g. `['high-entropy']`. */
  readonly disable?: readonly string[];
  /** Default true. False turns redaction off entirely (text is stored and sent as given). */
  readonly enabled?: boolean;
}

/**
 * One secret that was replaced. `start`/`end` locate it in the text given (so an input box can highlight it);
 * `markerStart`/`markerEnd` locate its marker in the redacted text. The secret itself is never kept.
 */
export interface Redaction {
  readonly kind: string;
  readonly start: number;
  readonly end: number;
  readonly markerStart: number;
  readonly markerEnd: number;
}

export interface RedactedText {
  readonly text: string;
  /** In text order; empty when nothing was found (then `text` is the very string given). */
  readonly redactions: readonly Redaction[];
}

export interface Redactor {
  readonly enabled: boolean;
  /** The kinds it looks for, in the order they are tried. */
  readonly kinds: readonly string[];
  redact(text: string): RedactedText;
}

interface CompiledPattern {
  readonly name: string;
  readonly regex: RegExp;
  readonly specificity: number;
  readonly accept: RedactionPattern['accept'];
}

interface Match {
  start: number;
  end: number;
  readonly kind: string;
  readonly length: number;
  readonly specificity: number;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const HOST_SPECIFICITY = 50;

/** The marker that stands where a secret was. */
export function redactionMarker(kind: string): string {
  return `[REDACTED:${kind}]`;
}

function compile(source: RegExp | string, flags: string): RegExp {
  const kept = [...flags].filter((flag) => 'imsu'.includes(flag)).join('');
  return new RegExp(source, `${kept}gd`);
}

export function redactionIssues(options: RedactionOptions, path: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  if (options === null || typeof options !== 'object') {
    return [{ path, message: 'must be an object: { patterns?, disable?, enabled? }' }];
  }
  if (options.enabled !== undefined && typeof options.enabled !== 'boolean') {
    issues.push({
      path: `${path}.enabled`,
      message: `must be a boolean, got ${JSON.stringify(options.enabled)}`,
    });
  }
  const disabled = new Set<string>();
  if (options.disable !== undefined && !Array.isArray(options.disable)) {
    issues.push({ path: `${path}.disable`, message: 'must be an array of built-in kinds' });
  } else {
    for (const [i, name] of (options.disable ?? []).entries()) {
      if ((BUILTIN_SECRET_KINDS as readonly unknown[]).includes(name)) disabled.add(name);
      else {
        issues.push({
          path: `${path}.disable[${i}]`,
          message: `${JSON.stringify(name)} is not a built-in kind (${BUILTIN_SECRET_KINDS.join(', ')})`,
        });
      }
    }
  }
  if (options.patterns !== undefined && !Array.isArray(options.patterns)) {
    issues.push({ path: `${path}.patterns`, message: 'must be an array of { name, pattern }' });
    return issues;
  }
  const taken = new Set(BUILTIN_SECRET_KINDS.filter((name) => !disabled.has(name)));
  for (const [i, pattern] of (options.patterns ?? []).entries()) {
    const at = `${path}.patterns[${i}]`;
    if (pattern === null || typeof pattern !== 'object') {
      issues.push({ path: at, message: 'must be an object { name, pattern }' });
      continue;
    }
    if (typeof pattern.name !== 'string' || !NAME.test(pattern.name)) {
      issues.push({
        path: `${at}.name`,
        message: 'must be 1–64 letters, digits, "_" or "-" (it is written into the marker)',
      });
    } else if (taken.has(pattern.name)) {
      issues.push({
        path: `${at}.name`,
        message: `'${pattern.name}' is already a pattern; disable the built-in first to replace it`,
      });
    } else taken.add(pattern.name);
    if (!(pattern.pattern instanceof RegExp) && typeof pattern.pattern !== 'string') {
      issues.push({ path: `${at}.pattern`, message: 'must be a RegExp or a string' });
    } else {
      try {
        const regex = compile(
          pattern.pattern,
          pattern.pattern instanceof RegExp ? pattern.pattern.flags : '',
        );
        if (regex.exec('')?.[0] === '') {
          issues.push({
            path: `${at}.pattern`,
            message: 'matches the empty string, so it would redact nothing',
          });
        }
      } catch (error) {
        issues.push({
          path: `${at}.pattern`,
          message: `is not a valid regular expression: ${String(error)}`,
        });
      }
    }
    if (pattern.specificity !== undefined && !Number.isFinite(pattern.specificity)) {
      issues.push({
        path: `${at}.specificity`,
        message: `must be a finite number, got ${pattern.specificity}`,
      });
    }
    if (pattern.accept !== undefined && typeof pattern.accept !== 'function') {
      issues.push({ path: `${at}.accept`, message: 'must be a function' });
    }
  }
  return issues;
}

/**
 * Builds a redactor from the built-in patterns and the host's. Throws ValidationError (paths under `path`,
 * default `redaction`) for an unknown built-in name, a duplicate or malformed name, or a pattern that is not a
 * valid regular expression or matches the empty string.
 */
export function createRedactor(options: RedactionOptions = {}, path = 'redaction'): Redactor {
  const issues = redactionIssues(options, path);
  if (issues.length > 0) throw new ValidationError('Invalid redaction options', issues);
  const disabled = new Set(options.disable ?? []);
  const patterns: CompiledPattern[] = [
    ...BUILTIN_PATTERNS.filter((pattern) => !disabled.has(pattern.name)).map((pattern) => ({
      name: pattern.name,
      regex: compile(pattern.pattern, pattern.pattern.flags),
      specificity: pattern.specificity,
      accept: 'accept' in pattern ? pattern.accept : undefined,
    })),
    ...(options.patterns ?? []).map((pattern) => ({
      name: pattern.name,
      regex: compile(pattern.pattern, pattern.pattern instanceof RegExp ? pattern.pattern.flags : ''),
      specificity: pattern.specificity ?? HOST_SPECIFICITY,
      accept: pattern.accept,
    })),
  ];
  const enabled = options.enabled ?? true;
  const kinds = new Set(patterns.map((pattern) => pattern.name));
  return Object.freeze({
    enabled,
    kinds: Object.freeze([...kinds]),
    redact: (text: string): RedactedText =>
      enabled ? redactWith(patterns, kinds, text) : { text, redactions: [] },
  });
}

const MARKER = /\[REDACTED:(?<kind>[A-Za-z0-9_-]{1,64})\]/g;
const NO_GROUPS: Readonly<Record<string, string | undefined>> = Object.freeze({});
/**
 * Patterns at least this specific (a provider's prefix and shape) are also tried on tokens a line break or an
 * invisible character runs through. The generic ones (`password`, `high-entropy`, an `Authorization` value) read
 * the words around a value, which joining lines would change.
 */
const JOINED_SPECIFICITY = 15;

/**
 * Where earlier markers stand, so that text redacted once is left as it is (redaction is idempotent). Only a marker
 * of a kind this redactor writes is one: `[REDACTED:ghp_…]` is a token in a bracket, not a marker.
 */
function markerSpans(text: string, kinds: ReadonlySet<string>): [number, number][] {
  if (!text.includes('[REDACTED:')) return [];
  return [...text.matchAll(MARKER)]
    .filter((found) => kinds.has(found.groups?.kind ?? ''))
    .map((found) => [found.index, found.index + found[0].length]);
}

function findMatches(
  patterns: readonly CompiledPattern[],
  kinds: ReadonlySet<string>,
  text: string,
): Match[] {
  const matches: Match[] = [];
  const markers = markerSpans(text, kinds);
  const inMarker = (start: number, end: number) => markers.some(([from, to]) => from <= start && end <= to);
  for (const { name, regex, specificity, accept } of patterns) {
    for (const found of text.matchAll(regex)) {
      const span = found.indices?.groups?.secret ?? found.indices?.[0];
      if (!span || span[1] <= span[0]) continue;
      const [start, end] = span;
      if (inMarker(start, end)) continue;
      if (accept && !accept(text.slice(start, end), found.groups ?? NO_GROUPS)) continue;
      matches.push({ start, end, kind: name, length: end - start, specificity });
    }
  }
  const joined = joinedTokens(text);
  if (!joined) return matches;
  // A key split by a line break or an invisible character: found in the joined view, it covers the whole of what
  // was written, breaks included. One that no break runs through was found above.
  for (const { name, regex, specificity, accept } of patterns) {
    if (specificity < JOINED_SPECIFICITY) continue;
    for (const found of joined.text.matchAll(regex)) {
      const span = found.indices?.groups?.secret ?? found.indices?.[0];
      if (!span || span[1] <= span[0]) continue;
      const first = joined.origin[span[0]] as number;
      const last = joined.origin[span[1] - 1] as number;
      if (first < 0 || last < 0 || last - first === span[1] - 1 - span[0]) continue;
      if (joined.origin.slice(span[0], span[1]).includes(-1)) continue;
      if (inMarker(first, last + 1)) continue;
      if (accept && !accept(joined.text.slice(span[0], span[1]), found.groups ?? NO_GROUPS)) continue;
      const length = last + 1 - first;
      matches.push({ start: first, end: last + 1, kind: name, length, specificity });
    }
  }
  return matches;
}

/**
 * The longest match wins an overlap, the more specific one a tie. A match that loses but reaches past the winner
 * widens it, so no part of any secret found survives.
 */
function resolveOverlaps(matches: Match[]): Match[] {
  matches.sort((a, b) => b.length - a.length || b.specificity - a.specificity || a.start - b.start);
  const chosen: Match[] = [];
  for (const match of matches) {
    const winner = chosen.find((other) => match.start < other.end && other.start < match.end);
    if (!winner) chosen.push({ ...match });
    else {
      winner.start = Math.min(winner.start, match.start);
      winner.end = Math.max(winner.end, match.end);
    }
  }
  chosen.sort((a, b) => a.start - b.start);
  // Widening may have made neighbours touch: fold them into the earlier one.
  const merged: Match[] = [];
  for (const match of chosen) {
    const last = merged[merged.length - 1];
    if (last && match.start < last.end) last.end = Math.max(last.end, match.end);
    else merged.push(match);
  }
  return merged;
}

function redactWith(
  patterns: readonly CompiledPattern[],
  kinds: ReadonlySet<string>,
  text: string,
): RedactedText {
  const matches = findMatches(patterns, kinds, text);
  if (matches.length === 0) return { text, redactions: [] };
  const redactions: Redaction[] = [];
  let output = '';
  let from = 0;
  for (const { start, end, kind } of resolveOverlaps(matches)) {
    output += text.slice(from, start);
    const marker = redactionMarker(kind);
    redactions.push({
      kind,
      start,
      end,
      markerStart: output.length,
      markerEnd: output.length + marker.length,
    });
    output += marker;
    from = end;
  }
  return { text: output + text.slice(from), redactions };
}

let defaultRedactor: Redactor | undefined;

/** Redacts with the built-in patterns, or with a redactor built from `options`. */
export function redactSecrets(text: string, options?: RedactionOptions): RedactedText {
  if (options) return createRedactor(options).redact(text);
  defaultRedactor ??= createRedactor();
  return defaultRedactor.redact(text);
}
