import { hashString } from '../hash/index.js';
import type { ItemKey, ItemRef } from './types.js';

export function itemKey(ref: ItemRef): ItemKey {
  return ref.type === 'tool' ? `tool:${ref.serverName}:${ref.name}` : `${ref.type}:${ref.name}`;
}

/** The bare reference of an item, without anything else it carries. */
export function toRef(item: ItemRef): ItemRef {
  return item.type === 'tool'
    ? { type: 'tool', name: item.name, serverName: item.serverName }
    : { type: item.type, name: item.name };
}

/** `server:tool` for tools, the name otherwise: how items are shown to people. */
export function displayName(ref: ItemRef): string {
  return ref.type === 'tool' ? `${ref.serverName}:${ref.name}` : ref.name;
}

export function sameRef(a: ItemRef, b: ItemRef): boolean {
  return itemKey(a) === itemKey(b);
}

const VALID_FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The name providers see for a tool: `<server>__<tool>` when that is already a valid function name
 * (`[A-Za-z0-9_-]{1,64}`). Otherwise other characters become `_`, the name is cut to fit, and a short hash of the
 * real name is appended, so that `read.v1` and `read_v1`, or two long names, or two non-Latin names stay distinct.
 */
export function functionNameFor(serverName: string, toolName: string): string {
  const name = `${serverName}__${toolName}`;
  if (VALID_FUNCTION_NAME.test(name)) return name;
  const suffix = `_${hashString(name).slice(0, 8)}`;
  return name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64 - suffix.length) + suffix;
}
