import type { ErrorIssue } from '../errors/index.js';

const SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_SINGLES = ['not', 'if', 'then', 'else', 'contains', 'propertyNames'] as const;
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const MAX_DEPTH = 64;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Is the value plain JSON (no functions, undefined, NaN, class instances or cycles)? Reports the first offender. */
function checkJson(
  value: unknown,
  path: string,
  issues: ErrorIssue[],
  seen: Set<object>,
  depth: number,
): void {
  if (depth > MAX_DEPTH) {
    issues.push({ path, message: `nested deeper than ${MAX_DEPTH} levels` });
    return;
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) issues.push({ path, message: `${value} is not a JSON number` });
    return;
  }
  if (typeof value !== 'object') {
    issues.push({
      path,
      message: `${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`} is not JSON`,
    });
    return;
  }
  if (seen.has(value)) {
    issues.push({ path, message: 'refers back to itself (a cycle), which JSON cannot hold' });
    return;
  }
  seen.add(value);
  if (Array.isArray(value)) {
    for (const [i, entry] of value.entries()) checkJson(entry, `${path}[${i}]`, issues, seen, depth + 1);
  } else if (isPlainObject(value)) {
    for (const [key, entry] of Object.entries(value)) {
      // An undefined property is an absent one in JSON (spreading optional fields produces them).
      if (entry !== undefined) checkJson(entry, `${path}.${key}`, issues, seen, depth + 1);
    }
  } else {
    issues.push({ path, message: 'is a class instance, not a plain JSON object' });
  }
  seen.delete(value);
}

function checkSchema(schema: unknown, path: string, issues: ErrorIssue[], depth: number): void {
  if (typeof schema === 'boolean') return;
  if (!isPlainObject(schema)) {
    issues.push({ path, message: 'a schema must be an object or a boolean' });
    return;
  }
  if (depth > MAX_DEPTH) return;

  const type = schema.type;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (types.length === 0)
      issues.push({ path: `${path}.type`, message: 'an empty list of types allows nothing' });
    for (const entry of types) {
      if (typeof entry !== 'string' || !SCHEMA_TYPES.has(entry)) {
        issues.push({
          path: `${path}.type`,
          message: `${JSON.stringify(entry)} is not a JSON Schema type (expected one of ${[...SCHEMA_TYPES].join(', ')})`,
        });
      }
    }
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (map === undefined) continue;
    if (!isPlainObject(map)) {
      issues.push({ path: `${path}.${key}`, message: 'must be an object mapping names to schemas' });
      continue;
    }
    for (const [name, sub] of Object.entries(map))
      checkSchema(sub, `${path}.${key}.${name}`, issues, depth + 1);
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0) {
      issues.push({ path: `${path}.${key}`, message: 'must be a non-empty array of schemas' });
      continue;
    }
    for (const [i, sub] of list.entries()) checkSchema(sub, `${path}.${key}[${i}]`, issues, depth + 1);
  }
  for (const key of SUBSCHEMA_SINGLES) {
    if (schema[key] !== undefined) checkSchema(schema[key], `${path}.${key}`, issues, depth + 1);
  }
  const items = schema.items;
  if (items !== undefined) {
    const list = Array.isArray(items) ? items : [items];
    for (const [i, sub] of list.entries()) {
      checkSchema(sub, Array.isArray(items) ? `${path}.items[${i}]` : `${path}.items`, issues, depth + 1);
    }
  }
  if (schema.additionalProperties !== undefined) {
    checkSchema(schema.additionalProperties, `${path}.additionalProperties`, issues, depth + 1);
  }
  const required = schema.required;
  if (required !== undefined) {
    if (!Array.isArray(required) || required.some((name) => typeof name !== 'string')) {
      issues.push({ path: `${path}.required`, message: 'must be an array of property names' });
    } else if (new Set(required).size !== required.length) {
      issues.push({ path: `${path}.required`, message: 'lists a property more than once' });
    }
  }
  if (schema.enum !== undefined && (!Array.isArray(schema.enum) || schema.enum.length === 0)) {
    issues.push({ path: `${path}.enum`, message: 'must be a non-empty array' });
  }
  for (const key of ['description', 'title'] as const) {
    if (schema[key] !== undefined && typeof schema[key] !== 'string') {
      issues.push({ path: `${path}.${key}`, message: 'must be a string' });
    }
  }
}

/**
 * Checks a tool's input schema: plain JSON, an object schema at the root (as MCP and the providers require),
 * and well-formed keywords below. Pushes one issue per problem; returns nothing.
 */
export function checkToolSchema(schema: unknown, path: string, issues: ErrorIssue[]): void {
  const before = issues.length;
  checkJson(schema, path, issues, new Set(), 0);
  if (issues.length > before) return;
  if (!isPlainObject(schema)) {
    issues.push({
      path,
      message: 'must be a JSON Schema object such as { "type": "object", "properties": {} }',
    });
    return;
  }
  if (schema.type !== 'object') {
    issues.push({
      path: `${path}.type`,
      message: `a tool's input schema must have type "object" (found ${JSON.stringify(schema.type ?? null)})`,
    });
  }
  checkSchema(schema, path, issues, 0);
}
