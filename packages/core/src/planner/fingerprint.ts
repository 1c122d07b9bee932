import { canonicalJson, hashString } from '../hash/index.js';
import type { Candidate, PlanInput } from './types.js';

/** A candidate without its content: the content is represented by its hash, which keeps ids cheap to compute. */
function fingerprint(candidate: Candidate): unknown {
  switch (candidate.kind) {
    case 'prompt': {
      const { text: _text, ...rest } = candidate;
      return rest;
    }
    case 'item': {
      const { body: _body, ...rest } = candidate;
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
    hash = hashString(canonicalJson(fingerprint(candidate)));
    fingerprints.set(candidate, hash);
  }
  return hash;
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
      // Absent in inputs planned before checkpoints and history policies existed: their ids stay as they were.
      ...(input.checkpoint ? [`checkpoint:${fingerprintHash(input.checkpoint)}`] : []),
      ...(input.historyPolicy ? [`history:${canonicalJson(input.historyPolicy)}`] : []),
      // Absent before calibration existed, so earlier plans keep their ids.
      ...(input.calibration ? [`calibration:${canonicalJson(input.calibration)}`] : []),
      ...(input.queryCluster !== undefined ? [`cluster:${JSON.stringify(input.queryCluster)}`] : []),
      ...(input.capsules ? [`capsules:${list(input.capsules)}`] : []),
    ].join('\n'),
  );
}
