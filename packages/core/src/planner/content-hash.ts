import { canonicalJson, hashString } from '../hash/index.js';
import type { ChatMessage, TurnStep } from '../session/index.js';
import type { Candidate } from './types.js';

// The request context records what was sent; it is not itself sent, so it is not part of a message's content.
function sent(message: ChatMessage | TurnStep): unknown {
  if (message.role !== 'assistant' || !message.requestContext) return message;
  const { requestContext: _recorded, ...rest } = message;
  return rest;
}

/** What a candidate says, as opposed to how it is budgeted or why it is there. */
function content(candidate: Candidate): unknown {
  switch (candidate.kind) {
    case 'prompt':
      return [candidate.part, candidate.name, candidate.text];
    case 'item':
      return candidate.card
        ? [candidate.ref, candidate.body, candidate.card]
        : [candidate.ref, candidate.body];
    case 'card':
      return [candidate.title, candidate.text, candidate.ref ?? null];
    case 'turn':
      return candidate.messages.map(sent);
    case 'checkpoint':
      return [candidate.checkpointId, candidate.fromTurn, candidate.toTurn, candidate.summary];
    case 'current':
      return [candidate.message, ...candidate.steps].map(sent);
    case 'memory':
      return candidate.content;
    case 'recall':
      return [candidate.sessionId, candidate.messageIds, candidate.createdAt, candidate.text];
    case 'workspace':
      return candidate.text;
    case 'capsule':
      // Confidence and date joined later: a capsule without them hashes as it always did, so stored plans replay.
      return candidate.confidence === undefined && candidate.generatedAt === undefined
        ? [candidate.ref, candidate.summary, candidate.contentHash, candidate.source ?? null]
        : [
            candidate.ref,
            candidate.summary,
            candidate.contentHash,
            candidate.source ?? null,
            candidate.confidence ?? null,
            candidate.generatedAt ?? null,
          ];
  }
}

/**
 * The hash a candidate carries in `hash`: of its content only. The plan id is computed from these hashes, so
 * replaying a stored input first recomputes them: content changed after planning cannot pass for the original.
 */
export function contentHash(candidate: Candidate): string {
  return hashString(canonicalJson(content(candidate)));
}
