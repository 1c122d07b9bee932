/** A turn in which the replies called or used an item: its index (the record's turn count then) and user message id. */
export interface ItemUse {
  readonly turn: number;
  readonly turnId: string;
}

/**
 * An earned lease the user removed: the item is not earned again while the scope it had lasts (its query cluster is
 * the current one, or the turn count is below `untilTurn`).
 */
export interface EarnedDismissal {
  /** The item key (`tool:fs:read_file`). */
  readonly key: string;
  readonly scope:
    | { readonly kind: 'cluster'; readonly clusterId: string }
    | { readonly kind: 'turns'; readonly untilTurn: number };
}

/** What the session remembers to earn leases: recent uses of each item, and the earned leases the user removed. */
export interface EarnedState {
  /** By item key: the turns of the rules' window that used it, oldest first. */
  readonly uses: Readonly<Record<string, readonly ItemUse[]>>;
  readonly dismissed: readonly EarnedDismissal[];
}

/**
 * A query cluster the conversation was in, remembered with what served it (the items its turns' replies called or
 * used), so a later similar message can start from them.
 */
export interface ServedCluster {
  readonly id: string;
  /** The cluster's centroid when it was last served. */
  readonly centroid: readonly number[];
  /** The turns (user message ids) whose items are remembered, oldest first. */
  readonly turnIds: readonly string[];
  /** Item keys, most recently used first. */
  readonly items: readonly string[];
}
