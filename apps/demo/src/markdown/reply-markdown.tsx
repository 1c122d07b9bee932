import type { ComponentProps } from 'react';
import Markdown, { type Components, defaultUrlTransform } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';

/**
 * Links open in a new tab without handing it this page (`noopener`) or where it came from (`noreferrer`). A URL
 * with a script scheme has already been emptied by `urlTransform`; an empty link is shown as its text.
 */
function SafeLink({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/**
 * An image a reply points at is never fetched: loading it would tell a third party that the page was read (and a
 * URL can carry what the model saw). It is shown as a link the user can choose to open.
 */
function ImageAsLink({ src, alt }: ComponentProps<'img'>) {
  const label = `Image: ${alt || 'untitled'}`;
  return typeof src === 'string' && src !== '' ? (
    <SafeLink href={src}>{label}</SafeLink>
  ) : (
    <span>{label}</span>
  );
}

const COMPONENTS: Components = { a: SafeLink, img: ImageAsLink };

/** Only web and mail links survive; anything else (javascript:, data:, a relative path) becomes no link. */
function safeUrl(url: string): string {
  const safe = defaultUrlTransform(url);
  return /^(https?:|mailto:)/i.test(safe) ? safe : '';
}

/**
 * A reply's Markdown (CommonMark with GitHub's tables, task lists and strikethrough), rendered as React elements:
 * HTML the model writes is shown as text, never parsed, and code blocks are highlighted.
 */
export function ReplyMarkdown({ text }: { readonly text: string }) {
  return (
    <Markdown
      remarkPlugins={[remarkGfm]}
      rehypePlugins={[[rehypeHighlight, { detect: false }]]}
      components={COMPONENTS}
      urlTransform={safeUrl}
    >
      {text}
    </Markdown>
  );
}
