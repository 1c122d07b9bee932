export { cosine } from './cosine.js';
