import { CtxkitLocale } from '@ctxkit/react';
import { Chat } from './chat';

// A server component. @ctxkit/react is a client module ("use client"): its components render here like any
// client component, with serializable props, and the chat under them runs in the browser.
export default function Page() {
  return (
    <main>
      <h1>ctxkit + Next.js</h1>
      <p>Each reply is planned under the token budget in your browser; open “Context” under it to see why.</p>
      <CtxkitLocale locale="en-US">
        <Chat />
      </CtxkitLocale>
    </main>
  );
}
