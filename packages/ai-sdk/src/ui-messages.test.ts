import { Chat } from '@ai-sdk/react';
import {
  createEngine,
  type Engine,
  isCtxkitError,
  MemoryStore,
  openIdbStore,
  type Store,
  type Transcript,
  ValidationError,
} from '@ctxkit/core';
import { describe, expect, test } from 'vitest';
import {
  type CtxkitStoredMessage,
  type CtxkitUIMessage,
  createCtxkitTransport,
  dropUnstored,
  loadChat,
  toUIMessages,
  unstoredMessageIds,
} from './index.js';
import { inBrowser, type LocalModel, model, RULE, until } from './test/fixtures.js';

// The way back: what useChat showed, stored, reopened after a reload from the same store (IndexedDB in Chromium).

let databases = 0;

/** A store that outlives its engine, and a way to open it again as a reload does. */
async function reloadableStore(): Promise<{ store: Store; reload(): Promise<Store> }> {
  if (!inBrowser) {
    const store = new MemoryStore();
    return { store, reload: async () => store };
  }
  const name = `ctxkit-ai-sdk-way-back-${Date.now()}-${databases++}`;
  let store = await openIdbStore({ name });
  return {
    store,
    reload: async () => {
      store.close();
      store = await openIdbStore({ name });
      return store;
    },
  };
}

function engineOn(store: Store): Promise<Engine> {
  return createEngine({
    model: 'echo-model',
    contextWindow: 16_000,
    reservedOutput: 1_000,
    recall: false,
    store,
    catalog: {
      rules: [{ name: 'Style', content: RULE, include: 'always' }],
      servers: [{ name: 'files', include: 'always' }],
      tools: [
        {
          server: 'files',
          name: 'read_file',
          description: 'Read a file',
          inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        },
      ],
    },
  });
}

/** What a chat shows of a message: its role, its text and its tool calls with their results, and its ctxkit ids. */
function shown(message: { role: string; parts: readonly unknown[]; metadata?: unknown }) {
  const parts = message.parts.flatMap((part) => {
    const p = part as Record<string, unknown>;
    if (p.type === 'text') return [`text: ${String(p.text)}`];
    if (p.type === 'dynamic-tool')
      return [
        `tool ${String(p.toolName)} ${JSON.stringify(p.input)} ${String(p.state)}: ${String(p.output ?? p.errorText)}`,
      ];
    return [];
  });
  return { role: message.role, parts, metadata: message.metadata };
}

async function settle(chat: Chat<CtxkitUIMessage>, sending: Promise<void>) {
  await sending;
  await until(() => chat.status === 'ready' || chat.status === 'error');
}

