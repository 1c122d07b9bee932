// Conversations in which the replies keep calling read_file: two such turns earn it a lease; with a selector whose
// queries embed to hand-made vectors, a later similar message (after another subject) starts from what served it.
import { type AgentSelector, createLexicalSelector, type Engine, type Session } from '@ctxkit/core';
import { kitEngine } from './fixtures.js';

export const FILE_QUESTIONS = [
  'Read the file notes.txt from disk',
  'Now read the file todo.txt from disk',
  'Read the file report.txt from disk again',
] as const;
export const OTHER_SUBJECT = 'What tables are in the database schema?';

const VECTORS: Record<string, readonly number[]> = {
  [FILE_QUESTIONS[0]]: [1, 0],
  [FILE_QUESTIONS[1]]: [0.95, 0.05],
  [FILE_QUESTIONS[2]]: [0.9, 0.1],
  [OTHER_SUBJECT]: [0, 1],
};

/** A lexical selector whose queries embed to the vectors above, so the engine forms query clusters. */
export function clusteringSelector(): AgentSelector {
  const lexical = createLexicalSelector();
  return {
    name: 'hand-made',
    select: (request) => lexical.select(request),
    embedQuery: async (query) => {
      const vector = VECTORS[query];
      return vector ? Float32Array.from(vector) : null;
    },
  };
}

/** A turn whose reply calls read_file, then answers. */
export async function readTurn(session: Session, text: string): Promise<string> {
  const turn = await session.prepare(text);
  const id = `call-${session.record.turnCount}`;
  const called = await session.continue(
    turn,
    { content: '', toolCalls: [{ id, name: 'filesystem__read_file', arguments: { path: 'x' } }] },
    [{ toolCallId: id, content: 'the file text' }],
  );
  return (await session.commit(called, 'Here is what the file says.')).assistantMessage.id;
}

/** Two turns calling read_file: the conversation earned it a lease. */
export async function earnedConversation(): Promise<{ engine: Engine; session: Session }> {
  const engine = await kitEngine();
  const session = await engine.createSession();
  await readTurn(session, FILE_QUESTIONS[0]);
  await readTurn(session, FILE_QUESTIONS[1]);
  return { engine, session };
}

/** Files, another subject, files again: the last reply's request started from what served the first two. */
export async function reusedConversation(): Promise<{ engine: Engine; session: Session; messageId: string }> {
  const engine = await kitEngine({ selector: clusteringSelector() });
  const session = await engine.createSession();
  await readTurn(session, FILE_QUESTIONS[0]);
  await readTurn(session, FILE_QUESTIONS[1]);
  await session.commit(await session.prepare(OTHER_SUBJECT), 'The users and files tables.');
  const messageId = await readTurn(session, FILE_QUESTIONS[2]);
  return { engine, session, messageId };
}
