import {
  CHAT_TEMPLATES,
  type ChatTemplateCost,
  chatTemplateOf,
  estimateCounter,
} from '../chat-templates/index.js';
import type { ErrorIssue } from '../errors/index.js';
import { loadModelTokenizer, tokenizerFamilyOf } from '../model-tokenizers/index.js';
import { loadTiktokenCounter, type TiktokenEncodingName, type TokenCounter } from '../tokens/index.js';
import { describe } from '../validation/index.js';

/** The model requests are for and how they are counted: what `createEngine` takes and `engine.setModel` changes. */
export interface ModelSettings {
  /** The model requests are for; recorded in usage reports, passed to the default renderer, and it picks the counting. */
  readonly model: string;
  /** The model's context window in tokens. */
  readonly contextWindow: number;
  /** Tokens kept free for the reply. Default: a quarter of the window, at most 4,096. */
  readonly reservedOutput?: number;
  /**
   * A counter, or the tiktoken encoding to load. Default: chosen from the model's name (`tokenizerFamilyOf`): the
   * family's own tokenizer, loaded on first use; an estimate over `o200k_base` for Claude and Gemini; `o200k_base`
   * for names ctxkit does not know.
   */
  readonly tokenizer?: TokenCounter | TiktokenEncodingName;
  /**
   * The chat template whose costs every count includes, by id (`openai`, `llama3`, `qwen`, `gemma`, `mistral`,
   * `deepseek`, `gpt-oss`, `phi`, `claude`, `gemini`). Default: chosen from the model's name.
   */
  readonly template?: string;
}

/** The reserved output when none is given: a quarter of the window, at most 4,096. */
export function defaultReservedOutput(contextWindow: number): number {
  return Math.min(4096, Math.floor(contextWindow / 4));
}

/** Every wrong model setting, each named under `prefix` (`''` for createEngine's options, `'settings.'` for setModel). */
export function modelSettingsIssues(
  settings: Partial<ModelSettings>,
  reservedOutput: number,
  prefix: string,
): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  if (typeof settings.model !== 'string' || settings.model === '')
    issues.push({ path: `${prefix}model`, message: 'must be a non-empty string' });
  const { tokenizer, template, contextWindow } = settings;
  if (
    tokenizer !== undefined &&
    tokenizer !== 'o200k_base' &&
    tokenizer !== 'cl100k_base' &&
    (typeof tokenizer !== 'object' ||
      tokenizer === null ||
      typeof (tokenizer as { count?: unknown }).count !== 'function' ||
      typeof (tokenizer as { encoding?: unknown }).encoding !== 'string')
  )
    issues.push({
      path: `${prefix}tokenizer`,
      message: `must be 'o200k_base', 'cl100k_base' or a TokenCounter ({ encoding, count }), got ${describe(tokenizer)}`,
    });
  if (template !== undefined && !(typeof template === 'string' && Object.hasOwn(CHAT_TEMPLATES, template)))
    issues.push({
      path: `${prefix}template`,
      message: `must be one of ${Object.keys(CHAT_TEMPLATES).join(', ')}, got ${describe(template)}`,
    });
  if (!Number.isInteger(contextWindow) || (contextWindow as number) < 1) {
    issues.push({
      path: `${prefix}contextWindow`,
      message: `must be a positive integer, got ${contextWindow}`,
    });
  } else if (
    !Number.isInteger(reservedOutput) ||
    reservedOutput < 0 ||
    reservedOutput >= (contextWindow as number)
  ) {
    issues.push({
      path: `${prefix}reservedOutput`,
      message: `must be an integer from 0 to contextWindow − 1, got ${reservedOutput}`,
    });
  }
  return issues;
}

/** How a model's requests are counted: its tokenizer and its chat template's costs. */
export interface ModelCounting {
  readonly counter: TokenCounter;
  readonly template: ChatTemplateCost;
}

/** The template a model's settings choose: the one named, else the one its name implies. */
export function templateOf(settings: Pick<ModelSettings, 'model' | 'template'>): ChatTemplateCost {
  return (
    (settings.template !== undefined && CHAT_TEMPLATES[settings.template]) || chatTemplateOf(settings.model)
  );
}

/** The encoding a model's counts are recorded under, known before its tokenizer loads. */
export function encodingOf(settings: Pick<ModelSettings, 'model' | 'template' | 'tokenizer'>): string {
  const { tokenizer } = settings;
  if (typeof tokenizer === 'object') return tokenizer.encoding;
  if (tokenizer !== undefined) return tokenizer;
  const family = tokenizerFamilyOf(settings.model);
  if (family !== undefined) return family;
  const estimate = templateOf(settings).estimate;
  return estimate ? `${estimate.base}×${estimate.ratio}` : 'o200k_base';
}

/**
 * Loads what a model is counted with. A host's counter or encoding is taken as given; otherwise the model family's
 * own tokenizer; a model without a public tokenizer gets the estimate over its base encoding, and a name ctxkit does
 * not know `o200k_base`.
 */
export async function loadModelCounting(
  settings: Pick<ModelSettings, 'model' | 'template' | 'tokenizer'>,
): Promise<ModelCounting> {
  const template = templateOf(settings);
  const { tokenizer } = settings;
  if (typeof tokenizer === 'object') return { counter: tokenizer, template };
  if (tokenizer !== undefined) return { counter: await loadTiktokenCounter(tokenizer), template };
  const family = tokenizerFamilyOf(settings.model);
  if (family !== undefined) return { counter: await loadModelTokenizer(family), template };
  const estimate = template.estimate;
  if (estimate)
    return { counter: estimateCounter(await loadTiktokenCounter(estimate.base), estimate), template };
  return { counter: await loadTiktokenCounter('o200k_base'), template };
}
