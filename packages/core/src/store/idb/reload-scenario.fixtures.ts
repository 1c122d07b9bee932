import { demoCatalog } from '../../engine/engine.fixtures.js';
import { createEngine, type Engine, type Session } from '../../engine/index.js';
import { findBlobRefs, type SummarizerInput, type SummaryResult } from '../../history/index.js';
import type { ContextPlan } from '../../planner/index.js';
import { fakeSecrets } from '../../privacy/fake-secrets.fixtures.js';
import type { OpenAIChatRequest } from '../../render/index.js';
import { createLexicalSelector, type LexicalSelector } from '../../retrieval/index.js';
import type { Store } from '../../store-types/index.js';
import { createApproximateCounter } from '../../tokens/index.js';

/** Sequential ids that a second engine can continue from any point, so two engines can be made to agree. */
export class IdCounter {
  value = 0;
  readonly next = (): string => `id-${++this.value}`;
}

/** A host's summarizer: an async call that condenses the turns and says what is worth remembering. */
export async function summarizer({ previous, messages }: SummarizerInput): Promise<SummaryResult> {
  await new Promise((resolve) => setTimeout(resolve, 1));
  const asked = messages.flatMap((m) => (m.role === 'user' ? [m.content.split(':')[0]] : []));
  return {
    summary: `${previous ? `${previous.summary} Then: ` : 'The user asked: '}${asked.join(', ')}.`,
    keyPoints: [`The service answers ${asked.length} kinds of question`],
    preferences: { license: 'MIT', language: 'TypeScript' },
  };
}

/**
 * The engine of the reload scenario: deterministic (approximate counts, fixed clock, ids from `ids`), with a
 * selector that keeps what it learns from use in the store, so that a reloaded engine knows what it knew.
 */
export function reloadEngine(
  store: Store,
  ids: IdCounter,
  selector: LexicalSelector = createLexicalSelector({ store }),
): Promise<Engine<OpenAIChatRequest>> {
  return createEngine({
    catalog: demoCatalog,
    model: 'test-model',
    contextWindow: 3_000,
    reservedOutput: 500,
    tokenizer: createApproximateCounter(),
    now: () => new Date(Date.UTC(2026, 0, 1)),
    newId: ids.next,
    store,
    selector,
    history: { summarizer },
  });
}

// With the approximate counter each long turn costs about 156 tokens: the 14th finds history over its share.
const question = (i: number) => `Question ${i}: ${'q'.repeat(200)}`.slice(0, 200);
const answer = (i: number) => `Answer ${i}: ${'a'.repeat(400)}`.slice(0, 400);

export interface ReloadScenario {
  readonly engine: Engine<OpenAIChatRequest>;
  /** Every stored session (roots and branches), in creation order. */
  readonly sessions: readonly Session<OpenAIChatRequest>[];
  readonly files: Session<OpenAIChatRequest>;
  readonly branch: Session<OpenAIChatRequest>;
  readonly branchOfBranch: Session<OpenAIChatRequest>;
  readonly long: Session<OpenAIChatRequest>;
  readonly receiver: Session<OpenAIChatRequest>;
  readonly privateSession: Session<OpenAIChatRequest>;
  /** Every plan committed by a stored session, by id, as `prepare`/`continue` returned it. */
  readonly plans: ReadonlyMap<string, ContextPlan>;
  readonly dataUrl: string;
  readonly dataUrlRef: string;
  /** The made-up key a user pasted, which must never be stored. */
  readonly secret: string;
  /** Text only the private session ever saw. */
  readonly privateText: string;
}

/**
 * Everything a store keeps, played through an engine: sessions with pins of every kind and leases, modes, a task, a
 * workspace, a tool loop, a branch and a branch of that branch with turns of their own, a long conversation that the
 * summarizer checkpointed (its key points and preferences become memories, offered to another session), a data URL
 * stored once, a pasted key that is redacted, and a private session.
 */
