import type { SessionRecord } from '@ctxkit/core';
import { type SessionNode, sessionTree } from './session-tree.js';

export interface SessionGroup {
  /** "Today", "Yesterday", "Previous 7 days", "Previous 30 days", or a month ("March 2026"). */
  readonly label: string;
  readonly nodes: readonly SessionNode[];
}

const DAY = 86_400_000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

function groupLabel(updatedAt: string, now: Date, locale: string | undefined): string {
  const date = new Date(updatedAt);
  const days = Math.floor((startOfDay(now) - startOfDay(date)) / DAY);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return 'Previous 7 days';
  if (days < 30) return 'Previous 30 days';
  return date.toLocaleDateString(locale, { month: 'long', year: 'numeric' });
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The sessions list grouped by when each conversation was last active (its own or a branch's latest change), most
 * recent first, each conversation followed by its branches. With a query, only conversations whose title or a
 * branch's title holds it (ignoring case and accents) are kept, with the branches that lead to a match.
 */
export function sessionGroups(
  records: readonly SessionRecord[],
  query = '',
  now = new Date(),
  locale?: string,
): SessionGroup[] {
  const needle = fold(query.trim());
  // Each conversation (a depth-0 node) with the nodes under it, in tree order.
  const trees: SessionNode[][] = [];
  for (const node of sessionTree(records)) {
    if (node.depth === 0) trees.push([node]);
    else trees.at(-1)?.push(node);
  }
  // Each kept conversation with when it was last active (its own or a branch's latest change), newest first.
  const kept = trees
    .map((tree) => (needle === '' ? tree : matching(tree, needle)))
    .filter((tree) => tree.length > 0)
    .map((tree) => ({
      tree,
      active:
        tree
          .map(({ record }) => record.updatedAt)
          .sort()
          .at(-1) ?? '',
    }))
    .sort((a, b) => b.active.localeCompare(a.active));
  const groups: { label: string; nodes: SessionNode[] }[] = [];
  for (const { tree, active } of kept) {
    const label = groupLabel(active, now, locale);
    const group = groups.at(-1);
    if (group?.label === label) group.nodes.push(...tree);
    else groups.push({ label, nodes: [...tree] });
  }
  return groups;
}

/** The nodes of a tree that match, with every node above a match (so a branch shows under its parent). */
function matching(tree: readonly SessionNode[], needle: string): SessionNode[] {
  const keep = new Set<number>();
  for (const [i, node] of tree.entries()) {
    if (!fold(node.record.title).includes(needle)) continue;
    keep.add(i);
    // Walk back up: the nearest earlier node one level shallower is the parent.
    let depth = node.depth;
    for (let j = i - 1; j >= 0 && depth > 0; j--)
      if ((tree[j] as SessionNode).depth === depth - 1) {
        keep.add(j);
        depth--;
      }
  }
  return tree.filter((_, i) => keep.has(i));
}
