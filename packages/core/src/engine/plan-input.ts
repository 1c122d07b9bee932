import { DEFAULT_CARD_TOKENS, expandedIn } from '../cards/index.js';
import type { Catalog, CatalogItem, ItemRef } from '../catalog/index.js';
import { displayName, itemKey, toRef } from '../catalog/index.js';
import type { MemoryEntry } from '../memory/index.js';
import type {
  CardCandidate,
  CheckpointCandidate,
  HistoryBlockInput,
  HistoryPolicy,
  ItemCandidate,
  ItemOrigin,
  ModeLimits,
  PlanInput,
  PlanRedaction,
  PlanReuse,
  RecallCandidate,
  TurnCandidate,
} from '../planner/index.js';
import type { CarryRelation, RetrievalHit, RetrievalSet } from '../retrieval/index.js';
import { withReuse } from '../reuse/index.js';
import type {
  ChatMessage,
  ContextMode,
  PinKind,
  PromptPartText,
  SessionRecord,
  Turn,
  TurnStep,
  UserMessage,
} from '../session/index.js';
import type { CandidateFactory } from './candidates.js';

/** What a session knows when it plans a request: its record and turns, and the engine's settings. */
export interface PlanSources {
  readonly record: SessionRecord;
  readonly mode: ContextMode;
  readonly turns: readonly Turn[];
  /** Which turn each message of a turn belongs to: pins name messages, the planner keeps turns. */
  readonly turnOfMessage: ReadonlyMap<string, Turn>;
  readonly catalog: Catalog;
  readonly candidates: CandidateFactory;
  readonly contextWindow: number;
  readonly reservedOutput: number;
  readonly modeLimits: Readonly<Record<ContextMode, ModeLimits>>;
  /** The system prompt's parts, fragments already redacted. */
  readonly systemParts: readonly PromptPartText[];
  readonly memoryShare: number;
  readonly recallShare: number;
  readonly recallThreshold: number;
  /** The checkpoint in force and the history policy (see `LongHistory.planFields`). */
  readonly historyFields: {
    checkpoint: CheckpointCandidate | null;
    historyPolicy: HistoryPolicy;
    historyBlock?: HistoryBlockInput;
  };
  /** Which candidates had secrets replaced (see `SessionRedaction.summary`). */
  readonly redactions: (input: Omit<PlanInput, 'redactions'>) => PlanRedaction[];
}

/** The request being planned: the user's message, the turn's steps so far, what retrieval and memory offer. */
export interface PlanRequest {
  readonly userMessage: UserMessage;
  readonly steps: readonly TurnStep[];
  readonly retrievalSet: RetrievalSet | null;
  readonly memory: readonly MemoryEntry[];
  /** Passages of earlier conversations found for the message, best first. */
  readonly recall: readonly RecallCandidate[];
  /** The earlier, similar message whose items the request starts from; absent when none. */
  readonly reuse?: PlanReuse;
}

/** A hit found by a trigger carried from an earlier message: how the new message relates to it, and how long ago. */
function carriedOf(hit: RetrievalHit): { carried?: { relation: CarryRelation; age: number } } {
  const trigger = hit.provenance.trigger;
  return trigger &&
    trigger.age > 0 &&
    trigger.relation &&
    trigger.kind !== 'file_open' &&
    trigger.kind !== 'file_edit'
    ? { carried: { relation: trigger.relation, age: trigger.age } }
    : {};
}

