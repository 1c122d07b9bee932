import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CatalogError } from '../errors/index.js';
import {
  type CatalogInput,
  defineCatalog,
  effectiveIncludeMode,
  functionNameFor,
  type IncludeMode,
  type ToolItem,
} from './index.js';

const OBJECT_SCHEMA = { type: 'object', properties: {} } as const;

/** Runs defineCatalog on input the types would reject, and returns the CatalogError it must throw. */
function catalogError(input: unknown): CatalogError {
  let thrown: unknown;
  try {
    defineCatalog(input as CatalogInput);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(CatalogError);
  return thrown as CatalogError;
}

function issuePaths(input: unknown): string[] {
  return catalogError(input).issues.map((issue) => issue.path);
}

/** The issues of one tool's input schema, the tool otherwise valid. */
function schemaIssuePaths(inputSchema: unknown): string[] {
  return issuePaths({ servers: [{ name: 'fs' }], tools: [{ server: 'fs', name: 'read', inputSchema }] });
}

function tool(catalogInput: CatalogInput, key: string): ToolItem {
  const item = defineCatalog(catalogInput).get(key);
  if (item?.type !== 'tool') throw new Error(`no tool ${key}`);
  return item;
}

describe('defineCatalog: building items', () => {
  const catalog = defineCatalog({
    rules: [
      { name: 'Style', content: 'Use tabs.' },
      { name: 'Deploy', content: 'Use helm.', description: 'deploying', include: 'agent' },
    ],
    references: [{ name: 'Glossary', content: 'API: an interface.' }],
    servers: [{ name: 'fs', description: 'files' }],
    tools: [{ server: 'fs', name: 'read', description: 'Reads a file', inputSchema: OBJECT_SCHEMA }],
  });

  test('keys name the type, and the server for tools', () => {
    expect(catalog.items.map((item) => item.key)).toEqual([
      'rule:Style',
      'rule:Deploy',
      'reference:Glossary',
      'tool:fs:read',
    ]);
  });

  test('order is the position in the catalog: rules, then references, then tools', () => {
    expect(catalog.items.map((item) => [item.key, item.order])).toEqual([
      ['rule:Style', 0],
      ['rule:Deploy', 1],
      ['reference:Glossary', 2],
      ['tool:fs:read', 3],
    ]);
  });

  test('rules, references and tools default to include always; a set mode is kept', () => {
    expect(catalog.items.map((item) => [item.key, item.include])).toEqual([
      ['rule:Style', 'always'],
      ['rule:Deploy', 'agent'],
      ['reference:Glossary', 'always'],
      ['tool:fs:read', 'always'],
    ]);
  });

  test('items carry their content, description and defaults', () => {
    expect(catalog.get('rule:Style')).toEqual({
      type: 'rule',
      name: 'Style',
      key: 'rule:Style',
      content: 'Use tabs.',
      description: '',
      include: 'always',
      enabled: true,
      order: 0,
    });
    expect(catalog.get({ type: 'tool', serverName: 'fs', name: 'read' })).toEqual({
      type: 'tool',
      name: 'read',
      serverName: 'fs',
      key: 'tool:fs:read',
      description: 'Reads a file',
      inputSchema: OBJECT_SCHEMA,
      functionName: 'fs__read',
      include: 'always',
      includeSource: 'default',
      enabled: true,
      order: 3,
    });
    expect(catalog.servers).toEqual([
      { name: 'fs', description: 'files', include: undefined, enabled: true },
    ]);
  });

  test('get, has and ofType find items by key or by ref', () => {
    expect(catalog.get({ type: 'reference', name: 'Glossary' })?.key).toBe('reference:Glossary');
    expect(catalog.has('rule:Deploy')).toBe(true);
    expect(catalog.has({ type: 'rule', name: 'Glossary' })).toBe(false);
    expect(catalog.has({ type: 'tool', serverName: 'other', name: 'read' })).toBe(false);
    expect(catalog.ofType('rule').map((item) => item.name)).toEqual(['Style', 'Deploy']);
    expect(catalog.ofType('tool').map((item) => item.functionName)).toEqual(['fs__read']);
  });

  test('an empty description builds an empty catalog', () => {
    const empty = defineCatalog({});
    expect(empty.items).toEqual([]);
    expect(empty.servers).toEqual([]);
  });
});

describe('defineCatalog: tool include modes', () => {
  const withModes = (server: IncludeMode | undefined, toolMode: IncludeMode | undefined): CatalogInput => ({
    servers: [{ name: 'fs', ...(server && { include: server }) }],
    tools: [
      { server: 'fs', name: 'read', inputSchema: OBJECT_SCHEMA, ...(toolMode && { include: toolMode }) },
    ],
  });

  test.each([
    { server: undefined, tool: undefined, include: 'always', source: 'default' },
    { server: 'agent', tool: undefined, include: 'agent', source: 'server' },
    { server: 'manual', tool: undefined, include: 'manual', source: 'server' },
    { server: 'agent', tool: 'always', include: 'always', source: 'tool' },
    { server: undefined, tool: 'manual', include: 'manual', source: 'tool' },
    { server: 'always', tool: 'agent', include: 'agent', source: 'tool' },
  ] as const)(
    'server $server, tool $tool → $include from $source',
    ({ server, tool: toolMode, include, source }) => {
      const item = tool(withModes(server, toolMode), 'tool:fs:read');
      expect(item.include).toBe(include);
      expect(item.includeSource).toBe(source);
    },
  );
});

describe('effectiveIncludeMode', () => {
  test('the tool-level mode wins over the server default, which wins over always', () => {
    expect(effectiveIncludeMode({ include: 'agent' }, { include: 'manual' })).toBe('manual');
    expect(effectiveIncludeMode({ include: 'agent' }, {})).toBe('agent');
    expect(effectiveIncludeMode({ include: 'agent' }, { include: undefined })).toBe('agent');
    expect(effectiveIncludeMode({}, {})).toBe('always');
    expect(effectiveIncludeMode(undefined, {})).toBe('always');
    expect(effectiveIncludeMode(undefined, { include: 'agent' })).toBe('agent');
  });
});

describe('defineCatalog: enabled', () => {
  const catalog = defineCatalog({
    rules: [
      { name: 'On', content: 'a' },
      { name: 'Off', content: 'b', enabled: false },
      { name: 'AgentOn', content: 'c', include: 'agent' },
      { name: 'AgentOff', content: 'd', include: 'agent', enabled: false },
      { name: 'Manual', content: 'e', include: 'manual' },
    ],
    servers: [
      { name: 'live', include: 'agent' },
      { name: 'dead', enabled: false },
    ],
    tools: [
      { server: 'live', name: 'search', inputSchema: OBJECT_SCHEMA },
      { server: 'live', name: 'off', inputSchema: OBJECT_SCHEMA, enabled: false },
      { server: 'dead', name: 'read', inputSchema: OBJECT_SCHEMA },
      { server: 'dead', name: 'forced', inputSchema: OBJECT_SCHEMA, enabled: true },
    ],
  });

  test('a disabled server disables all of its tools, even one that says enabled', () => {
    expect(catalog.get('tool:dead:read')?.enabled).toBe(false);
    expect(catalog.get('tool:dead:forced')?.enabled).toBe(false);
    expect(catalog.get('tool:live:search')?.enabled).toBe(true);
    expect(catalog.get('tool:live:off')?.enabled).toBe(false);
  });

  test('alwaysItems holds the enabled always items only', () => {
    expect(catalog.alwaysItems().map((item) => item.key)).toEqual(['rule:On']);
  });

  test('agentItems holds the enabled agent items only', () => {
    expect(catalog.agentItems().map((item) => item.key)).toEqual(['rule:AgentOn', 'tool:live:search']);
  });
});

describe('function names', () => {
  const NAME = /^[A-Za-z0-9_-]{1,64}$/;

  test('a tool is called <server>__<tool>, other characters replaced by _', () => {
    expect(
      tool(
        { servers: [{ name: 'fs' }], tools: [{ server: 'fs', name: 'read', inputSchema: OBJECT_SCHEMA }] },
        'tool:fs:read',
      ).functionName,
    ).toBe('fs__read');
    expect(functionNameFor('git-hub', 'list_prs')).toBe('git-hub__list_prs');
    expect(functionNameFor('my.server', 'read file!')).toMatch(/^my_server__read_file__[0-9a-f]{8}$/);
    expect(functionNameFor('ü', 'ß')).toMatch(/^_____[0-9a-f]{8}$/);
  });

  test('names that had to change keep a hash of the real name, so they stay distinct', () => {
    expect(functionNameFor('fs', 'read.v1')).not.toBe(functionNameFor('fs', 'read_v1'));
    expect(functionNameFor('files', '読む')).not.toBe(functionNameFor('files', '書く'));
    expect(functionNameFor('fs', 'read.v1')).toBe(functionNameFor('fs', 'read.v1'));
  });

  test('long names are cut to 64 characters, hash included', () => {
    const name = functionNameFor('s'.repeat(40), 't'.repeat(40));
    expect(name).toHaveLength(64);
    expect(name).toMatch(new RegExp(`^${'s'.repeat(40)}__${'t'.repeat(13)}_[0-9a-f]{8}$`));
    expect(name).not.toBe(functionNameFor('s'.repeat(40), `${'t'.repeat(39)}u`));
  });

  test('the catalog finds a tool by the function name a model called', () => {
    const catalog = defineCatalog({
      servers: [{ name: 'files' }],
      tools: [{ server: 'files', name: '読む', inputSchema: OBJECT_SCHEMA }],
    });
    const called = functionNameFor('files', '読む');
    expect(catalog.toolByFunctionName(called)?.key).toBe('tool:files:読む');
    expect(catalog.toolByFunctionName('files__other')).toBeUndefined();
  });

  test('any server and tool name gives a valid provider function name', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, unit: 'binary' }),
        fc.string({ minLength: 1, unit: 'binary' }),
        (server, toolName) => {
          expect(functionNameFor(server, toolName)).toMatch(NAME);
        },
      ),
    );
  });

  test('names that are already valid and short are kept as they are', () => {
    const part = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/);
    fc.assert(
      fc.property(part, part, (server, toolName) => {
        expect(functionNameFor(server, toolName)).toBe(`${server}__${toolName}`);
      }),
    );
  });
});

