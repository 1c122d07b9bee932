/**
 * Test helper (not exported from index.ts): fast-check arbitraries for valid planner inputs, shaped like the ones
 * the engine builds (see engine/session.ts `#planInput` and engine/candidates.ts).
 */
import fc from 'fast-check';
import type {
  AssistantMessage,
  ChatMessage,
  ContextMode,
  PinKind,
  ToolResultMessage,
  TurnStep,
  UserMessage,
} from '../session/index.js';
import {
  type Candidate,
  type CardCandidate,
  type CheckpointCandidate,
  type CurrentCandidate,
  candidatesOf,
  DEFAULT_MODE_LIMITS,
  type ItemCandidate,
  type ItemOrigin,
  type MemoryCandidate,
  type ModeLimits,
  type PlanInput,
  type PromptCandidate,
  type RecallCandidate,
  type Section,
  type SummarizerStatus,
  type TurnCandidate,
  type WorkspaceCandidate,
} from './index.js';

const CREATED_AT = '2026-01-01T00:00:00.000Z';

type ItemType = 'rule' | 'reference' | 'tool';

interface ItemSpec {
  readonly type: ItemType;
  readonly tokens: number;
  readonly order: number;
  readonly unavailable: 'missing' | 'disabled' | null;
  readonly hash: number;
}

interface ContentSpec {
  readonly tokens: number;
  readonly hash: number;
}

type PinSpec =
  | {
      readonly kind: 'item';
      readonly item: ItemSpec;
      readonly pin: PinKind;
      readonly dupOfSession: number | null;
    }
  | { readonly kind: 'card'; readonly content: ContentSpec; readonly pin: PinKind };

interface TurnSpec {
  readonly content: ContentSpec;
  /** Set when a message of the turn is pinned: the turn goes among the pins instead of the history. */
  readonly pinned: PinKind | null;
  /** -1: no assistant message; otherwise how many tool calls the assistant made. */
  readonly calls: number;
  /** After the tool results, a final assistant reply. */
  readonly finalReply: boolean;
  /** The first tool call failed (its result is an error). */
  readonly error: boolean;
}

interface HistorySpec {
  readonly policy: {
    readonly maxShare: number;
    readonly recentTurns: number;
    readonly errorTurns: number;
    readonly decay: number;
    readonly summarizer: SummarizerStatus;
  } | null;
  /** A checkpoint through turn `through` modulo the number of turns (with its own tokens), or none. */
  readonly checkpoint: { readonly through: number; readonly content: ContentSpec } | null;
}

interface AgentSpec {
  readonly item: ItemSpec;
  /** Score in hundredths, so that it sometimes equals the threshold exactly. */
  readonly score: number;
  /** Index (modulo) of an available session item this agent candidate repeats, or null. */
  readonly dupOfSession: number | null;
}

type BudgetSpec =
  | { readonly kind: 'over'; readonly permille: number }
  | { readonly kind: 'fit'; readonly permille: number }
  | { readonly kind: 'roomy'; readonly extra: number }
  /** Just around the sum of the first `count` optional candidates in planning order: boundaries get hit. */
  | { readonly kind: 'edge'; readonly count: number; readonly delta: number };

export interface PlanInputSpec {
  readonly system: readonly ContentSpec[];
  readonly session: readonly (ItemSpec & { readonly includeMode: 'always' | 'manual' })[];
  readonly pins: readonly PinSpec[];
  readonly turns: readonly TurnSpec[];
  readonly agent: readonly AgentSpec[];
  /** Memories from other conversations; null: the input has none (a session that takes no memories). */
  readonly memory: readonly (ContentSpec & { readonly preference: boolean })[] | null;
  /** Percent; null: the planner's default share. */
  readonly memoryShare: number | null;
  /**
   * Passages recalled for the message; `ofTurn` makes one quote a message of that history turn (a duplicate of
   * history when the turn is sent). null: the input has none (recall off).
   */
  readonly recall:
    | readonly (ContentSpec & { readonly score: number; readonly ofTurn: number | null })[]
    | null;
  /** Percent; null: the planner's default share. */
  readonly recallShare: number | null;
  /** History cut in blocks (`keepShare` in percent); null or absent: history slides. */
  readonly historyBlock?: {
    readonly from: number | null;
    readonly block: number;
    readonly keepShare: number;
  } | null;
  readonly current: ContentSpec & { readonly stepCalls: number };
  readonly workspace: ContentSpec | null;
  readonly mode: ContextMode;
  readonly limits: ModeLimits | null;
  readonly overhead: { readonly fixed: number; readonly toolsPresent: number };
  /** Agent items sent as cards (every `every`-th by rank), and what the first card brings; null: none. */
  readonly cards?: { readonly every: number; readonly present: number } | null;
  readonly reservedOutput: number;
  readonly budget: BudgetSpec;
  readonly encoding: string;
  readonly retrievalSetId: string | null;
  readonly history?: HistorySpec;
}

