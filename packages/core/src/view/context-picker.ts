import { type CatalogItem, displayName, type ItemType, itemKey } from '../catalog/index.js';
import type { SessionContextItem } from '../session/index.js';

export interface PickerOption {
  readonly item: CatalogItem;
  readonly label: string;
  /** In the session context now. */
  readonly selected: boolean;
}

export interface PickerGroup {
  readonly type: ItemType;
  readonly label: string;
  readonly options: readonly PickerOption[];
}

const GROUP_LABELS: Readonly<Record<ItemType, string>> = {
  rule: 'Rules',
  reference: 'References',
  tool: 'Tools',
};

/**
 * Enabled catalog items matching the query (name, server or description, case-insensitive, every word), grouped
 * by type in catalog order, each marked when the session holds it.
 */
export function pickerGroups(
  items: readonly CatalogItem[],
  sessionItems: readonly SessionContextItem[],
  query: string,
): PickerGroup[] {
  const selected = new Set(sessionItems.map(itemKey));
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (item: CatalogItem) => {
    if (words.length === 0) return true;
    const text = `${displayName(item)} ${item.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
  return (['rule', 'reference', 'tool'] as const).flatMap((type) => {
    const options = items
      .filter((item) => item.type === type && item.enabled && matches(item))
      .map((item) => ({ item, label: displayName(item), selected: selected.has(item.key) }));
    return options.length === 0 ? [] : [{ type, label: GROUP_LABELS[type], options }];
  });
}
