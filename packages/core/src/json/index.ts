export { frozenJsonCopy } from './frozen-copy.js';