describe('defineCatalog: validation', () => {
  test('one CatalogError lists every problem with its path', () => {
    const error = catalogError({
      rules: [
        { name: 'Style', content: 'a' },
        { name: 'Style', content: 'b' },
        { name: 'Tone', content: 'c', include: 'sometimes' },
      ],
      references: [{ name: 'Style', content: 'a reference may share a rule name' }],
      servers: [
        { name: 'fs' },
        { name: 'bad:name' },
        { name: 'git', include: 'never' },
        { name: 'a.b' },
        { name: 'a_b' },
      ],
      tools: [
        {
          server: 'fs',
          name: 'read',
          inputSchema: { type: 'object', properties: { path: { type: 'strnig' } } },
        },
        { server: 'fs', name: 'read', inputSchema: OBJECT_SCHEMA },
        { name: 'orphan', inputSchema: OBJECT_SCHEMA },
        { server: 'nowhere', name: 'x', inputSchema: OBJECT_SCHEMA },
        { server: 'fs', name: 'write', include: 'sometimes', inputSchema: { type: 'string' } },
        { server: 'git', name: 'read', inputSchema: OBJECT_SCHEMA },
        { server: 'a.b', name: 'run', inputSchema: OBJECT_SCHEMA },
        {
          server: 'a_b',
          name: functionNameFor('a.b', 'run').slice('a_b__'.length),
          inputSchema: OBJECT_SCHEMA,
        },
      ],
      prompts: [],
    });
    expect(error.code).toBe('catalog_invalid');
    expect(error).toBeInstanceOf(CatalogError);
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'rules[1]',
      'rules[2].include',
      'servers[1].name',
      'servers[2].include',
      'tools[0].inputSchema.properties.path.type',
      'tools[1]',
      'tools[2].server',
      'tools[3].server',
      'tools[4].include',
      'tools[4].inputSchema.type',
      'tools[7]',
      'prompts',
    ]);
    // The message lists them all too, for people.
    for (const issue of error.issues) expect(error.message).toContain(`${issue.path}: ${issue.message}`);
    expect(error.message).toMatch(/^The catalog has 12 problems:/);
  });

  test('a duplicate rule name names where it was first defined', () => {
    const [issue, ...rest] = catalogError({
      rules: [
        { name: 'A', content: 'x' },
        { name: 'Style', content: 'a' },
        { name: 'Style', content: 'b' },
      ],
    }).issues;
    expect(rest).toEqual([]);
    expect(issue?.path).toBe('rules[2]');
    expect(issue?.message).toContain("'Style'");
    expect(issue?.message).toContain('first defined at rules[1]');
  });

  test('a duplicate reference name is reported like a rule', () => {
    expect(
      issuePaths({
        references: [
          { name: 'R', content: 'x' },
          { name: 'R', content: 'y' },
        ],
      }),
    ).toEqual(['references[1]']);
  });

  test('the same tool twice on one server is an error; on two servers it is fine', () => {
    const error = catalogError({
      servers: [{ name: 'fs' }],
      tools: [
        { server: 'fs', name: 'read', inputSchema: OBJECT_SCHEMA },
        { server: 'fs', name: 'read', inputSchema: OBJECT_SCHEMA },
      ],
    });
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.path).toBe('tools[1]');
    expect(error.issues[0]?.message).toContain('first defined at tools[0]');

    const fine = defineCatalog({
      servers: [{ name: 'fs' }, { name: 'git' }],
      tools: [
        { server: 'fs', name: 'read', inputSchema: OBJECT_SCHEMA },
        { server: 'git', name: 'read', inputSchema: OBJECT_SCHEMA },
      ],
    });
    expect(fine.ofType('tool').map((item) => item.functionName)).toEqual(['fs__read', 'git__read']);
  });

  test.each([
    ['rule', { rules: [{ name: 'R', content: 'x', include: 'sometimes' }] }, 'rules[0].include'],
    ['reference', { references: [{ name: 'R', content: 'x', include: 'Always' }] }, 'references[0].include'],
    ['server', { servers: [{ name: 's', include: 'sometimes' }] }, 'servers[0].include'],
    [
      'tool',
      {
        servers: [{ name: 's' }],
        tools: [{ server: 's', name: 't', include: 1, inputSchema: OBJECT_SCHEMA }],
      },
      'tools[0].include',
    ],
  ])('an unknown include mode on a %s is reported', (_what, input, path) => {
    const error = catalogError(input);
    expect(error.issues.map((issue) => issue.path)).toEqual([path]);
    expect(error.issues[0]?.message).toMatch(/unknown include mode/);
  });

  test('a tool must name a declared server', () => {
    const error = catalogError({
      servers: [{ name: 'fs' }, { name: 'git' }],
      tools: [
        { name: 'orphan', inputSchema: OBJECT_SCHEMA },
        { server: 'web', name: 'fetch', inputSchema: OBJECT_SCHEMA },
      ],
    });
    expect(error.issues.map((issue) => issue.path)).toEqual(['tools[0].server', 'tools[1].server']);
    expect(error.issues[1]?.message).toContain("server 'web' is not declared");
    expect(error.issues[1]?.message).toContain('declared: fs, git');
  });

  test("a server name may not contain ':'", () => {
    const error = catalogError({ servers: [{ name: 'mcp:fs' }] });
    expect(error.issues.map((issue) => issue.path)).toEqual(['servers[0].name']);
    expect(error.issues[0]?.message).toContain("':'");
  });

  test('a tool needs an input schema', () => {
    expect(issuePaths({ servers: [{ name: 's' }], tools: [{ server: 's', name: 't' }] })).toEqual([
      'tools[0].inputSchema',
    ]);
  });

  test('a tool whose function name another tool already has is reported at the second tool', () => {
    // 'a.b' + 'run' becomes 'a_b__run_<hash>'; a tool literally named 'run_<hash>' on server 'a_b' claims it too.
    const taken = functionNameFor('a.b', 'run');
    const error = catalogError({
      servers: [{ name: 'a.b' }, { name: 'a_b' }],
      tools: [
        { server: 'a.b', name: 'run', inputSchema: OBJECT_SCHEMA },
        { server: 'a_b', name: taken.slice('a_b__'.length), inputSchema: OBJECT_SCHEMA },
      ],
    });
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.path).toBe('tools[1]');
    expect(error.issues[0]?.message).toContain(`'${taken}' is already used by tools[0]`);
  });

  test('long names that share their first 64 characters stay distinct', () => {
    const long = 'x'.repeat(70);
    const catalog = defineCatalog({
      servers: [{ name: 'fs' }],
      tools: [
        { server: 'fs', name: `${long}1`, inputSchema: OBJECT_SCHEMA },
        { server: 'fs', name: `${long}2`, inputSchema: OBJECT_SCHEMA },
      ],
    });
    const [first, second] = catalog.ofType('tool').map((item) => item.functionName);
    expect(first).not.toBe(second);
  });

  test('an unknown top-level key is reported by name', () => {
    const error = catalogError({ rules: [], rule: [{ name: 'typo', content: '' }] });
    expect(error.issues.map((issue) => issue.path)).toEqual(['rule']);
  });

  test('names must be non-empty strings without surrounding spaces', () => {
    expect(
      issuePaths({
        rules: [
          { name: '', content: 'a' },
          { name: ' Padded', content: 'b' },
          { name: 42, content: 'c' },
        ],
      }),
    ).toEqual(['rules[0].name', 'rules[1].name', 'rules[2].name']);
  });

  test('wrongly typed fields are reported with their path', () => {
    expect(
      issuePaths({
        rules: [{ name: 'R', content: 7, description: 1, enabled: 'no' }],
        servers: 'fs',
        tools: [null],
      }),
    ).toEqual(['rules[0].content', 'rules[0].description', 'rules[0].enabled', 'servers', 'tools[0]']);
  });

  test('a catalog that is not an object is rejected', () => {
    expect(issuePaths(null)).toEqual(['(catalog)']);
    expect(issuePaths([])).toEqual(['(catalog)']);
  });
});

