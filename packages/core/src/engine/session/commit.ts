import { TransactionError } from '../../errors/index.js';
import type {
  AssistantMessage,
  ChatMessage,
  ModelReply,
  Pin,
  SessionRecord,
  TurnReflection,
  Usage,
  UsageReport,
} from '../../session/index.js';
import type { ParsedReply, SuggestionReport } from '../../suggestions/index.js';
import { readSuggestions, suggestionOperations } from '../../suggestions/lazy.js';
import { earnAfterTurn } from '../earned-turn.js';
import { withBlock } from '../history-blocks.js';
import { finalReply } from '../reply.js';
import { rememberNewSummary } from '../summary-memory.js';
import { usageReportOf } from '../turn-records.js';
import { checkUsage } from '../usage-input.js';
import { evidenceOfTurn, reportUse } from '../use-evidence.js';
import type { SessionCore } from './core.js';
import type { CommitResult, OpenTurn, PreparedTurn } from './types.js';

/** A commit in progress: what the turn brought, and what its steps have made of it so far. */
export interface CommitDraft<R> {
  readonly core: SessionCore<R>;
  readonly open: OpenTurn<R>;
  readonly prepared: PreparedTurn<R>;
  readonly usage: Usage | undefined;
  /** The final reply as the model gave it. */
  readonly modelReply: ModelReply;
  /** The record the turn started from: the store must still hold it. */
  readonly before: SessionRecord;
  /** The final reply as stored: without its suggestion lines. */
  reply: ModelReply;
  parsed: ParsedReply | null;
  /** The record to write, changed by each step in turn. */
  record: SessionRecord;
  /** Leases that ended because the conversation left their query cluster. */
  clusterExpired: readonly Pin[];
  /** Leases that ran out with this turn. */
  expired: readonly Pin[];
  reflected?: { readonly reflection: TurnReflection; readonly assistantMessage: AssistantMessage };
  /** Every message the turn writes, user message first. */
  messages: ChatMessage[];
  reports: UsageReport[];
  suggestions?: SuggestionReport;
}

type CommitStep = <R>(draft: CommitDraft<R>) => void | Promise<void>;

/** The reply without the suggestion lines it carried; they are stored as suggestions further on. */
const readSuggestionLines: CommitStep = async (draft) => {
  draft.parsed = await readSuggestions(draft.modelReply.content);
  if (draft.parsed) draft.reply = { ...draft.modelReply, content: draft.parsed.content };
};

/** The record joins the turn's query cluster; leases of the cluster it left end. */
const enterCluster: CommitStep = (draft) => {
  const entered = draft.open.cluster?.enter(draft.record);
  if (!entered) return;
  draft.record = entered.record;
  draft.clusterExpired = entered.expired;
};

/**
 * What the turn taught (references, activation, pins promoted, renewed or lapsed, waste) is written with it, and
 * the reply's message carries it.
 */
const reflect: CommitStep = (draft) => {
  const { core, open, prepared } = draft;
  const turn = core.engine.reflection.turn(
    draft.record,
    prepared,
    [...open.steps, draft.reply],
    open.pinIds,
    draft.clusterExpired,
  );
  const assistantMessage = { ...core.assistantMessage(draft.reply, prepared), reflection: turn.reflection };
  draft.record = turn.record;
  draft.expired = turn.expired;
  draft.reflected = { reflection: turn.reflection, assistantMessage };
  draft.messages = [prepared.userMessage, ...open.steps, assistantMessage];
};

/**
 * The conversation keeps what it uses: leases earned or ended by a change of subject, and what served the query
 * cluster. Told with the turn's pin changes.
 */
const earn: CommitStep = (draft) => {
  const { core, prepared } = draft;
  const { reflection, assistantMessage } = reflected(draft);
  const earned = earnAfterTurn(core.engine, draft.record, {
    ...prepared,
    referenced: reflection.referenced,
    steps: [...draft.open.steps, assistantMessage],
  });
  draft.record = earned.record;
  if (earned.changes.length === 0) return;
  draft.expired = [...draft.expired, ...earned.lapsed];
  const next = { ...reflection, pinChanges: [...reflection.pinChanges, ...earned.changes] };
  const message = { ...assistantMessage, reflection: next };
  draft.reflected = { reflection: next, assistantMessage: message };
  draft.messages = [...draft.messages.slice(0, -1), message];
};

/** The record's turn count and time move on. */
const countTurn: CommitStep = (draft) => {
  const { record } = draft;
  draft.record = { ...record, turnCount: record.turnCount + 1, updatedAt: draft.core.engine.now() };
};

/** The history block the turn's last plan left in force. */
const keepHistoryBlock: CommitStep = (draft) => {
  const { core, prepared } = draft;
  draft.record = withBlock(draft.record, prepared.plan, core.turns, prepared.userMessage.id);
};

