import { describe, expect, it } from 'vitest';
import { distinctiveTerms, findReferences, mentions } from './references.js';

describe('mentions', () => {
  it('finds a name as a whole word, case-insensitively', () => {
    expect(mentions('Use the Database schema here.', 'database schema')).toBe(true);
    expect(mentions('call read_file with the path', 'read_file')).toBe(true);
    expect(mentions('`Session.prepare` plans the request', 'Session')).toBe(true);
  });

  it('does not find a name inside a longer identifier', () => {
    expect(mentions('the SessionRecord type', 'Session')).toBe(false);
    expect(mentions('read_file_sync', 'read_file')).toBe(false);
    expect(mentions('preSession', 'Session')).toBe(false);
  });

  it('does not find a path inside a longer path, but does at a sentence end', () => {
    expect(mentions('see src/a.tsx', 'src/a.ts')).toBe(false);
    expect(mentions('see src/a.ts.map', 'src/a.ts')).toBe(false);
    expect(mentions('see src/a.ts.', 'src/a.ts')).toBe(true);
    expect(mentions('open packages/core/src/a.ts now', 'src/a.ts')).toBe(true);
  });

  it('matches names made of regular-expression syntax literally', () => {
    expect(mentions('the pattern a.*b matches', 'a.*b')).toBe(true);
    expect(mentions('the pattern axxb matches', 'a.*b')).toBe(false);
    expect(mentions('call fn(x)[0] here', 'fn(x)[0]')).toBe(true);
    expect(mentions('call fnx0 here', 'fn(x)[0]')).toBe(false);
    expect(mentions('path C:\\dir\\file.ts', 'C:\\dir\\file.ts')).toBe(true);
    const placeholder = ['$', '{name}'].join('');
    expect(mentions(`$& $1 ${placeholder}`, placeholder)).toBe(true);
  });

  it('ignores names too short to mean anything', () => {
    expect(mentions('an fs call', 'fs')).toBe(false);
    expect(mentions('anything', '  ')).toBe(false);
  });

  it('finds a later occurrence when the first is part of a longer word', () => {
    expect(mentions('SessionRecord and Session', 'Session')).toBe(true);
  });

  it('handles names that start or end with punctuation', () => {
    expect(mentions('run --watch now', '--watch')).toBe(true);
    expect(mentions('uses @ctxkit/core', '@ctxkit/core')).toBe(true);
  });
});

describe('findReferences', () => {
  const targets = [
    { id: 'rule:Auth', names: ['Authentication'] },
    { id: 'tool:fs:read_file', names: ['read_file', 'filesystem__read_file'] },
    { id: 'reference:Schema', names: ['Database schema', 'schema.sql'] },
  ];

  it('returns the ids of the targets mentioned by any name, in target order', () => {
    expect(findReferences('I called filesystem__read_file; schema.sql says so', targets)).toEqual([
      'tool:fs:read_file',
      'reference:Schema',
    ]);
  });

  it('returns nothing for an empty text or text naming nothing', () => {
    expect(findReferences('', targets)).toEqual([]);
    expect(findReferences('nothing relevant here', targets)).toEqual([]);
  });
});

describe('distinctiveTerms', () => {
  it('keeps paths, dotted, snake_case and camelCase words, not plain words', () => {
    expect(
      distinctiveTerms('Use src/engine/session.ts and planContext, read_file, Foo. Plain words stay out.'),
    ).toEqual(['src/engine/session.ts', 'planContext', 'read_file']);
  });
});
