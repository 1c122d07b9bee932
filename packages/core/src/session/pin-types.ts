import type { ItemRef } from '../catalog/index.js';

export type PinKind = 'sticky' | 'leased' | 'ephemeral';

/** What a pin keeps in context: a catalog item, a message (its whole turn), or a card of text. */
export type PinTarget =
  | { readonly kind: 'item'; readonly ref: ItemRef }
  | { readonly kind: 'message'; readonly messageId: string }
  | { readonly kind: 'card'; readonly title: string; readonly text: string };

/**
 * How long a leased pin is kept: for a number of committed turns, while a task is the session's task, or while the
 * conversation stays in a query cluster (`session.queryCluster`; see "Query clusters" in docs/suggestions-and-replay.md).
 */
export type LeaseScope =
  | { readonly kind: 'turns'; readonly turns: number }
  | { readonly kind: 'task'; readonly taskId: string }
  | { readonly kind: 'cluster'; readonly clusterId: string };

export type Lease =
  | { readonly kind: 'turns'; readonly turns: number; readonly remaining: number }
  | { readonly kind: 'task'; readonly taskId: string }
  | { readonly kind: 'cluster'; readonly clusterId: string };

export type Pin =
  | {
      readonly id: string;
      readonly kind: 'sticky' | 'ephemeral';
      readonly target: PinTarget;
      readonly createdAt: string;
    }
  | {
      readonly id: string;
      readonly kind: 'leased';
      readonly target: PinTarget;
      readonly lease: Lease;
      readonly createdAt: string;
      /** Set when the conversation earned the lease (the replies used the item), not the user. */
      readonly earned?: EarnedBy;
    };

/** Why a lease was earned: the turns (their user message ids, oldest first) whose replies called or used the item. */
export interface EarnedBy {
  readonly turnIds: readonly string[];
}
