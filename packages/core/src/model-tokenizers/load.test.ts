import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { TOKENIZER_FAMILIES } from './families.js';
import { loadModelTokenizer, type ModelTokenizerSource } from './load.js';

async function issuesOf(source: unknown) {
  const error = await loadModelTokenizer(source as ModelTokenizerSource).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues;
}

describe('loadModelTokenizer', () => {
  it.each([
    ['an unknown family', 'llama5', 'family'],
    ['a model name instead of a family', 'llama3.1:8b', 'family'],
    ['a number', 42, 'family'],
    ['null', null, 'family'],
    ['an object with an unknown family', { family: 'gpt2' }, 'family'],
    ['an object without a family', {}, 'family'],
  ])('rejects %s with a ValidationError naming its path', async (_name, source, path) => {
    const issues = await issuesOf(source);
    expect(issues.map((issue) => issue.path)).toContain(path);
  });

  it('names a misspelt field of the object form, and the field it resembles', async () => {
    const issues = await issuesOf({ family: 'llama3', familly: 'qwen2' });
    expect(issues).toEqual([
      expect.objectContaining({ path: 'familly', message: expect.stringContaining("'family'") }),
    ]);
  });

  it('lists the known families in its message', async () => {
    const [issue] = await issuesOf('gpt2');
    for (const family of TOKENIZER_FAMILIES) expect(issue?.message).toContain(`'${family}'`);
  });

  it('takes a family by name or as { family }, and loads its data once for both', async () => {
    const [byName, byObject] = await Promise.all([
      loadModelTokenizer('mistral'),
      loadModelTokenizer({ family: 'mistral' }),
    ]);
    expect(byName.encoding).toBe('mistral');
    expect(byObject.encoding).toBe('mistral');
    expect(byName.count('Hello world')).toBe(byObject.count('Hello world'));
    expect(byName.count('')).toBe(0);
  });

  it('counts Phi-3 with Llama 2’s vocabulary under its own name', async () => {
    const [phi3, llama2] = await Promise.all([loadModelTokenizer('phi3'), loadModelTokenizer('llama2')]);
    expect(phi3.encoding).toBe('phi3');
    const text = 'Phi-3 uses the same vocabulary as Llama 2: 32,000 pieces.';
    expect(phi3.count(text)).toBe(llama2.count(text));
  });

  it('counts Qwen 2.5 with Qwen 3’s vocabulary, but Qwen 3’s <think> and <tool_response> tags as plain text', async () => {
    const [qwen25, qwen3] = await Promise.all([loadModelTokenizer('qwen2_5'), loadModelTokenizer('qwen2')]);
    expect(qwen25.encoding).toBe('qwen2_5');
    const text = 'Qwen 2.5 and Qwen 3 share 151,643 tokens: 上下文窗口。<tool_call>';
    expect(qwen25.count(text)).toBe(qwen3.count(text));
    expect(qwen3.count('<think>')).toBe(1);
    expect(qwen25.count('<think>')).toBeGreaterThan(1);
    expect(qwen25.count('</tool_response>')).toBeGreaterThan(1);
  });
});
