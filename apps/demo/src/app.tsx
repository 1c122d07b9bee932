import type { IdbStore } from '@ctxkit/core';
import { CtxkitProvider } from '@ctxkit/react';
import { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { createDemoEngine, type DemoEngine, openDemoStore } from './engine/index.js';
import { type DemoSettings, loadSettings, saveSettings } from './settings/index.js';
import { type BootDraft, BootScreen, ErrorNotice, Workspace } from './ui/index.js';

interface Running {
  readonly generation: number;
  readonly demo: DemoEngine;
  /** The settings `demo` was built for: until the engine for newly saved ones is built, the old one runs. */
  readonly settings: DemoSettings;
  readonly queryClient: QueryClient;
}

/** Opens the store, builds an engine for the settings (again when they change) and shows the app or why it cannot. */
export function App() {
  const [settings, setSettings] = useState<DemoSettings>(() => loadSettings(localStorage));
  const [store, setStore] = useState<IdbStore | null>(null);
  const [running, setRunning] = useState<Running | null>(null);
  const [fatal, setFatal] = useState<unknown>(null);
  const [notice, setNotice] = useState<unknown>(null);
  // Typing starts before the database and engine are open; the ready chat takes over what was typed.
  const [bootDraft, setBootDraft] = useState<BootDraft>({ text: '', send: false, focused: false });

  useEffect(() => {
    let opened: IdbStore | null = null;
    let cancelled = false;
    openDemoStore((error) => setNotice(error)).then(
      (next) => {
        opened = next;
        if (cancelled) next.close();
        else setStore(next);
      },
      (error: unknown) => setFatal(error),
    );
    return () => {
      cancelled = true;
      opened?.close();
    };
  }, []);

  useEffect(() => {
    if (!store) return;
    let built: DemoEngine | null = null;
    let cancelled = false;
    createDemoEngine(store, settings).then(
      (demo) => {
        built = demo;
        if (cancelled) {
          void demo.embedder?.dispose();
          return;
        }
        // A new engine gets a new cache: the kit's query keys are not scoped by engine.
        setRunning((current) => ({
          generation: (current?.generation ?? 0) + 1,
          demo,
          settings,
          queryClient: new QueryClient(),
        }));
        if (demo.embedder) {
          demo.embedder.load().catch(() => {}); // failures arrive as the embedder's `failed` event
          demo.selector.warm(demo.engine.catalog).catch(() => {});
        }
      },
      (error: unknown) => setFatal(error),
    );
    return () => {
      cancelled = true;
      void built?.selector.flush?.();
      void built?.embedder?.dispose();
    };
  }, [store, settings]);

  const takeBootDraft = useCallback(
    () => setBootDraft((current) => ({ text: '', send: false, focused: current.focused })),
    [],
  );

  const saveAndApply = useCallback((next: DemoSettings) => {
    saveSettings(localStorage, next);
    setSettings(next);
  }, []);

  if (fatal)
    return (
      <main className="boot">
        <h1>ctxkit demo</h1>
        <ErrorNotice error={fatal} />
      </main>
    );
  if (!store || !running) return <BootScreen draft={bootDraft} onDraft={setBootDraft} />;
  return (
    <CtxkitProvider key={running.generation} engine={running.demo.engine} queryClient={running.queryClient}>
      <Workspace
        store={store}
        demo={running.demo}
        settings={running.settings}
        applying={running.settings !== settings}
        onSaveSettings={saveAndApply}
        notice={notice}
        onNotice={setNotice}
        bootDraft={bootDraft}
        onBootDraftTaken={takeBootDraft}
      />
    </CtxkitProvider>
  );
}
