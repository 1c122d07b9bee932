import { createEngine, openIdbStore } from '@ctxkit/core';
import { CtxkitProvider } from '@ctxkit/react';
import '@ctxkit/react/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadSettings } from './settings';
import './styles.css';

const settings = loadSettings();

// One engine for the page, on an IndexedDB store: conversations and the context of every reply survive a reload.
const engine = await createEngine({
  model: settings.model,
  contextWindow: 128_000,
  store: await openIdbStore({ name: 'ctxkit-example-vite-openai' }),
  catalog: {
    rules: [{ name: 'Tone', content: 'Answer briefly and plainly.', include: 'always' }],
  },
});

// Reopen the last conversation, or start one.
const SESSION_KEY = 'ctxkit-example:session';
const lastId = localStorage.getItem(SESSION_KEY);
const known = lastId !== null && (await engine.listSessions()).some((record) => record.id === lastId);
const session = known ? await engine.openSession(lastId) : await engine.createSession();
localStorage.setItem(SESSION_KEY, session.id);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <CtxkitProvider engine={engine}>
      <App session={session} initialSettings={settings} />
    </CtxkitProvider>
  </StrictMode>,
);
