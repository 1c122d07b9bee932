import { itemKey } from '../catalog/index.js';
import { BudgetError, type ErrorIssue, ValidationError } from '../errors/index.js';
import type { PinKind } from '../session/index.js';
import { planCache } from './cache.js';
import { candidatesOf } from './candidates-of.js';
import { planId } from './fingerprint.js';
import { checkBlockInput, cutInBlocks } from './history-block.js';
import { type HistoryEntry, layoutHistory, timeOf } from './history-plan.js';
import { isStableReason as isStable } from './reasons.js';
import {
  type CalibratedEstimate,
  type Candidate,
  type CapsuleUnusedBecause,
  type CarriedFrom,
  type CheckpointCandidate,
  type ContextPlan,
  type ExcludedEntry,
  type ExclusionReason,
  type HistoryBlockState,
  type IncludedEntry,
  type InclusionReason,
  type ItemCandidate,
  type PlanCalibration,
  type PlanInput,
  SECTIONS,
  type Section,
  type SectionTotals,
  type TurnCandidate,
} from './types.js';

function checkInput(input: PlanInput): void {
  const issues: ErrorIssue[] = [];
  const wholeNumber = (value: number, path: string, min: number) => {
    if (!Number.isInteger(value) || value < min)
      issues.push({ path, message: `must be an integer ≥ ${min}, got ${value}` });
  };
  wholeNumber(input.contextWindow, 'contextWindow', 1);
  wholeNumber(input.reservedOutput, 'reservedOutput', 0);
  if (issues.length === 0 && input.reservedOutput >= input.contextWindow) {
    issues.push({
      path: 'reservedOutput',
      message: `${input.reservedOutput} leaves nothing of the ${input.contextWindow}-token context window for the prompt`,
    });
  }
  const { topK, minScore, maxShare } = input.limits;
  wholeNumber(topK, 'limits.topK', 0);
  if (!(minScore >= 0 && minScore <= 1))
    issues.push({ path: 'limits.minScore', message: 'must be between 0 and 1' });
  if (!(maxShare >= 0 && maxShare <= 1))
    issues.push({ path: 'limits.maxShare', message: 'must be between 0 and 1' });
  const checkTokens = (candidates: readonly Candidate[]) => {
    for (const candidate of candidates) {
      if (Number.isInteger(candidate.tokens) && candidate.tokens >= 0) continue;
      issues.push({
        path: `candidates.${candidate.id}.tokens`,
        message: `must be an integer ≥ 0, got ${candidate.tokens}`,
      });
    }
  };
  const checkUnique = (candidates: readonly Candidate[]) => {
    const seen = new Set<string>();
    for (const { id } of candidates) {
      if (seen.has(id)) issues.push({ path: `candidates.${id}`, message: 'id appears twice' });
      seen.add(id);
    }
  };
  wholeNumber(input.overhead.fixed, 'overhead.fixed', 0);
  wholeNumber(input.overhead.toolsPresent, 'overhead.toolsPresent', 0);
  const workspace = input.workspace ? [input.workspace] : [];
  const memory = input.memory ?? [];
  const checkpoint = input.checkpoint ? [input.checkpoint] : [];
  const fixed = [
    ...input.system,
    ...input.session,
    ...memory,
    ...(input.recall ?? []),
    ...input.history,
    ...checkpoint,
    input.current,
    ...workspace,
    ...(input.capsules ?? []),
  ];
  if (input.memoryShare !== undefined && !(input.memoryShare >= 0 && input.memoryShare <= 1))
    issues.push({ path: 'memoryShare', message: 'must be between 0 and 1' });
  if (input.recallShare !== undefined && !(input.recallShare >= 0 && input.recallShare <= 1))
    issues.push({ path: 'recallShare', message: 'must be between 0 and 1' });
  if (input.recallThreshold !== undefined && !Number.isFinite(input.recallThreshold))
    issues.push({ path: 'recallThreshold', message: 'must be a finite number' });
  checkHistoryInput(input, issues);
  checkBlockInput(input.historyBlock, issues);
  checkTokens(candidatesOf(input));
  // Pins and agent items may repeat a session item (the planner excludes them as duplicates); nothing else may.
  checkUnique(fixed);
  checkUnique(input.pins);
  const sessionIds = new Set(input.session.map((candidate) => candidate.id));
  const fixedIds = new Set(fixed.map((candidate) => candidate.id));
  for (const { id } of input.pins) {
    if (fixedIds.has(id) && !sessionIds.has(id))
      issues.push({ path: `candidates.${id}`, message: 'id appears twice' });
  }
  for (const candidate of input.session) {
    if (candidate.origin.via !== 'session')
      issues.push({ path: `session.${candidate.id}`, message: `a session item must have origin 'session'` });
  }
  for (const candidate of input.pins) {
    if (candidate.kind === 'turn' && !candidate.pinned) {
      issues.push({ path: `pins.${candidate.id}`, message: 'a turn among pins must say which pin holds it' });
    }
    if (candidate.kind === 'item' && candidate.origin.via !== 'pin') {
      issues.push({ path: `pins.${candidate.id}`, message: `an item among pins must have origin 'pin'` });
    }
  }
  if (issues.length > 0) throw new ValidationError('Invalid plan input', issues);
}

