import type { Catalog } from '../catalog/index.js';

/** Names shorter than this are too common as words ("db", "ui") to count as the message naming the item. */
const SHORTEST_NAME = 4;
/** At most this many names are reported. */
const MOST = 5;

const lowered = new WeakMap<Catalog, readonly { readonly name: string; readonly lower: string }[]>();

/**
 * The enabled catalog items whose name the message contains as a whole word or phrase, case-insensitively, in
 * catalog order. Names are lower-cased once per catalog.
 */
export function itemsNamedIn(text: string, catalog: Catalog): string[] {
  let names = lowered.get(catalog);
  if (!names) {
    names = catalog.items
      .filter((item) => item.enabled && item.name.length >= SHORTEST_NAME)
      .map((item) => ({ name: item.name, lower: item.name.toLowerCase() }));
    lowered.set(catalog, names);
  }
  const message = text.toLowerCase();
  const found: string[] = [];
  for (const { name, lower } of names) {
    const at = message.indexOf(lower);
    if (at < 0) continue;
    const before = message.charAt(at - 1);
    const after = message.charAt(at + lower.length);
    if (isWordChar(before) || isWordChar(after)) continue;
    found.push(name);
    if (found.length >= MOST) break;
  }
  return found;
}

function isWordChar(char: string): boolean {
  return char !== '' && /[\p{L}\p{N}_]/u.test(char);
}
