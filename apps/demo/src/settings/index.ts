export { type ModelChoice, modelChoices } from './models.js';
export * from './settings.js';
export { CURRENT_SESSION_KEY, exportFileName } from './storage.js';
