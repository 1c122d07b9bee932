export { Catalog } from './catalog.js';
export { defineCatalog, effectiveIncludeMode } from './define-catalog.js';
export { displayName, functionNameFor, itemKey, sameRef, toRef } from './keys.js';
export type {
  CatalogInput,
  CatalogItem,
  IncludeMode,
  ItemKey,
  ItemRef,
  ItemType,
  JsonObject,
  JsonPrimitive,
  JsonValue,
  ReferenceInput,
  ReferenceItem,
  RuleInput,
  RuleItem,
  ServerInfo,
  ServerInput,
  ToolInput,
  ToolItem,
} from './types.js';
export { INCLUDE_MODES } from './types.js';