/** The planner's input for one request of a turn: every candidate the session, its pins and the agent offer. */
export function buildPlanInput(sources: PlanSources, request: PlanRequest): PlanInput {
  const { record, mode, catalog, candidates, modeLimits } = sources;
  const { userMessage, steps, retrievalSet, memory, recall } = request;
  const current = candidates.current(userMessage, steps);
  const template = candidates.template;

  const session = record.contextItems.map((entry) =>
    candidates.catalogItem(catalog.get(entry), entry, { via: 'session', includeMode: entry.includeMode }),
  );

  const pinnedTurns = new Map<number, { pinId: string; pin: PinKind }>();
  const pins: (ItemCandidate | CardCandidate | TurnCandidate)[] = [];
  const strength: Record<PinKind, number> = { sticky: 2, leased: 1, ephemeral: 0 };
  for (const pin of record.pins) {
    const target = pin.target;
    if (target.kind === 'card') {
      pins.push(candidates.card(pin.id, pin.kind, target.title, target.text));
    } else if (target.kind === 'item') {
      const item = catalog.get(target.ref);
      if (item?.enabled && pin.kind === 'ephemeral') {
        pins.push(candidates.card(pin.id, pin.kind, displayName(item), cardText(item), toRef(item)));
      } else {
        const earned = pin.kind === 'leased' && pin.earned ? ({ earned: true } as const) : {};
        pins.push(
          candidates.catalogItem(item, target.ref, { via: 'pin', pinId: pin.id, pin: pin.kind, ...earned }),
        );
      }
    } else {
      const turn = sources.turnOfMessage.get(target.messageId);
      if (!turn) continue;
      if (pin.kind === 'ephemeral') {
        const message = turn.messages.find((entry) => entry.id === target.messageId) as ChatMessage;
        pins.push(
          candidates.card(pin.id, pin.kind, `${message.role} message`, excerpt(messageText(message))),
        );
        continue;
      }
      const held = pinnedTurns.get(turn.index);
      if (!held || strength[pin.kind] > strength[held.pin])
        pinnedTurns.set(turn.index, { pinId: pin.id, pin: pin.kind });
    }
  }
  for (const [index, pinned] of [...pinnedTurns].sort(([a], [b]) => a - b)) {
    pins.push(candidates.turn(sources.turns[index] as Turn, pinned));
  }

  const agent: ItemCandidate[] = [];
  const limits = modeLimits[mode];
  const hits = (retrievalSet?.hits ?? []).map((hit) => ({ hit, item: catalog.get(hit.key) }));
  const cards = limits.shape === 'cards';
  const expanded = cards
    ? expandedIn(
        steps,
        hits.flatMap(({ item }) => (item ? [item] : [])),
      )
    : new Map<string, string>();
  // Cards past the mode's `describedCards` show the name only; hits come best first, so those are the weakest.
  let described = limits.describedCards ?? Number.POSITIVE_INFINITY;
  /** An enabled item as the mode sends agent items: in full, as a card (described or by name), or with examples. */
  const agentItem = (item: CatalogItem, origin: Extract<ItemOrigin, { via: 'agent' }>) => {
    const expandedBy = expanded.get(item.key);
    if (expandedBy !== undefined) return candidates.item(item, { ...origin, expandedBy });
    if (cards && described-- > 0)
      return candidates.itemCard(item, origin, userMessage.content, limits.cardTokens ?? DEFAULT_CARD_TOKENS);
    if (cards) return candidates.itemNameCard(item, origin);
    return limits.examples ? candidates.itemWithExamples(item, origin) : candidates.item(item, origin);
  };
  for (const { hit, item } of hits) {
    const origin = { via: 'agent', score: hit.score, rank: hit.rank, ...carriedOf(hit) } as const;
    // A selector may offer what the catalog no longer has; the plan then says so instead of losing the hit.
    if (!item?.enabled) agent.push(candidates.catalogItem(item, refOfKey(hit.key, item), origin));
    else agent.push(agentItem(item, origin));
  }
  // Reused items the session holds or pins are sent that way already; the others join retrieval's.
  const held = new Set(
    [...session, ...pins].flatMap((candidate) =>
      candidate.kind === 'item'
        ? [candidate.id]
        : candidate.kind === 'card' && candidate.ref
          ? [itemKey(candidate.ref)]
          : [],
    ),
  );
  const reused =
    request.reuse && limits.topK > 0
      ? withReuse(agent, request.reuse, (key, rank, score) => {
          const item = catalog.get(key);
          return item?.enabled && !held.has(key)
            ? agentItem(item, { via: 'agent', score, rank, reused: true })
            : null;
        })
      : null;

  const history = sources.turns
    .filter((turn) => !pinnedTurns.has(turn.index))
    .map((turn) => candidates.turn(turn));
  const workspace = record.workspace;
  const input: PlanInput = {
    contextWindow: sources.contextWindow,
    reservedOutput: sources.reservedOutput,
    mode,
    limits,
    encoding: candidates.encoding,
    template: template.id,
    ...(template.estimate && { margin: template.estimate.margin }),
    overhead: {
      // The system message (counted whole: a template that folds it into the user's turn only costs less) and the
      // begin of sequence and reply priming.
      fixed: template.message + template.reply,
      toolsPresent: template.toolsPresent,
      ...(cards && { cardsPresent: candidates.cardsOverhead }),
    },
    system: sources.systemParts.map((part) => candidates.prompt(part)),
    session,
    pins,
    agent: reused?.agent ?? agent,
    ...(memory.length > 0 && {
      memory: memory.map((entry) => candidates.memory(entry)),
      memoryShare: sources.memoryShare,
    }),
    ...(recall.length > 0 && {
      recall,
      recallShare: sources.recallShare,
      recallThreshold: sources.recallThreshold,
    }),
    history,
    current,
    workspace: workspace === null ? null : candidates.workspace(workspace),
    retrievalSetId: retrievalSet?.id ?? null,
    ...sources.historyFields,
    ...(reused && { reuse: reused.reuse }),
  };
  const redactions = sources.redactions(input);
  return redactions.length > 0 ? { ...input, redactions } : input;
}

/** The reference of an item key, for keys the catalog may no longer hold (`tool:<server>:<name>`). */
function refOfKey(key: string, item: CatalogItem | undefined): ItemRef {
  if (item) return toRef(item);
  const [type, ...rest] = key.split(':');
  if (type === 'tool') return { type, serverName: rest[0] ?? '', name: rest.slice(1).join(':') };
  return { type: type === 'reference' ? 'reference' : 'rule', name: rest.join(':') };
}

function messageText(message: ChatMessage): string {
  return message.role === 'assistant' ? message.modelReply.content : message.content;
}

const CARD_LENGTH = 280;

function excerpt(text: string): string {
  const line = text.trim();
  if (line.length <= CARD_LENGTH) return line;
  let end = CARD_LENGTH - 1;
  // Never end on the first half of a surrogate pair (an emoji cut in two).
  if (/[\uD800-\uDBFF]/.test(line.charAt(end - 1))) end -= 1;
  return `${line.slice(0, end)}…`;
}

/** The thin card of an item: its description, or the start of its content. */
function cardText(item: CatalogItem): string {
  if (item.description !== '') return excerpt(item.description);
  return item.type === 'tool' ? `Tool on server ${item.serverName}` : excerpt(item.content);
}
