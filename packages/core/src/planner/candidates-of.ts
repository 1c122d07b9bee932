import type { Candidate, PlanInput } from './types.js';

/** Every candidate of a plan input, in input order. */
export function candidatesOf(
  input: Pick<
    PlanInput,
    'system' | 'session' | 'pins' | 'agent' | 'history' | 'checkpoint' | 'current' | 'workspace'
  > &
    Pick<Partial<PlanInput>, 'memory' | 'recall' | 'capsules'>,
): Candidate[] {
  return [
    ...input.system,
    ...input.session,
    ...input.pins,
    ...input.agent,
    ...(input.memory ?? []),
    ...(input.recall ?? []),
    ...input.history,
    ...(input.checkpoint ? [input.checkpoint] : []),
    input.current,
    ...(input.workspace ? [input.workspace] : []),
    ...(input.capsules ?? []),
  ];
}