/** The share of the budget memories may take when the input does not say. */
export const DEFAULT_MEMORY_SHARE = 0.1;
/** The share of the budget recalled passages may take together, unless the input says otherwise. */
export const DEFAULT_RECALL_SHARE = 0.25;

const SHARE_SETTINGS = ['maxShare', 'decay'] as const;
const COUNT_SETTINGS = ['recentTurns', 'errorTurns'] as const;
const SUMMARIZER_STATES: readonly string[] = ['none', 'ok', 'failed'];

function checkHistoryInput(input: PlanInput, issues: ErrorIssue[]): void {
  const policy = input.historyPolicy;
  if (policy !== undefined) {
    for (const name of SHARE_SETTINGS) {
      const value = policy[name];
      if (!(value >= 0 && value <= 1))
        issues.push({ path: `historyPolicy.${name}`, message: `must be between 0 and 1, got ${value}` });
    }
    for (const name of COUNT_SETTINGS) {
      const value = policy[name];
      if (!(Number.isInteger(value) && value >= 0))
        issues.push({ path: `historyPolicy.${name}`, message: `must be an integer ≥ 0, got ${value}` });
    }
    if (!SUMMARIZER_STATES.includes(policy.summarizer)) {
      issues.push({
        path: 'historyPolicy.summarizer',
        message: `must be 'none', 'ok' or 'failed', got ${JSON.stringify(policy.summarizer)}`,
      });
    }
  }
  const checkpoint = input.checkpoint;
  if (checkpoint) {
    const { fromTurn, toTurn } = checkpoint;
    if (!(Number.isInteger(fromTurn) && Number.isInteger(toTurn) && fromTurn >= 0 && fromTurn <= toTurn)) {
      issues.push({
        path: `checkpoint.${checkpoint.id}`,
        message: `must cover turns fromTurn ≤ toTurn (integers ≥ 0), got ${fromTurn}–${toTurn}`,
      });
    }
  }
}

/** Usage reports needed before a calibration factor above 1 shrinks the budget. */
const CALIBRATION_MIN_SAMPLES = 3;

const SECTION_RANK: ReadonlyMap<Section, number> = new Map(SECTIONS.map((section, i) => [section, i]));

/** Prompt order: by section; inside one, stable parts first (so provider prompt caches hit), then as given. */
function orderIncluded(entries: IncludedEntry[]): IncludedEntry[] {
  // Keys are computed once per entry; the sort then only compares numbers.
  const keyed = entries.map((entry, index) => {
    const { candidate, reason } = entry;
    return {
      entry,
      index,
      section: SECTION_RANK.get(candidate.section) ?? 0,
      // History stays chronological, pinned turns included; elsewhere stable parts come first.
      // A checkpoint opens history: it summarizes what came before every turn sent after it.
      volatile: candidate.kind === 'turn' || candidate.kind === 'checkpoint' || isStable(reason) ? 0 : 1,
      position:
        candidate.kind === 'turn'
          ? candidate.turnIndex
          : candidate.kind === 'item'
            ? candidate.order
            : candidate.kind === 'checkpoint'
              ? -1
              : 0,
    };
  });
  keyed.sort(
    (a, b) =>
      a.section - b.section || a.volatile - b.volatile || a.position - b.position || a.index - b.index,
  );
  return keyed.map(({ entry }) => entry);
}

