import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReplyMarkdown } from './reply-markdown.js';

const html = (text: string) => renderToStaticMarkup(createElement(ReplyMarkdown, { text }));

describe('ReplyMarkdown', () => {
  it('renders emphasis, lists, tables and code fences as elements', () => {
    const out = html(
      '**bold** and *soft*\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```ts\nconst x: number = 1;\n```',
    );
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>soft</em>');
    expect(out).toMatch(/<ul>\s*<li>one<\/li>/);
    expect(out).toContain('<td>1</td>');
    expect(out).toContain('<code class="hljs language-ts">');
    expect(out).toContain('<span class="hljs-keyword">const</span>');
  });

  it('shows HTML the model writes as text, never as markup', () => {
    const out = html(
      '<script>alert(1)</script> <b onclick="x()">hi</b>\n\n<img src="https://tracker.example/x.png">',
    );
    expect(out).not.toMatch(/<script|<b |<img/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps web links, opened apart from this page, and drops script and data links', () => {
    const out = html(
      '[docs](https://example.com/a) [bad](javascript:alert(1)) [data](data:text/html,hi) [rel](/x)',
    );
    expect(out).toContain(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">docs</a>',
    );
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('data:text');
    expect(out).toContain('<span>bad</span>');
    expect(out).toContain('<span>rel</span>');
  });

  it('never loads an image: it becomes a link to it', () => {
    const out = html('![a chart](https://tracker.example/leak.png?q=secret)');
    expect(out).not.toContain('<img');
    expect(out).toContain('>Image: a chart</a>');
  });
});
