import { cutInBlocks } from '../history-block.js';
import { layoutHistory } from '../history-plan.js';
import type { CheckpointCandidate, PlanInput } from '../types.js';
import { agentSelection, agentValue } from './agents.js';
import { historySelection } from './history.js';
import { memorySelection } from './memories.js';
import { agentShareCap, exclude, type PlanState } from './state.js';

/**
 * Phase 3: agent items in rank order, within the mode's limits; history newest first, as one contiguous run; and
 * memories. Without a history policy memories come before history; with one, history and retrieval are weighed
 * against each other first, and memories get the room left, so what another conversation learned never displaces
 * this one's own turns.
 */
export function historyAndAgents(state: PlanState): void {
  const { input } = state;
  const newest = Math.max(-1, ...input.history.map((turn) => turn.turnIndex), ...pinnedTurnIndexes(input));
  const { summarized, stream } = layoutHistory(input, newest);
  for (const turn of summarized) {
    exclude(state, turn, {
      code: 'summarized',
      checkpointId: (input.checkpoint as CheckpointCandidate).checkpointId,
    });
  }
  const considerAgent = agentSelection(state);
  const considerMemories = memorySelection(state);
  const history = historySelection(state, newest);

  if (input.historyBlock) {
    // History cut in blocks is decided first, as one unit: it is the prefix the provider caches. Its high-water mark
    // leaves the agent items their share whenever retrieval ran, so the mark does not move with what was found.
    const reserve = input.retrievalSetId !== null ? agentShareCap(state) : 0;
    const high = Math.max(0, Math.min(history.cap, state.remaining - reserve));
    const low = Math.min(high, Math.floor(state.available * input.historyBlock.keepShare));
    const cut = cutInBlocks(stream, input.historyBlock, high, low);
    for (const entry of cut.kept) history.consider(entry);
    state.blockSlack = Math.max(0, high - history.tokens());
    const after = cut.kept.at(-1)?.candidate.id ?? input.current.id;
    for (const { candidate } of cut.dropped)
      exclude(state, candidate, { code: 'history-cutoff', after, block: cut.state.block });
    state.block = cut.state;
    for (const candidate of input.agent) considerAgent(candidate);
    considerMemories();
  } else if (!input.historyPolicy) {
    for (const candidate of input.agent) considerAgent(candidate);
    considerMemories();
    for (const entry of stream) history.consider(entry);
  } else {
    // Both streams keep their own order; whichever head is worth more goes next, history on a tie. Recent and
    // critical turns weigh 1, so they always come before retrieved items; older turns compete by their decay.
    let a = 0;
    let h = 0;
    while (a < input.agent.length || h < stream.length) {
      const agent = input.agent[a];
      const entry = stream[h];
      if (entry && (!agent || entry.weight >= agentValue(agent))) {
        history.consider(entry);
        h++;
      } else if (agent) {
        considerAgent(agent);
        a++;
      }
    }
    considerMemories();
  }
}

function pinnedTurnIndexes(input: PlanInput): number[] {
  return input.pins.flatMap((candidate) => (candidate.kind === 'turn' ? [candidate.turnIndex] : []));
}
