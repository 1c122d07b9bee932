import { type ErrorIssue, ValidationError } from '@ctxkit/core';
import {
  type CtxkitFormat,
  type CtxkitLabelOverrides,
  checkLabels,
  checkLocale,
  defaultFormat,
  type LabelValue,
  makeFormat,
  mergeLabels,
  type PluralForms,
} from '@ctxkit/core/view';
import { createContext, Fragment, type ReactNode, useContext, useMemo } from 'react';

const FormatContext = /* @__PURE__ */ createContext<CtxkitFormat>(defaultFormat);

/** The locale and labels in effect: English ('en') without a provider, else the nearest provider's or `CtxkitLocale`'s. */
export function useCtxkitFormat(): CtxkitFormat {
  return useContext(FormatContext);
}

/** The labels in effect (`useCtxkitFormat().labels`). */
export function useCtxkitLabels(): CtxkitFormat['labels'] {
  return useContext(FormatContext).labels;
}

/** What a provider or component takes to localize what it renders. */
export interface LocaleProps {
  /** A BCP 47 language tag ("de", "fr-CH") for numbers, plurals and dates. Default: the enclosing one, else 'en'. */
  readonly locale?: string | undefined;
  /** Labels to change (any subset, any depth), merged over the enclosing ones; see docs/localization.md. */
  readonly labels?: CtxkitLabelOverrides | undefined;
}

/**
 * The format for `locale` and `labels` over the enclosing one; both are checked, a wrong value throwing the core's
 * ValidationError naming it (`locale`, `labels.meter.title`). `what` names the receiver in the error's message.
 */
export function useLocaleFormat({ locale, labels }: LocaleProps, what: string): CtxkitFormat {
  const enclosing = useContext(FormatContext);
  // A new labels object each render (written inline) is checked and merged again; that is cheap.
  return useMemo(() => {
    if (locale === undefined && labels === undefined) return enclosing;
    const issues: ErrorIssue[] = [];
    if (locale !== undefined) checkLocale(locale, 'locale', issues);
    if (labels !== undefined) checkLabels(labels, 'labels', issues);
    if (issues.length > 0) throw new ValidationError(`Invalid ${what} props`, issues);
    return makeFormat(
      locale ?? enclosing.locale,
      labels === undefined ? enclosing.labels : mergeLabels(enclosing.labels, labels),
    );
  }, [enclosing, locale, labels, what]);
}

/** Gives a format to the components inside it. */
export function FormatProvider({ format, children }: { format: CtxkitFormat; children?: ReactNode }) {
  return <FormatContext.Provider value={format}>{children}</FormatContext.Provider>;
}

export interface CtxkitLocaleProps extends LocaleProps {
  readonly children?: ReactNode;
}

/** Another locale or labels for part of the page, over the provider's: `<CtxkitLocale locale="fr">…</CtxkitLocale>`. */
export function CtxkitLocale({ locale, labels, children }: CtxkitLocaleProps) {
  const format = useLocaleFormat({ locale, labels }, 'CtxkitLocale');
  return <FormatContext.Provider value={format}>{children}</FormatContext.Provider>;
}

const PLACEHOLDER = /\{(\w+)\}/;

/**
 * A label with its `{name}`s filled by nodes (a number in `<strong>`, a button): the text around them stays text.
 * A plural label picks its form by `values.count`, which must then be a number.
 */
export function richText(
  format: CtxkitFormat,
  label: string | PluralForms,
  values: Readonly<Record<string, ReactNode | LabelValue>>,
): ReactNode {
  const count = values.count;
  const template = format.text(label, typeof count === 'number' ? { count } : {});
  const parts = template.split(PLACEHOLDER_SPLIT);
  return parts.map((part, index) => {
    if (index % 2 === 0) return part;
    const value = values[part];
    const node = value === undefined ? `{${part}}` : typeof value === 'number' ? format.number(value) : value;
    // A fixed template's parts, in its order: the position is the identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    return <Fragment key={index}>{node}</Fragment>;
  });
}

const PLACEHOLDER_SPLIT = new RegExp(PLACEHOLDER.source, 'g');
