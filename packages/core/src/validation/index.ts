// `@ctxkit/core/validation`: the checks the core runs at its boundary, for the sibling packages (@ctxkit/ai-sdk,
// @ctxkit/react) to check their options the same way. Every problem is collected with its path, unknown fields
// are named (with the field they resemble), and one ValidationError lists them all.
export {
  checkBoolean,
  checkFunction,
  checkId,
  checkKnownFields,
  checkSessionId,
  checkText,
  describe,
  isRecord,
  isVisible,
  MAX_SESSION_ID,
} from './checks.js';
export { jsonIssue } from './json.js';
export { throwIfAny } from './throw.js';
