import { RetentionSetting, TelemetryExport } from '@ctxkit/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type DemoSettings,
  type FieldIssue,
  formOf,
  type SettingsForm,
  settingsFromForm,
} from '../settings/index.js';

export interface SettingsDialogProps {
  readonly open: boolean;
  readonly settings: DemoSettings;
  readonly onSave: (settings: DemoSettings) => void;
  readonly onClose: () => void;
}

/** The model endpoint and the embedding model; saved in this browser only. */
export function SettingsDialog({ open, settings, onSave, onClose }: SettingsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<SettingsForm>(() => formOf(settings));
  const [issues, setIssues] = useState<readonly FieldIssue[]>([]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setForm(formOf(settings));
      setIssues([]);
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open, settings]);

  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const issue = (field: keyof SettingsForm) => issues.find((entry) => entry.field === field)?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = settingsFromForm(form);
    if (result.ok) onSave(result.settings);
    else setIssues(result.issues);
  };
  const field = (
    key: 'baseUrl' | 'model' | 'apiKey' | 'modelBaseUrl' | 'embeddingModel' | 'contextWindow',
    label: string,
    extra: { type?: string; placeholder?: string; disabled?: boolean; hint?: string } = {},
  ) => {
    const message = issue(key);
    const id = `settings-${key}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type={extra.type ?? 'text'}
          value={form[key]}
          placeholder={extra.placeholder}
          disabled={extra.disabled}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-issue` : extra.hint ? `${id}-hint` : undefined}
          onChange={(event) => set(key, event.target.value)}
        />
        {message ? (
          <p id={`${id}-issue`} className="field__issue">
            {message}
          </p>
        ) : (
          extra.hint && (
            <p id={`${id}-hint`} className="field__hint">
              {extra.hint}
            </p>
          )
        )}
      </div>
    );
  };

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="settings-title" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id="settings-title">Settings</h2>
        <fieldset>
          <legend>Model</legend>
          <label className="check">
            <input
              type="radio"
              name="responder"
              checked={!form.useEndpoint}
              onChange={() => set('useEndpoint', false)}
            />
            Local responder: offline, no key; it answers by naming the context it received
          </label>
          <label className="check">
            <input
              type="radio"
              name="responder"
              checked={form.useEndpoint}
              onChange={() => set('useEndpoint', true)}
            />
            An OpenAI-compatible endpoint (OpenAI, Ollama, llama.cpp, vLLM, …)
          </label>
          {field('baseUrl', 'Base URL', {
            disabled: !form.useEndpoint,
            placeholder: 'http://localhost:11434/v1',
            hint: 'Ollama: http://localhost:11434/v1. The request goes from this browser straight to it.',
          })}
          <div className="field-row">
            {field('model', 'Model', { disabled: !form.useEndpoint, placeholder: 'llama3.2' })}
            {field('apiKey', 'API key', {
              type: 'password',
              disabled: !form.useEndpoint,
              placeholder: 'none for Ollama',
            })}
          </div>
          <p className="field__hint">
            The key is kept in this browser’s localStorage only: never in the chat store, never in an export.
          </p>
        </fieldset>
        <fieldset>
          <legend>Embeddings</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={form.useEmbeddings}
              onChange={(event) => set('useEmbeddings', event.target.checked)}
            />
            Add semantic search with a sentence-embedding model (keyword search works without one)
          </label>
          <div className="field-row">
            {field('modelBaseUrl', 'Model files URL', { disabled: !form.useEmbeddings })}
            {field('embeddingModel', 'Model folder', { disabled: !form.useEmbeddings })}
          </div>
          <p className="field__hint">
            A folder you serve, with the model folder and ort/ inside; files are fetched from there only.
          </p>
        </fieldset>
        <fieldset>
          <legend>Tools</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={form.autoApproveSafeTools}
              onChange={(event) => set('autoApproveSafeTools', event.target.checked)}
            />
            Run the calculator and the time tool without asking (the docs search always asks)
          </label>
        </fieldset>
        {field('contextWindow', 'Context window (tokens)', { type: 'number' })}
        <fieldset>
          <legend>Your data</legend>
          <RetentionSetting value={form.retentionDays} onChange={(days) => set('retentionDays', days)} />
          <p className="field__hint">Saved, the age applies each time the app starts.</p>
          <TelemetryExport fileName="ctxkit-demo-telemetry.jsonl" />
        </fieldset>
        <div className="dialog__actions">
          <button type="button" className="button button--quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary">
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}
