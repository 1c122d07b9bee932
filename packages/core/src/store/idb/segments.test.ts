import fc from 'fast-check';
import { expect, test } from 'vitest';
import { chunkLayout, LARGE_SEGMENT_SIZE, SEGMENT_SIZE, type Segment, SegmentLayout } from './segments.js';

/** Plays appends on a layout and on a model of the rows (start → items), as the store writes them. */
function play(counts: readonly number[]) {
  let layout = new SegmentLayout();
  const rows = new Map<number, number>();
  let writtenRows = 0;
  for (const count of counts) {
    const writes = layout.append(count);
    for (const start of writes.deletes) rows.delete(start);
    for (const segment of writes.puts) rows.set(segment.start, segment.count);
    writtenRows += writes.puts.length;
    layout = writes.layout;
  }
  return { layout, rows, writtenRows };
}

test('appends keep rows contiguous and matching the layout; small rows at the end never reach a segment', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 150 }), { maxLength: 80 }), (counts) => {
      const { layout, rows } = play(counts);
      const total = counts.reduce((sum, count) => sum + count, 0);
      expect(layout.length).toBe(total);
      expect([...rows].sort(([a], [b]) => a - b)).toEqual(layout.segments.map((s) => [s.start, s.count]));
      let next = 0;
      for (const segment of layout.segments) {
        expect(segment.start).toBe(next);
        expect(segment.count).toBeGreaterThan(0);
        next += segment.count;
      }
      const small = layout.segments.filter((segment) => segment.count < SEGMENT_SIZE);
      expect(small.reduce((sum, segment) => sum + segment.count, 0)).toBeLessThan(SEGMENT_SIZE);
      const medium = layout.segments.filter((segment) => segment.count < LARGE_SEGMENT_SIZE);
      expect(medium.reduce((sum, segment) => sum + segment.count, 0)).toBeLessThan(LARGE_SEGMENT_SIZE);
      for (let position = 0; position < total; position += 7) {
        const segment = layout.segmentOf(position) as Segment;
        expect(position >= segment.start && position < segment.start + segment.count).toBe(true);
      }
      expect(layout.segmentOf(total)).toBeUndefined();
    }),
  );
});

test('a long run of two-message commits is stored in rows of a segment, each commit writing one row', () => {
  const { layout, writtenRows } = play(Array.from({ length: 2_500 }, () => 2));
  // Rows of 512, then fewer than 8 rows of 64, then fewer than 32 commits' rows.
  expect(layout.segments.length).toBeLessThanOrEqual(
    Math.floor(5_000 / LARGE_SEGMENT_SIZE) + LARGE_SEGMENT_SIZE / SEGMENT_SIZE + SEGMENT_SIZE / 2,
  );
  expect(layout.segments.filter((segment) => segment.count >= LARGE_SEGMENT_SIZE)).toHaveLength(9);
  expect(writtenRows).toBe(2_500);
  expect(chunkLayout(130).segments).toEqual([
    { start: 0, count: 64 },
    { start: 64, count: 64 },
    { start: 128, count: 2 },
  ]);
});
