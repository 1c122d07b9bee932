import { ValidationError } from '../errors/index.js';
import { loadTiktokenCounter, type TokenCounter } from '../tokens/index.js';
import { checkKnownFields, describe, isRecord } from '../validation/index.js';
import { isTokenizerFamily, TOKENIZER_FAMILIES, type TokenizerFamily } from './families.js';

/** Which tokenizer to load: a family's name, or an object naming it. */
export type ModelTokenizerSource = TokenizerFamily | { readonly family: TokenizerFamily };

/**
 * Loads the exact tokenizer of a model family and returns its counter (`encoding` is the family's name). Its data
 * is imported on first use, only for that family, from chunks the app serves itself; later calls share it. Text that
 * looks like a special token (`<|eot_id|>`, `<start_of_turn>`) is counted as ordinary text: it is user data.
 *
 * Pick the family with `tokenizerFamilyOf(modelName)`, or name it to override what the model name says.
 */
export function loadModelTokenizer(source: ModelTokenizerSource): Promise<TokenCounter> {
  let family: TokenizerFamily;
  try {
    family = familyOf(source);
  } catch (error) {
    return Promise.reject(error);
  }
  if (family === 'o200k_base' || family === 'cl100k_base') return loadTiktokenCounter(family);
  if (family === 'o200k_harmony')
    // The harmony encoding is o200k_base's ranks with other special tokens, which user text never becomes.
    return loadTiktokenCounter('o200k_base').then((counter) => ({ encoding: family, count: counter.count }));
  return Promise.reject(
    new ValidationError('Invalid tokenizer', [
      { path: 'family', message: `the '${family}' tokenizer's data is not available in this build` },
    ]),
  );
}

function familyOf(source: unknown): TokenizerFamily {
  if (isTokenizerFamily(source)) return source;
  const expected = `one of ${TOKENIZER_FAMILIES.map((name) => `'${name}'`).join(', ')}`;
  if (!isRecord(source))
    throw new ValidationError('Invalid tokenizer', [
      { path: 'family', message: `must be ${expected} or { family }, got ${describe(source)}` },
    ]);
  const issues: { path: string; message: string }[] = [];
  checkKnownFields(source, ['family'], '', issues);
  if (!isTokenizerFamily(source.family))
    issues.push({ path: 'family', message: `must be ${expected}, got ${describe(source.family)}` });
  if (issues.length > 0) throw new ValidationError('Invalid tokenizer', issues);
  return source.family as TokenizerFamily;
}
