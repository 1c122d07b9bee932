import type { IdbStore, SessionRecord } from '@ctxkit/core';
import { ctxkitKeys, useSessions } from '@ctxkit/react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { DemoEngine } from '../engine/index.js';
import {
  CURRENT_SESSION_KEY,
  type DemoSettings,
  exportFileName,
  NEW_SESSION_TITLE,
} from '../settings/index.js';

import type { BootDraft } from './boot-screen.js';
import { ChatView } from './chat-view.js';
import { EmbedderStatus } from './embedder-status.js';
import { ErrorNotice } from './error-notice.js';
import type { ForkRequest } from './fork-request.js';
import { SessionList } from './session-list.js';
import { SettingsDialog } from './settings-dialog.js';
import { SidePanel } from './side-panel.js';

export interface WorkspaceProps {
  readonly store: IdbStore;
  readonly demo: DemoEngine;
  /** The settings the running engine was built for (what the screen says is in use). */
  readonly settings: DemoSettings;
  /** Newer settings were saved and their engine is being built: the screen is not ready for them yet. */
  readonly applying?: boolean;
  readonly onSaveSettings: (settings: DemoSettings) => void;
  readonly notice: unknown;
  readonly onNotice: (error: unknown) => void;
  /** What was typed while the app started: shown (or sent, if Enter was pressed) in the first chat opened. */
  readonly bootDraft?: BootDraft;
  /** A chat took `bootDraft`: a workspace built again (new settings) must not get it again. */
  readonly onBootDraftTaken?: () => void;
}

