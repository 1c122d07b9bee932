import {
  type CatalogInput,
  functionNameFor,
  type IncludeMode,
  type ItemRef,
  type JsonObject,
  type ReferenceInput,
  type RuleInput,
  type ServerInput,
  type ToolInput,
} from '../src/index.js';
import { Prng } from './prng.js';
import { Vocabulary } from './vocabulary.js';

export const FIXTURE_SEED = 0x0c7c_4b17;

/** One vocabulary (one Zipf ranking of words) for the catalog, the conversation and the queries. */
const words = new Vocabulary(new Prng(FIXTURE_SEED ^ 0x5eed));

export const CATALOG_SHAPE = {
  rules: 2_000,
  references: 3_000,
  servers: 50,
  toolsPerServer: 100,
  /** Enabled on every new session. */
  always: { rules: 10, references: 4, tools: 6 },
  /** Added by hand; the session in the benchmark adds a few of them. */
  manual: { rules: 60, references: 80, tools: 60 },
} as const;

export const HISTORY_SHAPE = {
  messages: 2_000,
  /** Every n-th turn calls a tool: user, assistant (tool call), tool result, assistant = 4 messages. */
  toolTurnEvery: 5,
} as const;

const SERVER_NAMES = (
  'github gitlab bitbucket jira linear asana notion confluence slack discord teams zoom postgres mysql sqlite ' +
  'redis mongo elastic kafka rabbitmq s3 gcs azure-blob cloudflare vercel netlify docker kubernetes terraform ' +
  'sentry datadog grafana prometheus pagerduty stripe paypal shopify twilio sendgrid mailchimp hubspot ' +
  'salesforce zendesk intercom figma filesystem browser calendar drive sheets'
).split(' ');

export interface CatalogFixture {
  readonly input: CatalogInput;
  /** Manual items the benchmark session adds by hand. */
  readonly manualForSession: readonly ItemRef[];
  /** Provider function names of the tools a new session holds plus the manual one it adds: what the model calls. */
  readonly sessionToolNames: readonly string[];
  readonly counts: {
    readonly items: number;
    readonly always: number;
    readonly manual: number;
    readonly agent: number;
  };
}

function includeFor(index: number, always: number, manual: number): IncludeMode {
  return index < always ? 'always' : index < always + manual ? 'manual' : 'agent';
}

