export { checkBoolean, checkKnownFields, checkText, describe, isRecord, isVisible } from './checks.js';
export { jsonIssue } from './json.js';
