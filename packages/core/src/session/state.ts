import { type Catalog, type ItemRef, itemKey, toRef } from '../catalog/index.js';
import { NotFoundError, ValidationError } from '../errors/index.js';
import type {
  Lease,
  LeaseScope,
  Pin,
  PinKind,
  PinTarget,
  SessionContextItem,
  SessionRecord,
} from './types.js';

// Pure functions from one SessionRecord to the next. The Session class persists what they return.

export function newSessionRecord(id: string, title: string, catalog: Catalog, now: string): SessionRecord {
  return {
    id,
    title,
    createdAt: now,
    updatedAt: now,
    contextItems: catalog.alwaysItems().map((item) => ({ ...toRef(item), includeMode: 'always' as const })),
    pins: [],
    mode: null,
    taskId: null,
    workspace: null,
    turnCount: 0,
  };
}

function requireItem(catalog: Catalog, ref: ItemRef) {
  const item = catalog.get(ref);
  if (!item) throw new NotFoundError('catalog item', itemKey(ref), 'add it to the catalog first');
  return item;
}

/** Adds an item by hand (any include mode). Idempotent: an item already in the session keeps how it came in. */
export function withItem(record: SessionRecord, catalog: Catalog, ref: ItemRef): SessionRecord {
  const item = requireItem(catalog, ref);
  if (record.contextItems.some((entry) => itemKey(entry) === item.key)) return record;
  const added: SessionContextItem = { ...toRef(item), includeMode: 'manual' };
  return { ...record, contextItems: [...record.contextItems, added] };
}

/** Removes an item from the session context. Idempotent. */
export function withoutItem(record: SessionRecord, ref: ItemRef): SessionRecord {
  const key = itemKey(ref);
  const contextItems = record.contextItems.filter((entry) => itemKey(entry) !== key);
  return contextItems.length === record.contextItems.length ? record : { ...record, contextItems };
}

/** What a pin holds, as a key: two pins hold the same thing exactly when their keys are equal. */
export function pinTargetKey(target: PinTarget): string {
  switch (target.kind) {
    case 'item':
      return `item:${itemKey(target.ref)}`;
    case 'message':
      return `message:${target.messageId}`;
    case 'card':
      // JSON keeps title and text apart: a newline may be in either.
      return `card:${JSON.stringify([target.title, target.text])}`;
  }
}

const PIN_KINDS: readonly PinKind[] = ['sticky', 'leased', 'ephemeral'];

function checkLease(scope: LeaseScope | undefined, kind: PinKind): void {
  if (!PIN_KINDS.includes(kind)) {
    throw new ValidationError('Invalid pin', [
      {
        path: 'kind',
        message: `unknown pin kind ${JSON.stringify(kind)} (expected 'sticky', 'leased' or 'ephemeral')`,
      },
    ]);
  }
  if (kind !== 'leased') {
    if (scope)
      throw new ValidationError('Invalid pin', [
        { path: 'lease', message: `only leased pins have a lease, not ${kind} ones` },
      ]);
    return;
  }
  if (!scope)
    throw new ValidationError('Invalid pin', [
      { path: 'lease', message: 'a leased pin needs a lease scope' },
    ]);
  if (scope.kind !== 'turns' && scope.kind !== 'task' && scope.kind !== 'cluster') {
    throw new ValidationError('Invalid pin', [
      {
        path: 'lease.kind',
        message: `unknown lease kind ${JSON.stringify((scope as { kind: unknown }).kind)} (expected 'turns', 'task' or 'cluster')`,
      },
    ]);
  }
  if (scope.kind === 'turns' && !(Number.isInteger(scope.turns) && scope.turns >= 1)) {
    throw new ValidationError('Invalid pin', [
      { path: 'lease.turns', message: `must be an integer ≥ 1, got ${scope.turns}` },
    ]);
  }
  const id = scope.kind === 'task' ? scope.taskId : scope.kind === 'cluster' ? scope.clusterId : '-';
  if (typeof id !== 'string' || id === '') {
    throw new ValidationError('Invalid pin', [
      { path: `lease.${scope.kind}Id`, message: 'must be a non-empty string' },
    ]);
  }
}

