import { useChat } from '@ai-sdk/react';
import type { CtxkitUIMessage } from '@ctxkit/ai-sdk';
import type { ChatTransport } from 'ai';
import { type FormEvent, useState } from 'react';
import { Meter, ReplyContext, useCtxkitTransport } from './ctxkit';

interface ChatProps {
  readonly chatId: string;
  readonly onFirstMessage: () => void;
}

export function Chat({ chatId, onFirstMessage }: ChatProps) {
  const { transport, sessionId } = useCtxkitTransport(chatId); // ctxkit
  if (!transport || !sessionId) return <main aria-busy="true">Loading…</main>;
  return (
    <Conversation
      chatId={chatId}
      transport={transport}
      sessionId={sessionId}
      onFirstMessage={onFirstMessage}
    />
  );
}

interface ConversationProps extends ChatProps {
  readonly transport: ChatTransport<CtxkitUIMessage>;
  readonly sessionId: string;
}

function Conversation({ chatId, transport, sessionId, onFirstMessage }: ConversationProps) {
  const { messages, sendMessage, regenerate, stop, status, error } = useChat<CtxkitUIMessage>({
    id: chatId,
    transport,
  });
  const [input, setInput] = useState('');
  const busy = status === 'submitted' || status === 'streaming';

  function send(event: FormEvent) {
    event.preventDefault();
    if (input.trim() === '' || busy) return;
    if (messages.length === 0) onFirstMessage();
    void sendMessage({ text: input });
    setInput('');
  }

  return (
    <main>
      <section className="messages" aria-live="polite">
        {messages.map((message) => (
          <article key={message.id} className={message.role}>
            <p>{message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}</p>
            {message.role === 'assistant' && <ReplyContext message={message} />}
          </article>
        ))}
        {error && <p role="alert">{error.message}</p>}
      </section>
      <form onSubmit={send} className="composer">
        <textarea
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder="Ask something"
          aria-label="Message"
          rows={3}
        />
        <Meter sessionId={sessionId} draft={input} />
        <div className="actions">
          <button type="submit" disabled={busy || input.trim() === ''}>
            Send
          </button>
          <button type="button" onClick={() => void stop()} disabled={!busy}>
            Stop
          </button>
          <button type="button" onClick={() => void regenerate()} disabled={busy || messages.length === 0}>
            Regenerate
          </button>
        </div>
      </form>
    </main>
  );
}
