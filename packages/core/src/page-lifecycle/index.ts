// The page's lifecycle, as far as ctxkit writes on it: below the engine, above nothing.
export { onPageCached, onPageHidden } from './page-hidden.js';
