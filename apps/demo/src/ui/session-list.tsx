import type { SessionRecord } from '@ctxkit/core';
import { useSessions } from '@ctxkit/react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { sessionGroups } from './session-groups.js';
import type { SessionNode } from './session-tree.js';

export interface SessionListProps {
  readonly currentId: string | null;
  readonly onSelect: (sessionId: string) => void;
  readonly onCreate: () => void;
  readonly onRename: (sessionId: string, title: string) => Promise<void>;
  readonly onDelete: (record: SessionRecord) => Promise<void>;
  /** Escape pressed inside the list (a drawer on a narrow screen closes). */
  readonly onEscape?: () => void;
}

/**
 * Conversations and their branches, grouped by when they were last active and searchable by title; create, rename
 * and delete. Forks are made from a message in the chat.
 */
export function SessionList({
  currentId,
  onSelect,
  onCreate,
  onRename,
  onDelete,
  onEscape,
}: SessionListProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    // A rename field handles its own Escape.
    if (
      event.key === 'Escape' &&
      !event.defaultPrevented &&
      !(event.target instanceof HTMLInputElement && event.target.type !== 'search')
    )
      onEscape?.();
  };
  const sessions = useSessions();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const groups = sessionGroups(sessions.data ?? [], query);
  const hasBranches = (id: string) =>
    (sessions.data ?? []).some((record) => record.branch?.parentSessionId === id);

  return (
    <nav id="sessions-panel" className="sessions" aria-label="Sessions" tabIndex={-1} onKeyDown={onKeyDown}>
      <div className="sessions__head">
        <h2 className="panel-title">Sessions</h2>
        <button type="button" className="button" onClick={onCreate}>
          New session
        </button>
      </div>
      <input
        type="search"
        className="sessions__search"
        aria-label="Search sessions"
        placeholder="Search sessions"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {sessions.isPending && <p role="status">Loading…</p>}
      {sessions.data && groups.length === 0 && query.trim() !== '' && (
        <p className="sessions__none" role="status">
          No session title holds “{query.trim()}”.
        </p>
      )}
      {groups.map((group) => (
        <section key={group.label} className="sessions__group" aria-label={group.label}>
          <h3 className="sessions__group-title">{group.label}</h3>
          <ul className="sessions__list">{group.nodes.map((node) => renderNode(node))}</ul>
        </section>
      ))}
    </nav>
  );

  function renderNode({ record, depth }: SessionNode) {
    return (
      <li
        key={record.id}
        className="session"
        data-depth={depth}
        data-current={record.id === currentId}
        style={{ paddingInlineStart: `${0.25 + depth * 1}rem` }}
      >
        {renaming === record.id ? (
          <RenameForm
            title={record.title}
            onCancel={() => setRenaming(null)}
            onSave={async (title) => {
              await onRename(record.id, title);
              setRenaming(null);
            }}
          />
        ) : confirming === record.id ? (
          <fieldset className="session__confirm" aria-label={`Delete ${record.title}?`}>
            <span>Delete{hasBranches(record.id) ? ' with its branches' : ''}?</span>
            <button
              type="button"
              className="button button--danger"
              onClick={async () => {
                setConfirming(null);
                await onDelete(record);
              }}
            >
              Delete
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(null)}>
              Keep
            </button>
          </fieldset>
        ) : (
          <>
            <button
              type="button"
              className="session__select"
              aria-current={record.id === currentId ? 'page' : undefined}
              onClick={() => onSelect(record.id)}
            >
              {depth > 0 && (
                <span className="session__branch" aria-hidden="true">
                  ↳
                </span>
              )}
              <span className="session__title" title={record.title}>
                {record.title}
              </span>
              <span className="session__meta">
                {depth > 0 ? 'branch · ' : ''}
                {record.turnCount} {record.turnCount === 1 ? 'turn' : 'turns'}
              </span>
            </button>
            <span className="session__actions">
              <button
                type="button"
                className="icon-button"
                aria-label={`Rename ${record.title}`}
                title="Rename"
                onClick={() => setRenaming(record.id)}
              >
                ✎
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`Delete ${record.title}`}
                title="Delete"
                onClick={() => setConfirming(record.id)}
              >
                ×
              </button>
            </span>
          </>
        )}
      </li>
    );
  }
}

function RenameForm({
  title,
  onSave,
  onCancel,
}: {
  title: string;
  onSave: (title: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (next === '' || next === title) onCancel();
    else void onSave(next);
  };
  return (
    <form className="session__rename" onSubmit={submit}>
      <input
        aria-label="Session title"
        value={value}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this session
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <button type="submit" className="button">
        Save
      </button>
    </form>
  );
}
