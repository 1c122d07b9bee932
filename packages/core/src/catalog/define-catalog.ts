import { CatalogError, type ErrorIssue } from '../errors/index.js';
import { frozenJsonCopy } from '../json/index.js';
import { checkKnownFields, isVisible } from '../validation/index.js';
import { Catalog } from './catalog.js';
import { checkToolSchema } from './json-schema.js';
import { functionNameFor, itemKey } from './keys.js';
import {
  type CatalogInput,
  type CatalogItem,
  INCLUDE_MODES,
  type IncludeMode,
  type JsonObject,
  type ServerInfo,
} from './types.js';

function checkName(value: unknown, path: string, issues: ErrorIssue[]): value is string {
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push({ path, message: 'must be a non-empty string' });
    return false;
  }
  if (!isVisible(value)) {
    issues.push({ path, message: 'must contain visible text (not only zero-width characters)' });
    return false;
  }
  if (value !== value.trim()) {
    issues.push({ path, message: `${JSON.stringify(value)} has leading or trailing spaces` });
    return false;
  }
  return true;
}

function checkMode(value: unknown, path: string, issues: ErrorIssue[]): IncludeMode | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (INCLUDE_MODES as readonly string[]).includes(value))
    return value as IncludeMode;
  issues.push({
    path,
    message: `unknown include mode ${JSON.stringify(value)} (expected 'always', 'manual' or 'agent')`,
  });
  return undefined;
}

function checkOptional(value: unknown, type: 'string' | 'boolean', path: string, issues: ErrorIssue[]): void {
  if (value !== undefined && typeof value !== type) issues.push({ path, message: `must be a ${type}` });
}

/** Examples of use: a list of non-empty strings, sent with the item in a mode that sends exemplars. */
function checkExamples(value: unknown, path: string, issues: ErrorIssue[]): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    issues.push({ path, message: 'must be an array of strings' });
    return undefined;
  }
  let ok = true;
  value.forEach((example, i) => {
    if (typeof example !== 'string' || example.trim() === '') {
      issues.push({ path: `${path}[${i}]`, message: 'must be a non-empty string' });
      ok = false;
    }
  });
  return ok && value.length > 0 ? Object.freeze([...(value as string[])]) : undefined;
}

