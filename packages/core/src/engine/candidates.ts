import { type CatalogItem, type ItemRef, itemKey } from '../catalog/index.js';
import { canonicalJson, hashString } from '../hash/index.js';
import type {
  CardCandidate,
  CurrentCandidate,
  ItemBody,
  ItemCandidate,
  ItemOrigin,
  PromptCandidate,
  TurnCandidate,
  WorkspaceCandidate,
} from '../planner/index.js';
import { formatCard, formatFragment, formatItem, formatToolForCounting } from '../render/index.js';
import type { ChatMessage, PinKind, PromptPartText, TurnStep, UserMessage } from '../session/index.js';
import { TOKEN_OVERHEAD, type TokenCounter } from '../tokens/index.js';
import type { Turn } from './turns.js';

/** A part of a system prompt or context block is followed by a blank line: about one token. */
const SEPARATOR_TOKENS = 1;

interface Measured {
  readonly body: ItemBody;
  readonly tokens: number;
  readonly hash: string;
}

/**
 * Builds planner candidates, measuring each piece of content once: items, prompt parts and committed turns are
 * cached by identity, so the cost of preparing a turn does not grow with the length of the history.
 */
export class CandidateFactory {
  readonly #counter: TokenCounter;
  readonly #items = new WeakMap<CatalogItem, Measured>();
  readonly #itemCandidates = new WeakMap<CatalogItem, Map<string, ItemCandidate>>();
  readonly #turns = new WeakMap<Turn, TurnCandidate>();
  readonly #prompts = new Map<string, PromptCandidate>();

  constructor(counter: TokenCounter) {
    this.#counter = counter;
  }

  get encoding(): string {
    return this.#counter.encoding;
  }

  prompt(part: PromptPartText): PromptCandidate {
    const key = `${part.part}\n${part.name}\n${part.text}`;
    let candidate = this.#prompts.get(key);
    if (!candidate) {
      const text = part.part === 'fragment' ? formatFragment(part.name, part.text) : part.text;
      candidate = {
        kind: 'prompt',
        id: `system:${part.part === 'fragment' ? `fragment:${part.name}` : part.part}`,
        section: 'system',
        tokens: this.#counter.count(text) + SEPARATOR_TOKENS,
        hash: hashString(key),
        part: part.part,
        name: part.name,
        text: part.text,
      };
      // Fragments change; keep the cache from growing with every version of them.
      if (this.#prompts.size > 256) this.#prompts.clear();
      this.#prompts.set(key, candidate);
    }
    return candidate;
  }

  /** The same object for the same item and origin, so plans can reuse what they computed about it. */
  item(item: CatalogItem, origin: ItemOrigin): ItemCandidate {
    const key = canonicalJson(origin);
    let byOrigin = this.#itemCandidates.get(item);
    const cached = byOrigin?.get(key);
    if (cached) return cached;
    if (!byOrigin || byOrigin.size > 64) {
      byOrigin = new Map();
      this.#itemCandidates.set(item, byOrigin);
    }
    const candidate = this.#newItem(item, origin);
    byOrigin.set(key, candidate);
    return candidate;
  }

  #newItem(item: CatalogItem, origin: ItemOrigin): ItemCandidate {
    const measured = this.#measure(item);
    return {
      kind: 'item',
      id: item.key,
      section: item.type === 'rule' ? 'rules' : item.type === 'reference' ? 'references' : 'tools',
      tokens: measured.tokens,
      hash: measured.hash,
      ref:
        item.type === 'tool'
          ? { type: 'tool', name: item.name, serverName: item.serverName }
          : { type: item.type, name: item.name },
      origin,
      body: measured.body,
      order: item.order,
    };
  }

