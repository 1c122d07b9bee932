export { shannonEntropy } from './entropy.js';
export {
  BUILTIN_SECRET_KINDS,
  type BuiltinSecretKind,
  HIGH_ENTROPY_MIN_LENGTH,
  HIGH_ENTROPY_THRESHOLD,
  type RedactionPattern,
} from './patterns.js';
export {
  createRedactor,
  type RedactedText,
  type Redaction,
  type RedactionOptions,
  type Redactor,
  redactionMarker,
  redactSecrets,
} from './redactor.js';
