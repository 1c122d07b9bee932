/**
 * The tokenizers ctxkit counts with exactly, one name per vocabulary a model family uses. Several model families
 * may share one vocabulary's data (Phi-3 counts with Llama 2's, gpt-oss with o200k_base's ranks); each keeps its own
 * name so that a plan records the tokenizer of the model it was made for.
 */
export const TOKENIZER_FAMILIES = [
  /** OpenAI GPT-4o, GPT-4.1, GPT-4.5, GPT-5, o1, o3, o4. */
  'o200k_base',
  /** OpenAI GPT-4 and GPT-3.5. */
  'cl100k_base',
  /** gpt-oss: o200k_base with the harmony format's special tokens. */
  'o200k_harmony',
  /** Llama 3, 3.1, 3.2 and 3.3: byte-level BPE, 128,000 tokens. */
  'llama3',
  /** Llama 2: SentencePiece BPE, 32,000 pieces. */
  'llama2',
  /** Qwen 3 and QwQ: byte-level BPE, 151,643 tokens, `<think>` and `<tool_response>` tags among its added tokens. */
  'qwen2',
  /** Qwen 2 and 2.5: Qwen 3's vocabulary without the `<think>` and `<tool_response>` tags, which are plain text. */
  'qwen2_5',
  /** Gemma 2: SentencePiece BPE, 256,000 pieces. */
  'gemma2',
  /** Gemma 3 and 3n: SentencePiece BPE, 262,144 pieces. */
  'gemma3',
  /** Mistral 7B and Mixtral: SentencePiece BPE, 32,000 pieces (v1) or 32,768 with control tokens (v3). */
  'mistral',
  /** Mistral's Tekken (Mistral Nemo, Mistral Small 3, Pixtral 12B, Ministral): byte-level BPE, 131,072 tokens. */
  'tekken',
  /** DeepSeek V3, V3.1, V3.2 and R1: byte-level BPE, 128,000 tokens. */
  'deepseek_v3',
  /** Phi-3 and Phi-3.5: Llama 2's SentencePiece vocabulary with Phi's chat tokens. */
  'phi3',
  /** Phi-4 (and its reasoning variants): a byte-level BPE derived from cl100k_base. */
  'phi4',
] as const;

/** A tokenizer ctxkit can load and count with exactly; see `TOKENIZER_FAMILIES`. */
export type TokenizerFamily = (typeof TOKENIZER_FAMILIES)[number];

/** Whether `value` names a tokenizer family ctxkit knows. */
export function isTokenizerFamily(value: unknown): value is TokenizerFamily {
  return typeof value === 'string' && (TOKENIZER_FAMILIES as readonly string[]).includes(value);
}