/** Token counts: integers ≥ 0, mostly small, sometimes zero, sometimes large. */
export const tokensArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 3000 }) },
);

const contentArb: fc.Arbitrary<ContentSpec> = fc.record({
  tokens: tokensArb,
  hash: fc.integer({ min: 0, max: 0xffffff }),
});

const pinKindArb: fc.Arbitrary<PinKind> = fc.constantFrom('sticky', 'leased', 'ephemeral');

const itemSpecArb = (unavailableWeight: number): fc.Arbitrary<ItemSpec> =>
  fc.record({
    type: fc.constantFrom<ItemType>('rule', 'reference', 'tool'),
    tokens: tokensArb,
    order: fc.integer({ min: 0, max: 10_000 }),
    unavailable: fc.oneof(
      { weight: 10 - unavailableWeight, arbitrary: fc.constant(null) },
      {
        weight: unavailableWeight,
        arbitrary: fc.constantFrom<'missing' | 'disabled'>('missing', 'disabled'),
      },
    ),
    hash: fc.integer({ min: 0, max: 0xffffff }),
  });

const pinSpecArb: fc.Arbitrary<PinSpec> = fc.oneof(
  fc.record({
    kind: fc.constant('item' as const),
    item: itemSpecArb(1),
    pin: pinKindArb,
    dupOfSession: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.nat({ max: 20 }) },
    ),
  }),
  fc.record({ kind: fc.constant('card' as const), content: contentArb, pin: pinKindArb }),
);

const turnSpecArb: fc.Arbitrary<TurnSpec> = fc.record({
  content: contentArb,
  pinned: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: pinKindArb }),
  calls: fc.integer({ min: -1, max: 3 }),
  finalReply: fc.boolean(),
  error: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

const historySpecArb: fc.Arbitrary<HistorySpec> = fc.record({
  policy: fc.option(
    fc.record({
      maxShare: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
      recentTurns: fc.integer({ min: 0, max: 4 }),
      errorTurns: fc.integer({ min: 0, max: 6 }),
      decay: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
      summarizer: fc.constantFrom<SummarizerStatus>('none', 'ok', 'failed'),
    }),
    { nil: null, freq: 3 },
  ),
  checkpoint: fc.option(fc.record({ through: fc.nat({ max: 20 }), content: contentArb }), {
    nil: null,
    freq: 2,
  }),
});

const agentSpecArb: fc.Arbitrary<AgentSpec> = fc.record({
  item: itemSpecArb(1),
  score: fc.integer({ min: 0, max: 100 }),
  dupOfSession: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.nat({ max: 20 }) },
  ),
});

const limitsArb: fc.Arbitrary<ModeLimits> = fc.record({
  topK: fc.integer({ min: 0, max: 6 }),
  minScore: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
  maxShare: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
});

export interface PlanInputOptions {
  /** Leave out budgets meant to overflow the required items (they still may, rarely, by chance). */
  readonly fitting?: boolean;
  /** Always give the input a history policy (and often a checkpoint); by default only sometimes. */
  readonly withHistoryPolicy?: boolean;
  /** No recall candidates and no history blocks, drawn exactly as inputs were drawn before recall existed. */
  readonly withoutRecall?: boolean;
}

