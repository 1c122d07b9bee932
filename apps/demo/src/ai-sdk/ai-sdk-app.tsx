import { type CtxkitUIMessage, toUIMessages } from '@ctxkit/ai-sdk';
import type { Engine, IdbStore } from '@ctxkit/core';
import { CtxkitProvider } from '@ctxkit/react';
import { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createDemoEngine, type DemoEngine, openDemoStore } from '../engine/index.js';
import { type DemoSettings, loadSettings } from '../settings/index.js';
import { ErrorNotice } from '../ui/index.js';
import { AiSdkChat } from './ai-sdk-chat.js';
import { AI_SDK_SESSION_KEY, AI_SDK_SESSION_TITLE } from './session-key.js';

interface Ready {
  readonly demo: DemoEngine;
  readonly queryClient: QueryClient;
  readonly sessionId: string;
  readonly messages: CtxkitUIMessage[];
}

/** The stored conversation of the page (the branch it was last on), or a new one: its id and its `useChat` messages. */
async function openConversation(engine: Engine): Promise<Pick<Ready, 'sessionId' | 'messages'>> {
  const stored = localStorage.getItem(AI_SDK_SESSION_KEY);
  const known = stored !== null && (await engine.listSessions()).some((record) => record.id === stored);
  const session = known
    ? await engine.openSession(stored)
    : await engine.createSession({ title: AI_SDK_SESSION_TITLE });
  localStorage.setItem(AI_SDK_SESSION_KEY, session.id);
  // The way back from the store: each turn with its tool calls, and the ids of the session that stored its reply.
  return { sessionId: session.id, messages: toUIMessages(session.transcript()) };
}

/**
 * The AI SDK page: the demo's IndexedDB store and engine (built for the settings the full demo saved), the page's
 * conversation, and a chat that talks to the model through `useChat` and ctxkit's transport.
 */
export function AiSdkApp() {
  const [settings] = useState<DemoSettings>(() => loadSettings(localStorage));
  const [ready, setReady] = useState<Ready | null>(null);
  const [fatal, setFatal] = useState<unknown>(null);
  const [notice, setNotice] = useState<unknown>(null);

  useEffect(() => {
    let cancelled = false;
    let store: IdbStore | null = null;
    let demo: DemoEngine | null = null;
    (async () => {
      store = await openDemoStore((error) => setNotice(error));
      if (cancelled) return store.close();
      demo = await createDemoEngine(store, settings);
      if (cancelled) return;
      if (demo.embedder) {
        demo.embedder.load().catch(() => {}); // without its model, retrieval stays on keywords
        demo.selector.warm(demo.engine.catalog).catch(() => {});
      }
      const conversation = await openConversation(demo.engine);
      if (!cancelled) setReady({ demo, queryClient: new QueryClient(), ...conversation });
    })().catch((error: unknown) => {
      if (!cancelled) setFatal(error);
    });
    return () => {
      cancelled = true;
      void demo?.selector.flush?.();
      void demo?.embedder?.dispose();
      store?.close();
    };
  }, [settings]);

  const endpoint = settings.endpoint;
  return (
    <div className="aisdk" data-state={ready ? 'ready' : fatal ? 'failed' : 'booting'}>
      <header className="topbar">
        <span className="brand">
          ctxkit <span className="brand__sub">demo · AI SDK</span>
        </span>
        <span className="status" data-responder={endpoint ? 'endpoint' : 'local'}>
          {endpoint
            ? `Model: ${endpoint.model} at ${new URL(endpoint.baseUrl).host} (@ai-sdk/openai-compatible)`
            : 'Model: the local model (offline)'}
        </span>
        <span className="topbar__actions">
          <a className="aisdk__link" href="./index.html">
            Back to the full demo
          </a>
        </span>
      </header>
      {notice ? (
        <div className="app__notice">
          <ErrorNotice error={notice} onDismiss={() => setNotice(null)} />
        </div>
      ) : null}
      <main className="aisdk__main">
        <h1 className="visually-hidden">Chat through the Vercel AI SDK</h1>
        {fatal ? (
          <ErrorNotice error={fatal} />
        ) : ready ? (
          <CtxkitProvider engine={ready.demo.engine} queryClient={ready.queryClient}>
            <AiSdkChat
              engine={ready.demo.engine}
              settings={settings}
              initialSessionId={ready.sessionId}
              initialMessages={ready.messages}
              onError={setNotice}
            />
          </CtxkitProvider>
        ) : (
          <p role="status" className="aisdk__boot">
            Opening the local database…
          </p>
        )}
      </main>
    </div>
  );
}
