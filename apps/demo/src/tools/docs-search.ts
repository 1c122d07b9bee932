import { Bm25Index, tokenize } from '@ctxkit/core';
import { DOC_SECTIONS, type DocSection } from './docs-corpus.js';

// A search over the demo's bundled help with the core's BM25 index (title words count twice those of the text).

export interface DocHit {
  readonly title: string;
  readonly text: string;
}

let index: Bm25Index | null = null;

/** The sections that best match `query`, best first, at most `limit`; none when no word of it occurs. */
export function searchDocs(
  query: string,
  limit = 3,
  sections: readonly DocSection[] = DOC_SECTIONS,
): DocHit[] {
  const built =
    sections === DOC_SECTIONS && index
      ? index
      : new Bm25Index(
          sections.map((section) => [
            { text: section.title, weight: 2 },
            { text: section.text, weight: 1 },
          ]),
        );
  if (sections === DOC_SECTIONS) index = built;
  const terms = [...new Set(tokenize(query))];
  const scores = new Float64Array(sections.length);
  const touched: number[] = [];
  built.accumulate(terms, scores, touched);
  return touched
    .sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b)
    .slice(0, limit)
    .map((at) => {
      const section = sections[at] as DocSection;
      return { title: section.title, text: section.text };
    });
}
