import { ValidationError } from '../errors/index.js';
import { describe } from '../validation/index.js';
import type { TokenizerFamily } from './families.js';

/**
 * Which tokenizer a model name counts with, from the name as hosts write it: an Ollama tag (`llama3.1:8b`,
 * `qwen3:4b`), a Hugging Face or OpenRouter name (`meta-llama/Llama-3.1-8B-Instruct`, `qwen/qwen3-32b`) or a
 * provider's model id (`gpt-4o-2024-08-06`). Undefined when the model has no public tokenizer (Claude, Gemini) or
 * is not known: the caller then estimates.
 *
 * The rules are ordered: the first that matches wins. Each names model families whose tokenizer is known to be
 * that one; a model whose vocabulary is not carried or not known (Llama 4, Qwen 1, Mistral Large, Codestral 25.01,
 * Magistral) is left out rather than guessed.
 */
export function tokenizerFamilyOf(modelName: string): TokenizerFamily | undefined {
  if (typeof modelName !== 'string')
    throw new ValidationError('Invalid model name', [
      { path: 'modelName', message: `must be a string, got ${describe(modelName)}` },
    ]);
  const { name, tag } = partsOf(modelName);
  for (const [pattern, family] of RULES)
    if (pattern.test(name)) return typeof family === 'function' ? family(name, tag) : family;
  return undefined;
}

type Rule = readonly [RegExp, TokenizerFamily | ((name: string, tag: string) => TokenizerFamily | undefined)];

/**
 * DeepSeek R1 as Ollama serves it: the distilled models keep their base model's vocabulary. Ollama's `deepseek-r1`
 * tags 1.5b to 32b (and 8b since the 0528 release) are distilled into Qwen, 70b into Llama 3.3; 671b is R1 itself.
 * A name without a size tag is taken as the model it names, R1 itself.
 */
function deepseekR1(name: string, tag: string): TokenizerFamily {
  if (/distill-?qwen/.test(name)) return 'qwen2';
  if (/distill-?llama/.test(name)) return 'llama3';
  if (/^(?:1\.5|7|8|14|32)b\b/.test(tag)) return 'qwen2';
  if (/^70b\b/.test(tag)) return 'llama3';
  return 'deepseek_v3';
}

/**
 * Mistral Small: version 3 and later (24B, 2501 onwards, and `mistral-small-latest`, which names the newest) count
 * with Tekken; Mistral Small 2409 (22B, Ollama's `mistral-small:22b`) with the v3 SentencePiece vocabulary. Ollama's
 * `mistral-small` without a tag is the 24B model. Mistral Small 2402 (v2) is not known.
 */
function mistralSmall(name: string, tag: string): TokenizerFamily | undefined {
  if (name === 'mistral-small') return /^22b\b/.test(tag) ? 'mistral' : 'tekken';
  if (/^mistral-small-?(?:3(?:\.\d)?(?:$|-)|24b|2501|2503|2506|latest$)/.test(name)) return 'tekken';
  if (/^mistral-small-(?:instruct-)?(?:2409|22b)/.test(name)) return 'mistral';
  return undefined;
}

const RULES: readonly Rule[] = [
  [/^gpt-oss\b/, 'o200k_harmony'],
  [/^(?:gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|chatgpt-4o|o1|o3|o4)(?:$|[-.])/, 'o200k_base'],
  [/^(?:gpt-4|gpt-3\.5|text-embedding-3|text-embedding-ada-002)(?:$|[-.])/, 'cl100k_base'],
  [/^deepseek-r1\b/, deepseekR1],
  [/^deepseek-(?:v3|chat$|reasoner$|prover-v2)/, 'deepseek_v3'],
  [/^(?:meta-)?llama-?3(?:\.[123])?(?:$|-)/, 'llama3'],
  [/^(?:meta-)?llama-?2(?:$|-)/, 'llama2'],
  [/^qwen-?(?:2\.5|2)(?:$|-)/, 'qwen2_5'],
  [/^(?:qwen-?3(?:$|-)|qwq(?:$|-))/, 'qwen2'],
  [/^gemma-?2(?:$|-)/, 'gemma2'],
  [/^gemma-?3(?:$|-)/, 'gemma3'],
  [/^(?:open-)?(?:mistral-nemo|pixtral-12b|ministral(?:$|-))/, 'tekken'],
  [/^mistral-small/, mistralSmall],
  [/^(?:open-)?(?:mistral(?:-7b)?(?:-instruct)?(?:-v0\.[123])?$|mistral-7b|mixtral)/, 'mistral'],
  [/^phi-?3(?:\.5)?(?:$|-)/, 'phi3'],
  [/^phi-?4(?:$|-reasoning)/, 'phi4'],
];

/**
 * The model's own name, lower case, without a provider or organisation prefix (`meta-llama/`, `openrouter/…/`), a
 * file extension (`.gguf`), or an OpenRouter variant (`:free`); and its Ollama tag (`8b`, `8x7b-instruct-q4_K_M`).
 */
function partsOf(modelName: string): { name: string; tag: string } {
  let name = modelName.trim().toLowerCase();
  name = name.slice(name.lastIndexOf('/') + 1);
  let tag = '';
  const colon = name.indexOf(':');
  if (colon >= 0) {
    tag = name.slice(colon + 1);
    name = name.slice(0, colon);
  }
  name = name.replace(/\.gguf$/, '');
  return { name, tag };
}
