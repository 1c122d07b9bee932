import { canonicalJson, hashString } from '../hash/index.js';
import { itemKey } from './keys.js';
import type { CatalogItem, ItemKey, ItemRef, ItemType, ServerInfo, ToolItem } from './types.js';

/** The agent level: every available rule, reference and tool. Immutable; build one with `defineCatalog`. */
export class Catalog {
  readonly items: readonly CatalogItem[];
  readonly servers: readonly ServerInfo[];
  readonly #byKey: ReadonlyMap<ItemKey, CatalogItem>;
  readonly #byFunctionName: ReadonlyMap<string, ToolItem>;
  #version: string | undefined;

  /** @internal use `defineCatalog`, which validates. */
  constructor(items: readonly CatalogItem[], servers: readonly ServerInfo[]) {
    this.items = Object.freeze([...items]);
    this.servers = Object.freeze([...servers]);
    this.#byKey = new Map(items.map((item) => [item.key, item]));
    this.#byFunctionName = new Map(
      items.flatMap((item) => (item.type === 'tool' ? [[item.functionName, item] as const] : [])),
    );
  }

  get(ref: ItemRef | ItemKey): CatalogItem | undefined {
    return this.#byKey.get(typeof ref === 'string' ? ref : itemKey(ref));
  }

  /** The tool a model called, from the function name it used (`ToolCall.name`). */
  toolByFunctionName(functionName: string): ToolItem | undefined {
    return this.#byFunctionName.get(functionName);
  }

  has(ref: ItemRef | ItemKey): boolean {
    return this.get(ref) !== undefined;
  }

  ofType<T extends ItemType>(type: T): Extract<CatalogItem, { type: T }>[] {
    return this.items.filter((item): item is Extract<CatalogItem, { type: T }> => item.type === type);
  }

  /** Enabled items with `include: 'always'`: what every new session starts with. */
  alwaysItems(): CatalogItem[] {
    return this.items.filter((item) => item.enabled && item.include === 'always');
  }

  /** Enabled items with `include: 'agent'`: the pool retrieval chooses from per request. */
  agentItems(): CatalogItem[] {
    return this.items.filter((item) => item.enabled && item.include === 'agent');
  }

  /** A hash of the whole catalog; changes whenever any item or server changes. */
  get version(): string {
    this.#version ??= hashString(canonicalJson({ items: this.items, servers: this.servers }));
    return this.#version;
  }
}
