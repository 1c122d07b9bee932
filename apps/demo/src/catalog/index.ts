export { demoCatalog } from './catalog.js';
