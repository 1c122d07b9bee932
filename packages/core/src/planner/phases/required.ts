import { itemKey } from '../../catalog/index.js';
import { BudgetError } from '../../errors/index.js';
import type { Candidate, InclusionReason } from '../types.js';
import { pinOf } from './pins.js';
import { exclude, include, type PlanState, unavailable } from './state.js';

/**
 * Phase 1: everything the host or the user insisted on (system prompt, session context, sticky pins, the current
 * turn, the workspace) must all fit, or a BudgetError names them. Other pins are left for the pins phase.
 */
export function requiredParts(state: PlanState): void {
  const { input } = state;
  const required: [Candidate, InclusionReason][] = input.system.map((c) => [c, { code: 'system-prompt' }]);
  for (const candidate of input.session) {
    if (unavailable(state, candidate) || candidate.origin.via !== 'session') continue;
    required.push([candidate, { code: 'session', includeMode: candidate.origin.includeMode }]);
  }
  const sessionIds = new Set(input.session.map((candidate) => candidate.id));
  for (const candidate of input.pins) {
    if (candidate.kind === 'item' && unavailable(state, candidate)) continue;
    // A pin on a session item (or a card standing for one) adds nothing: the item is already sent in full.
    const same = candidate.kind === 'card' && candidate.ref ? itemKey(candidate.ref) : candidate.id;
    if (sessionIds.has(same)) {
      exclude(state, candidate, { code: 'duplicate', of: same });
      continue;
    }
    const pin = pinOf(candidate);
    if (pin.pin === 'sticky') required.push([candidate, { code: 'pinned', ...pin }]);
    else state.optionalPins.push(candidate);
  }
  required.push([input.current, { code: 'current-turn' }]);
  if (input.workspace) required.push([input.workspace, { code: 'workspace' }]);

  const requiredTools = required.some(([candidate]) => candidate.section === 'tools');
  const requiredOverhead = input.overhead.fixed + (requiredTools ? input.overhead.toolsPresent : 0);
  const requiredTokens = required.reduce((sum, [candidate]) => sum + candidate.tokens, 0);
  if (requiredOverhead + requiredTokens > state.available) {
    throw new BudgetError(state.available - requiredOverhead, [
      ...required.map(([c]) => ({ id: c.id, section: c.section, tokens: c.tokens })),
    ]);
  }
  for (const [candidate, reason] of required) include(state, candidate, reason);
  state.toolsCharged = requiredTools;
  state.remaining = state.available - requiredOverhead - requiredTokens;
}
