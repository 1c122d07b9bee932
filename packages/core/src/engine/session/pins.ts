import { withDismissed } from '../../earned-pins/index.js';
import { type ErrorIssue, NotFoundError, ValidationError } from '../../errors/index.js';
import { frozenJsonCopy } from '../../json/index.js';
import {
  findPin,
  type LeaseScope,
  makePin,
  type Pin,
  type PinTarget,
  type SessionRecord,
  withoutPin,
  withPin,
  withPromotedPin,
} from '../../session/index.js';
import type { PinSuggestion } from '../../suggestions/index.js';
import { suggestionOperations } from '../../suggestions/lazy.js';
import { ownPinTarget } from '../pin-target.js';
import { checkId, checkLease, checkPinOptions, checkPinTarget } from '../session-input.js';
import { agentKeyOf } from '../use-evidence.js';
import type { SessionCore } from './core.js';
import type { PinOptions } from './types.js';

// A session's pins, and the pins suggested to the user (by the model or the host) until they accept or dismiss them.

export async function pin<R>(core: SessionCore<R>, target: PinTarget, options?: PinOptions): Promise<Pin> {
  checkPinTarget(target);
  checkPinOptions(options);
  return pinWith(core, target, options, (record) => record);
}

/** Pins `target`; `also` changes the same record in the same write. */
async function pinWith<R>(
  core: SessionCore<R>,
  target: PinTarget,
  { kind = 'sticky', lease }: PinOptions = {},
  also: (record: SessionRecord, pin: Pin) => SessionRecord,
  evidence: 'pinned' | 'accepted' = 'pinned',
): Promise<Pin> {
  const pinId = core.engine.newId();
  const owned = ownTarget(core, target, `pin:${pinId}`, 'Invalid pin');
  const pin = makePin(pinId, owned, kind, lease && frozenJsonCopy(lease), core.engine.now());
  await core.update((record) => also(withPin(record, pin), pin));
  if (owned.kind === 'item') core.reportUse(evidence, agentKeyOf(core.engine.catalog, owned.ref));
  return pin;
}

/** A copy of a pin target the session can keep (see `ownPinTarget`). */
function ownTarget<R>(core: SessionCore<R>, target: PinTarget, candidateId: string, what: string): PinTarget {
  const context = {
    sessionId: core.id,
    messages: core.messages,
    catalog: core.engine.catalog,
    redaction: core.redaction,
  };
  return ownPinTarget(target, context, candidateId, what);
}

/** Removing an earned lease is remembered: the item is not earned again while that lease's scope lasts. */
export function unpin<R>(core: SessionCore<R>, pinId: string): Promise<void> {
  return core.update((record) => {
    const pin = record.pins.find((entry) => entry.id === pinId);
    return withoutPin(pin ? withDismissed(record, pin) : record, pinId);
  });
}

export async function promotePin<R>(core: SessionCore<R>, pinId: string, lease: LeaseScope): Promise<void> {
  checkId(pinId, 'pinId', 'pin');
  const issues: ErrorIssue[] = [];
  if (!checkLease(lease, 'lease', issues)) throw new ValidationError('Invalid lease', issues);
  findPin(core.record, pinId);
  return core.update((record) => withPromotedPin(record, pinId, lease));
}

export async function suggestPin<R>(
  core: SessionCore<R>,
  target: PinTarget,
  reason?: string,
): Promise<PinSuggestion> {
  const id = core.engine.newId();
  const owned = ownTarget(core, target, `suggestion:${id}`, 'Invalid suggestion');
  const { hostSuggestion, withSuggestion } = await suggestionOperations();
  const suggestion = hostSuggestion(id, owned, reason, core.engine.now(), (text) =>
    core.redaction.plain(text),
  );
  await core.update((record) => withSuggestion(record, suggestion));
  return suggestion;
}

/** The suggestion becomes a normal pin and the decision is recorded, in one write. */
export function acceptSuggestion<R>(
  core: SessionCore<R>,
  suggestionId: string,
  options?: PinOptions,
): Promise<Pin> {
  const suggestion = core.record.suggestions?.find((entry) => entry.id === suggestionId);
  if (!suggestion) return Promise.reject(new NotFoundError('pin suggestion', suggestionId));
  const { source } = suggestion;
  return pinWith(
    core,
    suggestion.target,
    options,
    (record, pin) =>
      core.engine.reflection.decide(record, {
        kind: 'accept-suggestion',
        suggestionId,
        source,
        pinId: pin.id,
      }),
    'accepted',
  );
}

export async function dismissSuggestion<R>(core: SessionCore<R>, suggestionId: string): Promise<void> {
  const { withoutSuggestion } = await suggestionOperations();
  return core.update((record) => {
    const suggestion = record.suggestions?.find((entry) => entry.id === suggestionId);
    if (!suggestion) return record;
    return core.engine.reflection.decide(withoutSuggestion(record, suggestionId), {
      kind: 'dismiss-suggestion',
      suggestionId,
      source: suggestion.source,
    });
  });
}
