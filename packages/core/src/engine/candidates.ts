import { type AttachmentCosts, attachmentTokens } from '../attachments/index.js';
import { buildCard } from '../cards/index.js';
import { type CatalogItem, type ItemRef, type ItemType, itemKey, toRef } from '../catalog/index.js';
import { type ChatTemplateCost, OPENAI_TEMPLATE, toolDefinitionText } from '../chat-templates/index.js';
import type { MemoryEntry } from '../memory/index.js';
import {
  type Candidate,
  type CardCandidate,
  type CheckpointCandidate,
  type CurrentCandidate,
  contentHash,
  fingerprintAhead,
  type ItemBody,
  type ItemCandidate,
  type ItemCard,
  type ItemOrigin,
  type MemoryCandidate,
  measureKey,
  type PromptCandidate,
  type RecallCandidate,
  type Section,
  type TurnCandidate,
  type WorkspaceCandidate,
} from '../planner/index.js';
import {
  EXPAND_CARD_TOOL,
  formatCard,
  formatCardsBlock,
  formatCheckpoint,
  formatFragment,
  formatItem,
  formatItemCard,
  formatMemory,
  formatRecall,
} from '../render/index.js';
import type {
  ChatMessage,
  Checkpoint,
  PinKind,
  PromptPartText,
  Turn,
  TurnStep,
  UserMessage,
} from '../session/index.js';
import type { MeasuredTurn } from '../store/index.js';
import type { TokenCounter } from '../tokens/index.js';

/** A part of a system prompt or context block is followed by a blank line: about one token. */
const SEPARATOR_TOKENS = 1;
/** A card in the `<cards>` block is followed by a line break. */
const CARD_LINE_TOKENS = 1;

const SECTION_OF: Readonly<Record<ItemType, Section>> = {
  rule: 'rules',
  reference: 'references',
  tool: 'tools',
};

type Unhashed<C extends Candidate> = Omit<C, 'hash'>;

// Adding the hash to the literal keeps every candidate of a kind on one fast object shape; copying the draft with
// spread made objects that were several times slower to read in the planner's loops.
/** How many recalled passages keep their measures between requests. */
const PASSAGES_KEPT = 512;

function hashed<C extends Candidate>(draft: Unhashed<C>): C {
  const candidate = draft as C & { hash: string };
  candidate.hash = contentHash(candidate);
  return candidate;
}

/**
 * Every count the factory keeps, all of one tokenizer and template: a switch of model starts a fresh set, so no cache
 * can outlive the counting it was measured with.
 */
interface Measures {
  readonly items: WeakMap<CatalogItem, { readonly body: ItemBody; readonly tokens: number }>;
  cardsOverhead: number | undefined;
  readonly withExamples: WeakMap<CatalogItem, { readonly body: ItemBody; readonly tokens: number }>;
  readonly itemCandidates: WeakMap<CatalogItem, Map<string, ItemCandidate>>;
  readonly turns: WeakMap<Turn, TurnCandidate>;
  readonly memories: WeakMap<MemoryEntry, MemoryCandidate>;
  /** Recalled passages measured lately, most recently offered last. */
  readonly passages: Map<string, { readonly text: string; readonly tokens: number; readonly hash: string }>;
  /** A session's SystemPrompt hands out the same part objects until a part changes. */
  readonly prompts: WeakMap<PromptPartText, PromptCandidate>;
  readonly checkpoints: WeakMap<Checkpoint, CheckpointCandidate>;
}

function freshMeasures(): Measures {
  return {
    items: new WeakMap(),
    cardsOverhead: undefined,
    withExamples: new WeakMap(),
    itemCandidates: new WeakMap(),
    turns: new WeakMap(),
    memories: new WeakMap(),
    passages: new Map(),
    prompts: new WeakMap(),
    checkpoints: new WeakMap(),
  };
}

/**
 * Builds planner candidates, measuring each piece of content once: items, prompt parts and committed turns are
 * cached by identity, so the cost of preparing a turn does not grow with the length of the history.
 */
