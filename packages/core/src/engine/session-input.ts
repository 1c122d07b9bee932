import { type Attachment, type AttachmentInput, checkAttachments } from '../attachments/index.js';
import type { ItemRef } from '../catalog/index.js';
import { type ErrorIssue, ValidationError } from '../errors/index.js';
import { isModeSetting, type LeaseScope, type ModeSetting, type PinTarget } from '../session/index.js';
import {
  checkBoolean,
  checkKnownFields,
  checkSessionId,
  checkText,
  describe,
  isRecord,
} from '../validation/index.js';

// What the public calls of sessions and the engine accept, checked at the call that received it: a wrong value is a
// ValidationError naming its path, and nothing is written. Each check returns the value with its type.

const MAX_TITLE = 500;

function fail(what: string, issues: readonly ErrorIssue[]): never {
  throw new ValidationError(what, issues);
}

export function checkTitle(title: unknown): string {
  const issues: ErrorIssue[] = [];
  if (!checkText(title, 'title', issues, { maxLength: MAX_TITLE })) fail('Invalid title', issues);
  return title as string;
}

export function checkWorkspace(text: unknown): string | null {
  if (text === null) return null;
  if (typeof text !== 'string')
    fail('Invalid workspace', [{ path: 'text', message: `must be a string or null, got ${describe(text)}` }]);
  return text;
}

export function checkItemRef(ref: unknown, path = 'ref'): ItemRef {
  const issues: ErrorIssue[] = [];
  if (!isRecord(ref))
    fail('Invalid item reference', [
      { path, message: `must be { type, name } (and serverName for a tool), got ${describe(ref)}` },
    ]);
  const type = ref.type;
  if (type !== 'rule' && type !== 'reference' && type !== 'tool')
    issues.push({
      path: `${path}.type`,
      message: `must be 'rule', 'reference' or 'tool', got ${describe(type)}`,
    });
  checkText(ref.name, `${path}.name`, issues);
  if (type === 'tool') checkText(ref.serverName, `${path}.serverName`, issues);
  // A catalog item is a reference too (it has type, name and serverName), so other fields are allowed here.
  if (issues.length > 0) fail('Invalid item reference', issues);
  return ref as unknown as ItemRef;
}

export function checkPinTarget(target: unknown): PinTarget {
  if (!isRecord(target))
    fail('Invalid pin', [{ path: 'target', message: `must be an object, got ${describe(target)}` }]);
  const issues: ErrorIssue[] = [];
  switch (target.kind) {
    case 'item':
      checkKnownFields(target, ['kind', 'ref'], 'target', issues);
      if (issues.length > 0) fail('Invalid pin', issues);
      checkItemRef(target.ref, 'target.ref');
      break;
    case 'message':
      checkKnownFields(target, ['kind', 'messageId'], 'target', issues);
      checkText(target.messageId, 'target.messageId', issues);
      break;
    case 'card':
      checkKnownFields(target, ['kind', 'title', 'text'], 'target', issues);
      checkText(target.title, 'target.title', issues, { maxLength: MAX_TITLE });
      // A card's text is data: any string, even an empty one.
      if (typeof target.text !== 'string')
        issues.push({ path: 'target.text', message: `must be a string, got ${describe(target.text)}` });
      break;
    default:
      issues.push({
        path: 'target.kind',
        message: `must be 'item', 'message' or 'card', got ${describe(target.kind)}`,
      });
  }
  if (issues.length > 0) fail('Invalid pin', issues);
  return target as unknown as PinTarget;
}

export function checkLease(lease: unknown, path: string, issues: ErrorIssue[]): lease is LeaseScope {
  if (!isRecord(lease)) {
    issues.push({
      path,
      message: `must be { kind: 'turns', turns } or { kind: 'task', taskId } or { kind: 'cluster', clusterId }, got ${describe(lease)}`,
    });
    return false;
  }
  const before = issues.length;
  if (lease.kind === 'turns') {
    checkKnownFields(lease, ['kind', 'turns'], path, issues);
    if (!Number.isSafeInteger(lease.turns) || (lease.turns as number) < 1)
      issues.push({
        path: `${path}.turns`,
        message: `must be a whole number of turns, 1 or more, got ${describe(lease.turns)}`,
      });
  } else if (lease.kind === 'task') {
    checkKnownFields(lease, ['kind', 'taskId'], path, issues);
    checkText(lease.taskId, `${path}.taskId`, issues);
  } else if (lease.kind === 'cluster') {
    checkKnownFields(lease, ['kind', 'clusterId'], path, issues);
    checkText(lease.clusterId, `${path}.clusterId`, issues);
  } else
    issues.push({
      path: `${path}.kind`,
      message: `must be 'turns', 'task' or 'cluster', got ${describe(lease.kind)}`,
    });
  return issues.length === before;
}