export function planInputSpecArb(options: PlanInputOptions = {}): fc.Arbitrary<PlanInputSpec> {
  const budget: fc.Arbitrary<BudgetSpec> = fc.oneof(
    ...(options.fitting
      ? []
      : [
          {
            weight: 1,
            arbitrary: fc.record({
              kind: fc.constant('over' as const),
              permille: fc.integer({ min: 0, max: 1000 }),
            }),
          },
        ]),
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('fit' as const),
        permille: fc.integer({ min: 0, max: 1300 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('roomy' as const), extra: fc.integer({ min: 0, max: 2000 }) }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('edge' as const),
        count: fc.nat({ max: 12 }),
        delta: fc.integer({ min: -1, max: 1 }),
      }),
    },
  );
  // Recall is drawn after the rest, so inputs drawn before it existed are drawn the same (their ids are pinned).
  const recall = fc.record({
    recall: fc.option(
      fc.array(
        fc.record({
          tokens: tokensArb,
          hash: fc.integer({ min: 0, max: 0xffffff }),
          score: fc.integer({ min: 0, max: 20 }),
          ofTurn: fc.option(fc.nat({ max: 7 }), { nil: null }),
        }),
        { maxLength: 6 },
      ),
      { nil: null, freq: 3 },
    ),
    recallShare: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  });
  const rest = fc.record({
    system: fc.array(contentArb, { maxLength: 4 }),
    session: fc.array(
      fc
        .tuple(itemSpecArb(2), fc.constantFrom<'always' | 'manual'>('always', 'manual'))
        .map(([item, includeMode]) => ({
          ...item,
          includeMode,
        })),
      { maxLength: 6 },
    ),
    pins: fc.array(pinSpecArb, { maxLength: 5 }),
    turns: fc.array(turnSpecArb, { maxLength: 8 }),
    agent: fc.array(agentSpecArb, { maxLength: 10 }),
    memory: fc.option(
      fc.array(
        fc.record({
          tokens: tokensArb,
          hash: fc.integer({ min: 0, max: 0xffffff }),
          preference: fc.boolean(),
        }),
        {
          maxLength: 6,
        },
      ),
      { nil: null, freq: 3 },
    ),
    memoryShare: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    current: fc.record({
      tokens: tokensArb,
      hash: fc.integer({ min: 0, max: 0xffffff }),
      stepCalls: fc.integer({ min: 0, max: 2 }),
    }),
    workspace: fc.option(contentArb, { nil: null }),
    mode: fc.constantFrom<ContextMode>('off', 'light', 'heavy'),
    limits: fc.option(limitsArb, { nil: null }),
    overhead: fc.record({
      fixed: fc.integer({ min: 0, max: 12 }),
      toolsPresent: fc.integer({ min: 0, max: 20 }),
    }),
    reservedOutput: fc.integer({ min: 0, max: 4096 }),
    budget,
    encoding: fc.constantFrom('o200k_base', 'cl100k_base'),
    retrievalSetId: fc.option(
      fc.integer({ min: 0, max: 0xffff }).map((n) => `rs-${n}`),
      { nil: null },
    ),
    history: options.withHistoryPolicy
      ? historySpecArb.filter((spec) => spec.policy !== null)
      : fc.oneof(
          { weight: 1, arbitrary: fc.constant({ policy: null, checkpoint: null }) },
          { weight: 1, arbitrary: historySpecArb },
        ),
  });
  // Drawn last, for the same reason.
  const historyBlock = fc.option(
    fc.record({
      from: fc.option(fc.nat({ max: 9 }), { nil: null }),
      block: fc.nat({ max: 3 }),
      keepShare: fc.integer({ min: 0, max: 100 }),
    }),
    { nil: null, freq: 2 },
  );
  if (options.withoutRecall) return rest.map((spec) => ({ ...spec, recall: null, recallShare: null }));
  const cards = fc.option(
    fc.record({ every: fc.integer({ min: 1, max: 3 }), present: fc.integer({ min: 0, max: 40 }) }),
    { nil: null },
  );
  return fc
    .tuple(rest, recall, historyBlock, cards)
    .map(([spec, recalled, block, carded]) => ({ ...spec, ...recalled, historyBlock: block, cards: carded }));
}

/** A valid PlanInput: ids unique except deliberate agent (and pin) repeats of session items. */
export function planInputArb(options: PlanInputOptions = {}): fc.Arbitrary<PlanInput> {
  return planInputSpecArb(options).map(buildPlanInput);
}

const sectionOf = (type: ItemType): Section =>
  type === 'rule' ? 'rules' : type === 'reference' ? 'references' : 'tools';

function hex(n: number): string {
  return n.toString(16).padStart(6, '0');
}

