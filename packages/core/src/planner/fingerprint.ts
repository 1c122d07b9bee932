import { canonicalJson, hashString } from '../hash/index.js';
import type { Candidate, PlanInput, TurnCandidate } from './types.js';

/** A candidate without its content: the content is represented by its hash, which keeps ids cheap to compute. */
export function fingerprint(candidate: Candidate): unknown {
  switch (candidate.kind) {
    case 'prompt': {
      const { text: _text, ...rest } = candidate;
      return rest;
    }
    case 'item': {
      const { body: _body, card: _card, ...rest } = candidate;
      return rest;
    }
    case 'card': {
      const { text: _text, title: _title, ...rest } = candidate;
      return rest;
    }
    case 'turn': {
      const { messages, ...rest } = candidate;
      return { ...rest, messageIds: messages.map((message) => message.id) };
    }
    case 'checkpoint': {
      const { summary: _summary, ...rest } = candidate;
      return rest;
    }
    case 'current': {
      const { message, steps, ...rest } = candidate;
      return { ...rest, messageId: message.id, stepIds: steps.map((step) => step.id) };
    }
    case 'memory': {
      const { content: _content, ...rest } = candidate;
      return rest;
    }
    case 'recall': {
      const { text: _text, ...rest } = candidate;
      return rest;
    }
    case 'workspace': {
      const { text: _text, ...rest } = candidate;
      return rest;
    }
    case 'capsule': {
      const { summary: _summary, ...rest } = candidate;
      return rest;
    }
  }
}

// Candidates are immutable and the engine reuses them across requests (a committed turn is the same object from
// plan to plan), so each one is fingerprinted once. This keeps the id's cost flat as history grows.
const fingerprints = new WeakMap<Candidate, string>();

function fingerprintHash(candidate: Candidate): string {
  let hash = fingerprints.get(candidate);
  if (hash === undefined) {
    hash = hashString(fingerprintText(candidate));
    fingerprints.set(candidate, hash);
  }
  return hash;
}

/**
 * Fingerprints candidates ahead of planning, so that a plan over them (the first after a reload, over a long
 * history) costs what later plans cost. The engine calls it while a freshly opened session is idle.
 */
export function fingerprintAhead(candidates: Iterable<Candidate>): void {
  for (const candidate of candidates) fingerprintHash(candidate);
}

/** The canonical JSON of a candidate's fingerprint. */
export function fingerprintText(candidate: Candidate): string {
  return (candidate.kind === 'turn' && plainTurnText(candidate)) || canonicalJson(fingerprint(candidate));
}

/**
 * A history turn's fingerprint written directly, for the turns that have exactly the fields the engine gives them:
 * a long history has thousands, and the generic writer sorts and walks each. The same text as canonicalJson (a
 * property test holds it to that); undefined for any other turn.
 */
function plainTurnText(turn: TurnCandidate): string | undefined {
  // Seven own fields, six of them these and `kind`: exactly the plain shape, without sorting every turn's keys.
  if (Object.keys(turn).length !== 7 || !Object.hasOwn(turn, 'messages')) return undefined;
  const { hash, id, section, tokens, turnIndex, messages } = turn;
  if (typeof hash !== 'string' || typeof id !== 'string' || typeof section !== 'string') return undefined;
  if (typeof tokens !== 'number' || typeof turnIndex !== 'number' || !Array.isArray(messages))
    return undefined;
  if (!Object.hasOwn(turn, 'hash') || !Object.hasOwn(turn, 'id') || !Object.hasOwn(turn, 'section'))
    return undefined;
  if (!Object.hasOwn(turn, 'tokens') || !Object.hasOwn(turn, 'turnIndex')) return undefined;
  let ids = '';
  for (let i = 0; i < messages.length; i++) {
    const messageId = (messages[i] as { id?: unknown }).id;
    if (typeof messageId !== 'string') return undefined;
    ids += `${i === 0 ? '' : ','}${JSON.stringify(messageId)}`;
  }
  const number = (value: number) => (Number.isFinite(value) ? String(value) : 'null');
  return `{"hash":${JSON.stringify(hash)},"id":${JSON.stringify(id)},"kind":"turn","messageIds":[${ids}],"section":${JSON.stringify(section)},"tokens":${number(tokens)},"turnIndex":${number(turnIndex)}}`;
}

/** The plan id: a hash of everything that decides the plan, so equal inputs always give equal ids. */
export function planId(input: PlanInput): string {
  const list = (candidates: readonly Candidate[]) => candidates.map(fingerprintHash).join(',');
  return hashString(
    [
      canonicalJson({
        v: 2,
        contextWindow: input.contextWindow,
        reservedOutput: input.reservedOutput,
        mode: input.mode,
        limits: input.limits,
        encoding: input.encoding,
        overhead: input.overhead,
        retrievalSetId: input.retrievalSetId,
        // Only inputs with memories name their share, so ids of plans stored before memories existed still replay.
        ...(input.memory && { memoryShare: input.memoryShare ?? null }),
      }),
      list(input.system),
      list(input.session),
      list(input.pins),
      list(input.agent),
      list(input.history),
      fingerprintHash(input.current),
      input.workspace ? fingerprintHash(input.workspace) : '',
      ...(input.memory ? [`memory:${list(input.memory)}`] : []),
      // Absent before recall existed, and whenever it is off: those ids stay as they were.
      ...(input.recall
        ? [
            `recall:${list(input.recall)}`,
            `recall-room:${canonicalJson([input.recallShare ?? null, input.recallThreshold ?? null])}`,
          ]
        : []),
      // Absent in inputs planned before checkpoints and history policies existed: their ids stay as they were.
      ...(input.checkpoint ? [`checkpoint:${fingerprintHash(input.checkpoint)}`] : []),
      ...(input.historyPolicy ? [`history:${canonicalJson(input.historyPolicy)}`] : []),
      ...(input.historyBlock ? [`block:${canonicalJson(input.historyBlock)}`] : []),
      // Absent before calibration existed, so earlier plans keep their ids.
      ...(input.calibration ? [`calibration:${canonicalJson(input.calibration)}`] : []),
      ...(input.queryCluster !== undefined ? [`cluster:${JSON.stringify(input.queryCluster)}`] : []),
      ...(input.capsules ? [`capsules:${list(input.capsules)}`] : []),
      // Absent unless the request started from an earlier message's context: other ids stay as they were.
      ...(input.reuse ? [`reuse:${canonicalJson(input.reuse)}`] : []),
      // Absent unless automatic mode chose the mode: other ids stay as they were.
      ...(input.auto ? [`auto:${canonicalJson(input.auto)}`] : []),
      // Absent before chat templates and estimates existed: those ids stay as they were.
      ...(input.template !== undefined ? [`template:${JSON.stringify(input.template)}`] : []),
      ...(input.margin !== undefined ? [`margin:${input.margin}`] : []),
    ].join('\n'),
  );
}