function totals(
  included: readonly IncludedEntry[],
  excluded: readonly ExcludedEntry[],
): Record<Section, SectionTotals> {
  const result = Object.fromEntries(
    SECTIONS.map((s) => [s, { tokens: 0, included: 0, excluded: 0 }]),
  ) as Record<Section, { tokens: number; included: number; excluded: number }>;
  for (const { candidate } of included) {
    result[candidate.section].tokens += candidate.tokens;
    result[candidate.section].included += 1;
  }
  for (const { candidate } of excluded) result[candidate.section].excluded += 1;
  return result;
}

/**
 * Plans one request: a pure function of its input. Required candidates (system prompt, session context,
 * sticky pins, the current turn, the workspace) must all fit or a BudgetError names them. Then, while budget
 * remains: leased pins, ephemeral pins, agent items (within the mode's top-k, threshold and share), and
 * history from the newest turn back, stopping at the first turn that does not fit so history stays contiguous.
 * Every candidate ends up in `included` or `excluded`, each with its reason.
 */
export function planContext(input: PlanInput): ContextPlan {
  checkInput(input);
  // A model that counts more tokens than the planner's tokenizer gets a budget shrunk by the learned factor, so the
  // prompt still fits its window; one that counts fewer keeps the full budget (the planner stays on the safe side).
  const calibration = input.calibration;
  const factor =
    calibration && calibration.samples >= CALIBRATION_MIN_SAMPLES ? Math.max(1, calibration.factor) : 1;
  const available = Math.floor((input.contextWindow - input.reservedOutput) / factor);
  const included: IncludedEntry[] = [];
  const excluded: ExcludedEntry[] = [];
  const taken = new Set<string>();
  const include = (candidate: Candidate, reason: InclusionReason) => {
    included.push({ candidate, reason });
    taken.add(candidate.id);
  };
  const exclude = (candidate: Candidate, reason: ExclusionReason) => excluded.push({ candidate, reason });

  // The tool list costs `toolsPresent` once, with the first tool that is actually sent.
  let toolsCharged = false;
  const costOf = (candidate: Candidate) =>
    candidate.tokens + (candidate.section === 'tools' && !toolsCharged ? input.overhead.toolsPresent : 0);

  // 1. Required: everything the host or the user insisted on.
  const required: [Candidate, InclusionReason][] = input.system.map((c) => [c, { code: 'system-prompt' }]);
  const unavailable = (candidate: ItemCandidate) => {
    if (!candidate.unavailable) return false;
    exclude(candidate, { code: 'unavailable', why: candidate.unavailable });
    return true;
  };
  for (const candidate of input.session) {
    if (unavailable(candidate) || candidate.origin.via !== 'session') continue;
    required.push([candidate, { code: 'session', includeMode: candidate.origin.includeMode }]);
  }
  const optionalPins: (typeof input.pins)[number][] = [];
  const sessionIds = new Set(input.session.map((candidate) => candidate.id));
  for (const candidate of input.pins) {
    if (candidate.kind === 'item' && unavailable(candidate)) continue;
    // A pin on a session item (or a card standing for one) adds nothing: the item is already sent in full.
    const same = candidate.kind === 'card' && candidate.ref ? itemKey(candidate.ref) : candidate.id;
    if (sessionIds.has(same)) {
      exclude(candidate, { code: 'duplicate', of: same });
      continue;
    }
    const pin = pinOf(candidate);
    if (pin.pin === 'sticky') required.push([candidate, { code: 'pinned', ...pin }]);
    else optionalPins.push(candidate);
  }
  required.push([input.current, { code: 'current-turn' }]);
  if (input.workspace) required.push([input.workspace, { code: 'workspace' }]);

  const requiredTools = required.some(([candidate]) => candidate.section === 'tools');
  const requiredOverhead = input.overhead.fixed + (requiredTools ? input.overhead.toolsPresent : 0);
  const requiredTokens = required.reduce((sum, [candidate]) => sum + candidate.tokens, 0);
  if (requiredOverhead + requiredTokens > available) {
    throw new BudgetError(available - requiredOverhead, [
      ...required.map(([c]) => ({ id: c.id, section: c.section, tokens: c.tokens })),
    ]);
  }
  for (const [candidate, reason] of required) include(candidate, reason);
  toolsCharged = requiredTools;
  let remaining = available - requiredOverhead - requiredTokens;
  const take = (candidate: Candidate, reason: InclusionReason) => {
    remaining -= costOf(candidate);
    toolsCharged ||= candidate.section === 'tools';
    include(candidate, reason);
  };

  // 2. Leased pins, then ephemeral ones.
  const byPinStrength = [...optionalPins].sort(
    (a, b) => (pinOf(a).pin === 'leased' ? 0 : 1) - (pinOf(b).pin === 'leased' ? 0 : 1),
  );
  // A pinned turn left out for budget ends history there: older turns must not be sent without it.
  let droppedPinnedTurn: TurnCandidate | null = null;
  for (const candidate of byPinStrength) {
    if (costOf(candidate) <= remaining) take(candidate, { code: 'pinned', ...pinOf(candidate) });
    else {
      exclude(candidate, { code: 'budget', needed: costOf(candidate), remaining });
      if (candidate.kind === 'turn' && candidate.turnIndex > (droppedPinnedTurn?.turnIndex ?? -1)) {
        droppedPinnedTurn = candidate;
      }
    }
  }

  // 3 and 4. Agent items in rank order, within the mode's limits; history newest first, as one contiguous run.
  const { topK, minScore, maxShare } = input.limits;
  const shareCap = Math.floor(available * maxShare);
  let agentCount = 0;
  let agentTokens = 0;
  const considerAgent = (candidate: ItemCandidate) => {
    if (unavailable(candidate)) return;
    const score = candidate.origin.via === 'agent' ? candidate.origin.score : 0;
    const rank = candidate.origin.via === 'agent' ? candidate.origin.rank : 0;
    if (taken.has(candidate.id)) exclude(candidate, { code: 'duplicate', of: candidate.id });
    else if (score < minScore) exclude(candidate, { code: 'below-threshold', score, threshold: minScore });
    else if (agentCount >= topK) exclude(candidate, { code: 'mode-limit', mode: input.mode, limit: topK });
    else if (agentTokens + candidate.tokens > shareCap)
      exclude(candidate, { code: 'agent-share', cap: shareCap });
    else if (costOf(candidate) > remaining)
      exclude(candidate, { code: 'budget', needed: costOf(candidate), remaining });
    else {
      const { activation, carried } = candidate.origin as { activation?: number; carried?: CarriedFrom };
      take(candidate, {
        code: 'agent',
        score,
        rank,
        ...(activation && { activation }),
        ...(carried && { carried }),
      });
      agentCount += 1;
      agentTokens += candidate.tokens;
    }
  };

  // Memories from other conversations, best first, within their share of the budget. They come after every agent
  // item, so retrieval decides the same with or without them. Without a history policy they come before history;
  // with one, history and retrieval are weighed against each other first, and memories get the room left, so what
  // another conversation learned never displaces this one's own turns.
  const memoryCap = Math.floor(available * (input.memoryShare ?? DEFAULT_MEMORY_SHARE));
  let memoryTokens = 0;
  const considerMemories = () => {
    for (const candidate of input.memory ?? []) {
      if (memoryTokens + candidate.tokens > memoryCap)
        exclude(candidate, { code: 'memory-share', cap: memoryCap });
      else if (candidate.tokens > remaining)
        exclude(candidate, { code: 'budget', needed: candidate.tokens, remaining });
      else {
        take(candidate, { code: 'memory', memoryId: candidate.memoryId, source: candidate.source });
        memoryTokens += candidate.tokens;
      }
    }
  };

  // Age counts from the newest committed turn, pinned or not.
  const newest = Math.max(-1, ...input.history.map((turn) => turn.turnIndex), ...pinnedTurnIndexes(input));
  const policy = input.historyPolicy;
  const { summarized, stream } = layoutHistory(input, newest);
  for (const turn of summarized) {
    exclude(turn, {
      code: 'summarized',
      checkpointId: (input.checkpoint as CheckpointCandidate).checkpointId,
    });
  }
  const historyCap = policy ? Math.floor(available * policy.maxShare) : Number.POSITIVE_INFINITY;
  let historyTokens = 0;
  let cutoff: string | null = null;
  const considerHistory = ({ candidate, importance }: HistoryEntry) => {
    if (cutoff === null && droppedPinnedTurn && timeOf(candidate) < droppedPinnedTurn.turnIndex) {
      cutoff = droppedPinnedTurn.id;
    }
    if (cutoff !== null) exclude(candidate, { code: 'history-cutoff', after: cutoff });
    else if (policy && historyTokens + candidate.tokens > historyCap) {
      exclude(candidate, {
        code: 'history-share',
        cap: historyCap,
        summarizer: policy.summarizer,
        ...(importance && { importance }),
      });
      cutoff = candidate.id;
    } else if (candidate.tokens > remaining) {
      exclude(candidate, { code: 'budget', needed: candidate.tokens, remaining });
      cutoff = candidate.id;
    } else {
      historyTokens += candidate.tokens;
      take(
        candidate,
        candidate.kind === 'checkpoint'
          ? {
              code: 'checkpoint',
              checkpointId: candidate.checkpointId,
              fromTurn: candidate.fromTurn,
              toTurn: candidate.toTurn,
            }
          : {
              code: 'history',
              age: newest - candidate.turnIndex,
              ...(importance && { importance }),
            },
      );
    }
  };

  let block: HistoryBlockState | undefined;
  // Room a block leaves under its high-water mark: recall may use it, to bring back what the cut dropped.
  let blockSlack = 0;
  if (input.historyBlock) {
    // History cut in blocks is decided first, as one unit: it is the prefix the provider caches. Its high-water mark
    // leaves the agent items their share whenever retrieval ran, so the mark does not move with what was found.
    const reserve = input.retrievalSetId !== null ? shareCap : 0;
    const high = Math.max(0, Math.min(historyCap, remaining - reserve));
    const low = Math.min(high, Math.floor(available * input.historyBlock.keepShare));
    const cut = cutInBlocks(stream, input.historyBlock, high, low);
    for (const entry of cut.kept) considerHistory(entry);
    blockSlack = Math.max(0, high - historyTokens);
    const after = cut.kept.at(-1)?.candidate.id ?? input.current.id;
    for (const { candidate } of cut.dropped)
      exclude(candidate, { code: 'history-cutoff', after, block: cut.state.block });
    block = cut.state;
    for (const candidate of input.agent) considerAgent(candidate);
    considerMemories();
  } else if (!policy) {
    for (const candidate of input.agent) considerAgent(candidate);
    considerMemories();
    for (const entry of stream) considerHistory(entry);
  } else {
    // Both streams keep their own order; whichever head is worth more goes next, history on a tie. Recent and
    // critical turns weigh 1, so they always come before retrieved items; older turns compete by their decay.
    let a = 0;
    let h = 0;
    while (a < input.agent.length || h < stream.length) {
      const agent = input.agent[a];
      const entry = stream[h];
      if (entry && (!agent || entry.weight >= agentValue(agent))) {
        considerHistory(entry);
        h++;
      } else if (agent) {
        considerAgent(agent);
        a++;
      }
    }
    considerMemories();
  }

  // Passages recalled from earlier conversations, best first, in their share of the room history and retrieval
  // left: what this conversation carries itself comes first, and a passage the history already sends is not sent
  // twice.
  const sentMessages = new Map<string, string>();
  if (input.recall?.length)
    for (const { candidate } of included)
      if (candidate.kind === 'turn')
        for (const message of candidate.messages) sentMessages.set(message.id, candidate.id);
  const recallCap = Math.floor(available * (input.recallShare ?? DEFAULT_RECALL_SHARE)) + blockSlack;
  const threshold = input.recallThreshold ?? 0;
  let recallTokens = 0;
  for (const candidate of input.recall ?? []) {
    const inHistory = candidate.messageIds
      .map((id) => sentMessages.get(id))
      .find((turn) => turn !== undefined);
    if (inHistory !== undefined) exclude(candidate, { code: 'duplicate-of-history', of: inHistory });
    else if (candidate.score < threshold)
      exclude(candidate, { code: 'below-threshold', score: candidate.score, threshold });
    else if (recallTokens + candidate.tokens > recallCap)
      exclude(candidate, { code: 'recall-share', cap: recallCap });
    else if (candidate.tokens > remaining)
      exclude(candidate, { code: 'budget', needed: candidate.tokens, remaining });
    else {
      take(candidate, {
        code: 'recalled',
        score: candidate.score,
        sessionId: candidate.sessionId,
        messageIds: candidate.messageIds,
        createdAt: candidate.createdAt,
      });
      recallTokens += candidate.tokens;
    }
  }

  // 5. Capsules, last: a summary stands in for a reference left out for room, in what room is left, so it never
  // displaces anything the plan would otherwise send.
  const reasonOf = new Map<string, ExclusionReason>();
  for (const entry of excluded) reasonOf.set(entry.candidate.id, entry.reason);
  for (const capsule of input.capsules ?? []) {
    const id = itemKey(capsule.ref);
    const why = reasonOf.get(id)?.code;
    if (capsule.stale) exclude(capsule, { code: 'capsule-stale' });
    else if (why !== 'budget' && why !== 'agent-share' && why !== 'mode-limit')
      exclude(capsule, {
        code: 'capsule-unused',
        reference: taken.has(id) ? 'included' : ((why ?? 'absent') as CapsuleUnusedBecause),
      });
    else if (capsule.tokens > remaining)
      exclude(capsule, { code: 'budget', needed: capsule.tokens, remaining });
    else take(capsule, { code: 'capsule', for: id, instead: why });
  }

  const ordered = orderIncluded(included);
  const used = available - remaining;
  return {
    id: planId(input),
    mode: input.mode,
    limits: input.limits,
    encoding: input.encoding,
    budget: {
      contextWindow: input.contextWindow,
      reservedOutput: input.reservedOutput,
      available,
      used,
      overhead: input.overhead.fixed + (toolsCharged ? input.overhead.toolsPresent : 0),
    },
    sections: totals(ordered, excluded),
    included: ordered,
    excluded,
    retrievalSetId: input.retrievalSetId,
    redactions: input.redactions ?? [],
    ...(calibration && { calibration: calibrated(calibration, used, factor > 1) }),
    ...(input.queryCluster !== undefined && { queryCluster: input.queryCluster }),
    cache: planCache(ordered, input.overhead.toolsPresent, block),
  };
}

