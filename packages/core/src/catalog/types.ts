/** How an item enters context: into every new session, when the user adds it, or when retrieval picks it per request. */
export type IncludeMode = 'always' | 'manual' | 'agent';
export const INCLUDE_MODES: readonly IncludeMode[] = ['always', 'manual', 'agent'];

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** What identifies an item everywhere (sessions, plans, request contexts): names, never copies of the item. */
export type ItemRef =
  | { readonly type: 'rule'; readonly name: string }
  | { readonly type: 'reference'; readonly name: string }
  | { readonly type: 'tool'; readonly name: string; readonly serverName: string };

export type ItemType = ItemRef['type'];

/** `rule:<name>`, `reference:<name>` or `tool:<server>:<tool>`: the string form of an ItemRef. */
export type ItemKey = string;

export interface RuleInput {
  readonly name: string;
  readonly content: string;
  readonly description?: string;
  /** Examples of use (a question it answers, a call it suits); sent with the item only in heavy mode. */
  readonly examples?: readonly string[];
  /** Default `always`, like tools. */
  readonly include?: IncludeMode;
  readonly enabled?: boolean;
}

export type ReferenceInput = RuleInput;

export interface ServerInput {
  readonly name: string;
  readonly description?: string;
  /** Default for this server's tools that set no mode of their own. */
  readonly include?: IncludeMode;
  /** A disabled server disables all of its tools. */
  readonly enabled?: boolean;
}

export interface ToolInput {
  /** Name of a server declared in `servers`. */
  readonly server: string;
  readonly name: string;
  readonly description?: string;
  /** Examples of use; sent with the tool only in heavy mode. */
  readonly examples?: readonly string[];
  /** The tool's JSON Schema for its arguments (MCP `inputSchema`): an object schema. */
  readonly inputSchema: JsonObject;
  readonly include?: IncludeMode;
  readonly enabled?: boolean;
}

export interface CatalogInput {
  readonly rules?: readonly RuleInput[];
  readonly references?: readonly ReferenceInput[];
  readonly servers?: readonly ServerInput[];
  readonly tools?: readonly ToolInput[];
}

interface ItemCommon {
  readonly key: ItemKey;
  readonly description: string;
  /** Examples of use, absent when the catalog gave none; heavy mode sends them with the item. */
  readonly examples?: readonly string[];
  readonly include: IncludeMode;
  readonly enabled: boolean;
  /** Position in the catalog; the planner orders items by it so prompts stay stable. */
  readonly order: number;
}

export interface RuleItem extends ItemCommon {
  readonly type: 'rule';
  readonly name: string;
  readonly content: string;
}

export interface ReferenceItem extends ItemCommon {
  readonly type: 'reference';
  readonly name: string;
  readonly content: string;
}

export interface ToolItem extends ItemCommon {
  readonly type: 'tool';
  readonly name: string;
  readonly serverName: string;
  readonly inputSchema: JsonObject;
  /** The name providers see: `<server>__<tool>`, restricted to `[A-Za-z0-9_-]{1,64}`. */
  readonly functionName: string;
  /** Where the effective include mode came from. */
  readonly includeSource: 'tool' | 'server' | 'default';
}

export type CatalogItem = RuleItem | ReferenceItem | ToolItem;

export interface ServerInfo {
  readonly name: string;
  readonly description: string;
  readonly include: IncludeMode | undefined;
  readonly enabled: boolean;
}
