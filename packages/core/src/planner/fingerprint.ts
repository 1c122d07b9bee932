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
    case 'current': {
      const { message, steps, ...rest } = candidate;
      return { ...rest, messageId: message.id, stepIds: steps.map((step) => step.id) };
    }
    case 'workspace': {
      const { text: _text, ...rest } = candidate;
      return rest;
    }
  }
}

/** The plan id: a hash of everything that decides the plan, so equal inputs always give equal ids. */
export function planId(input: PlanInput): string {
  const candidates = (list: readonly Candidate[]) => list.map(fingerprint);
  return hashString(
    canonicalJson({
      v: 1,
      contextWindow: input.contextWindow,
      reservedOutput: input.reservedOutput,
      mode: input.mode,
      limits: input.limits,
      encoding: input.encoding,
      overhead: input.overhead,
      retrievalSetId: input.retrievalSetId,
      system: candidates(input.system),
      session: candidates(input.session),
      pins: candidates(input.pins),
      agent: candidates(input.agent),
      history: candidates(input.history),
      current: fingerprint(input.current),
      workspace: input.workspace && fingerprint(input.workspace),
    }),
  );
}