export function makePin(
  id: string,
  target: PinTarget,
  kind: PinKind,
  scope: LeaseScope | undefined,
  now: string,
): Pin {
  checkLease(scope, kind);
  if (kind === 'leased' && scope) {
    const lease: Lease =
      scope.kind === 'turns'
        ? { kind: 'turns', turns: scope.turns, remaining: scope.turns }
        : scope.kind === 'task'
          ? { kind: 'task', taskId: scope.taskId }
          : { kind: 'cluster', clusterId: scope.clusterId };
    return { id, kind, target, lease, createdAt: now };
  }
  return { id, kind: kind === 'sticky' ? 'sticky' : 'ephemeral', target, createdAt: now };
}

/**
 * Adds a pin; a pin on the same target is replaced, so one target never has two pins. A suggestion of that target
 * is answered by the pin and goes in the same write.
 */
export function withPin(record: SessionRecord, pin: Pin): SessionRecord {
  const key = pinTargetKey(pin.target);
  const existing = record.pins.findIndex((entry) => pinTargetKey(entry.target) === key);
  const pins = [...record.pins];
  if (existing >= 0) pins[existing] = pin;
  else pins.push(pin);
  const suggestions = record.suggestions?.filter((entry) => pinTargetKey(entry.target) !== key);
  return { ...record, pins, ...(suggestions && { suggestions }) };
}

export function findPin(record: SessionRecord, pinId: string): Pin {
  const pin = record.pins.find((entry) => entry.id === pinId);
  if (!pin) throw new NotFoundError('pin', pinId);
  return pin;
}

export function withoutPin(record: SessionRecord, pinId: string): SessionRecord {
  const pins = record.pins.filter((entry) => entry.id !== pinId);
  return pins.length === record.pins.length ? record : { ...record, pins };
}

/** Ephemeral → leased: the card becomes the full item for the lease's scope. Only the user makes a pin sticky. */
export function withPromotedPin(record: SessionRecord, pinId: string, scope: LeaseScope): SessionRecord {
  const pin = findPin(record, pinId);
  if (pin.kind !== 'ephemeral') {
    throw new ValidationError('Cannot promote pin', [
      {
        path: `pins.${pinId}`,
        message: `only ephemeral pins are promoted to leased; this one is ${pin.kind}`,
      },
    ]);
  }
  return withPin(record, makePin(pin.id, pin.target, 'leased', scope, pin.createdAt));
}

export interface LeaseChange {
  readonly record: SessionRecord;
  /** Leased pins whose scope ended. */
  readonly expired: readonly Pin[];
}

/**
 * After a committed turn: turn-scoped leases count down and lapse at zero. Only pins in `counted` (those the turn
 * was planned with) count this turn; a pin made during the turn starts counting with the next one.
 */
export function advanceLeases(record: SessionRecord, counted?: ReadonlySet<string>): LeaseChange {
  const expired: Pin[] = [];
  const pins: Pin[] = [];
  for (const pin of record.pins) {
    if (pin.kind !== 'leased' || pin.lease.kind !== 'turns' || (counted && !counted.has(pin.id)))
      pins.push(pin);
    else if (pin.lease.remaining <= 1) expired.push(pin);
    else pins.push({ ...pin, lease: { ...pin.lease, remaining: pin.lease.remaining - 1 } });
  }
  return { record: { ...record, pins }, expired };
}

/** Switching tasks ends the leases scoped to any other task. */
export function withTask(record: SessionRecord, taskId: string | null): LeaseChange {
  const expired = record.pins.filter(
    (pin) => pin.kind === 'leased' && pin.lease.kind === 'task' && pin.lease.taskId !== taskId,
  );
  const pins = record.pins.filter((pin) => !expired.includes(pin));
  return { record: { ...record, taskId, pins }, expired };
}
