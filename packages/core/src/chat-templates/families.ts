import { TOKEN_OVERHEAD } from '../tokens/index.js';
import type { ChatTemplateCost } from './types.js';

// Each family's costs are read from its published chat template (the `chat_template` of its tokenizer_config.json)
// and checked by the fidelity benchmark (`bench/fidelity/`), which renders planned requests with the real template
// and counts them with the family's own tokenizer. Where a template does not render a part (Llama 3's and Gemma 3's
// templates have no tool syntax), the cost follows the format local servers use for it, rounded up.

/**
 * OpenAI's published accounting for chat models (tiktoken's cookbook): 3 per message plus its role's name, 3 to prime
 * the reply (`TOKEN_OVERHEAD`).
 */
export const OPENAI_TEMPLATE: ChatTemplateCost = {
  id: 'openai',
  label: 'OpenAI',
  message: TOKEN_OVERHEAD.message,
  assistant: TOKEN_OVERHEAD.message,
  reply: TOKEN_OVERHEAD.reply,
  toolCall: TOKEN_OVERHEAD.toolCall,
  toolResult: 0,
  toolDefinition: TOKEN_OVERHEAD.toolDefinition,
  toolsPresent: TOKEN_OVERHEAD.toolsPresent,
  toolFormat: 'lines',
};

/**
 * `<|start_header_id|>role<|end_header_id|>\n\n … <|eot_id|>`; `<|begin_of_text|>` and the assistant header once.
 * With tools, Llama 3.1 adds its "Environment: ipython / Cutting Knowledge Date" system lines and instructions.
 */
const LLAMA3: ChatTemplateCost = {
  id: 'llama3',
  label: 'Llama 3',
  message: 5,
  assistant: 5,
  reply: 5,
  toolCall: 12,
  toolResult: 0,
  toolDefinition: 2,
  toolsPresent: 90,
  toolFormat: 'json-spaced',
};

/**
 * ChatML: `<|im_start|>role\n … <|im_end|>\n`, the reply primed with `<|im_start|>assistant\n`. Tools are listed as
 * `tojson` lines inside `<tools>` with a fixed instruction; calls are `<tool_call>` JSON, results `<tool_response>`
 * inside a user turn. Qwen 2.5 and 3 share it (Qwen 3 adds `<think>` only to the reply being generated).
 */
const QWEN: ChatTemplateCost = {
  id: 'qwen',
  label: 'Qwen',
  message: 5,
  assistant: 5,
  reply: 3,
  toolCall: 12,
  toolResult: 4,
  toolDefinition: 1,
  toolsPresent: 80,
  toolFormat: 'json-spaced',
};

/**
 * Qwen 2.5 and Qwen 2: Qwen's template, except that a call's arguments, a JSON string in an OpenAI request, go through
 * `tojson` again (Qwen 3 writes a string as it is), so every quote is escaped: eight more tokens a call.
 */
const QWEN_2_5: ChatTemplateCost = { ...QWEN, id: 'qwen2.5', label: 'Qwen 2.5', toolCall: 20 };

/**
 * `<start_of_turn>role\n … <end_of_turn>\n`, `<bos>` and `<start_of_turn>model\n` once; the system prompt is folded
 * into the first user turn (cheaper than a turn of its own, so counting it as one is safe).
 */
const GEMMA: ChatTemplateCost = {
  id: 'gemma',
  label: 'Gemma',
  message: 5,
  assistant: 5,
  reply: 4,
  toolCall: 12,
  toolResult: 4,
  toolDefinition: 2,
  toolsPresent: 60,
  toolFormat: 'json-spaced',
};

/**
 * `<｜User｜>` before the user's text, `<｜Assistant｜> … <｜end▁of▁sentence｜>` around a reply, the system prompt bare after
 * `<｜begin▁of▁sentence｜>`; the reply primed with `<｜Assistant｜>`.
 */
const DEEPSEEK: ChatTemplateCost = {
  id: 'deepseek',
  label: 'DeepSeek',
  message: 1,
  assistant: 2,
  reply: 2,
  toolCall: 14,
  toolResult: 4,
  toolDefinition: 2,
  toolsPresent: 40,
  toolFormat: 'json-spaced',
};

/**
 * OpenAI's harmony format: `<|start|>role<|message|> … <|end|>`, assistant replies on the `final` channel, and a
 * system message the template always writes (model identity, knowledge cutoff, date, reasoning level, channels),
 * counted in `reply` with the developer message's `# Instructions` header the host's system prompt goes into.
 * Tools are declared as a TypeScript namespace in the developer message; counted as JSON, which is longer.
 */
const GPT_OSS: ChatTemplateCost = {
  id: 'gpt-oss',
  label: 'gpt-oss',
  message: 4,
  assistant: 6,
  reply: 66,
  toolCall: 14,
  toolResult: 6,
  toolDefinition: 4,
  toolsPresent: 40,
  toolFormat: 'json',
};

/**
 * Mistral v3 (Mistral 7B v0.3, Mixtral 8x22B, Codestral 22B, Mistral Small 2409): `<s>`, then `[INST] … [/INST]` around
 * each user message, ` … </s>` after each reply, `[INST]` and `[/INST]` being single control tokens; the system prompt
 * joins the last user message after a blank line. Tools: `[AVAILABLE_TOOLS]` JSON, `[TOOL_CALLS]` with a call id,
 * `[TOOL_RESULTS]` with content and call id.
 */
