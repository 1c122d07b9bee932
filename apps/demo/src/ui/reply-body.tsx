import { lazy, Suspense } from 'react';

// The Markdown renderer and its highlighter load after the first paint, in a chunk of their own: until then (a
// moment, on the first reply shown) the reply shows as plain text.
const ReplyMarkdown = lazy(() =>
  import('../markdown/index.js').then((module) => ({ default: module.ReplyMarkdown })),
);

/** An assistant reply: Markdown, rendered safely. */
export function ReplyBody({
  text,
  streaming = false,
}: {
  readonly text: string;
  readonly streaming?: boolean;
}) {
  return (
    <div className={`message__body message__body--markdown${streaming ? ' message__body--streaming' : ''}`}>
      <Suspense fallback={<p className="message__plain">{text}</p>}>
        <ReplyMarkdown text={text} />
      </Suspense>
    </div>
  );
}
