/**
 * Rows of IndexedDB cost about as much to read as their bytes, and a fixed amount each on top: reading 5,000
 * one-message rows took several times longer than reading the same messages in rows of 64. So a session's messages
 * (and its turns) are stored as segments, rows holding a run of consecutive items. A commit writes its items as one
 * new row; once the small rows at the end hold SEGMENT_SIZE items or more, the commit that gets there rewrites them
 * as one row. Most commits write one small row, and a long session reads in a few dozen rows.
 */
export const SEGMENT_SIZE = 64;

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

  /** Appends `count` items: one new row, or, when the small rows at the end reach SEGMENT_SIZE, one merged row. */
  append(count: number): SegmentWrites {
    if (count === 0) return { puts: [], deletes: [], layout: this };
    const length = this.length;
    let tail = this.segments.length;
    while (tail > 0 && (this.segments[tail - 1] as Segment).count < SEGMENT_SIZE) tail -= 1;
    const small = this.segments.slice(tail);
    const smallCount = length - (small[0]?.start ?? length);
    if (small.length > 0 && smallCount + count >= SEGMENT_SIZE) {
      const merged = { start: (small[0] as Segment).start, count: smallCount + count };
      return {
        puts: [merged],
        deletes: small.map((segment) => segment.start).filter((start) => start !== merged.start),
        layout: new SegmentLayout([...this.segments.slice(0, tail), merged]),
      };
    }
    const added = { start: length, count };
    return { puts: [added], deletes: [], layout: new SegmentLayout([...this.segments, added]) };
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