const MISTRAL: ChatTemplateCost = {
  id: 'mistral',
  label: 'Mistral',
  message: 3,
  assistant: 2,
  reply: 4,
  toolCall: 20,
  toolResult: 20,
  toolDefinition: 2,
  toolsPresent: 4,
  toolFormat: 'json-spaced',
};

/**
 * Mistral v1 (Mistral 7B v0.1 and v0.2, Mixtral 8x7B): the same template, but `[INST]` and `[/INST]` are plain text
 * in its 32,000-piece vocabulary, seven tokens a user message together.
 */
const MISTRAL_V1: ChatTemplateCost = {
  ...MISTRAL,
  id: 'mistral-v1',
  label: 'Mistral v1',
  message: 6,
  toolCall: 32,
  toolResult: 24,
  toolsPresent: 12,
};

/**
 * Mistral's Tekken models (Nemo, Small 3, Pixtral 12B, Ministral): v3's syntax with `[INST]`, `[/INST]`, `</s>` as
 * single control tokens and no space after them; the system prompt joins the last user message after a blank line.
 * Tools: `[AVAILABLE_TOOLS]` with the definitions' JSON, `[TOOL_CALLS]` JSON with a nine-character call id,
 * `[TOOL_RESULTS]` JSON of content and call id.
 */
const TEKKEN: ChatTemplateCost = {
  id: 'tekken',
  label: 'Mistral Tekken',
  message: 2,
  assistant: 1,
  reply: 1,
  toolCall: 24,
  toolResult: 16,
  toolDefinition: 2,
  toolsPresent: 4,
  toolFormat: 'json-spaced',
};

/**
 * Llama 2 chat: `<s>[INST] … [/INST]` around each user message and ` … </s>` after each reply, with `[INST]` and
 * `[/INST]` as plain text (up to five tokens each); the system prompt inside `<<SYS>>` tags in the first user turn.
 * The template has no tool syntax: tools are counted as Llama 3's JSON, which local servers write for it.
 */
const LLAMA2: ChatTemplateCost = {
  id: 'llama2',
  label: 'Llama 2',
  message: 8,
  assistant: 2,
  reply: 8,
  toolCall: 12,
  toolResult: 4,
  toolDefinition: 2,
  toolsPresent: 40,
  toolFormat: 'json-spaced',
};

/**
 * Phi-3 `<|user|>\n … <|end|>\n` and Phi-4 `<|im_start|>user<|im_sep|> … <|im_end|>`: the larger of the two. Phi-3's
 * SentencePiece writes each `\n` after a marker as two pieces (`▁` and the newline byte), six tokens a message.
 */
const PHI: ChatTemplateCost = {
  id: 'phi',
  label: 'Phi',
  message: 6,
  assistant: 6,
  reply: 6,
  toolCall: 12,
  toolResult: 4,
  toolDefinition: 2,
  toolsPresent: 40,
  toolFormat: 'json-spaced',
};

/**
 * Claude's tokenizer is not public, nor any ratio to another. Its text is estimated as o200k_base tokens × 1.25, a
 * deliberately high choice (Claude's tokenizers use somewhat more tokens than OpenAI's on the same text), and the
 * budget keeps a further 1.25 margin until usage reports calibrate the model. Tools: Anthropic documents a tool-use
 * system prompt of 346 tokens.
 */
const CLAUDE: ChatTemplateCost = {
  id: 'claude',
  label: 'Claude',
  message: 5,
  assistant: 5,
  reply: 5,
  toolCall: 10,
  toolResult: 10,
  toolDefinition: 10,
  toolsPresent: 350,
  toolFormat: 'json',
  estimate: { base: 'o200k_base', ratio: 1.25, margin: 1.25 },
};

/**
 * Gemini's tokenizer is not public; Gemma 3 shares its vocabulary (Gemma 3 technical report), and the ratio is the
 * largest Gemma 3 ÷ o200k_base ratio the fidelity benchmark measures over English (1.00), Chinese (0.88), Japanese
 * (0.68) and code (1.13), rounded up. The budget keeps a 1.1 margin until usage reports calibrate the model.
 */
const GEMINI: ChatTemplateCost = {
  id: 'gemini',
  label: 'Gemini',
  message: 5,
  assistant: 5,
  reply: 4,
  toolCall: 12,
  toolResult: 6,
  toolDefinition: 6,
  toolsPresent: 20,
  toolFormat: 'json',
  estimate: { base: 'o200k_base', ratio: 1.15, margin: 1.1 },
};

/** Every family's template costs, by id. */
export const CHAT_TEMPLATES: Readonly<Record<string, ChatTemplateCost>> = Object.freeze({
  openai: OPENAI_TEMPLATE,
  llama3: LLAMA3,
  qwen: QWEN,
  'qwen2.5': QWEN_2_5,
  gemma: GEMMA,
  deepseek: DEEPSEEK,
  'gpt-oss': GPT_OSS,
  mistral: MISTRAL,
  'mistral-v1': MISTRAL_V1,
  tekken: TEKKEN,
  llama2: LLAMA2,
  phi: PHI,
  claude: CLAUDE,
  gemini: GEMINI,
});
