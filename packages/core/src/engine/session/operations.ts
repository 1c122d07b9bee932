// What a turn runs (prepare, continue, estimate, commit), a chunk of its own: createEngine loads it beside the
// tokenizer's ranks and hands it to every session, so an app's entry holds the session's face and not its turns.
export { commitTurn } from './commit.js';
export { continueTurn, estimateTurn, prepareTurn } from './turn.js';
