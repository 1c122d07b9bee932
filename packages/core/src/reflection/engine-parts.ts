import { type ErrorIssue, NotFoundError } from '../errors/index.js';
import type { RetrievalSet } from '../retrieval/index.js';
import type { LeaseScope, Waste } from '../session/index.js';
import type { Store } from '../store/index.js';
import { DEFAULT_PROMOTION, type PromotionRules } from './rules.js';
import { telemetryLines, telemetryRecords } from './telemetry.js';
import { totalWaste } from './waste.js';

/** The promotion rules an engine option asks for, with what is wrong with them. */
export function resolvePromotion(
  options: Partial<PromotionRules> | undefined,
  issues: ErrorIssue[],
): PromotionRules {
  const { promoteAfter, lease } = options ?? {};
  if (promoteAfter !== undefined && !(Number.isInteger(promoteAfter) && promoteAfter >= 1)) {
    issues.push({ path: 'promotion.promoteAfter', message: `must be an integer ≥ 1, got ${promoteAfter}` });
  }
  if (lease !== undefined && !isLeaseScope(lease)) {
    issues.push({
      path: 'promotion.lease',
      message: `must be { kind: 'turns', turns ≥ 1 } or { kind: 'task', taskId }, got ${JSON.stringify(lease)}`,
    });
  }
  return { ...DEFAULT_PROMOTION, ...options };
}

function isLeaseScope(lease: LeaseScope): boolean {
  return lease?.kind === 'turns'
    ? Number.isInteger(lease.turns) && lease.turns >= 1
    : lease?.kind === 'task' && typeof lease.taskId === 'string';
}

/** The waste of every committed turn of a stored session, summed. */
export async function sessionWaste(store: Store, sessionId: string): Promise<Waste> {
  const loaded = await store.loadSession(sessionId);
  if (!loaded) throw new NotFoundError('session', sessionId);
  return totalWaste(
    loaded.messages.flatMap((message) =>
      message.role === 'assistant' && message.reflection ? [message.reflection.waste] : [],
    ),
  );
}

/** Telemetry as JSON lines for one stored session, or for every one (`sessionId` undefined). */
export async function exportTelemetry(store: Store, sessionId?: string): Promise<string> {
  const ids = sessionId === undefined ? (await store.listSessions()).map((record) => record.id) : [sessionId];
  let lines = '';
  for (const id of ids) {
    const loaded = await store.loadSession(id);
    if (!loaded) throw new NotFoundError('session', id);
    const retrievalSets = new Map<string, RetrievalSet>();
    for (const message of loaded.messages) {
      const setId = message.role === 'assistant' ? message.requestContext?.retrievalSetId : undefined;
      const set = setId && !retrievalSets.has(setId) ? await store.getRetrievalSet(setId) : undefined;
      if (set) retrievalSets.set(set.id, set);
    }
    const usage = await store.listUsage(id);
    lines += telemetryLines(telemetryRecords({ ...loaded, usage, retrievalSets }));
  }
  return lines;
}