function itemCandidate(spec: ItemSpec, n: number, origin: ItemOrigin): ItemCandidate {
  const name = `${spec.type}${n}`;
  const ref =
    spec.type === 'tool'
      ? ({ type: 'tool', name, serverName: 'srv' } as const)
      : ({ type: spec.type, name } as const);
  const id = spec.type === 'tool' ? `tool:srv:${name}` : `${spec.type}:${name}`;
  if (spec.unavailable) {
    // As the engine's `unavailableItem`: it costs nothing and has no body.
    return {
      kind: 'item',
      id,
      section: sectionOf(spec.type),
      tokens: 0,
      hash: '',
      ref,
      origin,
      unavailable: spec.unavailable,
      body: null,
      order: Number.MAX_SAFE_INTEGER,
    };
  }
  return {
    kind: 'item',
    id,
    section: sectionOf(spec.type),
    tokens: spec.tokens,
    hash: hex(spec.hash),
    ref,
    origin,
    body:
      spec.type === 'tool'
        ? {
            type: 'tool',
            functionName: `srv__${name}`,
            description: `Tool ${name}`,
            inputSchema: { type: 'object' },
          }
        : { type: spec.type, content: `Content of ${name}`, description: `About ${name}` },
    order: spec.order,
  };
}

function toolLoop(prefix: string, calls: number, error = false): TurnStep[] {
  const callIds = Array.from({ length: calls }, (_, j) => `call-${prefix}-${j}`);
  const assistant: AssistantMessage = {
    id: `a-${prefix}`,
    role: 'assistant',
    createdAt: CREATED_AT,
    modelReply: {
      content: calls > 0 ? '' : `Reply ${prefix}`,
      ...(calls > 0 && {
        toolCalls: callIds.map((id, j) => ({ id, name: `srv__tool${j}`, arguments: { n: j } })),
      }),
    },
  };
  const results = callIds.map(
    (toolCallId, j): ToolResultMessage => ({
      id: `r-${prefix}-${j}`,
      role: 'tool',
      createdAt: CREATED_AT,
      toolCallId,
      toolName: `srv__tool${j}`,
      content: `Result ${j} of ${prefix}`,
      ...(error && j === 0 && { isError: true }),
    }),
  );
  return [assistant, ...results];
}

function turnMessages(index: number, spec: TurnSpec): ChatMessage[] {
  const user: UserMessage = {
    id: `u${index}`,
    role: 'user',
    content: `Question ${index}`,
    createdAt: CREATED_AT,
  };
  if (spec.calls < 0) return [user];
  const messages: ChatMessage[] = [user, ...toolLoop(String(index), spec.calls, spec.error)];
  if (spec.calls > 0 && spec.finalReply) {
    messages.push({
      id: `f${index}`,
      role: 'assistant',
      createdAt: CREATED_AT,
      modelReply: { content: `Answer ${index}` },
    });
  }
  return messages;
}

