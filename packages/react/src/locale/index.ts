export {
  type CtxkitFormat,
  type CtxkitLabelOverrides,
  type CtxkitLabels,
  checkLabels,
  checkLocale,
  createFormat,
  DEFAULT_LABELS,
  DEFAULT_LOCALE,
  defaultFormat,
  type LabelValue,
  type PluralCategory,
  type PluralForms,
} from '@ctxkit/core/view';
export {
  CtxkitLocale,
  type CtxkitLocaleProps,
  FormatProvider,
  type LocaleProps,
  richText,
  useCtxkitFormat,
  useCtxkitLabels,
  useLocaleFormat,
} from './context.js';
