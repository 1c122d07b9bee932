import { TokenizerLoader } from '@lenml/tokenizers';

/**
 * A family's reference count: its tokenizer.json as the registry package ships it, encoded by transformers.js
 * (through @lenml/tokenizers), without a start token and with the special tokens taken out of the added tokens, so
 * that text looking like one is encoded as plain text (Hugging Face's `split_special_tokens`).
 */
export function referenceCounter(
  json: { added_tokens: { special: boolean }[] },
  config: Record<string, unknown>,
): (text: string) => number {
  const tokenizerJSON = { ...json, added_tokens: json.added_tokens.filter((token) => !token.special) };
  const { added_tokens_decoder: _decoder, ...tokenizerConfig } = config;
  const tokenizer = TokenizerLoader.fromPreTrained({ tokenizerJSON, tokenizerConfig } as never);
  return (text) => tokenizer.encode(text, { add_special_tokens: false }).length;
}
