import { afterEach, describe, expect, test, vi } from 'vitest';
import { onPageHidden } from './index.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('onPageHidden', () => {
  test('where a window and a document exist it listens to both, and stops when told', () => {
    const view = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('window', view);
    vi.stubGlobal('document', doc);
    let calls = 0;
    const stop = onPageHidden(() => calls++);
    view.dispatchEvent(new Event('pagehide'));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toBe(1);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toBe(2);
    stop();
    stop();
    view.dispatchEvent(new Event('pagehide'));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toBe(2);
  });

  test('a scope with neither (a worker, Node) or with ones that cannot listen is left alone', () => {
    vi.stubGlobal('window', undefined);
    vi.stubGlobal('document', undefined);
    expect(() => onPageHidden(() => {})()).not.toThrow();
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    expect(() => onPageHidden(() => {})()).not.toThrow();
  });
});