/** The app's screen: sessions on the left, the chat in the middle, pins and the context picker on the right. */
export function Workspace({
  store,
  demo,
  settings,
  applying = false,
  onSaveSettings,
  notice,
  onNotice,
  bootDraft,
  onBootDraftTaken,
}: WorkspaceProps) {
  const { engine } = demo;
  const client = useQueryClient();
  const sessions = useSessions();
  const [currentId, setCurrentId] = useState<string | null>(() => localStorage.getItem(CURRENT_SESSION_KEY));
  // What a new branch opens with: the question to edit, or to send at once (regenerate); only for that branch.
  // `sessionId: null`: what was typed while starting, for whichever chat opens first.
  const [draft, setDraft] = useState<{ sessionId: string | null; text: string; send: boolean } | null>(() =>
    bootDraft?.text.trim() ? { sessionId: null, text: bootDraft.text, send: bootDraft.send } : null,
  );
  const [settingsOpen, setSettingsOpen] = useState(false);
  // On a narrow screen the sessions and the context panel are drawers over the chat; at most one is open.
  const [drawer, setDrawer] = useState<'sessions' | 'side' | null>(null);
  const closeDrawer = useCallback(() => setDrawer(null), []);
  // An opened drawer takes the focus (so Escape in it closes it); a closed one gives it back to its toggle.
  const opened = useRef<'sessions' | 'side' | null>(null);
  useEffect(() => {
    const was = opened.current;
    opened.current = drawer;
    if (drawer) document.getElementById(drawer === 'sessions' ? 'sessions-panel' : 'side-panel')?.focus();
    else if (was) document.querySelector<HTMLElement>(`[aria-controls="${was}-panel"]`)?.focus();
  }, [drawer]);
  const createdFirst = useRef(false);
  const importInput = useRef<HTMLInputElement>(null);

  // Opening a conversation (picked, created, forked) shows the chat: a drawer over it closes.
  const select = useCallback((id: string) => {
    localStorage.setItem(CURRENT_SESSION_KEY, id);
    setCurrentId(id);
    setDrawer(null);
  }, []);

  // A new session is shown once the list has it, so the fallback below never sees an unknown id.
  const showNew = useCallback(
    async (sessionId: string) => {
      await client.refetchQueries({ queryKey: ctxkitKeys.sessions() });
      select(sessionId);
    },
    [client, select],
  );

  const create = useCallback(async () => {
    const session = await engine.createSession({ title: NEW_SESSION_TITLE });
    await showNew(session.id);
  }, [engine, showNew]);

  // Keep a session open: the stored choice if it still exists, else the newest conversation, else a new one.
  useEffect(() => {
    if (!sessions.data) return;
    if (currentId && sessions.data.some((record) => record.id === currentId)) return;
    const newest = [...sessions.data]
      .filter((record) => !record.branch)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    if (newest) select(newest.id);
    else if (!createdFirst.current) {
      createdFirst.current = true;
      create().catch(onNotice);
    }
  }, [sessions.data, currentId, select, create, onNotice]);

  const rename = async (id: string, title: string) => {
    try {
      await (await engine.openSession(id)).setTitle(title);
    } catch (error) {
      onNotice(error);
    }
  };
  const remove = async (record: SessionRecord) => {
    try {
      await engine.deleteSession(record.id, { branches: 'delete' });
    } catch (error) {
      onNotice(error);
    }
  };
  const fork = async ({ messageId, before, draft: text, send = false }: ForkRequest) => {
    if (!currentId) return;
    try {
      const parent = await engine.openSession(currentId);
      const branches = (sessions.data ?? []).filter((record) => record.branch?.parentSessionId === currentId);
      const branch = await parent.fork(messageId, {
        before,
        title: `${parent.record.title} · branch ${branches.length + 1}`,
      });
      setDraft({ sessionId: branch.id, text: text ?? '', send });
      await showNew(branch.id);
    } catch (error) {
      onNotice(error);
    }
  };

  const exportAll = async () => {
    try {
      const data = await store.exportAll();
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 1)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(new Date());
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    } catch (error) {
      onNotice(error);
    }
  };
  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      await store.importData(JSON.parse(await file.text()));
      await client.invalidateQueries({ queryKey: ctxkitKeys.all });
    } catch (error) {
      onNotice(error);
    }
  };

  const current = currentId && sessions.data?.some((record) => record.id === currentId) ? currentId : null;
  const draftHere =
    draft && current && (draft.sessionId === current || draft.sessionId === null) ? draft : null;

  const endpoint = settings.endpoint;
  return (
    // While the engine of newly saved settings is built, a send would still go through the old one and the screen is
    // rebuilt under it: the app says `applying`, not `ready`, until then.
    <div
      className="app"
      data-state={applying ? 'applying' : 'ready'}
      aria-busy={applying || undefined}
      data-drawer={drawer ?? 'none'}
    >
      <header className="topbar">
        <button
          type="button"
          className="button button--quiet drawer-toggle"
          aria-controls="sessions-panel"
          aria-expanded={drawer === 'sessions'}
          onClick={() => setDrawer(drawer === 'sessions' ? null : 'sessions')}
        >
          Sessions
        </button>
        <span className="brand">
          ctxkit <span className="brand__sub">demo</span>
        </span>
        <span className="status" data-responder={endpoint ? 'endpoint' : 'local'}>
          {endpoint
            ? `Model: ${endpoint.model} at ${new URL(endpoint.baseUrl).host}`
            : 'Model: local responder (offline)'}
        </span>
        <EmbedderStatus embedder={demo.embedder} onError={onNotice} />
        <span className="topbar__actions">
          <a href="./ai-sdk.html" className="button button--quiet" style={{ color: 'var(--accent)' }}>
            AI SDK version
          </a>
          <button type="button" className="button button--quiet" onClick={() => void exportAll()}>
            Export
          </button>
          <button type="button" className="button button--quiet" onClick={() => importInput.current?.click()}>
            Import
          </button>
          <input
            ref={importInput}
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Import sessions from a file"
            onChange={(event) => void importFile(event)}
          />
          <button type="button" className="button" onClick={() => setSettingsOpen(true)}>
            Settings
          </button>
          <button
            type="button"
            className="button button--quiet drawer-toggle"
            aria-controls="side-panel"
            aria-expanded={drawer === 'side'}
            onClick={() => setDrawer(drawer === 'side' ? null : 'side')}
          >
            Context
          </button>
        </span>
      </header>
      {notice ? (
        <div className="app__notice">
          <ErrorNotice error={notice} onDismiss={() => onNotice(null)} />
        </div>
      ) : null}
      <SessionList
        currentId={current}
        onSelect={select}
        onEscape={closeDrawer}
        onCreate={() => void create().catch(onNotice)}
        onRename={rename}
        onDelete={remove}
      />
      <main className="main">
        {current ? (
          <ChatView
            key={current}
            engine={engine}
            sessionId={current}
            settings={settings}
            initialDraft={draftHere?.text ?? ''}
            sendInitialDraft={draftHere?.send ?? false}
            focusInput={bootDraft?.focused ?? false}
            onInitialDraftTaken={() => {
              if (draft?.sessionId === null) onBootDraftTaken?.();
              setDraft(null);
            }}
            onFork={(request) => void fork(request)}
            onSelect={select}
            onError={onNotice}
          />
        ) : (
          <p role="status">Loading…</p>
        )}
      </main>
      {current ? (
        <SidePanel key={current} sessionId={current} onEscape={closeDrawer} onOpenSession={select} />
      ) : (
        <aside id="side-panel" className="side" />
      )}
      {drawer && (
        <button
          type="button"
          className="drawer-scrim"
          tabIndex={-1}
          aria-label="Close the panel"
          onClick={closeDrawer}
        />
      )}
      <SettingsDialog
        open={settingsOpen}
        settings={settings}
        onClose={() => setSettingsOpen(false)}
        onSave={(next) => {
          setSettingsOpen(false);
          onSaveSettings(next);
        }}
      />
    </div>
  );
}