  /** A session item the catalog no longer has (or has disabled): it costs nothing and is excluded with a reason. */
  unavailableItem(ref: ItemRef, origin: ItemOrigin, why: 'missing' | 'disabled'): ItemCandidate {
    return {
      kind: 'item',
      id: itemKey(ref),
      section: ref.type === 'rule' ? 'rules' : ref.type === 'reference' ? 'references' : 'tools',
      tokens: 0,
      hash: '',
      ref,
      origin,
      unavailable: why,
      body: null,
      order: Number.MAX_SAFE_INTEGER,
    };
  }

  card(pinId: string, pin: PinKind, title: string, text: string): CardCandidate {
    return {
      kind: 'card',
      id: `pin:${pinId}`,
      section: 'pins',
      tokens: this.#counter.count(formatCard(title, text)) + SEPARATOR_TOKENS,
      hash: hashString(canonicalJson([title, text])),
      pinId,
      pin,
      title,
      text,
    };
  }

  turn(turn: Turn, pinned?: { pinId: string; pin: PinKind }): TurnCandidate {
    let candidate = this.#turns.get(turn);
    if (!candidate) {
      candidate = {
        kind: 'turn',
        id: `turn:${turn.id}`,
        section: 'history',
        tokens: turn.messages.reduce((sum, message) => sum + this.messageTokens(message), 0),
        hash: hashString(canonicalJson(turn.messages.map(withoutRequestContext))),
        turnIndex: turn.index,
        messages: turn.messages,
      };
      this.#turns.set(turn, candidate);
    }
    return pinned ? { ...candidate, pinned } : candidate;
  }

  current(message: UserMessage, steps: readonly TurnStep[]): CurrentCandidate {
    return {
      kind: 'current',
      id: `current:${message.id}`,
      section: 'current',
      tokens: this.messageTokens(message) + steps.reduce((sum, step) => sum + this.messageTokens(step), 0),
      hash: hashString(canonicalJson([message, ...steps].map(withoutRequestContext))),
      message,
      steps,
    };
  }

  workspace(text: string): WorkspaceCandidate {
    return {
      kind: 'workspace',
      id: 'workspace',
      section: 'workspace',
      tokens: TOKEN_OVERHEAD.message + this.#counter.count(text),
      hash: hashString(text),
      text,
    };
  }

  /** What a message costs when sent, overheads included. Notes are never sent and cost nothing. */
  messageTokens(message: ChatMessage): number {
    const count = (text: string) => this.#counter.count(text);
    switch (message.role) {
      case 'user':
        return TOKEN_OVERHEAD.message + count(message.content);
      case 'tool':
        return TOKEN_OVERHEAD.message + count(message.content);
      case 'assistant':
        return (
          TOKEN_OVERHEAD.message +
          count(message.modelReply.content) +
          (message.modelReply.toolCalls ?? []).reduce(
            (sum, call) =>
              sum + TOKEN_OVERHEAD.toolCall + count(call.name) + count(JSON.stringify(call.arguments)),
            0,
          )
        );
      default:
        return 0;
    }
  }

  #measure(item: CatalogItem): Measured {
    let measured = this.#items.get(item);
    if (!measured) {
      if (item.type === 'tool') {
        const body: ItemBody = {
          type: 'tool',
          functionName: item.functionName,
          description: item.description,
          inputSchema: item.inputSchema,
        };
        const text = formatToolForCounting(body);
        measured = {
          body,
          tokens: this.#counter.count(text) + TOKEN_OVERHEAD.toolDefinition,
          hash: hashString(text),
        };
      } else {
        const body: ItemBody = { type: item.type, content: item.content, description: item.description };
        const text = formatItem(item, body);
        measured = { body, tokens: this.#counter.count(text) + SEPARATOR_TOKENS, hash: hashString(text) };
      }
      this.#items.set(item, measured);
    }
    return measured;
  }
}

// The request context records what was sent; it is not itself sent, so it does not change a turn's content.
function withoutRequestContext(message: ChatMessage): unknown {
  if (message.role !== 'assistant' || !message.requestContext) return message;
  const { requestContext: _omitted, ...rest } = message;
  return rest;
}
