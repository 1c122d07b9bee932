import { type Attachment, dataUrlOf } from '../attachments/index.js';
import { displayName, type IncludeMode, type ItemRef, itemKey } from '../catalog/index.js';
import type {
  Candidate,
  ContextPlan,
  CurrentCandidate,
  ExclusionReason,
  ModeChoice,
  PlanReuse,
  RecallWeights,
  Section,
} from '../planner/index.js';
import type { ChatMessage, ContextMode, PinKind, RequestContext } from '../session/index.js';
import { type CountingModel, countingOf } from './counting.js';
import { type CtxkitFormat, defaultFormat } from './format.js';
import { selectionSummary } from './summary.js';

export type DetailSectionId =
  | 'rules'
  | 'references'
  | 'tools'
  | 'pins'
  | 'memory'
  | 'recall'
  | 'history'
  | 'attachments';

/**
 * An image or a file of the message: what it is, its size or pages, and for an image sent as data a `data:` URL a
 * view may show as a thumbnail (an `img` source only: never markup).
 */
export interface AttachmentDetail {
  readonly kind: Attachment['kind'];
  readonly mediaType: string;
  readonly name?: string;
  readonly width?: number;
  readonly height?: number;
  readonly pages?: number;
  readonly thumbnail?: string;
  /** `{type} · {detail}`: `image/png · 1024×768 px`, `application/pdf · 3 pages`. */
  readonly description: string;
}

/** One thing the request used, as the details view lists it. */
export interface DetailItem {
  /** Unique within the view: the catalog key of an item, else the plan's candidate id. */
  readonly key: string;
  readonly label: string;
  /** Set for catalog items, so a click can open the item. */
  readonly ref: ItemRef | null;
  /** How a catalog item came in; absent for cards and turns. */
  readonly includeMode?: IncludeMode;
  readonly similarityScore?: number;
  readonly pin?: PinKind;
  /**
   * How an agent item was sent, when not in full as its mode asks: `'card'` (a short card; the model can ask for it
   * in full), `'expanded'` (in full because the model asked for its card). Known once the plan is loaded.
   */
  readonly form?: 'card' | 'expanded';
  /** A card that showed the item's name only (light mode's cards past its `describedCards`). */
  readonly nameOnly?: true;
  /**
   * Set for a capsule: a summary sent in place of the reference it names (`ref`), never the reference itself, with
   * who wrote it, how far they trust it (0–1) and when, as far as the host said.
   */
  readonly capsule?: CapsuleDetail;
  /**
   * Set for a recalled passage: the session and messages it quotes, when it was said, its score and (in plans that
   * have them) the parts of the score.
   */
  /** Set for an attachment of the message: what it is (see `AttachmentDetail`). */
  readonly attachment?: AttachmentDetail;
  readonly recalled?: {
    readonly sessionId: string;
    readonly messageIds: readonly string[];
    readonly createdAt: string;
    readonly score: number;
    readonly weights?: RecallWeights;
  };
  readonly tokens: number;
}

/** What the host said about a capsule the request sent. */
export interface CapsuleDetail {
  readonly source?: string;
  readonly confidence?: number;
  readonly generatedAt?: string;
}

export interface DetailSection {
  readonly id: DetailSectionId;
  readonly label: string;
  readonly items: readonly DetailItem[];
  readonly tokens: number;
}

export interface ExcludedDetail {
  readonly key: string;
  readonly label: string;
  readonly section: Section;
  readonly ref: ItemRef | null;
  readonly tokens: number;
  readonly reason: ExclusionReason;
}

/** The mode a request was planned in, and automatic mode's choice when the session left it to that. */
export interface DetailMode {
  readonly mode: ContextMode;
  readonly auto?: ModeChoice;
  /** "Mode: Light", or "Mode: Auto chose Heavy (the message asks for work to be done)". */
  readonly text: string;
}

export interface ContextDetailsModel {
  readonly summary: string;
  /** The request's mode; `null` while the plan is not loaded (or could not be). */
  readonly mode: DetailMode | null;
  /** Sections that have items, in prompt order. */
  readonly sections: readonly DetailSection[];
  /** What the plan left out; `null` while the plan is not loaded (or could not be). */
  readonly excluded: readonly ExcludedDetail[] | null;
  readonly totalTokens: number;
  readonly planId: string;
  /** The tokenizer and chat template the plan counted with; null while the plan is not loaded. */
  readonly counting: CountingModel | null;
  /** Set when the request started from what served an earlier, similar message (`plan.reuse`). */
  readonly reuse?: ReuseDetail;
}

/** What an earlier, similar message's context gave the request. */
export interface ReuseDetail {
  /** "Started from what served an earlier, similar message". */
  readonly text: string;
  /** The earlier messages' items, by name, with their catalog reference. */
  readonly items: readonly { readonly key: string; readonly label: string; readonly ref: ItemRef | null }[];
  /** The earlier turns (their user message ids). */
  readonly fromTurnIds: readonly string[];
  /** Cosine similarity of the message to the earlier ones (0–1). */
  readonly similarity: number;
}