export function checkPinOptions(options: unknown): void {
  if (options === undefined) return;
  if (!isRecord(options))
    fail('Invalid pin', [{ path: 'options', message: `must be an object, got ${describe(options)}` }]);
  const issues: ErrorIssue[] = [];
  checkKnownFields(options, ['kind', 'lease'], 'options', issues);
  const kind = options.kind;
  if (kind !== undefined && kind !== 'sticky' && kind !== 'leased' && kind !== 'ephemeral')
    issues.push({
      path: 'options.kind',
      message: `must be 'sticky', 'leased' or 'ephemeral', got ${describe(kind)}`,
    });
  if (options.lease !== undefined) checkLease(options.lease, 'options.lease', issues);
  if (issues.length > 0) fail('Invalid pin', issues);
}

export interface NewSessionOptions {
  /**
   * The session's id, when the host chooses it (a chat id from its URL, say): 1 to 128 of the characters a URL
   * carries as they are (`A–Z a–z 0–9 - . _ ~`). Without it the engine makes one (`newId`).
   */
  readonly id?: string;
  readonly title?: string;
  readonly memory?: boolean;
  readonly private?: boolean;
}

export function checkNewSession(options: unknown): NewSessionOptions {
  if (options === undefined) return {};
  if (!isRecord(options))
    fail('Invalid session options', [
      { path: 'options', message: `must be an object, got ${describe(options)}` },
    ]);
  const issues: ErrorIssue[] = [];
  checkKnownFields(options, ['id', 'title', 'memory', 'private'], 'options', issues);
  if (options.id !== undefined) checkSessionId(options.id, 'options.id', issues);
  checkText(options.title, 'options.title', issues, { optional: true, maxLength: MAX_TITLE });
  checkBoolean(options.memory, 'options.memory', issues);
  checkBoolean(options.private, 'options.private', issues);
  if (issues.length > 0) fail('Invalid session options', issues);
  return options as NewSessionOptions;
}

/** A session id a host chooses (`createSession({ id })`, `openOrCreateSession(id)`). */
export function checkHostSessionId(value: unknown, path: string): string {
  const issues: ErrorIssue[] = [];
  checkSessionId(value, path, issues);
  if (issues.length > 0) fail('Invalid session id', issues);
  return value as string;
}

export function checkId(value: unknown, path: string, what: string): string {
  const issues: ErrorIssue[] = [];
  if (!checkText(value, path, issues)) fail(`Invalid ${what}`, issues);
  return value as string;
}

/** A session setting that is on or off (privacy, recall, memory). */
export function checkSwitch(value: unknown, what: string, path: string): boolean {
  if (typeof value !== 'boolean') fail(what, [{ path, message: 'must be a boolean' }]);
  return value;
}

/** A mode setting, or null for the engine's default. */
export function checkMode(mode: unknown): ModeSetting | null {
  if (mode !== null && !isModeSetting(mode))
    fail('Invalid context mode', [
      {
        path: 'mode',
        message: `unknown mode ${JSON.stringify(mode)} (expected 'auto', 'off', 'light' or 'heavy')`,
      },
    ]);
  return mode;
}

export function checkUserText(text: unknown, hasAttachments = false): string {
  // A message may be an image alone; it still needs its text to be a string.
  if (typeof text !== 'string' || (text.trim() === '' && !hasAttachments))
    fail('Invalid user message', [
      { path: 'userText', message: 'must be a non-empty string (or any string, with attachments)' },
    ]);
  return text;
}

/** What `session.prepare` takes beside the text. */
export interface PrepareOptions {
  /** Images and files sent with the message (see docs/attachments.md). */
  readonly attachments?: readonly AttachmentInput[];
}

/** The message's attachments in their stored form; a ValidationError names `options.attachments[i]…`. */
export function checkPrepareOptions(options: unknown): Attachment[] {
  if (options === undefined) return [];
  if (!isRecord(options))
    fail('Invalid prepare options', [
      { path: 'options', message: `must be an object, got ${describe(options)}` },
    ]);
  const issues: ErrorIssue[] = [];
  checkKnownFields(options, ['attachments'], 'options', issues);
  if (issues.length > 0) fail('Invalid prepare options', issues);
  return checkAttachments(options.attachments, 'options.attachments');
}

/** A transcript note: a 'system' or 'error' role, and text. */
export function checkNote(role: unknown, content: unknown): void {
  const issues: ErrorIssue[] = [];
  if (role !== 'system' && role !== 'error')
    issues.push({ path: 'role', message: `notes are 'system' or 'error', not ${JSON.stringify(role)}` });
  if (typeof content !== 'string') issues.push({ path: 'content', message: 'must be a string' });
  if (issues.length > 0) fail('Invalid note', issues);
}
