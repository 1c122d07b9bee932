import type { IncludeMode } from '../catalog/index.js';
import type { RequestContextItem } from '../session/index.js';
import { type CtxkitFormat, defaultFormat } from './format.js';

const ORDER: readonly IncludeMode[] = ['agent', 'always', 'manual'];

/**
 * The selection summary line: "5 rules (3 agent, 2 always), 2 references (1 agent, 1 manual), 3 tools (all
 * manual)". Types with no items are left out; an empty context reads "No items".
 */
export function selectionSummary(
  items: readonly Pick<RequestContextItem, 'type' | 'includeMode'>[],
  format: CtxkitFormat = defaultFormat,
): string {
  const labels = format.labels.summary;
  const t = format.text;
  const parts: string[] = [];
  for (const type of ['rule', 'reference', 'tool'] as const) {
    const ofType = items.filter((item) => item.type === type);
    if (ofType.length === 0) continue;
    const counts = ORDER.map(
      (mode) => [mode, ofType.filter((item) => item.includeMode === mode).length] as const,
    )
      .filter(([, count]) => count > 0)
      // Most first; ties in the order agent, always, manual.
      .sort((a, b) => b[1] - a[1] || ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]));
    const [first] = counts;
    const modes =
      counts.length === 1 && first
        ? ofType.length === 1
          ? labels.modes[first[0]]
          : t(labels.allOfMode, { mode: labels.modes[first[0]] })
        : counts
            .map(([mode, count]) => t(labels.modeCount, { count, mode: labels.modes[mode] }))
            .join(labels.separator);
    parts.push(t(labels.entry, { items: t(labels[type], { count: ofType.length }), modes }));
  }
  return parts.length === 0 ? labels.empty : parts.join(labels.separator);
}
