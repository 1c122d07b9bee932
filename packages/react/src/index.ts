// The public API of @ctxkit/react: the provider, hooks over the core's data, and the components with their
// headless parts. Nothing of @ctxkit/core, React or react-query is re-exported; import those from their packages.
export * from './components/budget-meter/index.js';
export * from './components/context-details/index.js';
export * from './components/context-picker/index.js';
export * from './components/memory-list/index.js';
export * from './components/pin-button/index.js';
export * from './components/pin-manager/index.js';
export * from './components/private-switch/index.js';
export * from './components/recall-switch/index.js';
export * from './components/retention-setting/index.js';
export * from './components/session-settings/index.js';
export * from './components/telemetry-export/index.js';
export * from './components/token-meter/index.js';
export * from './components/tool-approval/index.js';
export * from './components/tool-trace/index.js';
export * from './format/index.js';
export {
  type CtxkitFormat,
  type CtxkitLabelOverrides,
  type CtxkitLabels,
  CtxkitLocale,
  type CtxkitLocaleProps,
  createFormat,
  DEFAULT_LABELS,
  DEFAULT_LOCALE,
  type LabelValue,
  type LocaleProps,
  type PluralCategory,
  type PluralForms,
  richText,
  useCtxkitFormat,
  useCtxkitLabels,
} from './locale/index.js';
export { type AnyEngine, CtxkitProvider, type CtxkitProviderProps, useEngine } from './provider/index.js';
export * from './queries/index.js';
