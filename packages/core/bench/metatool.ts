import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Catalog, defineCatalog, itemKey } from '../src/index.js';

export interface MetaToolData {
  readonly directory: string;
  readonly catalog: Catalog;
  /** Dev queries with the key of the tool that answers each. */
  readonly queries: readonly { readonly query: string; readonly key: string }[];
}

const SERVER = 'metatool';

/**
 * MetaTool (MIT) from `../shared/data/metatool` next to the repository's checkout (or the directory METATOOL_DIR
 * names, for a checkout that lives elsewhere): its 199 tools as `agent` tools of one server (name + description are
 * all the text they have) and its 3,000 dev queries.
 */
export function loadMetaTool(): MetaToolData {
  const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const directory = process.env.METATOOL_DIR
    ? resolve(process.env.METATOOL_DIR)
    : resolve(repositoryRoot, '../shared/data/metatool');
  for (const file of ['plugin_des.json', 'queries_dev.jsonl']) {
    if (!existsSync(join(directory, file))) {
      throw new Error(
        `MetaTool data is missing: expected ${join(directory, file)} (the directory next to the repository ` +
          "checkout, '../shared/data/metatool' from its root). Put MetaTool's plugin_des.json and queries_dev.jsonl there.",
      );
    }
  }
  const tools = JSON.parse(readFileSync(join(directory, 'plugin_des.json'), 'utf8')) as Record<
    string,
    string
  >;
  const catalog = defineCatalog({
    servers: [{ name: SERVER, include: 'agent' }],
    tools: Object.entries(tools).map(([name, description]) => ({
      server: SERVER,
      name,
      description,
      inputSchema: { type: 'object' },
    })),
  });
  const queries = readFileSync(join(directory, 'queries_dev.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const { query, tool } = JSON.parse(line) as { query: string; tool: string };
      const key = itemKey({ type: 'tool', serverName: SERVER, name: tool });
      if (!catalog.has(key)) throw new Error(`queries_dev.jsonl names an unknown tool '${tool}'`);
      return { query, key };
    });
  return { directory, catalog, queries };
}

export interface Quality {
  readonly queries: number;
  readonly recallAt1: number;
  readonly recallAt5: number;
  readonly mrrAt10: number;
}

/** Recall@1, Recall@5 and MRR@10 of rankings (item keys, best first) against each query's one right key. */
export function quality(rankings: readonly (readonly string[])[], answers: readonly string[]): Quality {
  let at1 = 0;
  let at5 = 0;
  let reciprocal = 0;
  rankings.forEach((ranking, i) => {
    const position = ranking.slice(0, 10).indexOf(answers[i] as string);
    if (position === 0) at1++;
    if (position >= 0 && position < 5) at5++;
    if (position >= 0) reciprocal += 1 / (position + 1);
  });
  const n = rankings.length || 1;
  return { queries: rankings.length, recallAt1: at1 / n, recallAt5: at5 / n, mrrAt10: reciprocal / n };
}
