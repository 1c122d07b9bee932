import type { CatalogItem } from '../catalog/index.js';
import { hashString } from '../hash/index.js';
import type { WeightedField } from './bm25.js';

/** How much a term counts in each field of an item: the name says what an item is, so it weighs most. */
export interface FieldWeights {
  readonly name: number;
  /** A tool's server name. */
  readonly server: number;
  readonly description: number;
  /** Rules' and references' content (its first `CONTENT_PREFIX` characters). */
  readonly content: number;
}

export const DEFAULT_FIELD_WEIGHTS: FieldWeights = Object.freeze({
  name: 3,
  server: 1,
  description: 1,
  content: 1,
});

/** Long references are indexed by their beginning: retrieval is about what an item is, not all it says. */
export const CONTENT_PREFIX = 4_000;

export function itemFields(item: CatalogItem, weights: FieldWeights): WeightedField[] {
  const fields: WeightedField[] = [
    { text: item.name, weight: weights.name },
    { text: item.description, weight: weights.description },
  ];
  if (item.type === 'tool') fields.push({ text: item.serverName, weight: weights.server });
  else fields.push({ text: item.content.slice(0, CONTENT_PREFIX), weight: weights.content });
  return fields;
}

/** The text an item is embedded from: its name, description and the start of its content. */
export function embeddingText(item: CatalogItem): string {
  const head = item.type === 'tool' ? `${item.name} (${item.serverName})` : item.name;
  const body =
    item.type === 'tool' ? item.description : `${item.description}\n${item.content.slice(0, 1_000)}`;
  return `${head}: ${body}`.trim();
}

/** The cache key of an embedding text (the store keys vectors by model id + this). */
export function embeddingHash(text: string): string {
  return hashString(text);
}
