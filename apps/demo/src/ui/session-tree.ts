import type { SessionRecord } from '@ctxkit/core';

export interface SessionNode {
  readonly record: SessionRecord;
  readonly depth: number;
}

/**
 * The sessions list as a tree, flattened in display order: conversations newest first, each followed by its
 * branches (oldest first, depth first), so a fork shows right under what it forked from.
 */
export function sessionTree(records: readonly SessionRecord[]): SessionNode[] {
  const children = new Map<string, SessionRecord[]>();
  const ids = new Set(records.map((record) => record.id));
  const roots: SessionRecord[] = [];
  for (const record of records) {
    const parent = record.branch?.parentSessionId;
    if (parent && ids.has(parent)) {
      const list = children.get(parent) ?? [];
      list.push(record);
      children.set(parent, list);
    } else roots.push(record);
  }
  const byNewest = (a: SessionRecord, b: SessionRecord) =>
    b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);
  const byOldest = (a: SessionRecord, b: SessionRecord) => -byNewest(a, b);
  const out: SessionNode[] = [];
  const visit = (record: SessionRecord, depth: number) => {
    out.push({ record, depth });
    for (const child of (children.get(record.id) ?? []).sort(byOldest)) visit(child, depth + 1);
  };
  for (const root of roots.sort(byNewest)) visit(root, 0);
  return out;
}