export function buildPlanInput(spec: PlanInputSpec): PlanInput {
  let next = 0;
  const fresh = () => next++;

  const system = spec.system.map((content, i): PromptCandidate => {
    const part = i === 0 ? 'global' : i === 1 ? 'agent' : 'fragment';
    const name = part === 'fragment' ? `f${i}` : part;
    return {
      kind: 'prompt',
      id: part === 'fragment' ? `system:fragment:${name}` : `system:${part}`,
      section: 'system',
      tokens: content.tokens,
      hash: hex(content.hash),
      part,
      name,
      text: `Prompt part ${i}`,
    };
  });

  const session = spec.session.map((item) =>
    itemCandidate(item, fresh(), { via: 'session', includeMode: item.includeMode }),
  );
  const availableSession = session.filter((candidate) => !candidate.unavailable);

  const pins: (ItemCandidate | CardCandidate | TurnCandidate)[] = [];
  spec.pins.forEach((pinSpec, i) => {
    const pinId = `p${i}`;
    if (pinSpec.kind === 'card') {
      pins.push({
        kind: 'card',
        id: `pin:${pinId}`,
        section: 'pins',
        tokens: pinSpec.content.tokens,
        hash: hex(pinSpec.content.hash),
        pinId,
        pin: pinSpec.pin,
        title: `Card ${i}`,
        text: `Card text ${i}`,
      });
      return;
    }
    const origin = { via: 'pin', pinId, pin: pinSpec.pin } as const;
    const repeated =
      pinSpec.dupOfSession === null ? undefined : session[pinSpec.dupOfSession % session.length];
    // An item pinned while it is also in the session context (the engine builds such inputs).
    if (repeated && !pins.some((pin) => pin.id === repeated.id)) pins.push({ ...repeated, origin });
    else pins.push(itemCandidate(pinSpec.item, fresh(), origin));
  });

  const history: TurnCandidate[] = [];
  spec.turns.forEach((turnSpec, index) => {
    const candidate: TurnCandidate = {
      kind: 'turn',
      id: `turn:u${index}`,
      section: 'history',
      tokens: turnSpec.content.tokens,
      hash: hex(turnSpec.content.hash),
      turnIndex: index,
      messages: turnMessages(index, turnSpec),
    };
    if (turnSpec.pinned) pins.push({ ...candidate, pinned: { pinId: `pt${index}`, pin: turnSpec.pinned } });
    else history.push(candidate);
  });

  // Retrieval ranks by score, best first.
  const ranked = [...spec.agent].sort((a, b) => b.score - a.score);
  const agent = ranked.map((agentSpec, rank): ItemCandidate => {
    const origin = { via: 'agent', score: agentSpec.score / 100, rank: rank + 1 } as const;
    const repeated =
      agentSpec.dupOfSession === null || availableSession.length === 0
        ? undefined
        : availableSession[agentSpec.dupOfSession % availableSession.length];
    // A fresh object with the session item's id: the planner must exclude it as a duplicate.
    if (repeated) return { ...repeated, origin };
    const candidate = itemCandidate(agentSpec.item, fresh(), origin);
    // Light mode's shape: every n-th retrieved item is sent as a card.
    return spec.cards && rank % spec.cards.every === 0 && !candidate.unavailable
      ? { ...candidate, card: { purpose: 'What it is for.' } }
      : candidate;
  });

  const currentMessage: UserMessage = {
    id: 'u-current',
    role: 'user',
    content: 'Current question',
    createdAt: CREATED_AT,
  };
  const current: CurrentCandidate = {
    kind: 'current',
    id: `current:${currentMessage.id}`,
    section: 'current',
    tokens: spec.current.tokens,
    hash: hex(spec.current.hash),
    message: currentMessage,
    steps: spec.current.stepCalls > 0 ? toolLoop('current', spec.current.stepCalls) : [],
  };
  const workspace: WorkspaceCandidate | null = spec.workspace && {
    kind: 'workspace',
    id: 'workspace',
    section: 'workspace',
    tokens: spec.workspace.tokens,
    hash: hex(spec.workspace.hash),
    text: 'Workspace text',
  };

  const memory = spec.memory?.map(
    (memorySpec, i): MemoryCandidate => ({
      kind: 'memory',
      id: `memory:m${i}`,
      section: 'memory',
      tokens: memorySpec.tokens,
      hash: hex(memorySpec.hash),
      memoryId: `m${i}`,
      content: memorySpec.preference
        ? { kind: 'preference', key: `key${i}`, value: `Value ${i}` }
        : { kind: 'key-point', text: `Key point ${i}` },
      source: { sessionId: `s${i % 3}`, rootSessionId: `s${i % 3}`, messageId: `msg${i}` },
    }),
  );
  const recall = spec.recall?.map((recallSpec, i): RecallCandidate => {
    const quoted =
      recallSpec.ofTurn === null ? undefined : history[recallSpec.ofTurn % (history.length || 1)];
    return {
      kind: 'recall',
      id: `recall:r${i}`,
      section: 'recall',
      tokens: recallSpec.tokens,
      hash: hex(recallSpec.hash),
      sessionId: `s${i % 2}`,
      messageIds: quoted ? quoted.messages.map((message) => message.id) : [`recalled-${i}`],
      createdAt: '2026-01-01T00:00:00.000Z',
      text: `user: said <earlier> ${i}`,
      score: recallSpec.score,
    };
  });
  const turnCount = spec.turns.length;
  const checkpointSpec = spec.history?.checkpoint;
  const checkpoint: CheckpointCandidate | null =
    checkpointSpec && turnCount > 0
      ? {
          kind: 'checkpoint',
          id: 'checkpoint:c1',
          section: 'history',
          tokens: checkpointSpec.content.tokens,
          hash: hex(checkpointSpec.content.hash),
          checkpointId: 'c1',
          summary: 'Summary of <earlier> turns',
          fromTurn: 0,
          toTurn: checkpointSpec.through % turnCount,
        }
      : null;
  const policy = spec.history?.policy;

  const limits = spec.limits ?? DEFAULT_MODE_LIMITS[spec.mode];
  const draft = {
    mode: spec.mode,
    limits,
    encoding: spec.encoding,
    overhead: spec.cards ? { ...spec.overhead, cardsPresent: spec.cards.present } : spec.overhead,
    system,
    session,
    pins,
    agent,
    ...(memory && { memory }),
    ...(memory && spec.memoryShare !== null && { memoryShare: spec.memoryShare / 100 }),
    ...(recall && { recall }),
    ...(recall && spec.recallShare !== null && { recallShare: spec.recallShare / 100 }),
    history,
    current,
    workspace,
    retrievalSetId: spec.retrievalSetId,
    ...(checkpoint && { checkpoint }),
    ...(policy && { historyPolicy: policy }),
    ...(spec.historyBlock && {
      historyBlock: { ...spec.historyBlock, keepShare: spec.historyBlock.keepShare / 100 },
    }),
  };

  // Budgets relative to what the input needs: sometimes short of the required items, often partly or fully roomy.
  const base = spec.overhead.fixed + (hasRequiredTool(draft) ? spec.overhead.toolsPresent : 0);
  const required = sum(requiredCandidates(draft)) + base;
  const requiredSet = new Set<Candidate>(requiredCandidates(draft));
  const sessionIds = new Set(session.map((candidate) => candidate.id));
  const optionalPins = pins.filter(
    (candidate) =>
      !requiredSet.has(candidate) &&
      !(candidate.kind === 'item' && candidate.unavailable) &&
      !sessionIds.has(candidate.id),
  );
  // Roughly the order the planner considers optional candidates in.
  const optionalInOrder = [
    ...optionalPins.filter((candidate) => pinKindOf(candidate) === 'leased'),
    ...optionalPins.filter((candidate) => pinKindOf(candidate) !== 'leased'),
    ...agent
      .filter(
        (candidate) =>
          !candidate.unavailable &&
          !sessionIds.has(candidate.id) &&
          candidate.origin.via === 'agent' &&
          candidate.origin.score >= limits.minScore,
      )
      .slice(0, limits.topK),
    ...(memory ?? []),
    ...[...history].reverse().filter((turn) => !checkpoint || turn.turnIndex > checkpoint.toTurn),
    ...(checkpoint ? [checkpoint] : []),
    ...(recall ?? []),
  ];
  const optional = sum(optionalInOrder);
  let available: number;
  switch (spec.budget.kind) {
    case 'over':
      available = required - 1 - Math.floor(((required - 1) * spec.budget.permille) / 1000);
      break;
    case 'fit':
      available = required + Math.floor((optional * spec.budget.permille) / 1000);
      break;
    case 'roomy':
      available = required + optional + spec.budget.extra;
      break;
    case 'edge':
      available = required + sum(optionalInOrder.slice(0, spec.budget.count)) + spec.budget.delta;
      break;
  }
  available = Math.max(1, available);
  return { ...draft, contextWindow: available + spec.reservedOutput, reservedOutput: spec.reservedOutput };
}

