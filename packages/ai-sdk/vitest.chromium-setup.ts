// Vitest's global setup for the browser project: the repository's one Chromium check.
export { CHROMIUM_ARGS, checkChromium as default, chromiumPath } from '../../scripts/chromium.js';
