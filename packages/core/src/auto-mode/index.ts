export { type AutoModeInput, chooseMode } from './policy.js';
export { itemsNamedIn } from './names.js';
