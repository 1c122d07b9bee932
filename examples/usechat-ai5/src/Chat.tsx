import { useChat } from '@ai-sdk/react';
import { type CtxkitUIMessage, unstoredMessageIds } from '@ctxkit/ai-sdk';
import { BudgetMeter } from '@ctxkit/react';
import { type FormEvent, useState } from 'react';
import { ReplyContext, useCtxkitChat } from './ctxkit';

interface ChatProps {
  readonly chatId: string;
  readonly onFirstMessage: () => void;
}

export function Chat({ chatId, onFirstMessage }: ChatProps) {
  const chat = useCtxkitChat(chatId); // ctxkit
  if (!chat) return <main aria-busy="true">Loading…</main>;
  return <Conversation chatId={chatId} onFirstMessage={onFirstMessage} {...chat} />;
}

type ConversationProps = ChatProps & NonNullable<ReturnType<typeof useCtxkitChat>>;

function Conversation({ chatId, onFirstMessage, transport, messages: stored, sessionId }: ConversationProps) {
  const { messages, sendMessage, regenerate, stop, status, error } = useChat<CtxkitUIMessage>({
    id: chatId,
    messages: stored,
    transport,
  });
  const [input, setInput] = useState('');
  const busy = status === 'submitted' || status === 'streaming';
  const unstored = busy ? new Set<string>() : unstoredMessageIds(messages); // ctxkit

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
          <article
            key={message.id}
            className={unstored.has(message.id) ? `${message.role} unstored` : message.role}
          >
            <p>{message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}</p>
            {unstored.has(message.id) && <small>Not kept: the model will not see this.</small>}
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
        <BudgetMeter sessionId={sessionId} draft={input} variant="compact" />
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
