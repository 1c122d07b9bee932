/**
 * How a family's tokenizer turns text into the words it merges, as scripts/tokenizer-data.mjs reads it from the
 * family's tokenizer.json. Both kinds of BPE fit: byte-level (GPT-2's alphabet of bytes, a pre-tokenizer's regular
 * expressions: Llama 3, Qwen, DeepSeek) and SentencePiece's over characters (`▁` for spaces, bytes for characters
 * missing from the vocabulary: Gemma, Llama 2, Mistral).
 */
export interface TokenizerDataHeader {
  readonly format: 1;
  /** What the merges start from: the text's UTF-8 bytes, or its characters. */
  readonly unit: 'byte' | 'char';
  /** Unicode normalization applied first (Qwen: NFC). */
  readonly normalize: '' | 'NFC';
  /** Whether spaces become `▁` (SentencePiece). */
  readonly spaces: boolean;
  /** Prepended to the text (Llama 2 and Mistral: `▁`, SentencePiece's dummy prefix). */
  readonly prefix: '' | '▁';
  /** Regular expressions (JavaScript syntax, flags `gu`) that cut the text in turn; matches and gaps both stay. */
  readonly split: readonly string[];
  /** A word that is a token is that one token, whatever its merges (Llama 3, tiktoken's rule). */
  readonly ignoreMerges: boolean;
  /** A character missing from the vocabulary is one token per UTF-8 byte, else one unknown token. */
  readonly byteFallback: boolean;
  /** Added tokens that are not special (Gemma's `<h1>`, Qwen's `<tool_call>`): found in the raw text first. */
  readonly added: readonly string[];
  /** Whether the merges are every split of every token, ranked by the token's id, and derived on load. */
  readonly derive: boolean;
}

/**
 * One module of a family's data. The parts' `tokens` joined are the tokens in id order, joined by spaces (no token
 * holds one); their `merges` joined are the merges in priority order, each the id of the token it makes (as a
 * difference from the last one, zigzag-coded) and the length of its left part, as variable-length numbers of 5 bits
 * per base64url character.
 */
export interface TokenizerDataPart {
  readonly header?: TokenizerDataHeader;
  readonly tokens?: string;
  readonly merges?: string;
}
