import type { Catalog, CatalogItem } from '../catalog/index.js';
import type { ContextPlan } from '../planner/index.js';
import { escapeAttribute, escapeText } from '../render/index.js';
import type { RetrievalHit, RetrievalSet } from '../retrieval-types/index.js';
import { checkAutoContextInput } from './input.js';

export interface AutoContextOptions {
  /** Only the hits this plan included (as agent items); without it, every hit of the set. */
  readonly plan?: ContextPlan;
  /** A note on the block's second line. Default: none. */
  readonly note?: string;
}

const GROUPS: readonly { readonly type: CatalogItem['type']; readonly title: string }[] = [
  { type: 'rule', title: 'Rules' },
  { type: 'reference', title: 'References' },
  { type: 'tool', title: 'Tools' },
];

function itemBlock(item: CatalogItem, hit: RetrievalHit): string {
  const attributes = {
    name: item.type === 'tool' ? item.functionName : item.name,
    similarity: hit.score.toFixed(2),
    ...(hit.provenance.trigger &&
      hit.provenance.trigger.kind !== 'message' && { trigger: hit.provenance.query }),
  };
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const body = item.type === 'tool' ? item.description : item.content;
  return `<${item.type}${attrs}>\n${escapeText(body)}\n</${item.type}>`;
}

/**
 * The selected context as one `<auto-context>` block for hosts that put it in the system prompt (the
 * injection format): grouped by kind (rules, references, tools), best first within a group, every text escaped like
 * the rest of the prompt so no item can close the block or open another. Empty when nothing was selected.
 */
export function renderAutoContext(
  set: RetrievalSet | null,
  catalog: Catalog,
  options: AutoContextOptions = {},
): string {
  checkAutoContextInput(set, catalog, options);
  if (!set) return '';
  const included = options.plan
    ? new Set(
        options.plan.included.flatMap(({ candidate, reason }) =>
          candidate.kind === 'item' && reason.code === 'agent' ? [candidate.id] : [],
        ),
      )
    : null;
  const chosen = set.hits.flatMap((hit) => {
    const item = catalog.get(hit.key);
    if (!item || (included && !included.has(hit.key))) return [];
    return [{ item, hit }];
  });
  if (chosen.length === 0) return '';
  const lines = ['<auto-context>'];
  if (options.note) lines.push(`<!-- ${escapeText(options.note).replace(/--/g, '&#45;&#45;')} -->`);
  for (const { type, title } of GROUPS) {
    const group = chosen.filter(({ item }) => item.type === type);
    if (group.length === 0) continue;
    lines.push('', `## ${title}`, '');
    for (const { item, hit } of group) lines.push(itemBlock(item, hit));
  }
  lines.push('</auto-context>');
  return lines.join('\n');
}
