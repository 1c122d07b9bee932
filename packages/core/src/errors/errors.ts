import { CtxkitError, type ErrorIssue } from './ctxkit-error.js';
import { formatCount } from './numbers.js';

function listIssues(issues: readonly ErrorIssue[]): string {
  return issues.map((issue) => `  - ${issue.path}: ${issue.message}`).join('\n');
}

/** The catalog handed to `defineCatalog` has problems; `issues` lists every one of them, not just the first. */
export class CatalogError extends CtxkitError {
  readonly code = 'catalog_invalid';
  readonly issues: readonly ErrorIssue[];

  constructor(issues: readonly ErrorIssue[]) {
    super(
      `The catalog has ${issues.length} problem${issues.length === 1 ? '' : 's'}:\n${listIssues(issues)}`,
    );
    this.issues = issues;
  }
}

/** An argument to a public call is malformed (an unknown mode, a negative budget, a malformed reply, …). */
export class ValidationError extends CtxkitError {
  readonly code = 'invalid_input';
  readonly issues: readonly ErrorIssue[];

  constructor(what: string, issues: readonly ErrorIssue[]) {
    super(`${what}:\n${listIssues(issues)}`);
    this.issues = issues;
  }
}

/** A required candidate that did not fit, with the tokens it needed. */
export interface BudgetShortfall {
  readonly id: string;
  readonly section: string;
  readonly tokens: number;
}

/**
 * The items that must be sent (system prompt, session context, sticky pins, the current turn, the workspace)
 * need more tokens than the budget holds. ctxkit never drops a required item silently.
 */
export class BudgetError extends CtxkitError {
  readonly code = 'over_budget';
  readonly budget: number;
  readonly requiredTokens: number;
  readonly required: readonly BudgetShortfall[];
  /** Tokens of the message being sent (with its tool steps so far). */
  readonly messageTokens: number;
  /**
   * `message` when the message alone is to blame: everything else required fits, so a shorter message (at most
   * `messageRoom` tokens) can be sent as things are. `context`: what else is required does not fit by itself.
   */
  readonly tooLong: 'message' | 'context';
  /** The most tokens the message may have with the rest of the required context; 0 when it cannot fit at all. */
  readonly messageRoom: number;

  constructor(budget: number, required: readonly BudgetShortfall[]) {
    const requiredTokens = required.reduce((sum, item) => sum + item.tokens, 0);
    const messageTokens = required
      .filter((item) => item.section === 'current')
      .reduce((sum, item) => sum + item.tokens, 0);
    const messageRoom = Math.max(0, budget - (requiredTokens - messageTokens));
    const tooLong = messageTokens > 0 && messageRoom > 0 ? 'message' : 'context';
    const largest = [...required].sort((a, b) => b.tokens - a.tokens || (a.id < b.id ? -1 : 1)).slice(0, 5);
    super(
      tooLong === 'message'
        ? `The message needs ${formatCount(messageTokens)} tokens but only ${formatCount(messageRoom)} fit with ` +
            `the required context (budget ${formatCount(budget)}, over by ${formatCount(requiredTokens - budget)}). ` +
            'Shorten the message or send it in parts.'
        : `Required context needs ${formatCount(requiredTokens)} tokens but the budget is ${formatCount(budget)} ` +
            `(over by ${formatCount(requiredTokens - budget)}). Largest required items: ` +
            largest
              .map((item) => `${item.id} (${item.section}, ${formatCount(item.tokens)} tokens)`)
              .join(', ') +
            '. Remove items from the session, unpin sticky pins, shorten the workspace, or raise the context window.',
    );
    this.budget = budget;
    this.requiredTokens = requiredTokens;
    this.required = required;
    this.messageTokens = messageTokens;
    this.tooLong = tooLong;
    this.messageRoom = messageRoom;
  }
}

/** A session operation was called out of order: a second `prepare` while a turn is open, a stale commit, … */
export class TransactionError extends CtxkitError {
  readonly code = 'transaction_state';
}

/**
 * A write through a session object that another tab has changed since it was loaded: writing its copy would undo
 * that change. Nothing was written; `engine.openSession(sessionId)` gives the session as it is now.
 */
export class StaleSessionError extends CtxkitError {
  readonly code = 'stale_session';
  readonly sessionId: string;

  constructor(sessionId: string) {
    super(
      `Session '${sessionId}' was changed in another tab since this copy was loaded; nothing was written. ` +
        'Open it again with engine.openSession and retry.',
    );
    this.sessionId = sessionId;
  }
}

