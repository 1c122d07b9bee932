import { type ErrorIssue, ValidationError } from '../errors/index.js';
import {
  type CtxkitLabelOverrides,
  type CtxkitLabels,
  DEFAULT_LABELS,
  PLURAL_CATEGORIES,
  type PluralForms,
} from './labels.js';

/** The default locale. */
export const DEFAULT_LOCALE = 'en';

/** A value for a label's `{name}`: text as it is, a number formatted for the locale. */
export type LabelValue = string | number;

/**
 * Numbers, dates and labels for one locale: what the kit's components use, and what custom parts can use to look
 * the same (`useCtxkitFormat()`).
 */
export interface CtxkitFormat {
  /** The BCP 47 locale, as given. */
  readonly locale: string;
  /** Every label: the defaults with the overrides merged in. */
  readonly labels: CtxkitLabels;
  /** 12,345 (`Intl.NumberFormat`). */
  number(value: number): string;
  /** 1.2k, 128k, 1.2M (`notation: 'compact'`); "1,2 k" in fr. */
  compact(value: number): string;
  /** A share 0–1 as a percentage: 12%, in de "12 %". */
  percent(share: number): string;
  /** A similarity score with two decimals: 0.87, in de 0,87. */
  score(value: number): string;
  /** An amount of money from a price table, without currency: 0.0123. */
  cost(value: number): string;
  /** A signed difference of tokens: +34, −1,200, ±0. */
  difference(value: number): string;
  /** A date (an ISO string or a Date) as the locale writes it: 11/26/2026, in de 26.11.2026. */
  date(value: string | Date): string;
  /** A label with its `{name}`s filled in; a plural label picks its form by `values.count`. */
  text(label: string | PluralForms, values?: Readonly<Record<string, LabelValue>>): string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The form of a plural label for a count (`other` when the locale's category is not given). */
export function pluralForm(label: string | PluralForms, count: number, rules: Intl.PluralRules): string {
  if (typeof label === 'string') return label;
  return label[rules.select(count) as keyof PluralForms] ?? label.other;
}

/** Builds the format for a locale and labels; both are checked (see `checkLocale` and `checkLabels`). */
export function createFormat(
  locale: string = DEFAULT_LOCALE,
  overrides?: CtxkitLabelOverrides,
): CtxkitFormat {
  const issues: ErrorIssue[] = [];
  checkLocale(locale, 'locale', issues);
  if (overrides !== undefined) checkLabels(overrides, 'labels', issues);
  if (issues.length > 0) throw new ValidationError('Invalid locale or labels', issues);
  return makeFormat(
    locale,
    overrides === undefined ? DEFAULT_LABELS : mergeLabels(DEFAULT_LABELS, overrides),
  );
}

/** The format of a locale with labels already checked and merged. */
export function makeFormat(locale: string, labels: CtxkitLabels): CtxkitFormat {
  const numbers = new Intl.NumberFormat(locale);
  const compactNumbers = new Intl.NumberFormat(locale, { notation: 'compact' });
  const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const scores = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const costs = new Intl.NumberFormat(locale, { maximumSignificantDigits: 3, maximumFractionDigits: 6 });
  const dates = new Intl.DateTimeFormat(locale);
  const rules = new Intl.PluralRules(locale);
  // Token counts are written "128k" in English: the kit keeps the lower-case k its meters always showed.
  const english = new Intl.Locale(locale).language === 'en';
  const number = (value: number) => numbers.format(value);
  return {
    locale,
    labels,
    number,
    compact: (value) => {
      const text = compactNumbers.format(value);
      return english ? text.replace(/K$/, 'k') : text;
    },
    percent: (share) => percents.format(share),
    score: (value) => scores.format(value),
    cost: (value) => costs.format(value),
    difference: (value) =>
      value === 0 ? `±${number(0)}` : value > 0 ? `+${number(value)}` : `−${number(-value)}`,
    date: (value) => {
      const date = typeof value === 'string' ? new Date(value) : value;
      return Number.isNaN(date.getTime()) ? String(value) : dates.format(date);
    },
    text: (label, values = {}) => {
      const count = values.count;
      const template =
        typeof count === 'number' ? pluralForm(label, count, rules) : pluralForm(label, 1, rules);
      return template.replace(PLACEHOLDER, (whole, name: string) => {
        const value = values[name];
        return value === undefined ? whole : typeof value === 'number' ? number(value) : value;
      });
    },
  };
}

/** The English format the kit uses without a provider or locale. */
export const defaultFormat: CtxkitFormat = /* @__PURE__ */ makeFormat(DEFAULT_LOCALE, DEFAULT_LABELS);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPluralForms(value: unknown): value is PluralForms {
  return isRecord(value) && 'other' in value;
}

/** A locale must be a well-formed BCP 47 tag (`Intl.getCanonicalLocales` accepts it). */
export function checkLocale(locale: unknown, path: string, issues: ErrorIssue[]): void {
  if (typeof locale !== 'string' || locale === '') {
    issues.push({
      path,
      message: `must be a BCP 47 language tag such as "en" or "de-CH", got ${String(locale)}`,
    });
    return;
  }
  try {
    Intl.getCanonicalLocales(locale);
  } catch {
    issues.push({ path, message: `must be a BCP 47 language tag such as "en" or "de-CH", got "${locale}"` });
  }
}

/**
 * Label overrides must have the shape of the defaults: only known keys, a string where the default is one, a string
 * or plural forms (`{ one, other }`, `other` required, only plural categories, each a string) where it is plural.
 */
export function checkLabels(
  overrides: unknown,
  path: string,
  issues: ErrorIssue[],
  defaults: unknown = DEFAULT_LABELS,
): void {
  if (!isRecord(overrides)) {
    issues.push({ path, message: 'must be an object of labels' });
    return;
  }
  const known = defaults as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    const at = `${path}.${key}`;
    const fallback = known[key];
    if (value === undefined) continue;
    if (fallback === undefined) {
      issues.push({ path: at, message: 'is not a label of the kit' });
    } else if (typeof fallback === 'string') {
      if (typeof value !== 'string')
        issues.push({ path: at, message: `must be a string, got ${describe(value)}` });
    } else if (isPluralForms(fallback)) {
      checkPlural(value, at, issues);
    } else {
      checkLabels(value, at, issues, fallback);
    }
  }
}

function checkPlural(value: unknown, path: string, issues: ErrorIssue[]): void {
  if (typeof value === 'string') return;
  if (!isRecord(value) || typeof value.other !== 'string') {
    issues.push({
      path,
      message: `must be a string or plural forms such as { one: '…', other: '…' } (other required), got ${describe(value)}`,
    });
    return;
  }
  for (const [category, form] of Object.entries(value)) {
    if (!(PLURAL_CATEGORIES as readonly string[]).includes(category))
      issues.push({
        path: `${path}.${category}`,
        message: `is not a plural category (${PLURAL_CATEGORIES.join(', ')})`,
      });
    else if (typeof form !== 'string')
      issues.push({ path: `${path}.${category}`, message: `must be a string, got ${describe(form)}` });
  }
}

function describe(value: unknown): string {
  return typeof value === 'string'
    ? `"${value}"`
    : Array.isArray(value)
      ? 'an array'
      : value === null
        ? 'null'
        : typeof value;
}

/** The labels with the (checked) overrides merged in, at any depth. */
export function mergeLabels(labels: CtxkitLabels, overrides: CtxkitLabelOverrides): CtxkitLabels {
  return merge(labels, overrides) as CtxkitLabels;
}

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isRecord(base) || isPluralForms(base) || !isRecord(over)) return over;
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) result[key] = merge(base[key], value);
  return result;
}
