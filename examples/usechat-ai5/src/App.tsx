import { useDeleteSession } from '@ctxkit/react';
import { useState } from 'react';
import { Chat } from './Chat';
import { forgetChat, listChats, newChatId, rememberChat, useChatId } from './chats';

export function App() {
  const chatId = useChatId();
  const [chats, setChats] = useState(listChats);
  const deleteSession = useDeleteSession(); // ctxkit

  async function remove(id: string) {
    forgetChat(id);
    await deleteSession.mutateAsync({ sessionId: id, branches: 'delete' }); // ctxkit
    setChats(listChats());
    if (id === chatId) location.hash = `#/chat/${newChatId()}`;
  }

  return (
    <div className="layout">
      <nav aria-label="Chats">
        <a href={`#/chat/${newChatId()}`}>New chat</a>
        <ul>
          {chats.map((id) => (
            <li key={id}>
              <a href={`#/chat/${id}`} aria-current={id === chatId ? 'page' : undefined}>
                {id.slice(0, 8)}
              </a>
              <button
                type="button"
                onClick={() => void remove(id)}
                aria-label={`Delete chat ${id.slice(0, 8)}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <Chat
        key={chatId}
        chatId={chatId}
        onFirstMessage={() => {
          rememberChat(chatId);
          setChats(listChats());
        }}
      />
    </div>
  );
}
