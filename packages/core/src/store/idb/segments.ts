/**
 * Rows of IndexedDB cost about as much to read as their bytes, and a fixed amount each on top: reading 5,000
 * one-message rows took several times longer than reading the same messages in rows of 64, and 20,000 messages in
 * rows of 64 twice as long as in rows of 512. So a session's messages (and its turns) are stored as segments, rows
 * holding a run of consecutive items, merged in two tiers: a commit writes its items as one new row; once the small
 * rows at the end hold SEGMENT_SIZE items or more, the commit that gets there rewrites them as one row; and once the
 * rows at the end that are shorter than LARGE_SEGMENT_SIZE hold that many, they become one large row. Most commits
 * write one small row, and a long session reads in a few dozen rows.
 */
export const SEGMENT_SIZE = 64;
export const LARGE_SEGMENT_SIZE = 512;
const TIERS = [SEGMENT_SIZE, LARGE_SEGMENT_SIZE];

/** A row of a segmented list: the position of its first item and how many it holds. */
export interface Segment {
  readonly start: number;
  readonly count: number;
}

/** The writes that append items: rows to put (with the items from `start` for `count`) and rows to delete. */
export interface SegmentWrites {
  readonly puts: readonly Segment[];
  readonly deletes: readonly number[];
  readonly layout: SegmentLayout;
}

/** Where the rows of a segmented list start and end. Immutable: changes return a new layout. */
export class SegmentLayout {
  readonly segments: readonly Segment[];

  constructor(segments: readonly Segment[] = []) {
    this.segments = segments;
  }

  get length(): number {
    const last = this.segments.at(-1);
    return last ? last.start + last.count : 0;
  }

  /**
   * Appends `count` items: one new row; when the rows at the end shorter than a tier's size reach it, they are
   * merged into one row (64 small rows into one, then rows of 64 into one of 512).
   */
  append(count: number): SegmentWrites {
    if (count === 0) return { puts: [], deletes: [], layout: this };
    let segments: Segment[] = [...this.segments, { start: this.length, count }];
    for (const size of TIERS) {
      // The last row (the new one, or what the tier below merged) joins the shorter rows before it.
      let tail = segments.length - 1;
      while (tail > 0 && (segments[tail - 1] as Segment).count < size) tail -= 1;
      const short = segments.slice(tail);
      const total = short.reduce((sum, segment) => sum + segment.count, 0);
      if (short.length > 1 && total >= size)
        segments = [...segments.slice(0, tail), { start: (short[0] as Segment).start, count: total }];
    }
    const before = new Map(this.segments.map((segment) => [segment.start, segment.count]));
    const starts = new Set(segments.map((segment) => segment.start));
    return {
      puts: segments.filter((segment) => before.get(segment.start) !== segment.count),
      deletes: this.segments.map((segment) => segment.start).filter((start) => !starts.has(start)),
      layout: new SegmentLayout(segments),
    };
  }

  /** The row holding the item at `position`. */
  segmentOf(position: number): Segment | undefined {
    let low = 0;
    let high = this.segments.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const segment = this.segments[middle] as Segment;
      if (position < segment.start) high = middle - 1;
      else if (position >= segment.start + segment.count) low = middle + 1;
      else return segment;
    }
    return undefined;
  }
}

/** Splits `count` items into rows of SEGMENT_SIZE, for writing a whole list at once (migration, import). */
export function chunkLayout(count: number): SegmentLayout {
  const segments: Segment[] = [];
  for (let start = 0; start < count; start += SEGMENT_SIZE)
    segments.push({ start, count: Math.min(SEGMENT_SIZE, count - start) });
  return new SegmentLayout(segments);
}