/** A name not used before, built by `make`; tries again on a clash. */
function uniqueName(used: Set<string>, make: () => string): string {
  for (;;) {
    const name = make();
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

function toolSchema(prng: Prng): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  const count = prng.int(1, 5);
  for (let i = 0; i < count; i++) {
    const noun = words.noun(prng);
    const kind = prng.pick(['string', 'string', 'integer', 'boolean', 'array'] as const);
    const name = kind === 'integer' ? `${noun}Limit` : kind === 'boolean' ? `include${noun}` : `${noun}Id`;
    if (name in properties) continue;
    const description = `The ${words.adjective(prng)} ${noun} to ${words.verb(prng)}.`;
    properties[name] =
      kind === 'array'
        ? { type: 'array', items: { type: 'string' }, description }
        : { type: kind, description };
    if (prng.chance(0.5)) required.push(name);
  }
  return { type: 'object', properties, required };
}

/** 2,000 rules, 3,000 references and 5,000 tools over 50 MCP servers: 10,000 items. */
export function generateCatalog(seed = FIXTURE_SEED): CatalogFixture {
  const prng = new Prng(seed);
  const shape = CATALOG_SHAPE;
  const manualForSession: ItemRef[] = [];

  const ruleNames = new Set<string>();
  const rules: RuleInput[] = [];
  for (let i = 0; i < shape.rules; i++) {
    const name = uniqueName(
      ruleNames,
      () => `${words.adjective(prng)}-${words.noun(prng)}-${words.verb(prng)}`,
    );
    const include = includeFor(i, shape.always.rules, shape.manual.rules);
    rules.push({ name, include, description: words.sentence(prng), content: words.text(prng, 100, 800) });
    if (include === 'manual' && manualForSession.length < 2) manualForSession.push({ type: 'rule', name });
  }

  const referenceNames = new Set<string>();
  const references: ReferenceInput[] = [];
  for (let i = 0; i < shape.references; i++) {
    const name = uniqueName(
      referenceNames,
      () => `docs/${words.noun(prng)}/${words.noun(prng)}-${words.verb(prng)}.md`,
    );
    const include = includeFor(i, shape.always.references, shape.manual.references);
    references.push({
      name,
      include,
      description: words.sentence(prng),
      content: words.text(prng, 200, 2_000),
    });
    if (include === 'manual' && manualForSession.length < 3)
      manualForSession.push({ type: 'reference', name });
  }

  const servers: ServerInput[] = SERVER_NAMES.slice(0, shape.servers).map((name) => ({
    name,
    description: `MCP server for ${name}: ${words.sentence(prng)}`,
  }));
  if (servers.length !== shape.servers) throw new RangeError(`only ${SERVER_NAMES.length} server names`);

  const tools: ToolInput[] = [];
  const sessionToolNames: string[] = [];
  let toolIndex = 0;
  for (const server of servers) {
    const toolNames = new Set<string>();
    for (let i = 0; i < shape.toolsPerServer; i++, toolIndex++) {
      const name = uniqueName(toolNames, () => `${words.verb(prng)}_${words.noun(prng)}`);
      const include = includeFor(toolIndex, shape.always.tools, shape.manual.tools);
      tools.push({
        server: server.name,
        name,
        include,
        description: `${words.sentence(prng)} ${words.sentence(prng)}`,
        inputSchema: toolSchema(prng),
      });
      const addToSession = include === 'manual' && manualForSession.length < 4;
      if (addToSession) manualForSession.push({ type: 'tool', name, serverName: server.name });
      if (include === 'always' || addToSession) sessionToolNames.push(functionNameFor(server.name, name));
    }
  }

  const always = shape.always.rules + shape.always.references + shape.always.tools;
  const manual = shape.manual.rules + shape.manual.references + shape.manual.tools;
  const items = rules.length + references.length + tools.length;
  return {
    input: { rules, references, servers, tools },
    manualForSession,
    sessionToolNames,
    counts: { items, always, manual, agent: items - always - manual },
  };
}

export interface ScriptedTurn {
  readonly user: string;
  /** When set, the model first calls this tool; the turn then goes through `continue` before `commit`. */
  readonly toolCall?: {
    readonly name: string;
    readonly arguments: JsonObject;
    readonly preamble: string;
    readonly result: string;
  };
  readonly reply: string;
}

/** What a user of a coding assistant types: a question or request of one to three sentences. */
export function userMessage(prng: Prng): string {
  const opener = prng.pick([
    'How do I',
    'Can you',
    'Why does the',
    'Please',
    'I need to',
    'What is the best way to',
    'Help me',
  ]);
  const head = `${opener} ${words.verb(prng)} the ${words.adjective(prng)} ${words.noun(prng)} ${words.noun(prng)}?`;
  const more = prng.int(0, 2);
  let text = head;
  for (let i = 0; i < more; i++) text += ` ${words.sentence(prng)}`;
  return text;
}

/**
 * A conversation of exactly `HISTORY_SHAPE.messages` messages: every fifth turn calls a tool (4 messages), the
 * others are a question and an answer (2 messages), so 2,000 messages are 833 turns.
 */
export function generateConversation(seed = FIXTURE_SEED + 1, toolNames: readonly string[]): ScriptedTurn[] {
  const prng = new Prng(seed);
  const turns: ScriptedTurn[] = [];
  let messages = 0;
  while (messages < HISTORY_SHAPE.messages) {
    const withTool =
      turns.length % HISTORY_SHAPE.toolTurnEvery === 0 && messages + 4 <= HISTORY_SHAPE.messages;
    const user = userMessage(prng);
    const reply = words.text(prng, 200, 1_400);
    if (withTool) {
      turns.push({
        user,
        toolCall: {
          name: prng.pick(toolNames),
          arguments: { [`${words.noun(prng)}Id`]: `${words.noun(prng)}-${prng.int(1, 9_999)}`, limit: 20 },
          preamble: prng.chance(0.5) ? '' : `Let me ${words.verb(prng)} the ${words.noun(prng)} first.`,
          result: words.text(prng, 300, 1_500),
        },
        reply,
      });
      messages += 4;
    } else {
      turns.push({ user, reply });
      messages += 2;
    }
  }
  return turns;
}

/** Fresh user messages for the measured prepare calls, from the same distribution as the conversation. */
export function generateQueries(seed: number, count: number): string[] {
  const prng = new Prng(seed);
  return Array.from({ length: count }, () => userMessage(prng));
}

export const SYSTEM_PROMPT = {
  global:
    'You are a coding assistant inside a chat app. Answer precisely, show code when it helps, and say when ' +
    'you are unsure. Prefer small, reviewable changes. Never invent APIs: check the references you were given.',
  agent:
    'You can call tools through MCP servers. Call a tool only when its result changes your answer, and ' +
    'summarize what it returned before you use it.',
};