function sum(candidates: readonly Candidate[]): number {
  return candidates.reduce((total, candidate) => total + candidate.tokens, 0);
}

type CandidateLists = Pick<
  PlanInput,
  'system' | 'session' | 'pins' | 'agent' | 'history' | 'current' | 'workspace'
> &
  Pick<Partial<PlanInput>, 'memory' | 'recall'>;

/** Every candidate of an input, each object once, in input order. */
export const allCandidates: (input: CandidateLists) => Candidate[] = candidatesOf;

/** A pin candidate's strength, whatever its kind. */
export function pinKindOf(candidate: PlanInput['pins'][number]): PinKind | undefined {
  if (candidate.kind === 'card') return candidate.pin;
  if (candidate.kind === 'turn') return candidate.pinned?.pin;
  return candidate.origin.via === 'pin' ? candidate.origin.pin : undefined;
}

/**
 * What must be sent, as the design says: the system prompt, the available session items, available sticky pins
 * (other than repeats of session items), the current turn and the workspace.
 */
export function requiredCandidates(input: CandidateLists): Candidate[] {
  const sessionIds = new Set(input.session.filter((c) => !c.unavailable).map((c) => c.id));
  return [
    ...input.system,
    ...input.session.filter((c) => !c.unavailable),
    ...input.pins.filter(
      (c) => pinKindOf(c) === 'sticky' && !(c.kind === 'item' && c.unavailable) && !sessionIds.has(c.id),
    ),
    input.current,
    ...(input.workspace ? [input.workspace] : []),
  ];
}

/** Whether a required candidate is a tool: then the `toolsPresent` overhead is part of what must fit. */
export function hasRequiredTool(input: CandidateLists): boolean {
  return requiredCandidates(input).some((candidate) => candidate.section === 'tools');
}
