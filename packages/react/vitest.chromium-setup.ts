// Vitest's global setup for the browser projects: the repository's one Chromium check.
export { CHROMIUM_ARGS, checkChromium as default, chromiumPath } from '../../scripts/chromium.js';
