import type { Attachment } from '../attachments/index.js';
import type { IncludeMode, ItemRef, JsonObject } from '../catalog/index.js';
import type { QueryCluster } from './cluster-types.js';
import type { EarnedState, ServedCluster } from './earned-types.js';
import type { Pin, PinKind } from './pin-types.js';
import type { ReflectionState, TurnReflection } from './reflection-types.js';
import type { PinSuggestion } from './suggestion-types.js';
import type { TriggerSwitches } from './trigger-switches.js';

// The pin vocabulary has its own module so the reflection and suggestion shapes can name it without a circle.
export type { EarnedBy, Lease, LeaseScope, Pin, PinKind, PinTarget } from './pin-types.js';

/** How much automatic retrieval a request gets. */
export type ContextMode = 'off' | 'light' | 'heavy';
export const CONTEXT_MODES: readonly ContextMode[] = ['off', 'light', 'heavy'];

export function isContextMode(value: unknown): value is ContextMode {
  return typeof value === 'string' && (CONTEXT_MODES as readonly string[]).includes(value);
}

/**
 * What a session (or the engine's default) is set to: a mode, or `'auto'`, where the engine picks light or heavy for
 * each message from what it asks for and the room left, and the plan says why (`ContextPlan.auto`).
 */
export type ModeSetting = ContextMode | 'auto';
export const MODE_SETTINGS: readonly ModeSetting[] = ['auto', 'off', 'light', 'heavy'];

export function isModeSetting(value: unknown): value is ModeSetting {
  return value === 'auto' || isContextMode(value);
}

/** An item of the session context and how it got there. */
export type SessionContextItem = ItemRef & { readonly includeMode: 'always' | 'manual' };

/** An item used for one request and how it came in; agent items carry their similarity score. */
export type RequestContextItem = ItemRef & {
  readonly includeMode: IncludeMode;
  readonly similarityScore?: number;
  /** Set when the item came in through a pin rather than the session or retrieval. */
  readonly pin?: PinKind;
  readonly tokens: number;
};

/** What was used to produce an assistant message: recorded on that message. */
export interface RequestContext {
  readonly items: readonly RequestContextItem[];
  /** ISO 8601 time the request was prepared. */
  readonly timestamp: string;
  /** The ContextPlan this request was rendered from. */
  readonly planId: string;
  /** The retrieval set its agent items came from (`store.getRetrievalSet`), when retrieval ran. */
  readonly retrievalSetId?: string;
}

export interface ToolCall {
  readonly id: string;
  /** The function name the model called (`<server>__<tool>` for catalog tools). */
  readonly name: string;
  readonly arguments: JsonObject;
}

export interface ModelReply {
  readonly content: string;
  readonly toolCalls?: readonly ToolCall[];
  readonly model?: string;
  readonly stopReason?: string;
}

/** A secret replaced by its marker before the message was kept: the field, and where the marker is in it. */
export interface MessageRedaction {
  readonly kind: string;
  /**
   * `content`, a text file's text (`attachments[0].text`), or a path into a tool call such as
   * `toolCalls[0].arguments.headers.authorization`.
   */
  readonly field: string;
  readonly start: number;
  readonly end: number;
}

interface MessageBase {
  readonly id: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** Secrets replaced before the message was stored; absent when there were none. */
  readonly redactions?: readonly MessageRedaction[];
  /**
   * The user deleted its turn (`session.deleteTurn`): its text is gone. A store keeps it in place, since plans refer
   * to messages by position, and never returns it from `loadSession`; only an export holds it.
   */
  readonly erased?: true;
}

export type UserMessage = MessageBase & {
  readonly role: 'user';
  readonly content: string;
  /** Images and files sent with the text (see docs/attachments.md); absent when none. Planned with their turn. */
  readonly attachments?: readonly Attachment[];
};
export type AssistantMessage = MessageBase & {
  readonly role: 'assistant';
  readonly modelReply: ModelReply;
  /** Absent on messages written before context tracking existed. */
  readonly requestContext?: RequestContext;
  /** On a turn's final reply: what the turn taught (references, activation, pin changes, waste). */
  readonly reflection?: TurnReflection;
};
export type ToolResultMessage = MessageBase & {
  readonly role: 'tool';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly content: string;
  readonly isError?: boolean;
  /** The user's decision when the host asked before running the call; absent when it needed no approval. */
  readonly approval?: ToolApproval;
};
/** A user's answer to "run this tool call?", recorded on the call's result. */
export type ToolApproval = 'approved' | 'denied';
/** Notes in the transcript (a failed request, a fork). Shown to people; never sent to the model. */
export type NoteMessage = MessageBase & { readonly role: 'system' | 'error'; readonly content: string };

export type ChatMessage = UserMessage | AssistantMessage | ToolResultMessage | NoteMessage;
/** The messages of a turn after its user message: the model's replies and the tool results between them. */
export type TurnStep = AssistantMessage | ToolResultMessage;

