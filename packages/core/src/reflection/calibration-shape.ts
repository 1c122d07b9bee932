import type { JsonValue } from '../catalog/index.js';
import type { SharedDocumentShape } from '../shared-documents/index.js';
import { CALIBRATION_DOCUMENT, calibrationToJson } from './calibration.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function statsProblem(entry: unknown): string | null {
  if (!isObject(entry)) return 'is not an object';
  const { samples, mean, variance } = entry;
  if (!(typeof samples === 'number' && Number.isInteger(samples) && samples >= 0))
    return 'has no sample count';
  if (!(typeof mean === 'number' && Number.isFinite(mean))) return 'has no finite mean';
  if (!(typeof variance === 'number' && Number.isFinite(variance) && variance >= 0))
    return 'has no variance ≥ 0';
  return null;
}

/** What is wrong with a stored calibration document (version 1, stats by `<model>|<encoding>`), or null. */
export function calibrationProblem(value: JsonValue): string | null {
  if (!isObject(value)) return 'it is not an object';
  if (value.version !== 1) return `it has version ${JSON.stringify(value.version)}, expected 1`;
  if (!isObject(value.models)) return 'its models is not an object';
  for (const [key, entry] of Object.entries(value.models)) {
    const problem = statsProblem(entry);
    if (problem !== null) return `models[${JSON.stringify(key)}] ${problem}`;
  }
  return null;
}

/**
 * The calibration document as a shared document. Reading it alone already skips what it cannot use; checked, a
 * malformed one is also kept (set aside whole) instead of being written over by the next turn's learning.
 */
export const CALIBRATION_DOCUMENT_SHAPE: SharedDocumentShape = {
  key: CALIBRATION_DOCUMENT,
  problem: calibrationProblem,
  restart: () => calibrationToJson({}),
};