function agentValue(candidate: ItemCandidate): number {
  return candidate.origin.via === 'agent' ? candidate.origin.score : 0;
}

function pinnedTurnIndexes(input: PlanInput): number[] {
  return input.pins.flatMap((candidate) => (candidate.kind === 'turn' ? [candidate.turnIndex] : []));
}

/** Which pin holds a pin candidate; checkInput has made sure every one says. */
function pinOf(candidate: PlanInput['pins'][number]): { pin: PinKind; pinId: string } {
  if (candidate.kind === 'card') return { pin: candidate.pin, pinId: candidate.pinId };
  if (candidate.kind === 'turn') return candidate.pinned as { pin: PinKind; pinId: string };
  const { origin } = candidate as ItemCandidate & { origin: { via: 'pin' } };
  return { pin: origin.pin, pinId: origin.pinId };
}

/** The plan's token count in the model's tokens, with a range of ± two spreads (about 95 % of requests). */
function calibrated(calibration: PlanCalibration, used: number, tightened: boolean): CalibratedEstimate {
  const tokens = used * calibration.factor;
  const width = Math.exp(2 * calibration.spread);
  return {
    ...calibration,
    tokens: Math.round(tokens),
    low: Math.floor(tokens / width),
    high: Math.ceil(tokens * width),
    tightened,
  };
}
