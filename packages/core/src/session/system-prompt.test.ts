import { describe, expect, test } from 'vitest';
import { NotFoundError } from '../errors/index.js';
import { SystemPrompt } from './index.js';

/** The parts as `name: text`, easy to compare. */
function summary(prompt: SystemPrompt): string[] {
  return prompt.parts().map(({ name, text }) => `${name}: ${text}`);
}

/** A fragment source that counts its calls. */
function counting(text: () => string) {
  const source = Object.assign(
    () => {
      source.calls++;
      return text();
    },
    { calls: 0 },
  );
  return source;
}

describe('SystemPrompt', () => {
  test('parts come in order: global, agent, then fragments in insertion order', () => {
    const prompt = new SystemPrompt({ global: 'G', agent: 'A' });
    prompt.setFragment('zeta', 'z');
    prompt.setFragment('alpha', () => 'a');
    prompt.setFragment('mid', 'm');
    expect(prompt.parts()).toEqual([
      { part: 'global', name: 'global', text: 'G' },
      { part: 'agent', name: 'agent', text: 'A' },
      { part: 'fragment', name: 'zeta', text: 'z' },
      { part: 'fragment', name: 'alpha', text: 'a' },
      { part: 'fragment', name: 'mid', text: 'm' },
    ]);
    expect(prompt.fragmentNames()).toEqual(['zeta', 'alpha', 'mid']);
  });

  test('replacing a fragment keeps its place', () => {
    const prompt = new SystemPrompt({ global: 'G' });
    prompt.setFragment('first', '1');
    prompt.setFragment('second', '2');
    prompt.setFragment('third', '3');
    expect(summary(prompt)).toEqual(['global: G', 'first: 1', 'second: 2', 'third: 3']);
    prompt.setFragment('first', 'one');
    prompt.setFragment('second', () => 'two');
    expect(summary(prompt)).toEqual(['global: G', 'first: one', 'second: two', 'third: 3']);
  });

  test('setGlobal and setAgentPrompt change the next parts', () => {
    const prompt = new SystemPrompt({ global: 'G', agent: 'A' });
    expect(summary(prompt)).toEqual(['global: G', 'agent: A']);
    prompt.setGlobal('G2');
    prompt.setAgentPrompt('A2');
    expect(summary(prompt)).toEqual(['global: G2', 'agent: A2']);
  });

  test('empty parts are left out, an empty computed fragment too', () => {
    const prompt = new SystemPrompt();
    prompt.setFragment('empty', '');
    prompt.setFragment('computedEmpty', () => '');
    prompt.setFragment('kept', 'k');
    expect(summary(prompt)).toEqual(['kept: k']);
    expect(new SystemPrompt({ global: '', agent: '' }).parts()).toEqual([]);

    const withAgentOnly = new SystemPrompt({ agent: 'A' });
    expect(withAgentOnly.parts()).toEqual([{ part: 'agent', name: 'agent', text: 'A' }]);
  });

  test('a function fragment is not called until parts() needs it', () => {
    const prompt = new SystemPrompt({ global: 'G' });
    const files = counting(() => 'a.ts');
    prompt.setFragment('files', files);
    prompt.setGlobal('G2');
    prompt.setFragment('other', 'o');
    expect(files.calls).toBe(0);
    expect(summary(prompt)).toEqual(['global: G2', 'files: a.ts', 'other: o']);
    expect(files.calls).toBe(1);
  });

  test('a function fragment is called once across repeated parts(), even when other parts change', () => {
    const prompt = new SystemPrompt({ global: 'G' });
    const files = counting(() => 'a.ts');
    prompt.setFragment('files', files);
    prompt.parts();
    prompt.parts();
    prompt.setGlobal('G2');
    prompt.setFragment('other', 'o');
    prompt.markDirty('other');
    expect(summary(prompt)).toEqual(['global: G2', 'files: a.ts', 'other: o']);
    expect(files.calls).toBe(1);
  });

  test('markDirty makes the next parts() call the function again, once', () => {
    const prompt = new SystemPrompt();
    let listing = 'a.ts';
    const files = counting(() => listing);
    prompt.setFragment('files', files);
    expect(summary(prompt)).toEqual(['files: a.ts']);

    listing = 'a.ts\nb.ts';
    expect(summary(prompt)).toEqual(['files: a.ts']);
    expect(files.calls).toBe(1);

    prompt.markDirty('files');
    expect(files.calls).toBe(1);
    expect(summary(prompt)).toEqual(['files: a.ts\nb.ts']);
    prompt.parts();
    expect(files.calls).toBe(2);
  });

  test('markDirty recomputes only the fragment it names', () => {
    const prompt = new SystemPrompt();
    const one = counting(() => '1');
    const two = counting(() => '2');
    prompt.setFragment('one', one);
    prompt.setFragment('two', two);
    prompt.parts();
    prompt.markDirty('two');
    prompt.parts();
    expect([one.calls, two.calls]).toEqual([1, 2]);
  });

  test('replacing a function fragment drops its computed text', () => {
    const prompt = new SystemPrompt();
    prompt.setFragment('files', () => 'old');
    prompt.parts();
    const replacement = counting(() => 'new');
    prompt.setFragment('files', replacement);
    expect(summary(prompt)).toEqual(['files: new']);
    expect(replacement.calls).toBe(1);
  });

  test('markDirty on an unknown fragment throws NotFoundError', () => {
    const prompt = new SystemPrompt();
    prompt.setFragment('files', 'a.ts');
    let thrown: unknown;
    try {
      prompt.markDirty('filez');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NotFoundError);
    expect(thrown).toMatchObject({ code: 'not_found', kind: 'system prompt fragment', id: 'filez' });
  });

  test('removeFragment removes it from the parts and says whether it was there', () => {
    const prompt = new SystemPrompt({ global: 'G' });
    prompt.setFragment('files', 'a.ts');
    prompt.setFragment('branch', 'main');
    expect(summary(prompt)).toEqual(['global: G', 'files: a.ts', 'branch: main']);
    expect(prompt.removeFragment('files')).toBe(true);
    expect(summary(prompt)).toEqual(['global: G', 'branch: main']);
    expect(prompt.fragmentNames()).toEqual(['branch']);
    expect(prompt.removeFragment('files')).toBe(false);
    expect(() => prompt.markDirty('files')).toThrow(NotFoundError);
  });

  test('a removed fragment added again goes to the end', () => {
    const prompt = new SystemPrompt();
    prompt.setFragment('a', '1');
    prompt.setFragment('b', '2');
    prompt.removeFragment('a');
    prompt.setFragment('a', '3');
    expect(summary(prompt)).toEqual(['b: 2', 'a: 3']);
  });
});
