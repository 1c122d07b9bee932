import type { Attachment } from '../attachments/index.js';
import { ValidationError } from '../errors/index.js';
import { type ContextPlan, type PlanInput, planContext } from '../planner/index.js';
import type { RetrievalSet } from '../retrieval/index.js';
import type { UserMessage } from '../session/index.js';

/** What estimating a draft needs from its session: retrieval and the plan input a request would get. */
export interface DraftPlanner {
  select(query: string): Promise<RetrievalSet | null>;
  planInput(message: UserMessage, retrievalSet: RetrievalSet | null): PlanInput;
  now(): string;
}

/** The id the draft's user message carries in an estimate; a real turn's message gets a fresh id. */
export const DRAFT_MESSAGE_ID = 'draft';

/**
 * Plans a request for text the user has not sent yet, exactly as `prepare` would, but opens no turn and writes
 * nothing, so a budget meter can show the cost of a draft while it is typed. An empty draft runs no retrieval:
 * it shows what the next request carries besides the message.
 */
export async function estimateDraft(
  draftText: string,
  planner: DraftPlanner,
  attachments: readonly Attachment[] = [],
): Promise<ContextPlan> {
  if (typeof draftText !== 'string') {
    throw new ValidationError('Invalid draft', [{ path: 'draftText', message: 'must be a string' }]);
  }
  const message: UserMessage = {
    id: DRAFT_MESSAGE_ID,
    role: 'user',
    content: draftText,
    createdAt: planner.now(),
    ...(attachments.length > 0 && { attachments }),
  };
  const retrievalSet = draftText.trim() === '' ? null : await planner.select(draftText);
  return planContext(planner.planInput(message, retrievalSet));
}
