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

const FUNCTION_NAME_LIMIT = 64;

/** Provider function names allow `[A-Za-z0-9_-]{1,64}`; MCP tool names are qualified by server to stay unique. */
export function functionNameFor(serverName: string, toolName: string): string {
  return `${serverName}__${toolName}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, FUNCTION_NAME_LIMIT);
}
