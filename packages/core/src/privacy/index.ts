export { shannonEntropy } from './entropy.js';
export { redactJson, redactMessage } from './messages.js';
export {
  BUILTIN_SECRET_KINDS,
  type BuiltinSecretKind,
  HIGH_ENTROPY_MIN_LENGTH,
  HIGH_ENTROPY_THRESHOLD,
  type RedactionPattern,
} from './patterns.js';
export { PrivateSessionStore } from './private-store.js';
export {
  createRedactor,
  type RedactedText,
  type Redaction,
  type RedactionOptions,
  type Redactor,
  redactionIssues,
  redactionMarker,
  redactSecrets,
} from './redactor.js';
export {
  expiredSessions,
  type RetentionOptions,
  retentionIssues,
} from './retention.js';
// The session's redaction step loads with createEngine (see lazy.ts): only its type is here.
export type { SessionRedaction } from './session-redaction.js';
export { redactingSummarizer } from './summarizer.js';
