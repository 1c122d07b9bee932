import { functionNameFor, type IncludeMode, type JsonObject, type ToolCall } from '@ctxkit/core';
import { ArithmeticError, evaluateArithmetic, formatNumber } from './calculator.js';
import { searchDocs } from './docs-search.js';
import { readTime, userTimeZone } from './time.js';

// The demo's built-in tools: they run in the page, read nothing of the user's but the clock and time zone, and
// send nothing anywhere. They are the tools of one MCP server, `demo`, in the catalog; a model calls them by their
// request names (`demo__calculator`, …). Every call is approved by the user first, unless the setting lets the
// trustable ones (calculator, time) run without asking.

export { ArithmeticError, evaluateArithmetic, formatNumber } from './calculator.js';
export { DOC_SECTIONS } from './docs-corpus.js';
export { searchDocs } from './docs-search.js';
export { readTime, userTimeZone } from './time.js';

export const TOOL_SERVER = 'demo';

/** What a tool call gave: the text the model sees, and whether it failed. */
export interface ToolOutcome {
  readonly content: string;
  readonly isError?: true;
}

export interface ToolContext {
  readonly now: () => Date;
  /** The user's time zone. */
  readonly timeZone: string;
}

export interface DemoTool {
  /** Its name on the `demo` server. */
  readonly name: string;
  /** The function name in requests: `demo__<name>`. */
  readonly requestName: string;
  readonly description: string;
  readonly inputSchema: JsonObject;
  readonly include: IncludeMode;
  /** `true`: the setting "run without asking" covers it; otherwise every call waits for the user. */
  readonly trustable: boolean;
  run(args: JsonObject, context: ToolContext): ToolOutcome;
}

/** A failure the model sees as the call's result. */
class BadArguments extends Error {}

function checkArgs(args: JsonObject, allowed: readonly string[]): void {
  const unknown = Object.keys(args).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    throw new BadArguments(
      `Unknown argument ${unknown.map((key) => `“${key}”`).join(', ')}; it takes ${allowed.join(', ')}.`,
    );
}

function stringArg(args: JsonObject, key: string, required: boolean): string | undefined {
  const value = args[key];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.trim() === '')
    throw new BadArguments(`“${key}” must be a non-empty string.`);
  return value;
}

const calculator: DemoTool = {
  name: 'calculator',
  requestName: functionNameFor(TOOL_SERVER, 'calculator'),
  description: 'Calculate an arithmetic expression exactly: numbers, + - * / %, ^ for powers, parentheses',
  inputSchema: {
    type: 'object',
    properties: { expression: { type: 'string', description: 'e.g. "12 * 7 + 1" or "(2.5 + 0.5) ^ 2"' } },
    required: ['expression'],
    additionalProperties: false,
  },
  include: 'always',
  trustable: true,
  run(args) {
    checkArgs(args, ['expression']);
    const expression = stringArg(args, 'expression', true) as string;
    try {
      return { content: formatNumber(evaluateArithmetic(expression)) };
    } catch (error) {
      if (error instanceof ArithmeticError) throw new BadArguments(`Not calculated: ${error.message}`);
      throw error;
    }
  },
};

const currentTime: DemoTool = {
  name: 'current_time',
  requestName: functionNameFor(TOOL_SERVER, 'current_time'),
  description: 'The current date and time in the user’s time zone, or in an IANA time zone given',
  inputSchema: {
    type: 'object',
    properties: {
      timeZone: { type: 'string', description: 'IANA time zone, e.g. "Europe/Paris"; default: the user’s' },
    },
    additionalProperties: false,
  },
  include: 'always',
  trustable: true,
  run(args, context) {
    checkArgs(args, ['timeZone']);
    const zone = stringArg(args, 'timeZone', false) ?? context.timeZone;
    try {
      return { content: JSON.stringify(readTime(context.now(), zone)) };
    } catch (error) {
      if (error instanceof RangeError) throw new BadArguments(`Unknown time zone “${zone}”.`);
      throw error;
    }
  },
};

const docsSearch: DemoTool = {
  name: 'search_docs',
  requestName: functionNameFor(TOOL_SERVER, 'search_docs'),
  description: 'Search the help of this demo app (context details, pins, recall, branches, settings, tools)',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'words to look for' },
      limit: { type: 'integer', minimum: 1, maximum: 5, description: 'how many sections, default 3' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  include: 'always',
  trustable: false,
  run(args) {
    checkArgs(args, ['query', 'limit']);
    const query = stringArg(args, 'query', true) as string;
    const limit = args.limit ?? 3;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 5)
      throw new BadArguments('“limit” must be a whole number from 1 to 5.');
    return { content: JSON.stringify({ query, results: searchDocs(query, limit) }) };
  },
};

export const DEMO_TOOLS: readonly DemoTool[] = [calculator, currentTime, docsSearch];

/** The tool a request name calls, if it is one of the demo's. */
export function demoToolFor(requestName: string): DemoTool | undefined {
  return DEMO_TOOLS.find((tool) => tool.requestName === requestName);
}

/** The demo's tools as catalog entries of one MCP server. */
export const demoToolCatalog = {
  server: {
    name: TOOL_SERVER,
    description: 'Built-in tools that run in this page: calculator, current time, search of the demo’s help',
  },
  tools: DEMO_TOOLS.map((tool) => ({
    server: TOOL_SERVER,
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    include: tool.include,
  })),
};

export const defaultToolContext = (): ToolContext => ({ now: () => new Date(), timeZone: userTimeZone() });

/**
 * Runs one call. Whatever goes wrong (a tool the demo does not have, bad arguments, arithmetic it refuses) is a
 * result with `isError`, so the model reads why; nothing is thrown.
 */
export function runToolCall(
  call: Pick<ToolCall, 'name' | 'arguments'>,
  context = defaultToolContext(),
): ToolOutcome {
  const tool = demoToolFor(call.name);
  if (!tool) return { content: `The demo cannot run “${call.name}”: it has no such tool.`, isError: true };
  try {
    return tool.run(call.arguments, context);
  } catch (error) {
    return { content: error instanceof Error ? error.message : String(error), isError: true };
  }
}
