// The door of the chunk that counts with a family's data (see lazy.ts).
export { vocabularyCounter } from './count.js';
export { vocabularyOfRanks } from './ranks.js';
export { vocabularyOf } from './vocabulary.js';
