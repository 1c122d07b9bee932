import type { InclusionReason } from './types.js';

/**
 * Parts that stay the same from request to request (system prompt, session context, sticky pins). Renderers put
 * them first so providers' prompt caches keep hitting; per-request parts come after history.
 */
export function isStableReason(reason: InclusionReason): boolean {
  return (
    reason.code === 'system-prompt' ||
    reason.code === 'session' ||
    (reason.code === 'pinned' && reason.pin === 'sticky')
  );
}
