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
export {
  type CtxkitFormat,
  checkLabels,
  checkLocale,
  createFormat,
  DEFAULT_LOCALE,
  defaultFormat,
  type LabelValue,
} from './format.js';
export {
  type CtxkitLabelOverrides,
  type CtxkitLabels,
  DEFAULT_LABELS,
  type PluralCategory,
  type PluralForms,
} from './labels.js';
