// What a turn runs (prepare, continue, estimate, commit) and the transcript's view of turns, a chunk of its own: createEngine loads it beside the
// tokenizer's ranks and hands it to every session, so an app's entry holds the session's face and not its turns.

export { transcriptOf } from '../../session/index.js';
export { commitTurn } from './commit.js';
export { continueTurn, estimateTurn, prepareTurn } from './turn.js';
