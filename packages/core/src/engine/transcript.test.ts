import { describe, expect, test } from 'vitest';
import { isCtxkitError, ValidationError } from '../errors/index.js';
import { runTurn } from '../host-loop/index.js';
import { type Transcript, type TranscriptEntry, transcriptOf } from '../session/index.js';
import { freshName, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';
import { MemoryStore } from '../store/index.js';
import type { Store } from '../store-types/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

/** An engine whose clock moves a second per reading, so "written last" is well defined. */
function engineOn(store: Store) {
  let tick = 0;
  return testEngine({ store, now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)) });
}

async function talk(session: Session, question: string, answer: string) {
  return session.commit(await session.prepare(question), answer);
}

/** What a chat shows of each entry: who said what. */
function shown(transcript: Transcript): string[] {
  return transcript.entries.flatMap((entry: TranscriptEntry) =>
    entry.kind === 'note'
      ? [`${entry.message.role}: ${entry.message.content}`]
      : [
          `user: ${entry.user.content}`,
          ...entry.steps.map((step) =>
            step.role === 'tool'
              ? `tool ${step.toolName}: ${step.content}`
              : `assistant: ${step.modelReply.content}`,
          ),
        ],
  );
}

/** Stop pressed while the model is answering: the host loop rolls the turn back. */
async function stopped(session: Session, text: string) {
  const stop = new AbortController();
  return runTurn({
    session,
    text,
    signal: stop.signal,
    callModel: async () => {
      stop.abort(new DOMException('Stopped', 'AbortError'));
      return { reply: { content: 'a partial answer' } };
    },
  });
}

describe('session.transcript', () => {
  test('committed turns with their tool steps, final reply and plan, and notes between them', async () => {
    const engine = await engineOn(new MemoryStore());
    const session = await engine.createSession({ id: 'chat' });
    const first = await talk(session, 'hello', 'hi');
    const asked = await session.prepare('what is in notes.txt?');
    const call = { id: 'call-1', name: 'filesystem__read_file', arguments: { path: 'notes.txt' } };
    const next = await session.continue(asked, { content: 'Reading it.', toolCalls: [call] }, [
      { toolCallId: 'call-1', content: 'buy milk' },
    ]);
    const second = await session.commit(next, 'It says buy milk.');
    await session.addNote('error', 'The connection dropped.');

    const transcript = session.transcript();
    expect(transcript.sessionId).toBe('chat');
    expect(transcript.branch).toBeNull();
    expect(shown(transcript)).toEqual([
      'user: hello',
      'assistant: hi',
      'user: what is in notes.txt?',
      'assistant: Reading it.',
      'tool filesystem__read_file: buy milk',
      'assistant: It says buy milk.',
      'error: The connection dropped.',
    ]);
    const [one, two] = transcript.entries;
    expect(one?.kind === 'turn' && one.reply.id).toBe(first.assistantMessage.id);
    expect(two?.kind === 'turn' && two.id).toBe(second.messages[0]?.id);
    expect(two?.kind === 'turn' && two.planId).toBe(second.assistantMessage.requestContext?.planId);
    expect(two?.kind === 'turn' && two.planId).not.toBe(one?.kind === 'turn' && one.planId);
    expect(transcript.entries.every((entry) => !entry.inherited)).toBe(true);
  });

  test('a stopped turn and a refused message are not in it: neither was stored', async () => {
    const engine = await engineOn(new MemoryStore());
    const session = await engine.createSession();
    await talk(session, 'hello', 'hi');
    const outcome = await stopped(session, 'tell me a long story');
    expect(outcome.status).toBe('stopped');
    const refused = await session.prepare('word '.repeat(20_000)).catch((error: unknown) => error);
    expect(isCtxkitError(refused, 'over_budget')).toBe(true);
    expect(shown(session.transcript())).toEqual(['user: hello', 'assistant: hi']);
  });
});

test('transcriptOf checks what it is handed, naming the path', async () => {
  const engine = await engineOn(new MemoryStore());
  const { record } = await engine.createSession();
  const paths = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).issues.map((issue) => issue.path);
    }
    return [];
  };
  expect(paths(() => transcriptOf(null as never, []))).toEqual(['record']);
  expect(paths(() => transcriptOf(record, 'hello' as never))).toEqual(['messages']);
  expect(paths(() => transcriptOf(record, [{ id: 'm1', role: 'robot' }] as never))).toEqual(['messages[0]']);
  expect(transcriptOf(record, []).entries).toEqual([]);
});

describe('the way back through a reload (IndexedDB)', () => {
  const open = storesClosedAfterEach();

  test('a chat with a branch and a stopped reply reopens on its latest branch, exactly as stored', async () => {
    const name = freshName();
    const engine = await engineOn(await open(name));
    const chat = await engine.createSession({ id: 'chat-42', title: 'Plans' });
    await talk(chat, 'first question', 'first answer');
    const second = await talk(chat, 'second question', 'second answer');
    // Regenerating the second reply: a branch before its turn, asked again there.
    const branch = await chat.fork(second.messages[0]?.id as string, { before: true });
    await talk(branch, 'second question', 'a better second answer');
    await talk(branch, 'third question', 'third answer');
    expect((await stopped(branch, 'fourth question')).status).toBe('stopped');
    open.closeAll();

    const reloaded = await engineOn(await open(name));
    const latest = await reloaded.latestBranch('chat-42');
    expect(latest).toBe(branch.id);
    const transcript = (await reloaded.openSession(latest)).transcript();
    expect(transcript.sessionId).toBe(branch.id);
    expect(transcript.branch?.parentSessionId).toBe('chat-42');
    expect(shown(transcript)).toEqual([
      'user: first question',
      'assistant: first answer',
      'user: second question',
      'assistant: a better second answer',
      'user: third question',
      'assistant: third answer',
    ]);
    expect(transcript.entries.map((entry) => entry.inherited)).toEqual([true, false, false]);
    expect(transcript.entries.map((entry) => entry.sessionId)).toEqual(['chat-42', branch.id, branch.id]);
    // A branch of the branch knows who wrote each turn it inherits, as forked and as loaded again.
    const third = transcript.entries[2];
    const deeper = await reloaded.fork(latest, third?.kind === 'turn' ? third.id : '', { before: true });
    const writers = (session: Session) => session.transcript().entries.map((entry) => entry.sessionId);
    expect(writers(deeper)).toEqual(['chat-42', branch.id]);
    const store = await open(name);
    expect(writers(await (await engineOn(store)).openSession(deeper.id))).toEqual(['chat-42', branch.id]);
    // The chat as first answered is still there, under its own id.
    expect(shown((await reloaded.openSession('chat-42')).transcript())).toEqual([
      'user: first question',
      'assistant: first answer',
      'user: second question',
      'assistant: second answer',
    ]);
  });

  test('the latest branch is the one written to last, back on the root once it is continued', async () => {
    const engine = await engineOn(new MemoryStore());
    const chat = await engine.createSession({ id: 'root' });
    const first = await talk(chat, 'one', 'uno');
    expect(await engine.latestBranch('root')).toBe('root');
    const branch = await chat.fork(first.assistantMessage.id);
    expect(await engine.latestBranch('root')).toBe(branch.id);
    await talk(chat, 'two', 'dos');
    expect(await engine.latestBranch('root')).toBe('root');
    // A chat id the store does not hold has no branches.
    expect(await engine.latestBranch('never-used')).toBe('never-used');
  });
});
