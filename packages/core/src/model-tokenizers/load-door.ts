import { loadTiktokenCounter, type TokenCounter } from '../tokens/index.js';
import type { ModelTokenizerSource } from './load.js';

/**
 * Loads the exact tokenizer of a model family and returns its counter (`encoding` is the family's name). Its data
 * is imported on first use, only for that family, from chunks the app serves itself; later calls share it. Text that
 * looks like a special token (`<|eot_id|>`, `<start_of_turn>`) is counted as ordinary text: it is user data.
 *
 * Pick the family with `tokenizerFamilyOf(modelName)`, or name it to override what the model name says.
 */
export function loadModelTokenizer(source: ModelTokenizerSource): Promise<TokenCounter> {
  // OpenAI's encodings are what most apps start with: they load their ranks at once, without first fetching the
  // chunk that knows every other family's data.
  if (source === 'o200k_base' || source === 'cl100k_base') return loadTiktokenCounter(source);
  return import('./load.js').then((module) => module.loadModelTokenizer(source));
}
