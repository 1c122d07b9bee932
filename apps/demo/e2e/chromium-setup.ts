// Vitest's global setup: the repository's one Chromium check, before the end-to-end test launches it.
export { CHROMIUM_ARGS, checkChromium as default, chromiumPath } from '../../../scripts/chromium.js';