/**
 * A session was to be created under an id the store already holds (`engine.createSession({ id })`): nothing was
 * written. `engine.openSession(sessionId)` opens the existing one; `engine.openOrCreateSession` does either.
 */
export class SessionExistsError extends CtxkitError {
  readonly code = 'session_exists';
  readonly sessionId: string;

  constructor(sessionId: string) {
    super(
      `A session '${sessionId}' already exists; nothing was written. Open it with engine.openSession, or use ` +
        'engine.openOrCreateSession to open it or create it.',
    );
    this.sessionId = sessionId;
  }
}

/** Something named by id (a session, an item, a pin, a plan) does not exist. */
export class NotFoundError extends CtxkitError {
  readonly code = 'not_found';
  readonly kind: string;
  readonly id: string;

  constructor(kind: string, id: string, hint?: string) {
    super(`No ${kind} '${id}'${hint ? `: ${hint}` : ''}.`);
    this.kind = kind;
    this.id = id;
  }
}

/** A stored record is not what was written, or cannot be read as it is. `where` names the record. */
export class CorruptRecordError extends CtxkitError {
  readonly code = 'corrupt_record';
  readonly where: string;
  /** What is wrong with it, as the message says it (`it holds no value`). */
  readonly problem: string;

  constructor(where: string, problem: string) {
    super(`The stored ${where} is unusable: ${problem}.`);
    this.where = where;
    this.problem = problem;
  }
}

/**
 * A session cannot be deleted while branches see its messages: deleting it would silently take their history.
 * `branchIds` names the branches forked from it directly; delete them first, or delete the whole tree at once.
 */
export class BranchError extends CtxkitError {
  readonly code = 'has_branches';
  readonly sessionId: string;
  readonly branchIds: readonly string[];

  constructor(sessionId: string, branchIds: readonly string[]) {
    super(
      `Session '${sessionId}' has ${branchIds.length} branch${branchIds.length === 1 ? '' : 'es'} ` +
        `(${branchIds.join(', ')}) that see its messages. Delete them first, or call ` +
        `deleteSession('${sessionId}', { branches: 'delete' }) to delete the session with all its branches.`,
    );
    this.sessionId = sessionId;
    this.branchIds = branchIds;
  }
}

/**
 * An attachment ctxkit (or the renderer a request goes through) cannot send: `path` names it in the call that
 * received it (`attachments[1]`), `mediaType` says what it is, and `by` who refuses it: `ctxkit` for a kind no
 * provider request takes here (audio, video, archives), else the renderer (`openai-chat`, `anthropic`, `ai-sdk`).
 * Nothing is ever dropped silently instead.
 */
export class UnsupportedAttachmentError extends CtxkitError {
  readonly code = 'unsupported_attachment';
  readonly path: string;
  readonly mediaType: string;
  readonly by: string;

  constructor(path: string, mediaType: string, by: string, why: string) {
    super(`${path} (${mediaType}) cannot be sent${by === 'ctxkit' ? '' : ` by the ${by} renderer`}: ${why}`);
    this.path = path;
    this.mediaType = mediaType;
    this.by = by;
  }
}

/** What could not be done when an embedding model was loaded (or used). */
export type EmbedderFailure =
  /** `@huggingface/transformers` is not installed, or could not be imported. */
  | 'library-missing'
  /** A model file is missing or unreadable at the configured origin or folder. */
  | 'model-files'
  /** A request went to a place the host did not configure, and was refused. */
  | 'blocked-request'
  /** ONNX Runtime could not start (wasm files missing, unsupported graph) or the model failed to run. */
  | 'runtime'
  /** The Web Worker the model runs in could not start, or died. */
  | 'worker'
  /** The embedder was disposed. */
  | 'disposed';

/**
 * The embedding model is not available, so vector retrieval is not either. The app keeps working: retrieval falls
 * back to lexical search alone. `failure` says what went wrong, `location` the file or URL when one is known.
 */
export class EmbedderLoadError extends CtxkitError {
  readonly code = 'embedder_unavailable';
  readonly model: string;
  readonly failure: EmbedderFailure;
  readonly location: string | undefined;

  constructor(
    model: string,
    failure: EmbedderFailure,
    detail: string,
    options?: { readonly location?: string | undefined; readonly cause?: unknown },
  ) {
    super(`The embedding model '${model}' is unavailable (${failure}): ${detail}`, {
      cause: options?.cause,
    });
    this.model = model;
    this.failure = failure;
    this.location = options?.location;
  }
}