describe('defineCatalog: tool input schemas', () => {
  const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
  (cyclic.properties as Record<string, unknown>).self = cyclic;

  test.each([
    ['the root type is not object', { type: 'string' }, ['tools[0].inputSchema.type']],
    ['the root has no type', { properties: {} }, ['tools[0].inputSchema.type']],
    ['the schema is not an object', 'object', ['tools[0].inputSchema']],
    ['properties is an array', { type: 'object', properties: [] }, ['tools[0].inputSchema.properties']],
    ['properties is a string', { type: 'object', properties: 'path' }, ['tools[0].inputSchema.properties']],
    [
      'a nested type is misspelt',
      { type: 'object', properties: { path: { type: 'strnig' } } },
      ['tools[0].inputSchema.properties.path.type'],
    ],
    [
      'a type deep in items and anyOf is unknown',
      {
        type: 'object',
        properties: {
          tags: { type: 'array', items: { type: 'text' } },
          id: { anyOf: [{ type: 'string' }, { type: ['integer', 'float'] }] },
        },
      },
      ['tools[0].inputSchema.properties.tags.items.type', 'tools[0].inputSchema.properties.id.anyOf[1].type'],
    ],
    ['required is a string', { type: 'object', required: 'path' }, ['tools[0].inputSchema.required']],
    ['required holds a number', { type: 'object', required: ['path', 1] }, ['tools[0].inputSchema.required']],
    [
      'a function is inside',
      { type: 'object', properties: { path: { type: 'string', default: () => 'a.ts' } } },
      ['tools[0].inputSchema.properties.path.default'],
    ],
    ['it refers back to itself', cyclic, ['tools[0].inputSchema.properties.self']],
    [
      'a number is NaN',
      { type: 'object', properties: { n: { type: 'number', maximum: Number.NaN } } },
      ['tools[0].inputSchema.properties.n.maximum'],
    ],
    [
      'a value is a class instance',
      { type: 'object', properties: { when: { type: 'string', default: new Date(0) } } },
      ['tools[0].inputSchema.properties.when.default'],
    ],
  ])('reports the exact path when %s', (_what, schema, paths) => {
    expect(schemaIssuePaths(schema)).toEqual(paths);
  });

  test('the problems of several tools are all reported', () => {
    expect(
      issuePaths({
        servers: [{ name: 'fs' }],
        tools: [
          { server: 'fs', name: 'a', inputSchema: { type: 'object', properties: { x: { type: 'strnig' } } } },
          { server: 'fs', name: 'b', inputSchema: OBJECT_SCHEMA },
          { server: 'fs', name: 'c', inputSchema: { type: 'object', required: 'x' } },
        ],
      }),
    ).toEqual(['tools[0].inputSchema.properties.x.type', 'tools[2].inputSchema.required']);
  });

  test('well-formed schemas are accepted, including a subschema used twice (not a cycle)', () => {
    const shared = { type: 'string', description: 'a path' };
    const inputSchema = {
      type: 'object',
      properties: {
        from: shared,
        to: shared,
        mode: { enum: ['copy', 'move'] },
        tags: { type: 'array', items: { type: 'string' } },
        limit: { type: ['integer', 'null'], minimum: 0 },
        options: { $ref: '#/$defs/options' },
      },
      $defs: { options: { type: 'object', additionalProperties: false } },
      required: ['from', 'to'],
      additionalProperties: false,
    };
    const catalog = defineCatalog({
      servers: [{ name: 'fs' }],
      tools: [{ server: 'fs', name: 'copy', inputSchema }],
    });
    expect(catalog.get('tool:fs:copy')).toMatchObject({ inputSchema });
  });
});

