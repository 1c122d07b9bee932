/**
 * The page being hidden is the last moment a page is sure to run: a reload, a navigation, closing the tab, or
 * switching away from it on a phone (which may end in the page being discarded without another event). Work that
 * is batched on a timer is written then, or it is lost.
 */

interface PageDocument extends EventTarget {
  readonly visibilityState?: string;
}

/**
 * Calls `listener` when the page is hidden: `visibilitychange` to hidden (on `document`) or `pagehide` (on
 * `window`). Where there is no page (Node, a worker) nothing listens. Returns the function that stops listening.
 */
export function onPageHidden(listener: () => void): () => void {
  const scope = globalThis as { window?: EventTarget; document?: PageDocument };
  const stops: (() => void)[] = [];
  const page = scope.document;
  if (typeof page?.addEventListener === 'function') {
    const onVisibility = () => {
      if (page.visibilityState === 'hidden') listener();
    };
    page.addEventListener('visibilitychange', onVisibility);
    stops.push(() => page.removeEventListener('visibilitychange', onVisibility));
  }
  const view = scope.window;
  if (typeof view?.addEventListener === 'function') {
    view.addEventListener('pagehide', listener);
    stops.push(() => view.removeEventListener('pagehide', listener));
  }
  return () => {
    for (const stop of stops.splice(0)) stop();
  };
}

/**
 * Calls `listener` when the page is being put in the back-forward cache (`pagehide` with `persisted`): it will be
 * frozen, maybe for long, maybe to come back. Where there is no page nothing listens. Returns the function that stops
 * listening.
 */
export function onPageCached(listener: () => void): () => void {
  const view = (globalThis as { window?: EventTarget }).window;
  if (typeof view?.addEventListener !== 'function') return () => {};
  const onHide = (event: Event) => {
    if ((event as Event & { persisted?: boolean }).persisted === true) listener();
  };
  view.addEventListener('pagehide', onHide);
  return () => view.removeEventListener('pagehide', onHide);
}