function checkArray(value: unknown, path: string, issues: ErrorIssue[]): readonly unknown[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  issues.push({ path, message: 'must be an array' });
  return [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The effective include mode of a tool: tool-level setting → server-level default → `always`. */
export function effectiveIncludeMode(
  server: { readonly include?: IncludeMode | undefined } | undefined,
  tool: { readonly include?: IncludeMode | undefined },
): IncludeMode {
  return tool.include ?? server?.include ?? 'always';
}

/**
 * Validates a catalog description and builds the immutable Catalog. Every problem is collected and thrown
 * together as one CatalogError, each with its path (`tools[3].inputSchema.type`), so a host can fix them all.
 */
export function defineCatalog(input: CatalogInput): Catalog {
  const issues: ErrorIssue[] = [];
  const items: CatalogItem[] = [];
  const seen = new Map<string, string>();
  const raw: unknown = input;
  if (!isRecord(raw)) throw new CatalogError([{ path: '(catalog)', message: 'must be an object' }]);

  const claim = (key: string, path: string, what: string) => {
    const first = seen.get(key);
    if (first !== undefined) issues.push({ path, message: `duplicate ${what}; first defined at ${first}` });
    else seen.set(key, path);
    return first === undefined;
  };

  for (const type of ['rule', 'reference'] as const) {
    const list = checkArray(raw[`${type}s`], `${type}s`, issues);
    for (const [i, entry] of list.entries()) {
      const path = `${type}s[${i}]`;
      if (!isRecord(entry)) {
        issues.push({ path, message: 'must be an object' });
        continue;
      }
      checkKnownFields(
        entry,
        ['name', 'content', 'description', 'examples', 'include', 'enabled'],
        path,
        issues,
      );
      const okName = checkName(entry.name, `${path}.name`, issues);
      if (typeof entry.content !== 'string')
        issues.push({ path: `${path}.content`, message: 'must be a string' });
      checkOptional(entry.description, 'string', `${path}.description`, issues);
      checkOptional(entry.enabled, 'boolean', `${path}.enabled`, issues);
      const examples = checkExamples(entry.examples, `${path}.examples`, issues);
      const include = checkMode(entry.include, `${path}.include`, issues);
      if (!okName) continue;
      const name = entry.name as string;
      if (!claim(`${type}:${name}`, path, `${type} name '${name}'`)) continue;
      items.push({
        type,
        name,
        key: itemKey({ type, name }),
        content: typeof entry.content === 'string' ? entry.content : '',
        description: typeof entry.description === 'string' ? entry.description : '',
        ...(examples && { examples }),
        include: include ?? 'always',
        enabled: entry.enabled !== false,
        order: items.length,
      });
    }
  }

  const servers = new Map<string, ServerInfo>();
  for (const [i, entry] of checkArray(raw.servers, 'servers', issues).entries()) {
    const path = `servers[${i}]`;
    if (!isRecord(entry)) {
      issues.push({ path, message: 'must be an object' });
      continue;
    }
    checkKnownFields(entry, ['name', 'description', 'include', 'enabled'], path, issues);
    const okName = checkName(entry.name, `${path}.name`, issues);
    if (okName && (entry.name as string).includes(':')) {
      issues.push({
        path: `${path}.name`,
        message: "must not contain ':' (it separates server and tool names)",
      });
    }
    checkOptional(entry.description, 'string', `${path}.description`, issues);
    checkOptional(entry.enabled, 'boolean', `${path}.enabled`, issues);
    const include = checkMode(entry.include, `${path}.include`, issues);
    if (!okName) continue;
    const name = entry.name as string;
    if (!claim(`server:${name}`, path, `server name '${name}'`)) continue;
    servers.set(name, {
      name,
      description: typeof entry.description === 'string' ? entry.description : '',
      include,
      enabled: entry.enabled !== false,
    });
  }

  const functionNames = new Map<string, string>();
  for (const [i, entry] of checkArray(raw.tools, 'tools', issues).entries()) {
    const path = `tools[${i}]`;
    const issuesBefore = issues.length;
    if (!isRecord(entry)) {
      issues.push({ path, message: 'must be an object' });
      continue;
    }
    checkKnownFields(
      entry,
      ['server', 'name', 'description', 'examples', 'inputSchema', 'include', 'enabled'],
      path,
      issues,
    );
    const okName = checkName(entry.name, `${path}.name`, issues);
    let server: ServerInfo | undefined;
    if (entry.server === undefined) {
      issues.push({ path: `${path}.server`, message: 'a tool must name the MCP server it belongs to' });
    } else if (checkName(entry.server, `${path}.server`, issues)) {
      server = servers.get(entry.server as string);
      if (!server) {
        const known = [...servers.keys()];
        issues.push({
          path: `${path}.server`,
          message: `server '${entry.server as string}' is not declared in servers${known.length ? ` (declared: ${known.join(', ')})` : ''}`,
        });
      }
    }
    checkOptional(entry.description, 'string', `${path}.description`, issues);
    checkOptional(entry.enabled, 'boolean', `${path}.enabled`, issues);
    const examples = checkExamples(entry.examples, `${path}.examples`, issues);
    const include = checkMode(entry.include, `${path}.include`, issues);
    if (entry.inputSchema === undefined) {
      issues.push({
        path: `${path}.inputSchema`,
        message: 'is required (use { "type": "object" } for no arguments)',
      });
    } else {
      checkToolSchema(entry.inputSchema, `${path}.inputSchema`, issues);
    }
    if (!okName || !server) continue;
    const name = entry.name as string;
    if (!claim(`tool:${server.name}:${name}`, path, `tool '${name}' on server '${server.name}'`)) continue;
    const functionName = functionNameFor(server.name, name);
    const clash = functionNames.get(functionName);
    if (clash !== undefined) {
      issues.push({
        path,
        message: `its provider function name '${functionName}' is already used by ${clash}`,
      });
      continue;
    }
    functionNames.set(functionName, path);
    // Only a tool whose whole description is valid is built (its schema is then known to be acyclic JSON).
    if (issues.length > issuesBefore) continue;
    items.push({
      type: 'tool',
      name,
      serverName: server.name,
      key: itemKey({ type: 'tool', name, serverName: server.name }),
      description: typeof entry.description === 'string' ? entry.description : '',
      ...(examples && { examples }),
      inputSchema: frozenJsonCopy(entry.inputSchema as JsonObject),
      functionName,
      include: effectiveIncludeMode(server, { include }),
      includeSource: include !== undefined ? 'tool' : server.include !== undefined ? 'server' : 'default',
      enabled: server.enabled && entry.enabled !== false,
      order: items.length,
    });
  }

  for (const key of Object.keys(raw)) {
    if (!['rules', 'references', 'servers', 'tools'].includes(key)) {
      issues.push({
        path: key,
        message: 'is not a catalog field (expected rules, references, servers, tools)',
      });
    }
  }
  if (issues.length > 0) throw new CatalogError(issues);
  return new Catalog(
    items.map((item) => Object.freeze(item)),
    [...servers.values()].map((server) => Object.freeze(server)),
  );
}
