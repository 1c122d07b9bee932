import type { LeaseScope } from '../session/types.js';

/** When the reflection promotes an ephemeral pin, and to what lease. */
export interface PromotionRules {
  /** An ephemeral pin referenced in this many turns becomes leased. Default 3. */
  readonly promoteAfter: number;
  /** The lease a promoted pin gets. Default 5 turns. */
  readonly lease: LeaseScope;
}

export const DEFAULT_PROMOTION: PromotionRules = { promoteAfter: 3, lease: { kind: 'turns', turns: 5 } };
