import type { SessionRecord } from '@ctxkit/core';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { sessionGroups } from './session-groups.js';

const NOW = new Date(2026, 10, 26, 15, 0);

/** A record as the store lists it, last changed `daysAgo` days before NOW (at noon). */
function at(record: SessionRecord, daysAgo: number): SessionRecord {
  const updated = new Date(2026, 10, 26 - daysAgo, 12, 0).toISOString();
  return { ...record, updatedAt: updated };
}

async function sessions() {
  const engine = await testEngine();
  const invoices = await engine.createSession({ title: 'Invoice queries' });
  await invoices.commit(await invoices.prepare('Which table holds invoices?'), 'The invoices table.');
  const branch = await invoices.fork(invoices.messages.at(-1)?.id ?? '', { title: 'Invoices · Café branch' });
  const uploads = await engine.createSession({ title: 'File uploads' });
  const errors = await engine.createSession({ title: 'Logging errors' });
  const old = await engine.createSession({ title: 'Release notes' });
  const records = await engine.listSessions();
  const byId = (id: string) => records.find((record) => record.id === id) as SessionRecord;
  return [
    at(byId(invoices.id), 40),
    at(byId(branch.id), 0),
    at(byId(uploads.id), 1),
    at(byId(errors.id), 3),
    at(byId(old.id), 200),
  ];
}

const titles = (groups: ReturnType<typeof sessionGroups>) =>
  groups.map((group) => [group.label, group.nodes.map((node) => `${node.depth}:${node.record.title}`)]);

describe('sessionGroups', () => {
  it('groups conversations by their latest activity, a branch counting for its conversation', async () => {
    expect(titles(sessionGroups(await sessions(), '', NOW, 'en-US'))).toEqual([
      ['Today', ['0:Invoice queries', '1:Invoices · Café branch']],
      ['Yesterday', ['0:File uploads']],
      ['Previous 7 days', ['0:Logging errors']],
      ['May 2026', ['0:Release notes']],
    ]);
  });

  it('finds sessions by title, ignoring case and accents, keeping the parent of a matching branch', async () => {
    const records = await sessions();
    expect(titles(sessionGroups(records, 'CAFE', NOW, 'en-US'))).toEqual([
      ['Today', ['0:Invoice queries', '1:Invoices · Café branch']],
    ]);
    expect(titles(sessionGroups(records, 'log', NOW, 'en-US'))).toEqual([
      ['Previous 7 days', ['0:Logging errors']],
    ]);
    expect(sessionGroups(records, 'nothing like it', NOW)).toEqual([]);
  });
});
