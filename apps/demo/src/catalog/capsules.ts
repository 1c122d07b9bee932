import { type CapsuleInput, hashReferenceContent } from '@ctxkit/core';
import { demoCatalog } from './catalog.js';

const contentOf = (name: string): string => {
  const reference = demoCatalog.references?.find((entry) => entry.name === name);
  if (!reference) throw new Error(`The demo catalog has no reference ${name}`);
  return reference.content;
};

const capsule = (name: string, summary: string, confidence: number, generatedAt: string): CapsuleInput => ({
  ref: { type: 'reference', name },
  summary,
  contentHash: hashReferenceContent(contentOf(name)),
  source: 'host',
  confidence,
  generatedAt,
});

/**
 * Summaries of the demo's larger references, sent in their place when a small window leaves no room for them;
 * the details show each one's confidence and date.
 */
export const demoCapsules: readonly CapsuleInput[] = [
  capsule(
    'Database schema',
    'Three tables: users (id, email, name), projects (owner_id → users), invoices (project_id → projects, total_cents, sent_at).',
    0.9,
    '2026-11-20',
  ),
  capsule(
    'API documentation',
    'REST endpoints for users (list, create), projects (get with invoices) and sending an invoice by email.',
    0.7,
    '2026-11-18',
  ),
];
