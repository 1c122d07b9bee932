import { describe, expect, test } from 'vitest';
import { countingOf } from '../view/index.js';
import { chatTemplateById, chatTemplateOf, toolDefinitionText } from './index.js';

describe('chatTemplateOf: the template from the model name as hosts write it', () => {
  test.each([
    ['llama3.1:8b', 'llama3'],
    ['meta-llama/Llama-3.3-70B-Instruct', 'llama3'],
    ['qwen3:4b', 'qwen'],
    ['Qwen/Qwen2.5-7B-Instruct', 'qwen2.5'],
    ['qwen2.5-coder:7b', 'qwen2.5'],
    ['qwen2:7b', 'qwen2.5'],
    ['qwen/qwen3-32b', 'qwen'],
    ['qwen3.5:9b', 'qwen'],
    ['gemma3:12b', 'gemma'],
    ['google/gemma-2-9b-it', 'gemma'],
    ['mistral:7b', 'mistral'],
    ['mistralai/Mixtral-8x7B-Instruct-v0.1', 'mistral-v1'],
    ['mixtral:8x7b', 'mistral-v1'],
    ['mixtral', 'mistral-v1'],
    ['mistral:7b-instruct-v0.2-q4_K_M', 'mistral-v1'],
    ['mixtral:8x22b', 'mistral'],
    ['mistralai/Mistral-7B-Instruct-v0.3', 'mistral'],
    ['mistral-nemo:12b', 'tekken'],
    ['mistralai/Mistral-Small-3.1-24B-Instruct-2503', 'tekken'],
    ['mistral-small3.2', 'tekken'],
    ['pixtral-12b-2409', 'tekken'],
    ['ministral-8b-latest', 'tekken'],
    ['llama2:13b', 'llama2'],
    ['meta-llama/Llama-2-7b-chat-hf', 'llama2'],
    ['deepseek-r1:8b', 'deepseek'],
    ['deepseek-ai/DeepSeek-V3', 'deepseek'],
    ['gpt-oss:20b', 'gpt-oss'],
    ['openai/gpt-oss-120b', 'gpt-oss'],
    ['phi4:14b', 'phi'],
    ['microsoft/Phi-3.5-mini-instruct', 'phi'],
    ['claude-sonnet-4-5', 'claude'],
    ['anthropic/claude-3.5-haiku', 'claude'],
    ['gemini-2.5-flash', 'gemini'],
    ['gpt-4o-mini', 'openai'],
    ['o3', 'openai'],
    ['my-own-model', 'openai'],
  ])('%s → %s', (model, id) => {
    expect(chatTemplateOf(model).id).toBe(id);
  });

  test('a template by the id a plan recorded; none for an unknown id or an inherited name', () => {
    expect(chatTemplateById('qwen')?.label).toBe('Qwen');
    expect(chatTemplateById('jinja')).toBeUndefined();
    expect(chatTemplateById('toString')).toBeUndefined();
  });
});

describe('toolDefinitionText', () => {
  const tool = {
    functionName: 'search',
    description: '搜索',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  };
  test('json-spaced is Jinja’s tojson: Python separators, non-ASCII kept', () => {
    expect(toolDefinitionText(tool, 'json-spaced')).toBe(
      '{"type": "function", "function": {"name": "search", "description": "搜索", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}}',
    );
    expect(JSON.parse(toolDefinitionText(tool, 'json'))).toEqual(
      JSON.parse(toolDefinitionText(tool, 'json-spaced')),
    );
    expect(toolDefinitionText(tool, 'lines')).toBe(
      'search\n搜索\n{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}',
    );
  });
});

describe('countingOf: what a plan was counted with, in words', () => {
  test('a family tokenizer and template, an estimate, a plan made before templates', () => {
    expect(countingOf({ encoding: 'llama3', template: 'llama3' }).text).toBe(
      'Counted with Llama 3 tokenizer · Llama 3 template',
    );
    const estimate = countingOf({ encoding: 'o200k_base×1.25', template: 'claude' });
    expect(estimate).toMatchObject({ estimate: { base: 'o200k_base', ratio: 1.25 }, template: 'Claude' });
    expect(estimate.text).toBe('Estimated as o200k_base × 1.25 · Claude template');
    expect(countingOf({ encoding: 'o200k_base' }).text).toBe('Counted with o200k_base tokenizer');
  });
});
