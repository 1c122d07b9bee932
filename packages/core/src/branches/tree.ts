import { NotFoundError } from '../errors/index.js';
import type { SessionRecord } from '../session/index.js';

/** A session in a branch tree, for a UI to draw: its record, how deep it is, and its direct branches. */
export interface BranchNode {
  readonly record: SessionRecord;
  /** 0 for the session the listing started from. */
  readonly depth: number;
  /** Sessions forked directly from this one, oldest first. */
  readonly branchIds: readonly string[];
}

function childrenBySession(records: readonly SessionRecord[]): Map<string, SessionRecord[]> {
  const children = new Map<string, SessionRecord[]>();
  for (const record of records) {
    const parent = record.branch?.parentSessionId;
    if (parent === undefined) continue;
    const list = children.get(parent) ?? [];
    list.push(record);
    children.set(parent, list);
  }
  for (const list of children.values()) {
    list.sort((a, b) =>
      a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1,
    );
  }
  return children;
}

/** The session and every branch below it, depth first (each session before its branches, oldest branch first). */
export function branchTree(records: readonly SessionRecord[], sessionId: string): BranchNode[] {
  const start = records.find((record) => record.id === sessionId);
  if (!start) throw new NotFoundError('session', sessionId);
  const children = childrenBySession(records);
  const nodes: BranchNode[] = [];
  const visit = (record: SessionRecord, depth: number, seen: Set<string>) => {
    const below = (children.get(record.id) ?? []).filter((child) => !seen.has(child.id));
    nodes.push({ record, depth, branchIds: below.map((child) => child.id) });
    for (const child of below) visit(child, depth + 1, new Set([...seen, child.id]));
  };
  visit(start, 0, new Set([start.id]));
  return nodes;
}

/** The branches forked directly from a session. */
export function directBranches(records: readonly SessionRecord[], sessionId: string): string[] {
  return (childrenBySession(records).get(sessionId) ?? []).map((record) => record.id);
}

/** A session and all its branches, deepest first: deleting in this order never leaves a branch without its parent. */
export function deletionOrder(records: readonly SessionRecord[], sessionId: string): string[] {
  const children = childrenBySession(records);
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const child of children.get(id) ?? []) visit(child.id);
    order.push(id);
  };
  visit(sessionId);
  return order;
}
