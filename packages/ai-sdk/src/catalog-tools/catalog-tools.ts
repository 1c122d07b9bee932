import {
  type ErrorIssue,
  functionNameFor,
  INCLUDE_MODES,
  type IncludeMode,
  type JsonObject,
  type ToolInput,
} from '@ctxkit/core';
import { checkKnownFields, describe, isRecord, throwIfAny } from '@ctxkit/core/validation';
import { asSchema, type ToolSet } from 'ai';

/** What a catalog tool may set beyond what the AI SDK tool already says. */
export interface CatalogToolOverrides {
  /** Default: the options' `include`, else `agent`. */
  readonly include?: IncludeMode;
  /** Examples of use; sent with the tool only in heavy mode. */
  readonly examples?: readonly string[];
  readonly enabled?: boolean;
  /** Replaces the tool's own description. */
  readonly description?: string;
}

export interface CatalogToolsOptions {
  /** The catalog server the tools go under; declare it in the catalog's `servers`. Default `app`. */
  readonly server?: string;
  /** The include mode of every tool that sets none of its own. Default `agent`: the plan picks them per message. */
  readonly include?: IncludeMode;
  /** Per tool, by its key in the ToolSet. */
  readonly tools?: Readonly<Record<string, CatalogToolOverrides>>;
}

export const DEFAULT_SERVER = 'app';
const VALID_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function checkMode(value: unknown, path: string, issues: ErrorIssue[]): void {
  if (value !== undefined && !INCLUDE_MODES.includes(value as IncludeMode)) {
    issues.push({ path, message: `must be one of ${INCLUDE_MODES.join(', ')}, got ${describe(value)}` });
  }
}

function checkOptions(options: unknown, names: readonly string[], issues: ErrorIssue[]): void {
  if (options === undefined) return;
  if (!isRecord(options)) {
    issues.push({ path: 'options', message: `must be an object, got ${describe(options)}` });
    return;
  }
  checkKnownFields(options, ['server', 'include', 'tools'], 'options', issues);
  if (
    options.server !== undefined &&
    (typeof options.server !== 'string' || !VALID_NAME.test(options.server))
  ) {
    issues.push({
      path: 'options.server',
      message: `must be 1 to 64 of A–Z a–z 0–9 _ -, got ${describe(options.server)}`,
    });
  }
  checkMode(options.include, 'options.include', issues);
  if (options.tools === undefined) return;
  if (!isRecord(options.tools)) {
    issues.push({ path: 'options.tools', message: `must be an object, got ${describe(options.tools)}` });
    return;
  }
  for (const [name, entry] of Object.entries(options.tools)) {
    const path = `options.tools.${name}`;
    if (!names.includes(name)) {
      issues.push({ path, message: `is not a tool of the ToolSet (tools: ${names.join(', ') || 'none'})` });
    }
    if (!isRecord(entry)) {
      issues.push({ path, message: `must be an object, got ${describe(entry)}` });
      continue;
    }
    checkKnownFields(entry, ['include', 'examples', 'enabled', 'description'], path, issues);
    checkMode(entry.include, `${path}.include`, issues);
  }
}

/** The tool's input schema as JSON Schema, converted by the app's own AI SDK (a promise in AI SDK 6 and 7). */
async function inputSchemaOf(tool: Record<string, unknown>, path: string, issues: ErrorIssue[]) {
  const given = tool.inputSchema ?? tool.parameters;
  if (given === undefined) {
    issues.push({ path, message: 'is required: the tool has no input schema' });
    return undefined;
  }
  try {
    const schema = await asSchema(given as Parameters<typeof asSchema>[0]).jsonSchema;
    if (!isRecord(schema)) {
      issues.push({ path, message: `did not convert to a JSON Schema object, got ${describe(schema)}` });
      return undefined;
    }
    // A round trip through JSON drops what JSON cannot hold and keeps the catalog's copy the app's own.
    const json = JSON.parse(JSON.stringify(schema)) as JsonObject;
    // The AI SDK's converters stamp `$schema`; providers get the schema without it, as the catalog stores it.
    delete json.$schema;
    return json;
  } catch (error) {
    issues.push({
      path,
      message: `could not be turned into JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
    });
    return undefined;
  }
}

/**
 * The catalog tools of an AI SDK ToolSet: name (the ToolSet key), description, input JSON Schema (by the AI SDK's
 * `asSchema`), include mode `agent` unless overridden. Every problem is reported at once, as a ValidationError
 * naming `tools.<name>.<field>`.
 */
export async function catalogTools(tools: ToolSet, options?: CatalogToolsOptions): Promise<ToolInput[]> {
  const issues: ErrorIssue[] = [];
  if (!isRecord(tools)) {
    throwIfAny('Invalid AI SDK tools', [
      { path: 'tools', message: `must be an AI SDK ToolSet (an object of tools), got ${describe(tools)}` },
    ]);
  }
  const names = Object.keys(tools);
  checkOptions(options, names, issues);
  const server = options?.server ?? DEFAULT_SERVER;
  const result: ToolInput[] = [];
  for (const name of names) {
    const path = `tools.${name}`;
    const tool: unknown = tools[name];
    if (!isRecord(tool)) {
      issues.push({ path, message: `must be an AI SDK tool (from tool()), got ${describe(tool)}` });
      continue;
    }
    if (!VALID_NAME.test(name)) {
      issues.push({ path, message: 'its name must be 1 to 64 of A–Z a–z 0–9 _ - (a catalog tool name)' });
    }
    const overrides = options?.tools?.[name];
    const description = overrides?.description ?? tool.description;
    if (typeof description !== 'string' || description.trim() === '') {
      issues.push({
        path: `${path}.description`,
        message: 'is required: the planner chooses tools by their description',
      });
    }
    const inputSchema = await inputSchemaOf(tool, `${path}.inputSchema`, issues);
    if (inputSchema === undefined || typeof description !== 'string') continue;
    result.push({
      server,
      name,
      description,
      inputSchema,
      include: overrides?.include ?? options?.include ?? 'agent',
      ...(overrides?.examples !== undefined && { examples: overrides.examples }),
      ...(overrides?.enabled !== undefined && { enabled: overrides.enabled }),
    });
  }
  throwIfAny('Invalid AI SDK tools', issues);
  return result;
}

/**
 * The app's ToolSet keyed as providers see catalog tools (`<server>__<tool>`), each tool (and its `execute`) as it
 * was: what a route gives `streamText` next to `ctxkitMiddleware`, which keeps only the tools the plan chose.
 */
export function functionNamedTools<TOOLS extends ToolSet>(
  tools: TOOLS,
  options?: Pick<CatalogToolsOptions, 'server'>,
): ToolSet {
  const server = options?.server ?? DEFAULT_SERVER;
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => [functionNameFor(server, name), tool]),
  );
}