describe('catalog.version', () => {
  const input: CatalogInput = {
    rules: [{ name: 'Style', content: 'Use tabs.' }],
    references: [{ name: 'Glossary', content: 'API', description: 'terms' }],
    servers: [{ name: 'fs', include: 'agent' }],
    tools: [
      {
        server: 'fs',
        name: 'read',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      },
    ],
  };

  test('is equal for equal catalogs, whatever the key order of the description', () => {
    const reordered: CatalogInput = {
      tools: [
        {
          inputSchema: { properties: { path: { type: 'string' } }, type: 'object' },
          name: 'read',
          server: 'fs',
        },
      ],
      servers: [{ include: 'agent', name: 'fs' }],
      references: [{ description: 'terms', content: 'API', name: 'Glossary' }],
      rules: [{ content: 'Use tabs.', name: 'Style' }],
    };
    expect(defineCatalog(input).version).toMatch(/^[0-9a-f]{16}$/);
    expect(defineCatalog(reordered).version).toBe(defineCatalog(input).version);
  });

  test.each<[string, CatalogInput]>([
    ['a rule content', { ...input, rules: [{ name: 'Style', content: 'Use spaces.' }] }],
    ['a rule name', { ...input, rules: [{ name: 'Styles', content: 'Use tabs.' }] }],
    [
      'a rule include mode',
      { ...input, rules: [{ name: 'Style', content: 'Use tabs.', include: 'manual' }] },
    ],
    ['a reference description', { ...input, references: [{ name: 'Glossary', content: 'API' }] }],
    ['a server include mode', { ...input, servers: [{ name: 'fs' }] }],
    ['a server being disabled', { ...input, servers: [{ name: 'fs', include: 'agent', enabled: false }] }],
    ['a tool schema', { ...input, tools: [{ server: 'fs', name: 'read', inputSchema: { type: 'object' } }] }],
  ])('changes with %s', (_what, changed) => {
    expect(defineCatalog(changed).version).not.toBe(defineCatalog(input).version);
  });

  test('changes when the order of items changes', () => {
    const ab = defineCatalog({
      rules: [
        { name: 'A', content: '' },
        { name: 'B', content: '' },
      ],
    });
    const ba = defineCatalog({
      rules: [
        { name: 'B', content: '' },
        { name: 'A', content: '' },
      ],
    });
    expect(ab.version).not.toBe(ba.version);
  });
});

