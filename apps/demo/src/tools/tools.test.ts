import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS, demoToolCatalog, demoToolFor, runToolCall, type ToolContext } from './index.js';

const context: ToolContext = {
  now: () => new Date(Date.UTC(2026, 10, 26, 16, 5)),
  timeZone: 'America/New_York',
};
const run = (name: string, args: Record<string, unknown>) =>
  runToolCall({ name, arguments: args as never }, context);

describe('the demo’s tools', () => {
  it('are called by their request names on the demo server', () => {
    expect(DEMO_TOOLS.map((tool) => tool.requestName)).toEqual([
      'demo__calculator',
      'demo__current_time',
      'demo__search_docs',
    ]);
    expect(demoToolFor('demo__calculator')?.name).toBe('calculator');
    expect(demoToolFor('filesystem__read_file')).toBeUndefined();
    expect(demoToolCatalog.tools.map((tool) => `${tool.server}:${tool.name}`)).toEqual([
      'demo:calculator',
      'demo:current_time',
      'demo:search_docs',
    ]);
  });

  it('calculator: the value, or an error result the model sees when it is not arithmetic', () => {
    expect(run('demo__calculator', { expression: '17 * 23' })).toEqual({ content: '391' });
    expect(run('demo__calculator', { expression: 'process.exit()' })).toEqual({
      content:
        'Not calculated: Only numbers, + - * / % ^ and parentheses are allowed; “p” at position 1 is not.',
      isError: true,
    });
    expect(run('demo__calculator', { expression: 42 })).toEqual({
      content: '“expression” must be a non-empty string.',
      isError: true,
    });
    expect(run('demo__calculator', {})).toMatchObject({ isError: true });
    expect(run('demo__calculator', { expression: '1+1', code: 'x' })).toEqual({
      content: 'Unknown argument “code”; it takes expression.',
      isError: true,
    });
  });

  it('current_time: in the user’s time zone unless the call names one; an unknown zone is an error', () => {
    expect(JSON.parse(run('demo__current_time', {}).content)).toEqual({
      iso: '2026-11-26T16:05:00.000Z',
      timeZone: 'America/New_York',
      local: 'Thursday, 26 November 2026 at 11:05',
      offset: 'GMT-5',
    });
    expect(JSON.parse(run('demo__current_time', { timeZone: 'Asia/Kolkata' }).content)).toMatchObject({
      timeZone: 'Asia/Kolkata',
      local: 'Thursday, 26 November 2026 at 21:35',
    });
    expect(run('demo__current_time', { timeZone: 'Nowhere/Else' })).toEqual({
      content: 'Unknown time zone “Nowhere/Else”.',
      isError: true,
    });
  });

  it('search_docs: matching sections as JSON; a missing query or a bad limit is an error', () => {
    const result = run('demo__search_docs', { query: 'export sessions', limit: 1 });
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(result.content)).toEqual({
      query: 'export sessions',
      results: [expect.objectContaining({ title: 'Export and import' })],
    });
    expect(run('demo__search_docs', { query: ' ' })).toMatchObject({ isError: true });
    expect(run('demo__search_docs', { query: 'pins', limit: 9 })).toEqual({
      content: '“limit” must be a whole number from 1 to 5.',
      isError: true,
    });
  });

  it('a tool the demo does not have is an error result, not a throw', () => {
    expect(run('filesystem__delete_file', { path: '/' })).toEqual({
      content: 'The demo cannot run “filesystem__delete_file”: it has no such tool.',
      isError: true,
    });
  });
});