/**
 * Where a branch came from. A branch stores only its own messages; it sees its parent's messages up to and including
 * `throughMessageId` (the parent's own inherited ones too, for a branch of a branch), then its own.
 */
export interface BranchOrigin {
  readonly parentSessionId: string;
  /** The session at the root of the tree: the conversation every branch of it belongs to. */
  readonly rootSessionId: string;
  /** The message the branch was forked at, as asked. */
  readonly forkMessageId: string;
  /** The last of the parent's messages the branch sees; null when it sees none of them. */
  readonly throughMessageId: string | null;
}

/**
 * A summary standing in for the oldest turns once history outgrew its share of the window. It covers every turn
 * from the first through the one holding `lastMessageId`; those messages stay stored as they were.
 */
export interface Checkpoint {
  readonly id: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** The first and last message covered. */
  readonly firstMessageId: string;
  readonly lastMessageId: string;
  /** How many turns and sent messages it covers. */
  readonly turns: number;
  readonly messages: number;
  readonly summary: string;
  /** What the summarizer found worth remembering beyond this session, when it says. */
  readonly keyPoints?: readonly string[];
  readonly preferences?: Readonly<Record<string, string>>;
}

/** Everything about a session except its messages, which are stored one by one. */
export interface SessionRecord {
  readonly id: string;
  readonly title: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly contextItems: readonly SessionContextItem[];
  readonly pins: readonly Pin[];
  /** Per-session override of the engine's default context mode (`'auto'`: chosen per message). */
  readonly mode: ModeSetting | null;
  /** The task leases can be scoped to; null when none is set. */
  readonly taskId: string | null;
  /** The trailing workspace message; null when none. */
  readonly workspace: string | null;
  readonly turnCount: number;
  /** Set on a branch: the session it was forked from and where. Absent on a root session. */
  readonly branch?: BranchOrigin;
  /** False: the session neither writes memories for other sessions nor receives theirs. Absent means true. */
  readonly memory?: boolean;
  /**
   * False: the session's messages are never recalled (here or elsewhere) and its requests are offered no recalled
   * passages. Absent means true.
   */
  readonly recall?: boolean;
  /** Trigger kinds this session turned on or off, over the engine's `triggers`; absent when it changed none. */
  readonly triggers?: TriggerSwitches;
  /** Summaries of older turns, newest last; absent until history first outgrows its share. */
  readonly checkpoints?: readonly Checkpoint[];
  /**
   * A private session lives only in the tab's memory (never in the persistent store) and takes no part in
   * cross-conversation memory. Absent means false.
   */
  readonly private?: boolean;
  /** Activation, pin reference counts and the user's decisions since the last turn; absent before the first. */
  readonly reflection?: ReflectionState;
  /** Pins offered by the model or the host, waiting for the user to accept or dismiss them; absent when none. */
  readonly suggestions?: readonly PinSuggestion[];
  /** The query cluster the last committed request joined; absent without an embedder (or before the first one). */
  readonly queryCluster?: QueryCluster;
  /** Recent uses of items and removed earned leases (see "Earned leases" in docs/sessions.md); absent until an item is first used. */
  readonly earned?: EarnedState;
  /** Earlier query clusters with the items that served them, newest last; absent until a cluster is served. */
  readonly servedClusters?: readonly ServedCluster[];
  /** Where history starts while it is cut in blocks (see "Cache-aware history"); absent until it is first cut. */
  readonly historyBlock?: HistoryBlockRecord;
}

/** The history block in force: the user message of its first turn, and how many cuts made it. */
export interface HistoryBlockRecord {
  readonly from: string;
  readonly block: number;
}

/**
 * Token usage a provider reported for one request. `inputTokens` counts every prompt token, cached or not (OpenAI's
 * `prompt_tokens`; for Anthropic, `input_tokens + cache_read_input_tokens + cache_creation_input_tokens`), and the
 * cache fields say how many of them the provider read from, or wrote to, its prompt cache.
 */
export interface Usage {
  readonly inputTokens: number;
  readonly outputTokens?: number;
  /** Prompt tokens read from the provider's cache (OpenAI `prompt_tokens_details.cached_tokens`, Anthropic `cache_read_input_tokens`). */
  readonly cachedInputTokens?: number;
  /** Prompt tokens written to the provider's cache (Anthropic `cache_creation_input_tokens`). */
  readonly cacheWriteTokens?: number;
}

/** After a response: what the plan estimated against what the provider counted. */
export interface UsageReport {
  readonly planId: string;
  readonly estimatedInputTokens: number;
  readonly actualInputTokens: number | null;
  readonly outputTokens: number | null;
  readonly encoding: string;
  readonly model: string | null;
  /** Of the actual input tokens, those the provider read from its prompt cache (absent when it did not say). */
  readonly cachedInputTokens?: number;
  /** Of the actual input tokens, those the provider wrote to its prompt cache (absent when it did not say). */
  readonly cacheWriteTokens?: number;
}