describe('defineCatalog: ownership', () => {
  test('the catalog keeps a frozen copy: changing the input afterwards changes nothing', () => {
    const inputSchema = { type: 'object', properties: { path: { type: 'string' } } };
    const catalog = defineCatalog({
      servers: [{ name: 'fs' }],
      tools: [{ server: 'fs', name: 'read', inputSchema }],
    });
    const version = catalog.version;
    inputSchema.properties.path.type = 'number';
    const tool = catalog.get('tool:fs:read');
    expect(tool?.type === 'tool' && tool.inputSchema).toEqual({
      type: 'object',
      properties: { path: { type: 'string' } },
    });
    expect(catalog.version).toBe(version);
    expect(Object.isFrozen(tool)).toBe(true);
    expect(tool?.type === 'tool' && Object.isFrozen(tool.inputSchema.properties)).toBe(true);
  });

  test('undefined schema properties are absent ones, as in JSON', () => {
    const catalog = defineCatalog({
      servers: [{ name: 'fs' }],
      tools: [
        { server: 'fs', name: 'read', inputSchema: { type: 'object', description: undefined } as never },
      ],
    });
    const tool = catalog.get('tool:fs:read');
    expect(tool?.type === 'tool' && Object.keys(tool.inputSchema)).toEqual(['type']);
  });
});

