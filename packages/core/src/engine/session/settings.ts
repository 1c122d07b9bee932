import type { ItemRef } from '../../catalog/index.js';
import { type ErrorIssue, ValidationError } from '../../errors/index.js';
import { triggerSwitchIssues } from '../../retrieval/index.js';
import {
  type ModeSetting,
  type Pin,
  type SessionRecord,
  type TriggerSwitches,
  withItem,
  withoutItem,
  withTask,
} from '../../session/index.js';
import {
  checkId,
  checkItemRef,
  checkMode,
  checkSwitch,
  checkTitle,
  checkWorkspace,
} from '../session-input.js';
import { agentKeyOf } from '../use-evidence.js';
import type { SessionCore } from './core.js';

// What a session holds besides its transcript and pins: its items, mode, task, title, workspace, and whether it is
// private, recalled and part of cross-conversation memory. Each change is one write of the record.

export async function setPrivate<R>(core: SessionCore<R>, on: boolean): Promise<void> {
  checkSwitch(on, 'Invalid privacy mode', 'on');
  await core.update((record) => ((record.private ?? false) === on ? record : { ...record, private: on }));
  // What it gave other conversations lives in the persistent store: a private session keeps none of it there.
  if (on) await core.engine.memories.forgetSessions([core.id]);
}

export async function addItem<R>(core: SessionCore<R>, ref: ItemRef): Promise<void> {
  checkItemRef(ref);
  return core.update((record) => withItem(record, core.engine.catalog, ref));
}

export async function removeItem<R>(core: SessionCore<R>, ref: ItemRef): Promise<void> {
  checkItemRef(ref);
  await core.update((record) => withoutItem(record, ref));
  core.reportUse('removed', agentKeyOf(core.engine.catalog, ref));
}

/** Turns trigger kinds on or off for this session, over the engine's switches; `null` returns to the engine's. */
export async function setTriggers<R>(core: SessionCore<R>, switches: TriggerSwitches | null): Promise<void> {
  const issues: ErrorIssue[] = [];
  if (switches !== null) triggerSwitchIssues(switches, 'switches', issues);
  if (issues.length > 0) throw new ValidationError('Invalid trigger switches', issues);
  return core.update((record) => {
    const { triggers: held, ...rest } = record;
    if (switches === null) return held === undefined ? record : rest;
    const triggers = { ...held, ...switches };
    return { ...rest, triggers };
  });
}

export async function setMode<R>(core: SessionCore<R>, mode: ModeSetting | null): Promise<void> {
  checkMode(mode);
  return core.update((record) => ({ ...record, mode }));
}

export async function setRecall<R>(core: SessionCore<R>, enabled: boolean): Promise<void> {
  checkSwitch(enabled, 'Invalid recall setting', 'enabled');
  return core.update((record) => {
    if ((record.recall !== false) === enabled) return record;
    const { recall: _recall, ...rest } = record;
    return enabled ? rest : { ...rest, recall: false };
  });
}

export async function setMemory<R>(core: SessionCore<R>, enabled: boolean): Promise<void> {
  checkSwitch(enabled, 'Invalid memory setting', 'enabled');
  await core.update((record) =>
    (record.memory !== false) === enabled ? record : { ...record, memory: enabled },
  );
  if (!enabled) await core.engine.memories.forgetSessions([core.id]);
}

export async function setTitle<R>(core: SessionCore<R>, title: string): Promise<void> {
  const redacted = core.redaction.plain(checkTitle(title));
  return core.update((record) => ({ ...record, title: redacted }));
}

export async function setWorkspace<R>(core: SessionCore<R>, text: string | null): Promise<void> {
  checkWorkspace(text);
  const [redacted = null] = text === null || text === '' ? [] : core.redaction.text('workspace', text);
  return core.update((record) => ({ ...record, workspace: redacted }));
}

/** Sets the current task; leases scoped to any other task end. Returns the pins that lapsed. */
export async function setTask<R>(core: SessionCore<R>, taskId: string | null): Promise<readonly Pin[]> {
  if (taskId !== null) checkId(taskId, 'taskId', 'task');
  let expired: readonly Pin[] = [];
  await core.update((record: SessionRecord) => {
    const change = withTask(record, taskId);
    expired = change.expired;
    return change.record;
  });
  return expired;
}
