import type { ErrorIssue } from '../errors/index.js';
import type { TriggerKind } from '../retrieval-types/index.js';
import { TRIGGER_GROUPS, type TriggerGroup, type TriggerSwitches } from '../session/index.js';
import { checkKnownFields, describe, isRecord } from '../validation/index.js';

/** The switch each kind answers to; the message itself always runs (it is the query, not a trigger of it). */
const GROUP_OF: Readonly<Record<TriggerKind, TriggerGroup | null>> = {
  message: null,
  file_path: 'paths',
  symbol_mention: 'symbols',
  implicit_query: 'questions',
  file_open: 'activity',
  file_edit: 'activity',
  symbol_hover: 'activity',
};

export const triggerGroupOf = (kind: TriggerKind): TriggerGroup | null => GROUP_OF[kind];

/** Whether a trigger of `kind` runs under `switches` (a group not named is on). */
export function triggerOn(switches: TriggerSwitches | undefined, kind: TriggerKind): boolean {
  const group = GROUP_OF[kind];
  return group === null || switches?.[group] !== false;
}

/** Every group with its state: the session's choice over the engine's, on where neither says. */
export function effectiveTriggers(
  ...layers: readonly (TriggerSwitches | undefined)[]
): Readonly<Record<TriggerGroup, boolean>> {
  const result = { paths: true, symbols: true, questions: true, activity: true };
  for (const layer of layers)
    for (const group of TRIGGER_GROUPS) if (layer?.[group] !== undefined) result[group] = layer[group];
  return result;
}

/** Problems of a `TriggerSwitches` value at `path`: an object of the four groups, each a boolean. */
export function triggerSwitchIssues(value: unknown, path: string, issues: ErrorIssue[]): void {
  if (value === undefined) return;
  if (!isRecord(value)) {
    issues.push({
      path,
      message: `must be an object of switches ({ paths, symbols, … }), got ${describe(value)}`,
    });
    return;
  }
  checkKnownFields(value, TRIGGER_GROUPS, path, issues);
  for (const group of TRIGGER_GROUPS)
    if (value[group] !== undefined && typeof value[group] !== 'boolean')
      issues.push({ path: `${path}.${group}`, message: `must be a boolean, got ${describe(value[group])}` });
}