export async function playReloadScenario(
  store: Store,
  ids: IdCounter,
  selector: LexicalSelector = createLexicalSelector({ store }),
): Promise<ReloadScenario> {
  const engine = await reloadEngine(store, ids, selector);
  const plans = new Map<string, ContextPlan>();
  const keep = <T extends { plan: ContextPlan }>(prepared: T): T => {
    plans.set(prepared.plan.id, prepared.plan);
    return prepared;
  };
  const say = async (session: Session<OpenAIChatRequest>, text: string, reply: string) => {
    const prepared = await session.prepare(text);
    if (!session.isPrivate) keep(prepared);
    return (await session.commit(prepared, reply)).messages;
  };

  // A working session: a tool loop, pins of every kind with leases, a mode, a task and a workspace.
  const files = await engine.createSession({ title: 'Files' });
  await files.setMode('heavy');
  await files.addItem({ type: 'rule', name: 'Error handling' });
  await files.addItem({ type: 'tool', serverName: 'filesystem', name: 'list_dir' });
  const first = keep(await files.prepare('Read the file config.json please'));
  const call = { id: 'call-1', name: 'filesystem__read_file', arguments: { path: 'config.json' } };
  const second = keep(
    await files.continue(
      first,
      { content: '', toolCalls: [call] },
      [{ toolCallId: 'call-1', content: '{"debug":true}' }],
      { inputTokens: 90 },
    ),
  );
  const loop = (await files.commit(second, 'Debug is on.', { inputTokens: 120, outputTokens: 5 })).messages;
  await files.pin({ kind: 'message', messageId: loop[0]?.id as string });
  await files.pin(
    { kind: 'card', title: 'Goal', text: 'Ship v2' },
    { kind: 'leased', lease: { kind: 'turns', turns: 10 } },
  );
  await files.pin(
    { kind: 'item', ref: { type: 'reference', name: 'Database schema' } },
    { kind: 'ephemeral' },
  );
  await files.setTask('v2');
  await files.pin(
    { kind: 'item', ref: { type: 'rule', name: 'File operations' } },
    { kind: 'leased', lease: { kind: 'task', taskId: 'v2' } },
  );
  const card = await files.pin(
    { kind: 'card', title: 'Later', text: 'Check the logs' },
    { kind: 'ephemeral' },
  );
  await files.promotePin(card.id, { kind: 'turns', turns: 5 });
  await files.setWorkspace('Open file: src/index.ts');

  const dataUrl = `data:image/png;base64,${'iVBORw0KGgo'.repeat(80)}`;
  const withImage = await say(files, `What is in this screenshot? ${dataUrl}`, 'A login form.');
  const dataUrlRef = findBlobRefs(JSON.stringify(withImage[0]))[0] as string;
  const secret = (fakeSecrets()[0] as { secret: string }).secret;
  await say(
    files,
    `My environment has OPENAI_API_KEY=${secret} — why does the call fail?`,
    'The key is wrong.',
  );
  await files.addNote('error', 'The model did not answer');
  const forkAt = await say(files, 'Question 3 about the users table', 'Answer 3.');
  await say(files, 'Question 4 about the users table', 'Answer 4.');

  // A branch from the middle, with its own turns and pins, and a branch of that branch.
  const branch = await files.fork(forkAt[1]?.id as string, { title: 'Files, other way' });
  await branch.setMode('light');
  const own = await say(branch, 'Instead, list the directory', 'Listed.');
  await branch.pin(
    { kind: 'message', messageId: own[0]?.id as string },
    { kind: 'leased', lease: { kind: 'turns', turns: 2 } },
  );
  await say(branch, 'And the users table?', 'It has an id.');
  const branchOfBranch = await branch.fork(own[1]?.id as string, { title: 'Deeper' });
  await branchOfBranch.setTask('v3');
  await say(branchOfBranch, 'Start over with v3', 'Starting over.');
  await say(branch, 'One more in the branch', 'Done.');

  // A long conversation: the summarizer writes a checkpoint, whose key points and preferences become memories.
  const long = await engine.createSession({ title: 'Long' });
  await long.setMode('off');
  for (let i = 0; i < 16; i++) await say(long, question(i), answer(i));
  await engine.remember(files.id, [{ kind: 'key-point', text: 'Config lives in config.json' }]);

  // Another conversation is offered those memories.
  const receiver = await engine.createSession({ title: 'Receiver' });
  await say(receiver, 'Which license should the new project use?', 'MIT, as before.');

  const privateSession = await engine.createSession({ title: 'Private', private: true });
  const privateText = 'A private question about a diagnosis';
  await say(privateSession, privateText, 'A private answer');

  return {
    engine,
    sessions: [files, branch, branchOfBranch, long, receiver],
    files,
    branch,
    branchOfBranch,
    long,
    receiver,
    privateSession,
    plans,
    dataUrl,
    dataUrlRef,
    secret,
    privateText,
  };
}
