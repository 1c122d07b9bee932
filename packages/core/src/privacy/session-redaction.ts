import type { Candidate, PlanInput, PlanRedaction } from '../planner/index.js';
import type { ChatMessage, PromptPartText } from '../session/index.js';
import { redactMessage } from './messages.js';
import type { Redactor } from './redactor.js';

type KindCounts = ReadonlyMap<string, number>;
const NONE: KindCounts = new Map();

function countKinds(kinds: Iterable<string>, into = new Map<string, number>()): Map<string, number> {
  for (const kind of kinds) into.set(kind, (into.get(kind) ?? 0) + 1);
  return into;
}

/**
 * A session's redaction step: every text that enters the session passes through it before it is stored or
 * planned. Messages carry their own `redactions`; what is not a message (the workspace, cards, system-prompt
 * fragments) is remembered here, in the tab, so each plan can say which of its candidates had secrets removed.
 */
export class SessionRedaction {
  readonly #redactor: Redactor;
  readonly #byCandidate = new Map<string, KindCounts>();
  // Fragments keep their identity while unchanged, so token counts cached by part stay valid.
  readonly #fragments = new WeakMap<PromptPartText, PromptPartText>();
  readonly #turns = new WeakMap<readonly ChatMessage[], KindCounts>();

  constructor(redactor: Redactor) {
    this.#redactor = redactor;
  }

  message<M extends ChatMessage>(message: M): M {
    return redactMessage(this.#redactor, message);
  }

  /** Text that is stored but never planned (a title). */
  plain(text: string): string {
    // Only strings are redacted; what else a host passes is stored as before, and validated where it is used.
    return typeof text === 'string' ? this.#redactor.redact(text).text : text;
  }

  /** Plain text of a message-less candidate (`workspace`, `pin:<id>`), replacing what it had before. */
  text(candidateId: string, ...texts: string[]): string[] {
    const kinds: string[] = [];
    const redacted = texts.map((text) => {
      if (typeof text !== 'string') return text;
      const result = this.#redactor.redact(text);
      for (const { kind } of result.redactions) kinds.push(kind);
      return result.text;
    });
    if (kinds.length > 0) this.#byCandidate.set(candidateId, countKinds(kinds));
    else this.#byCandidate.delete(candidateId);
    return redacted;
  }

  /** The system prompt's parts with fragments redacted; the host's own global and agent prompts pass as they are. */
  fragments(parts: readonly PromptPartText[]): PromptPartText[] {
    return parts.map((part) => {
      if (part.part !== 'fragment') return part;
      let redacted = this.#fragments.get(part);
      if (!redacted) {
        const [text = ''] = this.text(`system:fragment:${part.name}`, part.text);
        redacted = text === part.text ? part : { ...part, text };
        this.#fragments.set(part, redacted);
      }
      return redacted;
    });
  }

  /** Which candidates of a plan input had secrets replaced, of what kind and how many, in candidate order. */
  summary(input: Omit<PlanInput, 'redactions'>): PlanRedaction[] {
    const candidates: readonly Candidate[] = [
      ...input.system,
      ...input.pins,
      ...input.history,
      input.current,
      ...(input.workspace ? [input.workspace] : []),
    ];
    const summary: PlanRedaction[] = [];
    for (const candidate of candidates) {
      const counts = this.#counts(candidate);
      for (const kind of [...counts.keys()].sort()) {
        summary.push({ candidateId: candidate.id, kind, count: counts.get(kind) as number });
      }
    }
    return summary;
  }

  #counts(candidate: Candidate): KindCounts {
    switch (candidate.kind) {
      case 'turn': {
        let counts = this.#turns.get(candidate.messages);
        if (!counts) {
          counts = messageKinds(candidate.messages);
          this.#turns.set(candidate.messages, counts);
        }
        return counts;
      }
      case 'current':
        return messageKinds([candidate.message, ...candidate.steps]);
      default:
        return this.#byCandidate.get(candidate.id) ?? NONE;
    }
  }
}

function messageKinds(messages: readonly ChatMessage[]): KindCounts {
  const counts = new Map<string, number>();
  for (const message of messages) {
    if (message.redactions)
      countKinds(
        message.redactions.map((redaction) => redaction.kind),
        counts,
      );
  }
  return counts.size > 0 ? counts : NONE;
}
