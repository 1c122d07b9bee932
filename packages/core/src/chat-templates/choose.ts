import { CHAT_TEMPLATES, OPENAI_TEMPLATE } from './families.js';
import type { ChatTemplateCost } from './types.js';

// Model names as hosts write them: Ollama tags (`llama3.1:8b`, `qwen3:4b`), Hugging Face and OpenRouter names
// (`meta-llama/Llama-3.1-8B-Instruct`), provider ids (`claude-sonnet-4-5`, `gemini-2.5-flash`). The first match
// wins: a distilled model takes its trainer's template (`deepseek-r1:8b` is a Llama or Qwen model that speaks
// DeepSeek's template), and gpt-oss is not an OpenAI chat model.
const PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/gpt-?oss/, 'gpt-oss'],
  [/deepseek/, 'deepseek'],
  [/claude|anthropic/, 'claude'],
  [/gemini/, 'gemini'],
  [/gemma/, 'gemma'],
  [/qwen-?2(?:\.5)?(?:$|[^.\d])/, 'qwen2.5'],
  [/qwen|qwq/, 'qwen'],
  [/llama-?3|llama3/, 'llama3'],
  [/llama-?2(?:$|[^.\d])/, 'llama2'],
  [/mistral-nemo|mistral-small-?(?:3|24b|2501|2503|2506|latest)|pixtral-12b|ministral/, 'tekken'],
  [/mixtral(?:[-:]8x7b|$)|mistral.*v0\.[12](?:$|[^\d])/, 'mistral-v1'],
  [/mistral|mixtral|ministral|codestral|devstral|magistral|pixtral/, 'mistral'],
  [/(^|[^a-z])phi-?[34]/, 'phi'],
];

/**
 * The chat template costs of a model, from its name; OpenAI's accounting for OpenAI models and any name it does not
 * know (the costs ctxkit always used).
 */
export function chatTemplateOf(model: string): ChatTemplateCost {
  const name = model.toLowerCase();
  for (const [pattern, id] of PATTERNS) if (pattern.test(name)) return CHAT_TEMPLATES[id] ?? OPENAI_TEMPLATE;
  return OPENAI_TEMPLATE;
}

/** A template by the id a plan recorded; undefined for one this version does not know. */
export function chatTemplateById(id: string): ChatTemplateCost | undefined {
  return Object.hasOwn(CHAT_TEMPLATES, id) ? CHAT_TEMPLATES[id] : undefined;
}