export class CandidateFactory {
  #counter: TokenCounter;
  #template: ChatTemplateCost;
  #measured = freshMeasures();

  /** The host's `attachmentCosts`; undefined: the model's provider's, which follows a switch of model. */
  readonly #attachmentCosts: AttachmentCosts | undefined;

  constructor(
    counter: TokenCounter,
    attachmentCosts?: AttachmentCosts,
    template: ChatTemplateCost = OPENAI_TEMPLATE,
  ) {
    this.#counter = counter;
    this.#attachmentCosts = attachmentCosts;
    this.#template = template;
  }

  /** The provider whose documented rules count images and PDFs: the host's choice, else the model's provider. */
  get attachmentCosts(): AttachmentCosts {
    return this.#attachmentCosts ?? attachmentCostsOf(this.#template);
  }

  /** What each attachment of a user message costs, in its order; undefined when it has none. */
  attachmentTokens(message: ChatMessage): number[] | undefined {
    if (message.role !== 'user' || !message.attachments?.length) return undefined;
    return message.attachments.map((attachment) =>
      attachmentTokens(attachment, this.attachmentCosts, (text) => this.#counter.count(text)),
    );
  }

  /** Counts with another tokenizer and template from now on (the engine switched models): nothing counted before is reused. */
  use(counter: TokenCounter, template: ChatTemplateCost): void {
    this.#counter = counter;
    this.#template = template;
    this.#measured = freshMeasures();
  }

  /** The chat template whose costs every count includes. */
  get template(): ChatTemplateCost {
    return this.#template;
  }

  get encoding(): string {
    return this.#counter.encoding;
  }

  /** What a stored measure must have been counted with to be reused: the encoding, and the template unless OpenAI's. */
  get measureKey(): string {
    return measureKey(this.encoding, this.#template.id);
  }

  /** The tokens a part of a context block costs: its text and the blank line after it. */
  tokens(text: string): number {
    return this.#counter.count(text) + SEPARATOR_TOKENS;
  }

  prompt(part: PromptPartText): PromptCandidate {
    let candidate = this.#measured.prompts.get(part);
    if (!candidate) {
      const text = part.part === 'fragment' ? formatFragment(part.name, part.text) : part.text;
      candidate = hashed<PromptCandidate>({
        kind: 'prompt',
        id: `system:${part.part === 'fragment' ? `fragment:${part.name}` : part.part}`,
        section: 'system',
        tokens: this.#counter.count(text) + SEPARATOR_TOKENS,
        part: part.part,
        name: part.name,
        text: part.text,
      });
      this.#measured.prompts.set(part, candidate);
    }
    return candidate;
  }

  /** The same object for the same item and origin, so plans can reuse what they computed about it. */
  item(item: CatalogItem, origin: ItemOrigin): ItemCandidate {
    const key = JSON.stringify(origin);
    let byOrigin = this.#measured.itemCandidates.get(item);
    const cached = byOrigin?.get(key);
    if (cached) return cached;
    if (!byOrigin || byOrigin.size > 64) {
      byOrigin = new Map();
      this.#measured.itemCandidates.set(item, byOrigin);
    }
    const { body, tokens } = this.#measure(item);
    const candidate = itemCandidate(item, origin, body, tokens);
    byOrigin.set(key, candidate);
    return candidate;
  }

  /**
   * An agent item sent as a card for `message`, within `cap` tokens of text. Cards depend on the message, so they
   * are built per request (a few per request, each counted once).
   */
  itemCard(item: CatalogItem, origin: ItemOrigin, message: string, cap: number): ItemCandidate {
    const { body } = this.#measure(item);
    const card = buildCard(body, message, cap, (text) => this.#counter.count(text));
    const tokens = this.#counter.count(formatItemCard(item, card)) + CARD_LINE_TOKENS;
    return itemCandidate(item, origin, body, tokens, card);
  }

  /** An agent item sent as a card that shows its name only (past the mode's `describedCards`). */
  itemNameCard(item: CatalogItem, origin: ItemOrigin): ItemCandidate {
    const { body } = this.#measure(item);
    const card: ItemCard = { purpose: '', nameOnly: true };
    const tokens = this.#counter.count(formatItemCard(item, card)) + CARD_LINE_TOKENS;
    return itemCandidate(item, origin, body, tokens, card);
  }

  /** What the first card of a request adds: the `expand_card` tool's definition and the `<cards>` block's wrapper. */
  get cardsOverhead(): number {
    this.#measured.cardsOverhead ??=
      this.#counter.count(toolDefinitionText(EXPAND_CARD_TOOL, this.#template.toolFormat)) +
      this.#template.toolDefinition +
      this.#counter.count(formatCardsBlock([])) +
      SEPARATOR_TOKENS;
    return this.#measured.cardsOverhead;
  }

  /** An item with the examples of use its catalog entry gives, for a mode that sends exemplars. */
  itemWithExamples(item: CatalogItem, origin: ItemOrigin): ItemCandidate {
    if (!item.examples?.length) return this.item(item, origin);
    let measured = this.#measured.withExamples.get(item);
    if (!measured) {
      const plain = this.#measure(item).body;
      const body: ItemBody = { ...plain, examples: item.examples };
      const tokens =
        body.type === 'tool'
          ? this.#counter.count(toolDefinitionText(body, this.#template.toolFormat)) +
            this.#template.toolDefinition
          : this.#counter.count(formatItem(item, body)) + SEPARATOR_TOKENS;
      measured = { body, tokens };
      this.#measured.withExamples.set(item, measured);
    }
    return itemCandidate(item, origin, measured.body, measured.tokens);
  }

  /** The candidate for a catalog item, or, when the catalog lost it or disabled it, a stand-in that says which. */
  catalogItem(item: CatalogItem | undefined, ref: ItemRef, origin: ItemOrigin): ItemCandidate {
    if (item?.enabled) return this.item(item, origin);
    return this.unavailableItem(ref, origin, item ? 'disabled' : 'missing');
  }

  /** An item the catalog no longer has (or has disabled): it costs nothing and is excluded with a reason. */
  unavailableItem(ref: ItemRef, origin: ItemOrigin, why: 'missing' | 'disabled'): ItemCandidate {
    return hashed<ItemCandidate>({
      kind: 'item',
      id: itemKey(ref),
      section: SECTION_OF[ref.type],
      tokens: 0,
      ref,
      origin,
      unavailable: why,
      body: null,
      order: Number.MAX_SAFE_INTEGER,
    });
  }

  card(pinId: string, pin: PinKind, title: string, text: string, ref?: ItemRef): CardCandidate {
    return hashed<CardCandidate>({
      kind: 'card',
      id: `pin:${pinId}`,
      section: 'pins',
      tokens: this.#counter.count(formatCard(title, text)) + SEPARATOR_TOKENS,
      pinId,
      pin,
      title,
      text,
      ...(ref && { ref }),
    });
  }

  /** A passage recalled for a message: the message found (`found`) with its neighbours, measured as it is sent. */
  recall(
    passage: Omit<RecallCandidate, 'kind' | 'id' | 'section' | 'tokens' | 'hash'> & { found: string },
  ): RecallCandidate {
    const { found, ...rest } = passage;
    // The same passage comes back for many messages with another score: its count and hash are kept (the hash is
    // of its content, not its score), so a request measures only passages it has not offered before.
    const key = `${found}\n${rest.messageIds.join('\n')}`;
    let measured = this.#measured.passages.get(key);
    if (measured?.text !== rest.text) {
      const tokens =
        this.#counter.count(formatRecall(rest.sessionId, rest.createdAt, rest.text)) + SEPARATOR_TOKENS;
      const { hash } = hashed<RecallCandidate>({
        kind: 'recall',
        id: `recall:${found}`,
        section: 'recall',
        tokens,
        ...rest,
      });
      measured = { text: rest.text, tokens, hash };
      if (this.#measured.passages.size >= PASSAGES_KEPT)
        this.#measured.passages.delete(this.#measured.passages.keys().next().value as string);
    } else this.#measured.passages.delete(key);
    this.#measured.passages.set(key, measured);
    return {
      kind: 'recall',
      id: `recall:${found}`,
      section: 'recall',
      tokens: measured.tokens,
      ...rest,
      hash: measured.hash,
    };
  }

  /** A memory from another conversation; the same object for the same entry. */
  memory(entry: MemoryEntry): MemoryCandidate {
    let candidate = this.#measured.memories.get(entry);
    if (!candidate) {
      const content =
        entry.kind === 'preference'
          ? ({ kind: 'preference', key: entry.key, value: entry.value } as const)
          : ({ kind: 'key-point', text: entry.text } as const);
      candidate = hashed<MemoryCandidate>({
        kind: 'memory',
        id: `memory:${entry.id}`,
        section: 'memory',
        tokens: this.#counter.count(formatMemory(content)) + SEPARATOR_TOKENS,
        memoryId: entry.id,
        content,
        source: entry.source,
      });
      this.#measured.memories.set(entry, candidate);
    }
    return candidate;
  }

  /**
   * Takes the measures a store kept of these turns (see `Store.measuredTurns`) instead of counting them
   * again: a stored candidate is used for a turn when it was counted with this factory's encoding and holds the
   * turn's own message objects, so it is the candidate `turn` would build.
   */
  adoptTurns(turns: readonly Turn[], measured: readonly MeasuredTurn[]): void {
    const byId = new Map<string, TurnCandidate>();
    // A host's store may hand anything back: only measures of the shape a stored turn has are taken, the rest counted.
    for (const entry of measured)
      if (entry?.encoding === this.measureKey && isMeasuredTurn(entry.candidate))
        byId.set(entry.candidate.id, entry.candidate);
    for (const turn of turns) {
      const candidate = byId.get(`turn:${turn.id}`);
      if (!candidate || this.#measured.turns.has(turn) || candidate.turnIndex !== turn.index) continue;
      const same =
        candidate.messages.length === turn.messages.length &&
        candidate.messages.every((message, i) => message === turn.messages[i]);
      if (same) this.#measured.turns.set(turn, candidate);
    }
    fingerprintAhead(byId.values());
  }

  turn(turn: Turn, pinned?: { pinId: string; pin: PinKind }): TurnCandidate {
    let candidate = this.#measured.turns.get(turn);
    if (!candidate) {
      const first = turn.messages[0];
      const attachments = first ? this.attachmentTokens(first) : undefined;
      candidate = hashed<TurnCandidate>({
        kind: 'turn',
        id: `turn:${turn.id}`,
        section: 'history',
        tokens: turn.messages.reduce((sum, message) => sum + this.messageTokens(message), 0),
        turnIndex: turn.index,
        messages: turn.messages,
        ...(attachments && { attachmentTokens: attachments }),
      });
      this.#measured.turns.set(turn, candidate);
    }
    return pinned ? { ...candidate, pinned } : candidate;
  }

  /** A checkpoint covering turns 0 through `toTurn`, measured as it is sent. */
  checkpoint(checkpoint: Checkpoint, toTurn: number): CheckpointCandidate {
    let candidate = this.#measured.checkpoints.get(checkpoint);
    if (!candidate || candidate.toTurn !== toTurn) {
      candidate = hashed<CheckpointCandidate>({
        kind: 'checkpoint',
        id: `checkpoint:${checkpoint.id}`,
        section: 'history',
        tokens:
          this.#template.message + this.#counter.count(formatCheckpoint(checkpoint.summary, toTurn + 1)),
        checkpointId: checkpoint.id,
        summary: checkpoint.summary,
        fromTurn: 0,
        toTurn,
      });
      this.#measured.checkpoints.set(checkpoint, candidate);
    }
    return candidate;
  }

  current(message: UserMessage, steps: readonly TurnStep[]): CurrentCandidate {
    const attachments = this.attachmentTokens(message);
    return hashed<CurrentCandidate>({
      kind: 'current',
      id: `current:${message.id}`,
      section: 'current',
      tokens: this.messageTokens(message) + steps.reduce((sum, step) => sum + this.messageTokens(step), 0),
      message,
      steps,
      ...(attachments && { attachmentTokens: attachments }),
    });
  }

  workspace(text: string): WorkspaceCandidate {
    return hashed<WorkspaceCandidate>({
      kind: 'workspace',
      id: 'workspace',
      section: 'workspace',
      tokens: this.#template.message + this.#counter.count(text),
      text,
    });
  }

  /** What a message costs when sent, overheads included. Notes are never sent and cost nothing. */
  messageTokens(message: ChatMessage): number {
    const count = (text: string) => this.#counter.count(text);
    const template = this.#template;
    switch (message.role) {
      case 'user':
        return (
          template.message +
          count(message.content) +
          (this.attachmentTokens(message) ?? []).reduce((sum, tokens) => sum + tokens, 0)
        );
      case 'tool':
        return template.message + template.toolResult + count(message.content);
      case 'assistant':
        return (
          template.assistant +
          count(message.modelReply.content) +
          (message.modelReply.toolCalls ?? []).reduce(
            (sum, call) => sum + template.toolCall + count(call.name) + count(JSON.stringify(call.arguments)),
            0,
          )
        );
      default:
        return 0;
    }
  }

  #measure(item: CatalogItem): { readonly body: ItemBody; readonly tokens: number } {
    let measured = this.#measured.items.get(item);
    if (!measured) {
      if (item.type === 'tool') {
        const body: ItemBody = {
          type: 'tool',
          functionName: item.functionName,
          description: item.description,
          inputSchema: item.inputSchema,
        };
        measured = {
          body,
          tokens:
            this.#counter.count(toolDefinitionText(body, this.#template.toolFormat)) +
            this.#template.toolDefinition,
        };
      } else {
        const body: ItemBody = { type: item.type, content: item.content, description: item.description };
        measured = { body, tokens: this.#counter.count(formatItem(item, body)) + SEPARATOR_TOKENS };
      }
      this.#measured.items.set(item, measured);
    }
    return measured;
  }
}

function isMeasuredTurn(candidate: unknown): candidate is TurnCandidate {
  const turn = candidate as Partial<TurnCandidate> | null;
  return (
    typeof turn === 'object' &&
    turn !== null &&
    turn.kind === 'turn' &&
    typeof turn.id === 'string' &&
    typeof turn.hash === 'string' &&
    Number.isInteger(turn.tokens) &&
    (turn.tokens as number) >= 0 &&
    Array.isArray(turn.messages)
  );
}

/** An item's candidate, in full or as a card: the one shape `item`, `itemCard` and `itemWithExamples` share. */
function itemCandidate(
  item: CatalogItem,
  origin: ItemOrigin,
  body: ItemBody,
  tokens: number,
  card?: ItemCandidate['card'],
): ItemCandidate {
  return hashed<ItemCandidate>({
    kind: 'item',
    id: item.key,
    section: SECTION_OF[item.type],
    tokens,
    ref: toRef(item),
    origin,
    body,
    order: item.order,
    ...(card !== undefined && { card }),
  });
}

/**
 * Whose rules count a model's images and PDFs, from its chat template: Claude's are Anthropic's, Gemini's Google's;
 * every other model (OpenAI's, and open models, mostly served behind OpenAI-compatible APIs) OpenAI's.
 */
function attachmentCostsOf(template: ChatTemplateCost): AttachmentCosts {
  return template.id === 'claude' ? 'anthropic' : template.id === 'gemini' ? 'gemini' : 'openai';
}
