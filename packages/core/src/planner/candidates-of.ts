import type { Candidate, PlanInput } from './types.js';

/** Every candidate of a plan input, in input order. */
export function candidatesOf(
  input: Pick<PlanInput, 'system' | 'session' | 'pins' | 'agent' | 'history' | 'current' | 'workspace'>,
): Candidate[] {
  return [
    ...input.system,
    ...input.session,
    ...input.pins,
    ...input.agent,
    ...input.history,
    input.current,
    ...(input.workspace ? [input.workspace] : []),
  ];
}
