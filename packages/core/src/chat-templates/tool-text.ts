import type { ToolDefinitionFormat } from './types.js';

/** A tool definition's parts, as a catalog item holds them. */
export interface ToolDefinitionParts {
  readonly functionName: string;
  readonly description: string;
  readonly inputSchema: unknown;
}

/** Python's `json.dumps` with its default separators (`, ` and `: `), non-ASCII left as it is: Jinja's `tojson`. */
function spacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spacedJson).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .map(([key, entry]) => `${JSON.stringify(key)}: ${spacedJson(entry)}`)
      .join(', ')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** A tool definition as the family's template writes it, the text its tokens are counted from. */
export function toolDefinitionText(tool: ToolDefinitionParts, format: ToolDefinitionFormat): string {
  if (format === 'lines')
    return `${tool.functionName}\n${tool.description}\n${JSON.stringify(tool.inputSchema)}`;
  const definition = {
    type: 'function',
    function: { name: tool.functionName, description: tool.description, parameters: tool.inputSchema },
  };
  return format === 'json' ? JSON.stringify(definition) : spacedJson(definition);
}