describe('defineCatalog: fields and names it refuses', () => {
  test('a misspelt field is an error naming it and the field meant, never ignored', () => {
    const paths = (input: unknown) => {
      try {
        defineCatalog(input as CatalogInput);
      } catch (error) {
        return (error as CatalogError).issues;
      }
      return [];
    };
    expect(paths({ rules: [{ name: 'A', content: 'a', incldue: 'manual' }] })).toEqual([
      expect.objectContaining({
        path: 'rules[0].incldue',
        message: expect.stringMatching(/did you mean 'include'/),
      }),
    ]);
    expect(paths({ servers: [{ name: 's', enabeld: false }] })).toEqual([
      expect.objectContaining({
        path: 'servers[0].enabeld',
        message: expect.stringMatching(/did you mean 'enabled'/),
      }),
    ]);
    expect(
      paths({
        servers: [{ name: 's' }],
        tools: [{ server: 's', name: 't', inputSchema: { type: 'object' }, descripton: 'x' }],
      }),
    ).toEqual([expect.objectContaining({ path: 'tools[0].descripton' })]);
  });

  test('a name that shows nothing is refused', () => {
    expect(() => defineCatalog({ rules: [{ name: '\u200b', content: 'x' }] })).toThrow(
      /rules\[0\]\.name: must contain visible text/,
    );
  });
});
