import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/index.js';
import type { TokenizerFamily } from './families.js';
import { tokenizerFamilyOf } from './resolve.js';

const NAMES: readonly (readonly [string, TokenizerFamily | undefined])[] = [
  // Ollama tags
  ['llama3.1:8b', 'llama3'],
  ['llama3', 'llama3'],
  ['llama3.2:3b-instruct-q4_K_M', 'llama3'],
  ['llama3.3:70b', 'llama3'],
  ['llama3.2-vision:11b', 'llama3'],
  ['llama2:7b', 'llama2'],
  ['qwen3:4b', 'qwen2'],
  ['qwen2.5:7b', 'qwen2_5'],
  ['qwen2.5-coder:32b', 'qwen2_5'],
  ['qwen2:7b', 'qwen2_5'],
  ['qwq:32b', 'qwen2'],
  ['gemma3:12b', 'gemma3'],
  ['gemma2:9b', 'gemma2'],
  ['gemma2', 'gemma2'],
  ['mistral-nemo:12b', 'tekken'],
  ['mistral-nemo', 'tekken'],
  ['mistral-small3.1', 'tekken'],
  ['mistral-small3.2:24b', 'tekken'],
  ['mistral-small', 'tekken'],
  ['mistral-small:24b', 'tekken'],
  ['mistral-small:22b', 'mistral'],
  ['ministral-3:8b', 'tekken'],
  ['mistral', 'mistral'],
  ['mistral:7b-instruct', 'mistral'],
  ['mixtral:8x7b', 'mistral'],
  ['mixtral:8x22b', 'mistral'],
  ['deepseek-v3', 'deepseek_v3'],
  ['deepseek-r1:671b', 'deepseek_v3'],
  ['deepseek-r1:7b', 'qwen2'],
  ['deepseek-r1:8b', 'qwen2'],
  ['deepseek-r1:70b', 'llama3'],
  ['gpt-oss:20b', 'o200k_harmony'],
  ['phi4', 'phi4'],
  ['phi4-reasoning:14b', 'phi4'],
  ['phi3', 'phi3'],
  ['phi3.5:3.8b', 'phi3'],
  // Hugging Face and OpenRouter names
  ['meta-llama/Llama-3.1-8B-Instruct', 'llama3'],
  ['meta-llama/Meta-Llama-3-8B-Instruct', 'llama3'],
  ['meta-llama/llama-3.3-70b-instruct:free', 'llama3'],
  ['qwen/qwen3-32b', 'qwen2'],
  ['Qwen/Qwen2.5-7B-Instruct', 'qwen2_5'],
  ['qwen/qwen-2.5-72b-instruct', 'qwen2_5'],
  ['google/gemma-2-9b-it', 'gemma2'],
  ['mistralai/Mistral-Nemo-Instruct-2407', 'tekken'],
  ['mistralai/mistral-nemo', 'tekken'],
  ['mistralai/Mistral-Small-24B-Instruct-2501', 'tekken'],
  ['mistralai/Mistral-Small-3.1-24B-Instruct-2503', 'tekken'],
  ['mistralai/mistral-small-3.2-24b-instruct', 'tekken'],
  ['mistralai/Mistral-Small-Instruct-2409', 'mistral'],
  ['mistralai/Pixtral-12B-2409', 'tekken'],
  ['mistralai/Ministral-8B-Instruct-2410', 'tekken'],
  ['mistralai/ministral-3b', 'tekken'],
  ['google/gemma-3-27b-it', 'gemma3'],
  ['mistralai/Mistral-7B-Instruct-v0.3', 'mistral'],
  ['mistralai/mixtral-8x7b-instruct', 'mistral'],
  ['deepseek-ai/DeepSeek-V3', 'deepseek_v3'],
  ['deepseek/deepseek-r1', 'deepseek_v3'],
  ['deepseek-ai/DeepSeek-R1-Distill-Qwen-14B', 'qwen2'],
  ['deepseek-ai/DeepSeek-R1-Distill-Llama-8B', 'llama3'],
  ['openai/gpt-oss-120b', 'o200k_harmony'],
  ['microsoft/phi-4', 'phi4'],
  ['microsoft/Phi-3-mini-4k-instruct', 'phi3'],
  ['microsoft/Phi-3.5-mini-instruct', 'phi3'],
  // Provider model ids
  ['gpt-4o', 'o200k_base'],
  ['gpt-4o-mini-2024-07-18', 'o200k_base'],
  ['gpt-4.1', 'o200k_base'],
  ['gpt-5-mini', 'o200k_base'],
  ['o3', 'o200k_base'],
  ['o4-mini', 'o200k_base'],
  ['gpt-4', 'cl100k_base'],
  ['gpt-4-turbo', 'cl100k_base'],
  ['gpt-3.5-turbo', 'cl100k_base'],
  ['deepseek-chat', 'deepseek_v3'],
  ['deepseek-reasoner', 'deepseek_v3'],
  ['open-mixtral-8x22b', 'mistral'],
  ['open-mistral-nemo', 'tekken'],
  ['mistral-small-latest', 'tekken'],
  ['mistral-small-2503', 'tekken'],
  ['pixtral-12b-2409', 'tekken'],
  ['ministral-8b-latest', 'tekken'],
  // No public tokenizer, or a vocabulary ctxkit does not carry: the caller estimates.
  ['claude-sonnet-4-5', undefined],
  ['anthropic/claude-3.5-haiku', undefined],
  ['gemini-2.5-pro', undefined],
  ['google/gemini-2.0-flash-001', undefined],
  ['llama4:scout', undefined],
  ['meta-llama/Llama-4-Maverick-17B-128E-Instruct', undefined],
  ['qwen3.5:9b', undefined],
  ['mistral-large-latest', undefined],
  ['gemma3n:e4b', undefined],
  ['gemma:7b', undefined],
  ['pixtral-large-latest', undefined],
  ['mistral-small-2402', undefined],
  ['magistral-small', undefined],
  ['codestral-latest', undefined],
  ['codellama:7b', undefined],
  ['phi4-mini', undefined],
  ['deepseek-coder-v2', undefined],
  ['', undefined],
];

describe('tokenizerFamilyOf', () => {
  it.each(NAMES)('%s → %s', (name, family) => {
    expect(tokenizerFamilyOf(name)).toBe(family);
  });

  it('rejects a model name that is not a string, naming it', () => {
    const call = () => tokenizerFamilyOf(42 as unknown as string);
    expect(call).toThrow(ValidationError);
    try {
      call();
    } catch (error) {
      expect((error as ValidationError).issues[0]?.path).toBe('modelName');
    }
  });
});
