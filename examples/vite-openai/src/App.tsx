import type { Session } from '@ctxkit/core';
import { BudgetMeter, ContextDetails, useMessages } from '@ctxkit/react';
import type OpenAI from 'openai';
import { type FormEvent, useState } from 'react';
import { type Settings, saveSettings } from './settings';

interface AppProps {
  readonly session: Session;
  readonly initialSettings: Settings;
}

export function App({ session, initialSettings }: AppProps) {
  const [settings, setSettings] = useState(initialSettings);
  const [draft, setDraft] = useState('');
  const [streaming, setStreaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const messages = useMessages(session.id).data ?? [];

  async function send(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || streaming !== null) return;
    setDraft('');
    setError(null);
    // ctxkit plans the request under the budget and records why each item went in or stayed out.
    const turn = await session.prepare(text);
    try {
      setStreaming('');
      // The OpenAI client loads with the first message rather than with the page.
      const { default: OpenAIClient } = await import('openai');
      const client = new OpenAIClient({
        baseURL: settings.baseURL,
        // Local servers such as Ollama take any key.
        apiKey: settings.apiKey || 'no-key',
        dangerouslyAllowBrowser: true,
      });
      const stream = await client.chat.completions.create({
        ...turn.request,
        model: settings.model,
        stream: true,
        stream_options: { include_usage: true },
      });
      let reply = '';
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) {
        reply += chunk.choices[0]?.delta.content ?? '';
        usage = chunk.usage ?? usage;
        setStreaming(reply);
      }
      // The reply is stored with the context it was given; the provider's usage calibrates the budget meter.
      await session.commit(
        turn,
        reply,
        usage && {
          inputTokens: usage.prompt_tokens,
          outputTokens: usage.completion_tokens,
          cachedInputTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
        },
      );
    } catch (failure) {
      session.rollback(turn);
      setDraft(text);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setStreaming(null);
    }
  }

  return (
    <main>
      <SettingsForm
        settings={settings}
        onSave={(next) => {
          saveSettings(next);
          setSettings(next);
        }}
      />
      <section className="messages" aria-live="polite">
        {messages.map((message) => (
          <article key={message.id} className={message.role}>
            <p>{message.role === 'assistant' ? message.modelReply.content : message.content}</p>
            {message.role === 'assistant' && <ContextDetails sessionId={session.id} messageId={message.id} />}
          </article>
        ))}
        {streaming !== null && (
          <article className="assistant">
            <p>{streaming || '…'}</p>
          </article>
        )}
        {error && <p role="alert">{error}</p>}
      </section>
      <form onSubmit={send} className="composer">
        <textarea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Ask something"
          aria-label="Message"
          rows={3}
        />
        <BudgetMeter sessionId={session.id} draft={draft} variant="compact" />
        <button type="submit" disabled={streaming !== null || draft.trim() === ''}>
          Send
        </button>
      </form>
    </main>
  );
}

function SettingsForm({ settings, onSave }: { settings: Settings; onSave: (settings: Settings) => void }) {
  return (
    <details className="settings">
      <summary>Endpoint: {settings.baseURL}</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          onSave({
            baseURL: String(data.get('baseURL')),
            apiKey: String(data.get('apiKey')),
            model: String(data.get('model')),
          });
        }}
      >
        <label>
          Base URL <input name="baseURL" defaultValue={settings.baseURL} type="url" required />
        </label>
        <label>
          API key <input name="apiKey" defaultValue={settings.apiKey} type="password" autoComplete="off" />
        </label>
        <label>
          Model <input name="model" defaultValue={settings.model} required />
        </label>
        <button type="submit">Save</button>
      </form>
    </details>
  );
}
