/// <reference types="vite/client" />
import { afterEach, describe, expect, test } from 'vitest';
import './ctxkit.css';

const ROOTS = ['ctxkit-details', 'ctxkit-meter', 'ctxkit-pins', 'ctxkit-picker', 'ctxkit-hint'];

function scheme(element: Element): string {
  return getComputedStyle(element).colorScheme;
}

function element(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder;
}

afterEach(() => {
  document.body.replaceChildren();
  document.head.querySelector('#host-style')?.remove();
  delete document.documentElement.dataset.theme;
});

describe('the stylesheet and the host page', () => {
  test("leaves a dark host's own colour scheme alone, on the page and its inputs", () => {
    const style = document.createElement('style');
    style.id = 'host-style';
    style.textContent = 'html { color-scheme: dark; }';
    document.head.append(style);
    document.documentElement.dataset.theme = 'light';
    const host = element('<input id="host-input">');
    expect(scheme(document.documentElement)).toBe('dark');
    expect(scheme(host.querySelector('#host-input') as Element)).toBe('dark');
  });

  test.each(ROOTS)('sets the scheme on .%s from the theme around it or on it', (root) => {
    const page = element(
      `<div data-theme="dark"><div class="${root}" id="in-dark"></div></div>` +
        `<div class="ctxkit-light"><div class="${root}" id="in-light"></div></div>` +
        `<div class="${root} ctxkit-dark" id="on-root"></div>`,
    );
    expect(scheme(page.querySelector('#in-dark') as Element)).toBe('dark');
    expect(scheme(page.querySelector('#in-light') as Element)).toBe('light');
    expect(scheme(page.querySelector('#on-root') as Element)).toBe('dark');
  });
});
