export { demoCapsules } from './capsules.js';
export { demoCatalog } from './catalog.js';
