import type { Catalog, ItemRef } from '../catalog/index.js';
import { type ErrorIssue, ValidationError } from '../errors/index.js';
import type { CapsuleCandidate, PlanInput } from '../planner/index.js';
import { formatCapsule } from '../render/index.js';
import type { CapsuleInput } from './types.js';

// The key `itemKey` gives a reference, written here: importing the catalog's module from this chunk made the
// bundler move the hash function out of the entry chunk into a chunk of its own, which every app would then load.
const itemKey = (ref: { readonly name: string }): string => `reference:${ref.name}`;

/**
 * The hash functions, handed in by the engine: the entry chunk holds them, and a chunk loaded on demand that
 * imported them itself would make the bundler split them out of the entry into a chunk of their own.
 */
export interface CapsuleHashes {
  readonly hashReferenceContent: (content: string) => string;
  readonly contentHash: (candidate: CapsuleCandidate) => string;
}

/** A capsule as the engine keeps it: checked, its summary redacted. */
export interface Capsule {
  readonly ref: { readonly type: 'reference'; readonly name: string };
  readonly summary: string;
  readonly contentHash: string;
  readonly source?: string;
  readonly confidence?: number;
  readonly generatedAt?: string;
}

/** Checks the host's capsules: references only, one per reference, a summary and a hash each. */
export function checkCapsules(
  capsules: readonly CapsuleInput[],
  redact: (text: string) => string,
): Capsule[] {
  const issues: ErrorIssue[] = [];
  if (!Array.isArray(capsules)) {
    throw new ValidationError('Invalid capsules', [{ path: 'capsules', message: 'must be an array' }]);
  }
  const seen = new Set<string>();
  const checked: Capsule[] = [];
  capsules.forEach((capsule, i) => {
    const at = `capsules[${i}]`;
    const ref = capsule?.ref as ItemRef | undefined;
    if (ref?.type !== 'reference' || typeof ref.name !== 'string' || ref.name === '') {
      issues.push({ path: `${at}.ref`, message: 'must name a reference: { type: "reference", name }' });
      return;
    }
    const key = itemKey(ref);
    if (seen.has(key)) issues.push({ path: `${at}.ref`, message: `a second capsule of ${key}` });
    seen.add(key);
    if (typeof capsule.summary !== 'string' || capsule.summary.trim() === '')
      issues.push({ path: `${at}.summary`, message: 'must be a non-empty string' });
    if (typeof capsule.contentHash !== 'string' || capsule.contentHash === '')
      issues.push({
        path: `${at}.contentHash`,
        message: 'must be hashReferenceContent(content) of the reference',
      });
    if (capsule.source !== undefined && typeof capsule.source !== 'string')
      issues.push({ path: `${at}.source`, message: 'must be a string when given' });
    if (
      capsule.confidence !== undefined &&
      (typeof capsule.confidence !== 'number' || !(capsule.confidence >= 0 && capsule.confidence <= 1))
    )
      issues.push({ path: `${at}.confidence`, message: 'must be a number from 0 to 1 when given' });
    if (capsule.generatedAt !== undefined && !isIsoDate(capsule.generatedAt))
      issues.push({ path: `${at}.generatedAt`, message: 'must be an ISO 8601 date or date-time when given' });
    checked.push({
      ref: { type: 'reference', name: ref.name },
      summary: typeof capsule.summary === 'string' ? redact(capsule.summary) : '',
      contentHash: capsule.contentHash,
      ...(typeof capsule.source === 'string' && { source: capsule.source }),
      ...(typeof capsule.confidence === 'number' && { confidence: capsule.confidence }),
      ...(typeof capsule.generatedAt === 'string' && { generatedAt: capsule.generatedAt }),
    });
  });
  if (issues.length > 0) throw new ValidationError('Invalid capsules', issues);
  return checked;
}

// A calendar date, optionally with a time: what `Date.prototype.toISOString` and a date input write.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const isIsoDate = (value: unknown): boolean =>
  typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));

/** Checks the host's capsules and plans them; null when there are none. */
export function capsuleSource(
  capsules: readonly CapsuleInput[],
  redact: (text: string) => string,
  tokens: (text: string) => number,
  hashes: CapsuleHashes,
): ((input: PlanInput, catalog: Catalog) => CapsuleCandidate[]) | null {
  const checked = checkCapsules(capsules, redact);
  return checked.length > 0 ? capsulePlanner(checked, tokens, hashes) : null;
}

/**
 * The capsules of the references among a plan input's item candidates (session, pins, retrieval), each marked
 * stale when its reference's content no longer hashes to the capsule's hash (or the reference is gone). The same
 * capsule and content give the same candidate object, so plans reuse what they computed about it.
 */
export function capsulePlanner(
  capsules: readonly Capsule[],
  tokens: (text: string) => number,
  hashes: CapsuleHashes,
): (input: PlanInput, catalog: Catalog) => CapsuleCandidate[] {
  const { hashReferenceContent, contentHash } = hashes;
  const byKey = new Map(capsules.map((capsule) => [itemKey(capsule.ref), capsule]));
  const made = new Map<string, CapsuleCandidate>();
  return (input, catalog) => {
    const result: CapsuleCandidate[] = [];
    const ids = new Set<string>();
    for (const candidate of [...input.session, ...input.pins, ...input.agent]) {
      const capsule = byKey.get(candidate.id);
      if (!capsule || candidate.kind !== 'item' || ids.has(candidate.id)) continue;
      ids.add(candidate.id);
      const item = catalog.get(capsule.ref);
      const stale = item?.type !== 'reference' || hashReferenceContent(item.content) !== capsule.contentHash;
      const cacheKey = `${candidate.id}\n${stale}`;
      let candidateOf = made.get(cacheKey);
      if (!candidateOf) {
        const draft = {
          kind: 'capsule' as const,
          id: `capsule:${candidate.id}`,
          section: 'references' as const,
          tokens: tokens(formatCapsule(capsule.ref, capsule.summary)),
          ref: capsule.ref,
          summary: capsule.summary,
          contentHash: capsule.contentHash,
          stale,
          ...(capsule.source !== undefined && { source: capsule.source }),
          ...(capsule.confidence !== undefined && { confidence: capsule.confidence }),
          ...(capsule.generatedAt !== undefined && { generatedAt: capsule.generatedAt }),
        };
        candidateOf = { ...draft, hash: contentHash({ ...draft, hash: '' }) };
        made.set(cacheKey, candidateOf);
      }
      result.push(candidateOf);
    }
    return result;
  };
}