const ITEM_SECTIONS: Readonly<Record<ItemRef['type'], DetailSectionId>> = {
  rule: 'rules',
  reference: 'references',
  tool: 'tools',
};
const ORDER: readonly DetailSectionId[] = [
  'rules',
  'references',
  'tools',
  'pins',
  'memory',
  'recall',
  'history',
  'attachments',
];

/**
 * The "Context Used" view of one reply: the catalog items of its request context by type, and, once its plan is
 * loaded, the pinned cards and turns and the history it carried, plus what was left out.
 */
export function buildContextDetails(
  context: RequestContext,
  plan: ContextPlan | null,
  format: CtxkitFormat = defaultFormat,
): ContextDetailsModel {
  const bySection = new Map<DetailSectionId, DetailItem[]>(ORDER.map((id) => [id, []]));
  const forms = new Map<string, 'card' | 'expanded'>();
  const nameOnly = new Set<string>();
  for (const { candidate, reason } of plan?.included ?? []) {
    if (reason.code === 'agent' && reason.form) forms.set(candidate.id, reason.form);
    if (candidate.kind === 'item' && candidate.card?.nameOnly) nameOnly.add(candidate.id);
  }
  for (const item of context.items) {
    const { tokens, includeMode, similarityScore, pin, ...ref } = item;
    const key = itemKey(ref as ItemRef);
    const form = forms.get(key);
    bySection.get(ITEM_SECTIONS[item.type])?.push({
      key,
      label: displayName(ref as ItemRef),
      ref: ref as ItemRef,
      includeMode,
      ...(similarityScore !== undefined && { similarityScore }),
      ...(pin !== undefined && { pin }),
      ...(form && { form }),
      ...(form === 'card' && nameOnly.has(key) && { nameOnly: true as const }),
      tokens,
    });
  }
  for (const { candidate, reason } of plan?.included ?? []) {
    if (candidate.kind === 'card' && !candidate.ref) {
      bySection.get('pins')?.push({
        key: candidate.id,
        label: candidate.title,
        ref: null,
        pin: candidate.pin,
        tokens: candidate.tokens,
      });
    } else if (candidate.kind === 'capsule') {
      bySection.get('references')?.push({
        key: candidate.id,
        label: candidateLabel(candidate, format),
        ref: candidate.ref,
        capsule: {
          ...(candidate.source !== undefined && { source: candidate.source }),
          ...(candidate.confidence !== undefined && { confidence: candidate.confidence }),
          ...(candidate.generatedAt !== undefined && { generatedAt: candidate.generatedAt }),
        },
        tokens: candidate.tokens,
      });
    } else if (candidate.kind === 'recall') {
      bySection.get('recall')?.push({
        key: candidate.id,
        label: candidateLabel(candidate, format),
        ref: null,
        recalled: {
          sessionId: candidate.sessionId,
          messageIds: candidate.messageIds,
          createdAt: candidate.createdAt,
          score: candidate.score,
          ...(candidate.weights && { weights: candidate.weights }),
        },
        tokens: candidate.tokens,
      });
    } else if (candidate.kind === 'memory' || candidate.kind === 'checkpoint') {
      bySection.get(candidate.kind === 'memory' ? 'memory' : 'history')?.push({
        key: candidate.id,
        label: candidateLabel(candidate, format),
        ref: null,
        tokens: candidate.tokens,
      });
    } else if (candidate.kind === 'current') {
      bySection.get('attachments')?.push(...attachmentItems(candidate, format));
    } else if (candidate.kind === 'turn') {
      const pin = reason.code === 'pinned' ? reason.pin : undefined;
      bySection.get(pin ? 'pins' : 'history')?.push({
        key: candidate.id,
        label: turnLabel(candidate.messages, format),
        ref: null,
        ...(pin && { pin }),
        tokens: candidate.tokens,
      });
    }
  }
  const sections = ORDER.flatMap((id): DetailSection[] => {
    const items = bySection.get(id) ?? [];
    if (items.length === 0) return [];
    const tokens = items.reduce((sum, item) => sum + item.tokens, 0);
    return [{ id, label: format.labels.sections[id], items, tokens }];
  });
  return {
    summary: selectionSummary(context.items, format),
    mode: plan ? detailMode(plan, format) : null,
    sections,
    excluded: plan
      ? plan.excluded.map(({ candidate, reason }) => excludedDetail(candidate, reason, format))
      : null,
    totalTokens: sections.reduce((sum, section) => sum + section.tokens, 0),
    planId: context.planId,
    counting: plan ? countingOf(plan, format) : null,
    ...(plan?.reuse && { reuse: reuseDetail(plan, plan.reuse, format) }),
  };
}

/** The reused items by name: the plan's candidate gives the reference; an item it lacks is named by its key. */
function reuseDetail(plan: ContextPlan, reuse: PlanReuse, format: CtxkitFormat): ReuseDetail {
  const refs = new Map<string, ItemRef>();
  for (const { candidate } of [...plan.included, ...plan.excluded])
    if (candidate.kind === 'item') refs.set(candidate.id, candidate.ref);
  return {
    text: format.labels.details.reuse,
    items: reuse.items.map((key) => {
      const ref = refs.get(key) ?? null;
      return { key, label: ref ? displayName(ref) : key, ref };
    }),
    fromTurnIds: reuse.fromTurnIds,
    similarity: reuse.similarity,
  };
}

