import type { ErrorIssue } from '../errors/index.js';
import { checkKnownFields } from '../validation/index.js';
import type { HistoryOptions, HistorySettings, LargeContentOptions, LargeContentSettings } from './types.js';

export const DEFAULT_HISTORY: Omit<HistorySettings, 'summarizer' | 'keepShare'> = Object.freeze({
  maxShare: 0.8,
  blocks: true,
  recentTurns: 3,
  errorTurns: 5,
  decay: 0.9,
});

export const DEFAULT_LARGE_CONTENT: Required<LargeContentOptions> = Object.freeze({
  toolOutputChars: 16_000,
  dataUrlChars: 512,
  previewChars: 600,
});

const HISTORY_FIELDS = [
  'summarizer',
  'maxShare',
  'keepShare',
  'blocks',
  'recentTurns',
  'errorTurns',
  'decay',
];

const isShare = (value: number) => typeof value === 'number' && value >= 0 && value <= 1;
const isCount = (value: number, min: number) => Number.isInteger(value) && value >= min;

/** The engine's history settings, with every problem reported under `history.<field>`. */
export function resolveHistoryOptions(
  options: HistoryOptions | undefined,
  issues: ErrorIssue[],
): HistorySettings {
  const given = options ?? {};
  if (typeof given !== 'object' || given === null) {
    issues.push({ path: 'history', message: 'must be an object' });
    return { ...DEFAULT_HISTORY, keepShare: DEFAULT_HISTORY.maxShare / 2, summarizer: null };
  }
  checkKnownFields(given as Readonly<Record<string, unknown>>, HISTORY_FIELDS, 'history', issues);
  const maxShare = given.maxShare ?? DEFAULT_HISTORY.maxShare;
  const settings: HistorySettings = {
    summarizer: given.summarizer ?? null,
    maxShare,
    keepShare: given.keepShare ?? maxShare / 2,
    blocks: given.blocks ?? DEFAULT_HISTORY.blocks,
    recentTurns: given.recentTurns ?? DEFAULT_HISTORY.recentTurns,
    errorTurns: given.errorTurns ?? DEFAULT_HISTORY.errorTurns,
    decay: given.decay ?? DEFAULT_HISTORY.decay,
  };
  if (settings.summarizer !== null && typeof settings.summarizer !== 'function') {
    issues.push({ path: 'history.summarizer', message: 'must be an async function' });
  }
  if (!(isShare(maxShare) && maxShare > 0))
    issues.push({ path: 'history.maxShare', message: `must be above 0 and at most 1, got ${maxShare}` });
  else if (!(isShare(settings.keepShare) && settings.keepShare <= maxShare)) {
    issues.push({
      path: 'history.keepShare',
      message: `must be from 0 to maxShare (${maxShare}), got ${settings.keepShare}`,
    });
  }
  if (typeof settings.blocks !== 'boolean')
    issues.push({ path: 'history.blocks', message: `must be true or false, got ${String(settings.blocks)}` });
  if (!isShare(settings.decay))
    issues.push({ path: 'history.decay', message: `must be between 0 and 1, got ${settings.decay}` });
  for (const name of ['recentTurns', 'errorTurns'] as const) {
    if (!isCount(settings[name], 0))
      issues.push({ path: `history.${name}`, message: `must be an integer ≥ 0, got ${settings[name]}` });
  }
  return settings;
}

/** The engine's large-content settings (`false` turns storing content once off). */
export function resolveLargeContentOptions(
  options: LargeContentOptions | false | undefined,
  issues: ErrorIssue[],
): LargeContentSettings {
  if (options === false) return null;
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    issues.push({ path: 'largeContent', message: 'must be an object or false' });
    return DEFAULT_LARGE_CONTENT;
  }
  if (options !== undefined)
    checkKnownFields(
      options as Readonly<Record<string, unknown>>,
      Object.keys(DEFAULT_LARGE_CONTENT),
      'largeContent',
      issues,
    );
  const settings = { ...DEFAULT_LARGE_CONTENT, ...options };
  for (const name of ['toolOutputChars', 'dataUrlChars'] as const) {
    if (!isCount(settings[name], 1))
      issues.push({ path: `largeContent.${name}`, message: `must be an integer ≥ 1, got ${settings[name]}` });
  }
  if (!isCount(settings.previewChars, 0) || settings.previewChars >= settings.toolOutputChars) {
    issues.push({
      path: 'largeContent.previewChars',
      message: `must be an integer from 0 to toolOutputChars − 1, got ${settings.previewChars}`,
    });
  }
  return settings;
}
