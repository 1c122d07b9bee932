import { useEffect, useState } from 'react';

// The app's own chats: ids in the URL (#/chat/<id>) and a list of them in localStorage.

const LIST = 'usechat-ai5:chats';

export function listChats(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(LIST) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberChat(id: string): void {
  const list = listChats();
  if (!list.includes(id)) localStorage.setItem(LIST, JSON.stringify([id, ...list]));
}

export function forgetChat(id: string): void {
  localStorage.setItem(LIST, JSON.stringify(listChats().filter((known) => known !== id)));
}

export function newChatId(): string {
  return crypto.randomUUID();
}

function chatIdOfHash(): string | undefined {
  return /^#\/chat\/([\w-]+)$/.exec(location.hash)?.[1];
}

/** The chat the URL names; a visit without one goes to a new chat. */
export function useChatId(): string {
  const [id, setId] = useState(() => chatIdOfHash() ?? newChatId());
  useEffect(() => {
    const onHash = () => setId(chatIdOfHash() ?? newChatId());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return id;
}