/** The mode line of a plan: its mode, and why automatic mode chose it. */
export function detailMode(plan: ContextPlan, format: CtxkitFormat = defaultFormat): DetailMode {
  const mode = format.labels.modes[plan.mode];
  if (!plan.auto) return { mode: plan.mode, text: format.text(format.labels.details.mode, { mode }) };
  return {
    mode: plan.mode,
    auto: plan.auto,
    text: format.text(format.labels.details.modeAuto, { mode, reason: modeChoiceText(plan.auto, format) }),
  };
}

/** Why automatic mode chose a mode, in words: "the message names src/app.ts". */
export function modeChoiceText(choice: ModeChoice, format: CtxkitFormat = defaultFormat): string {
  const labels = format.labels.autoReasons;
  switch (choice.reason) {
    case 'task':
      return labels.task;
    case 'names-items':
      return format.text(labels.namesItems, { names: choice.signals.join(', ') });
    case 'follow-up':
      return labels.followUp;
    case 'question':
      return labels.question;
    case 'little-room':
      return labels.littleRoom;
  }
}

function excludedDetail(candidate: Candidate, reason: ExclusionReason, format: CtxkitFormat): ExcludedDetail {
  const ref =
    candidate.kind === 'item' ? candidate.ref : candidate.kind === 'card' ? (candidate.ref ?? null) : null;
  return {
    key: candidate.id,
    label: candidateLabel(candidate, format),
    section: candidate.section,
    ref,
    tokens: candidate.tokens,
    reason,
  };
}

/** How a candidate is named to people. */
export function candidateLabel(candidate: Candidate, format: CtxkitFormat = defaultFormat): string {
  const labels = format.labels.candidates;
  const t = format.text;
  switch (candidate.kind) {
    case 'item':
      return displayName(candidate.ref);
    case 'card':
      return candidate.title;
    case 'turn':
      return turnLabel(candidate.messages, format);
    case 'prompt':
      return candidate.part === 'fragment'
        ? t(labels.fragment, { name: candidate.name })
        : labels.prompt[candidate.part];
    case 'current':
      return labels.current;
    case 'workspace':
      return labels.workspace;
    case 'checkpoint':
      return t(labels.checkpoint, { from: candidate.fromTurn + 1, to: candidate.toTurn + 1 });
    case 'capsule':
      return t(labels.capsule, { name: displayName(candidate.ref) });
    case 'recall':
      return t(labels.recall, {
        date: format.date(candidate.createdAt),
        text: excerpt(candidate.text.replace(/^(user|assistant): /, '')),
      });
    case 'memory':
      return candidate.content.kind === 'preference'
        ? t(labels.preference, { key: candidate.content.key, value: excerpt(candidate.content.value) })
        : t(labels.keyPoint, { text: excerpt(candidate.content.text) });
  }
}

const EXCERPT = 60;

function excerpt(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
}

/** A turn by its user message: "Turn: How do I read a…". */
function turnLabel(messages: readonly ChatMessage[], format: CtxkitFormat): string {
  const first = messages[0];
  const text = first && first.role !== 'assistant' ? first.content : (first?.modelReply.content ?? '');
  return format.text(format.labels.candidates.turn, { text: excerpt(text) });
}

/** The message's images and files, each with what it cost in this request. */
function attachmentItems(candidate: CurrentCandidate, format: CtxkitFormat): DetailItem[] {
  const attachments = candidate.message.attachments ?? [];
  return attachments.map((attachment, i) => ({
    key: `${candidate.id}:attachment:${i}`,
    label: attachment.name ?? attachment.mediaType,
    ref: null,
    attachment: attachmentDetail(attachment, format),
    tokens: candidate.attachmentTokens?.[i] ?? 0,
  }));
}

function attachmentDetail(attachment: Attachment, format: CtxkitFormat): AttachmentDetail {
  const labels = format.labels.details;
  const base = {
    kind: attachment.kind,
    mediaType: attachment.mediaType,
    ...(attachment.name !== undefined && { name: attachment.name }),
  };
  const describe = (detail: string) =>
    format.text(labels.attachmentMeta, { type: attachment.mediaType, detail });
  switch (attachment.kind) {
    case 'text':
      return { ...base, description: describe(labels.attachmentText) };
    case 'document':
      return {
        ...base,
        pages: attachment.pages,
        description: describe(format.text(labels.attachmentPages, { count: attachment.pages })),
      };
    case 'image': {
      const { width, height, source } = attachment;
      return {
        ...base,
        ...(width !== undefined && height !== undefined && { width, height }),
        // Only an image's own bytes, as a data: URL of an image type: a view puts it in an img src, never markup.
        ...(source.type === 'base64' && { thumbnail: dataUrlOf(attachment.mediaType, source.data) }),
        description: describe(
          width !== undefined && height !== undefined
            ? format.text(labels.attachmentSize, { width, height })
            : labels.attachmentSizeUnknown,
        ),
      };
    }
  }
}
