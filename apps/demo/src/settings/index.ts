export * from './settings.js';
export { CURRENT_SESSION_KEY, exportFileName } from './storage.js';
