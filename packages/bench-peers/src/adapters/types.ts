import type { SentRequest } from '../checks/index.js';
import type { PeerRequest } from '../prompt/index.js';

/** One library fitting requests under one budget. Only `fit` is timed. */
export interface Fitter<Result = unknown> {
  readonly name: string;
  readonly budget: number;
  /** What a user pays per request: the library's call that builds the request under the budget. */
  fit(request: PeerRequest): Promise<Result>;
  /** Untimed: the result in the common shape the checks read. */
  sent(result: Result): SentRequest;
  /** Untimed: puts the library back as it was before `fit` (ctxkit rolls the prepared turn back). */
  release?(result: Result): void;
}
