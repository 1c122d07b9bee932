import { describe, expect, it } from 'vitest';
import { searchDocs } from './docs-search.js';

describe('searchDocs', () => {
  it('finds the section about what was asked, best first', () => {
    expect(searchDocs('how do I export my sessions?')[0]?.title).toBe('Export and import');
    expect(searchDocs('pin a message for the next turns')[0]?.title).toBe('Pins');
    expect(searchDocs('approve tool calls')[0]?.title).toBe('Tools and approval');
  });

  it('gives at most `limit` sections, each once', () => {
    const hits = searchDocs('the session reply branch settings', 2);
    expect(hits).toHaveLength(2);
    expect(new Set(hits.map((hit) => hit.title)).size).toBe(2);
  });

  it('finds nothing for words the help does not have', () => {
    expect(searchDocs('zzyzx quux')).toEqual([]);
  });

  it('searches the sections it is given', () => {
    const sections = [
      { title: 'Alpha', text: 'apples and pears' },
      { title: 'Beta', text: 'pears only' },
    ];
    expect(searchDocs('apples', 3, sections)).toEqual([{ title: 'Alpha', text: 'apples and pears' }]);
  });
});