describe('loadChat and toUIMessages', () => {
  test('through a reload: a branch, a tool call and a stopped reply come back exactly as stored', async () => {
    const { store, reload } = await reloadableStore();
    const engine = await engineOn(store);
    const chatId = 'chat-way-back';
    const fresh = await loadChat(engine, chatId);
    expect(fresh).toEqual({ sessionId: chatId, messages: [] });
    expect(await engine.listSessions()).toEqual([]);

    let sessionId = fresh.sessionId;
    const transport = (name: LocalModel) =>
      createCtxkitTransport({
        engine,
        sessionId,
        model: model(name),
        runTool: async () => 'the notes say hi',
        onSessionChange: (id) => {
          sessionId = id;
        },
      });
    const chat = new Chat<CtxkitUIMessage>({
      id: chatId,
      messages: fresh.messages,
      transport: transport('echo-model'),
    });
    await settle(chat, chat.sendMessage({ text: 'first question' }));
    await settle(chat, chat.sendMessage({ text: 'second question' }));
    // Regenerating the second reply moves the chat to a branch before its turn.
    await settle(chat, chat.regenerate());
    expect(sessionId).not.toBe(chatId);
    const tools = new Chat<CtxkitUIMessage>({
      id: chatId,
      messages: chat.messages,
      transport: transport('tool-model'),
    });
    await settle(tools, tools.sendMessage({ text: 'read my notes' }));
    const slow = new Chat<CtxkitUIMessage>({
      id: chatId,
      messages: tools.messages,
      transport: transport('slow-model'),
    });
    const sending = slow.sendMessage({ text: 'tell me a long story' });
    // The reply has begun streaming (the list holds the new user message and a reply after it).
    await until(() => {
      const last = slow.messages.at(-1);
      return (
        slow.messages.length === tools.messages.length + 2 &&
        last?.role === 'assistant' &&
        last.parts.some((part) => part.type === 'text')
      );
    });
    await slow.stop();
    await settle(slow, sending);
    await until(() => engine.pendingTurn(sessionId) === null);

    // On screen: the stopped turn, marked as not stored; dropping it leaves what the store holds.
    const onScreen = slow.messages;
    const stoppedIds = onScreen.slice(-2).map((message) => message.id);
    expect(unstoredMessageIds(onScreen)).toEqual(new Set(stoppedIds));
    const kept = dropUnstored(onScreen);
    expect(kept).toHaveLength(onScreen.length - 2);

    const reloaded = await engineOn(await reload());
    const loaded = await loadChat(reloaded, chatId);
    expect(loaded.sessionId).toBe(sessionId);
    expect(loaded.messages.map(shown)).toEqual(kept.map(shown));
    // A reply keeps its id across the reload; the user's messages come back under their stored ids.
    expect(
      loaded.messages.filter((message) => message.role === 'assistant').map((message) => message.id),
    ).toEqual(kept.filter((message) => message.role === 'assistant').map((message) => message.id));
    const branch = await reloaded.openSession(sessionId);
    expect(loaded.messages.filter((m) => m.role === 'user').map((m) => m.id)).toEqual(
      branch.messages.filter((m) => m.role === 'user').map((m) => m.id),
    );
    expect(loaded.messages.map((message) => message.parts.filter((part) => part.type === 'text'))).toEqual([
      [{ type: 'text', text: 'first question', state: 'done' }],
      [{ type: 'text', text: 'Echo: first question', state: 'done' }],
      [{ type: 'text', text: 'second question', state: 'done' }],
      [{ type: 'text', text: 'Echo: second question', state: 'done' }],
      [{ type: 'text', text: 'read my notes', state: 'done' }],
      [{ type: 'text', text: 'The file says: the notes say hi', state: 'done' }],
    ]);
    // The chat as first answered stays under its own id.
    expect((await loadChat(reloaded, chatId, { branch: 'this' })).messages).toHaveLength(4);

    // The loaded messages drive useChat on: regenerating the first reply branches before its turn.
    let movedTo = loaded.sessionId;
    const again = new Chat<CtxkitUIMessage>({
      id: chatId,
      messages: loaded.messages,
      transport: createCtxkitTransport({
        engine: reloaded,
        sessionId: loaded.sessionId,
        model: model('echo-model'),
        onSessionChange: (id) => {
          movedTo = id;
        },
      }),
    });
    await settle(again, again.regenerate({ messageId: loaded.messages[1]?.id as string }));
    expect(again.status).toBe('ready');
    const regenerated = await reloaded.openSession(movedTo);
    expect(regenerated.branch?.parentSessionId).toBe(loaded.sessionId);
    expect(regenerated.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  test('a refused message (too long for the window) is reported, and dropping it matches the store', async () => {
    const { store } = await reloadableStore();
    const engine = await engineOn(store);
    const loaded = await loadChat(engine, 'refused-chat');
    const chat = new Chat<CtxkitUIMessage>({
      id: 'refused-chat',
      messages: loaded.messages,
      transport: createCtxkitTransport({ engine, sessionId: loaded.sessionId, model: model('echo-model') }),
    });
    await settle(chat, chat.sendMessage({ text: 'hello' }));
    await settle(chat, chat.sendMessage({ text: 'word '.repeat(40_000) }));
    expect(chat.status).toBe('error');
    expect(isCtxkitError(chat.error, 'over_budget')).toBe(true);
    expect(chat.messages).toHaveLength(3);
    expect(dropUnstored(chat.messages).map(shown)).toEqual(
      (await loadChat(engine, 'refused-chat')).messages.map(shown),
    );
    expect(dropUnstored(chat.messages)).toHaveLength(2);
  });

  test('a denied or failed tool call comes back as an error result; a reply without a plan has no metadata', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const call = (id: string) => ({ id, name: 'files__read_file', arguments: { path: `${id}.txt` } });
    const transcript: Transcript = {
      sessionId: 's1',
      title: 'Chat',
      branch: null,
      entries: [
        {
          kind: 'turn',
          id: 'u1',
          user: { id: 'u1', role: 'user', content: 'read them', createdAt: at },
          steps: [
            {
              id: 'a1',
              role: 'assistant',
              createdAt: at,
              modelReply: { content: '', toolCalls: [call('c1'), call('c2')] },
            },
            {
              id: 't1',
              role: 'tool',
              createdAt: at,
              toolCallId: 'c1',
              toolName: 'files__read_file',
              content: 'Denied by the user.',
              isError: true,
              approval: 'denied',
            },
            {
              id: 't2',
              role: 'tool',
              createdAt: at,
              toolCallId: 'c2',
              toolName: 'files__read_file',
              content: 'no such file',
              isError: true,
            },
            { id: 'a2', role: 'assistant', createdAt: at, modelReply: { content: 'Neither could be read.' } },
          ],
          reply: {
            id: 'a2',
            role: 'assistant',
            createdAt: at,
            modelReply: { content: 'Neither could be read.' },
          },
          planId: null,
          sessionId: 's1',
          inherited: false,
        },
        {
          kind: 'note',
          message: { id: 'n1', role: 'error', content: 'A note', createdAt: at },
          sessionId: 's1',
          inherited: false,
        },
      ],
    };
    const messages: CtxkitUIMessage[] = toUIMessages(transcript);
    expect(messages).toEqual([
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'read them', state: 'done' }] },
      {
        id: 'ctxkit-u1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          {
            type: 'dynamic-tool',
            toolName: 'files__read_file',
            toolCallId: 'c1',
            input: { path: 'c1.txt' },
            state: 'output-error',
            errorText: 'Denied by the user.',
          },
          {
            type: 'dynamic-tool',
            toolName: 'files__read_file',
            toolCallId: 'c2',
            input: { path: 'c2.txt' },
            state: 'output-error',
            errorText: 'no such file',
          },
          { type: 'step-start' },
          { type: 'text', text: 'Neither could be read.', state: 'done' },
        ],
      },
    ] satisfies CtxkitStoredMessage[]);
    // Not ctxkit's replies (no metadata.ctxkit) are not ctxkit's to drop.
    expect(unstoredMessageIds(messages)).toEqual(new Set());
  });

  test('toUIMessages refuses what is not a transcript, naming the path', () => {
    const paths = (value: unknown) => {
      try {
        toUIMessages(value as Transcript);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).issues.map((issue) => issue.path);
      }
      return [];
    };
    expect(paths([])).toEqual(['transcript']);
    expect(
      paths({ sessionId: 's', entries: [{ kind: 'note' }, { kind: 'turn' }, { kind: 'message' }] }),
    ).toEqual(['transcript.entries[1]', 'transcript.entries[2]']);
  });

  test('a wrong chat id or option is refused with a ValidationError naming it', async () => {
    const engine = await engineOn(new MemoryStore());
    const refused = await loadChat(engine, 'not/a/url-segment', { branch: 'newest' as 'latest' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).issues.map((issue) => issue.path)).toEqual([
      'chatId',
      'options.branch',
    ]);
    expect(await engine.listSessions()).toEqual([]);
  });
});
