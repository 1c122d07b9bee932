export { itemsNamedIn } from './names.js';
export { type AutoModeInput, chooseMode } from './policy.js';