/** A checkpoint written for the turn replaces the ones it covers. */
const keepCheckpoint: CommitStep = (draft) => {
  draft.record = draft.core.history.committed(draft.record, draft.core.turnOfMessage);
};

/** The last request's estimate against what the provider reported, after those of the tool loop. */
const reportUsage: CommitStep = (draft) => {
  const { core, open, prepared } = draft;
  const last = usageReportOf(prepared.plan, draft.usage, draft.modelReply, core.engine.model);
  draft.reports = [...open.usage, last];
};

/** Suggestion lines the turn's replies carried become the session's pin suggestions. */
const storeSuggestions: CommitStep = async (draft) => {
  const { core, open, parsed } = draft;
  const carried = parsed
    ? [...open.suggestions, { parsed, messageId: reflected(draft).assistantMessage.id }]
    : open.suggestions;
  if (carried.length === 0) return;
  const { engine } = core;
  const { record, report } = (await suggestionOperations()).withModelSuggestions(draft.record, carried, {
    catalog: engine.catalog,
    now: engine.now(),
    newId: engine.newId,
    redact: (text) => core.redaction.plain(text),
  });
  draft.record = record;
  draft.suggestions = report;
};

/** One store commit: the record (if the store still holds the one the turn started from), messages, plans, usage. */
const writeTurn: CommitStep = async (draft) => {
  const { core, open, prepared } = draft;
  await core.stale(() =>
    core.withStored(() =>
      core.engine.store.commitTurn({
        session: draft.record,
        expected: draft.before,
        messages: draft.messages,
        plans: open.plans,
        usage: draft.reports,
        retrievalSets: prepared.retrievalSet ? [prepared.retrievalSet] : [],
        ...(open.history.blobs.size > 0 && { blobs: open.history.blobs }),
      }),
    ),
  );
};

/** The store has the turn: the session takes it on, recall indexes it, and the turn is closed. */
const applyTurn: CommitStep = (draft) => {
  const { core, record, messages, prepared } = draft;
  core.history.saved();
  core.record = record;
  core.messages.push(...messages);
  core.engine.recall?.committed(record, messages);
  core.addTurn({ id: prepared.userMessage.id, index: core.turns.length, messages });
  core.open = null;
  core.engine.pending.settled(core.id, 'committed');
};

/**
 * What the turn showed about each agent item it sent, and the model's real counts, outlive the session (a selector
 * or calibration may persist them): a private one teaches them nothing.
 */
const teach: CommitStep = (draft) => {
  const { core, open, prepared } = draft;
  if (core.isPrivate) return;
  const { reflection, assistantMessage } = reflected(draft);
  const steps = [...open.steps, assistantMessage];
  const query = prepared.userMessage.content;
  for (const event of evidenceOfTurn(prepared.plan, steps, reflection.referenced, query))
    reportUse(core.engine.selector, event);
  core.engine.reflection.learn(draft.reports);
};

/** A checkpoint the turn added gives cross-conversation memory what it found worth remembering. */
const rememberSummary: CommitStep = (draft) =>
  rememberNewSummary(draft.core.engine.memories, draft.before, draft.record);

/** A commit, in order: each step reads what the steps before it made of the turn. */
export const COMMIT_STEPS: readonly CommitStep[] = [
  readSuggestionLines,
  enterCluster,
  reflect,
  earn,
  countTurn,
  keepHistoryBlock,
  keepCheckpoint,
  reportUsage,
  storeSuggestions,
  writeTurn,
  applyTurn,
  teach,
  rememberSummary,
];

function reflected<R>(draft: CommitDraft<R>): NonNullable<CommitDraft<R>['reflected']> {
  if (!draft.reflected) throw new TransactionError('A commit step ran before the turn was reflected on.');
  return draft.reflected;
}

/** Writes the turn (user message, replies, tool results, plans, usage, lease updates) in one store commit. */
export async function commitTurn<R>(
  core: SessionCore<R>,
  prepared: PreparedTurn<R>,
  reply: ModelReply | string,
  usage?: Usage,
): Promise<CommitResult> {
  checkUsage(usage);
  const open = core.requireOpen(prepared, 'commit');
  const modelReply = finalReply(reply);
  core.committing = true;
  return core
    .exclusive(async () => {
      const draft: CommitDraft<R> = {
        core,
        open,
        prepared,
        usage,
        modelReply,
        before: core.record,
        reply: modelReply,
        parsed: null,
        record: core.record,
        clusterExpired: [],
        expired: [],
        messages: [],
        reports: [],
      };
      for (const step of COMMIT_STEPS) await step(draft);
      const { reflection, assistantMessage } = reflected(draft);
      return {
        assistantMessage,
        messages: draft.messages,
        expiredPins: [...draft.clusterExpired, ...draft.expired],
        reflection,
        ...(draft.suggestions && { suggestions: draft.suggestions }),
      };
    })
    .finally(() => {
      core.committing = false;
    });
}
