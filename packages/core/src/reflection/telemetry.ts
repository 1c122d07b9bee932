import type { RetrievalSet } from '../retrieval/index.js';
import type {
  ChatMessage,
  PinChange,
  SessionRecord,
  TurnWaste,
  UsageReport,
  UserDecision,
} from '../session/index.js';
import { groupTurns } from '../session/index.js';

/**
 * One committed turn as exported: what was planned (plan ids), retrieved (keys, scores, ranks), called, used
 * (usage reports), referenced and wasted, and what the user decided before it. No message text: ids, item keys
 * and numbers only, so an export can be shared for analysis without the conversation.
 */
export interface TelemetryRecord {
  readonly type: 'turn';
  readonly version: 1;
  readonly sessionId: string;
  readonly rootSessionId: string;
  /** The turn's index among the session's own turns (a branch counts from its fork). */
  readonly turnIndex: number;
  /** ISO 8601 time of the user's message. */
  readonly at: string;
  readonly userMessageId: string;
  /** The reply that handed control back; null when the turn has none (it never happens for committed turns). */
  readonly assistantMessageId: string | null;
  /** Every request of the turn, in order: one per model call of its tool loop. */
  readonly planIds: readonly string[];
  readonly retrieval: {
    readonly id: string;
    readonly selector: string;
    readonly hits: readonly { readonly key: string; readonly score: number; readonly rank: number }[];
  } | null;
  readonly toolsCalled: readonly { readonly id: string; readonly name: string; readonly isError: boolean }[];
  readonly usage: readonly UsageReport[];
  readonly referenced: readonly string[];
  readonly waste: TurnWaste | null;
  readonly pinChanges: readonly PinChange[];
  /** The user's decisions since the previous turn: pins, unpins, promotions (open to more kinds). */
  readonly decisions: readonly UserDecision[];
}

export interface TelemetrySource {
  readonly record: SessionRecord;
  /** The session's own messages as stored (a branch's, without what it inherits). */
  readonly messages: readonly ChatMessage[];
  readonly usage: readonly UsageReport[];
  readonly retrievalSets: ReadonlyMap<string, RetrievalSet>;
}

/** One record per committed turn of the session's own messages, oldest first. */
export function telemetryRecords(source: TelemetrySource): TelemetryRecord[] {
  const { record } = source;
  const usageByPlan = new Map<string, UsageReport[]>();
  for (const report of source.usage) {
    usageByPlan.set(report.planId, [...(usageByPlan.get(report.planId) ?? []), report]);
  }
  return groupTurns(source.messages).flatMap((turn): TelemetryRecord[] => {
    const [user] = turn.messages;
    if (!user) return [];
    const replies = turn.messages.flatMap((message) => (message.role === 'assistant' ? [message] : []));
    const final = replies.at(-1);
    const planIds = replies.flatMap((reply) => (reply.requestContext ? [reply.requestContext.planId] : []));
    const retrievalSetId = final?.requestContext?.retrievalSetId;
    const set = retrievalSetId ? source.retrievalSets.get(retrievalSetId) : undefined;
    const results = new Map(
      turn.messages.flatMap((message) => (message.role === 'tool' ? [[message.toolCallId, message]] : [])),
    );
    return [
      {
        type: 'turn',
        version: 1,
        sessionId: record.id,
        rootSessionId: record.branch?.rootSessionId ?? record.id,
        turnIndex: turn.index,
        at: user.createdAt,
        userMessageId: user.id,
        assistantMessageId: final?.id ?? null,
        planIds,
        retrieval: set
          ? {
              id: set.id,
              selector: set.selector,
              hits: set.hits.map(({ key, score, rank }) => ({ key, score, rank })),
            }
          : null,
        toolsCalled: replies.flatMap((reply) =>
          (reply.modelReply.toolCalls ?? []).map((call) => ({
            id: call.id,
            name: call.name,
            isError: results.get(call.id)?.isError === true,
          })),
        ),
        usage: planIds.flatMap((planId) => usageByPlan.get(planId) ?? []),
        referenced: final?.reflection?.referenced ?? [],
        waste: final?.reflection?.waste ?? null,
        pinChanges: final?.reflection?.pinChanges ?? [],
        decisions: final?.reflection?.decisions ?? [],
      },
    ];
  });
}

/** Records as JSON lines: one object per line, each line ending in a newline. */
export function telemetryLines(records: readonly TelemetryRecord[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}
