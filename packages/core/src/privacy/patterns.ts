import { shannonEntropy } from './entropy.js';

/**
 * A kind of secret and how to find it. The whole match is replaced by `[REDACTED:<name>]`, or only the named group
 * `secret` when the pattern has one (so `aws_secret_access_key = …` keeps its key name and loses its value).
 */
export interface RedactionPattern {
  /** The kind named in the marker: letters, digits, `_` and `-`, at most 64. */
  readonly name: string;
  /** A RegExp or its source; its `i`, `m`, `s` and `u` flags are kept, `g` and `d` are added. */
  readonly pattern: RegExp | string;
  /**
   * Breaks ties between overlapping matches of the same length: the higher wins. Built-ins use 0 (the generic
   * `high-entropy` rule) to 30 (prefixes that extend another provider's, like `sk-ant-` over `sk-`); host patterns
   * default to 50.
   */
  readonly specificity?: number;
  /** A further check of what would be replaced; a match it refuses stays as it is. */
  readonly accept?: (secret: string) => boolean;
}

/** The minimum Shannon entropy, in bits per character, of a `KEY=value` value to count as a secret. */
export const HIGH_ENTROPY_THRESHOLD = 3.5;
/** The minimum length of a `KEY=value` value to count as a secret. */
export const HIGH_ENTROPY_MIN_LENGTH = 20;

const TOKEN_START = '(?<![A-Za-z0-9_-])';
const TOKEN_END = '(?![A-Za-z0-9_-])';

/**
 * Generated secrets of 20+ characters almost always hold a digit and a letter (a random base62 token of 20
 * characters lacks a digit 3 % of the time, of 32 characters 0.4 %); long CamelCase identifiers and words do not,
 * even when their entropy passes the threshold.
 */
export function looksRandom(value: string): boolean {
  // Subresource-integrity digests (`"integrity": "sha512-…"` in lockfiles) are public.
  if (/^sha(?:1|256|384|512)-/.test(value)) return false;
  return /[0-9]/.test(value) && /[A-Za-z]/.test(value) && shannonEntropy(value) >= HIGH_ENTROPY_THRESHOLD;
}

/** The built-in patterns, by the kind they report. */
export const BUILTIN_PATTERNS = [
  {
    name: 'private-key',
    // A block cut off before its END line (a truncated paste) is redacted to the end of the text.
    pattern:
      /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|[\s\S]*$)/,
    specificity: 30,
  },
  {
    name: 'anthropic-key',
    pattern: new RegExp(`${TOKEN_START}sk-ant-[A-Za-z0-9_-]{20,}`),
    specificity: 30,
  },
  {
    name: 'openrouter-key',
    pattern: new RegExp(`${TOKEN_START}sk-or-v1-[A-Za-z0-9]{32,}${TOKEN_END}`),
    specificity: 30,
  },
  {
    name: 'openai-key',
    // `sk-` then at least 20 token characters with a digit among them (`sk-proj-…`, `sk-svcacct-…` included):
    // real keys always have one, and it keeps hyphenated words (`sk-learn-…`) out.
    pattern: new RegExp(`${TOKEN_START}sk-(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{20,}`),
    specificity: 20,
  },
  {
    name: 'aws-access-key-id',
    pattern: new RegExp(`${TOKEN_START}(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}${TOKEN_END}`),
    specificity: 20,
  },
  {
    name: 'aws-secret-key',
    // 40 base64 characters are a secret key only next to a name that says so.
    pattern:
      /(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)["']?\s*[:=]\s*["']?(?<secret>[A-Za-z0-9/+=]{40,})/i,
    specificity: 25,
  },
  {
    name: 'github-token',
    pattern: new RegExp(`${TOKEN_START}(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})`),
    specificity: 20,
  },
  {
    name: 'google-api-key',
    pattern: new RegExp(`${TOKEN_START}AIza[A-Za-z0-9_-]{35,}`),
    specificity: 20,
  },
  {
    name: 'jwt',
    pattern: new RegExp(`${TOKEN_START}eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]*`),
    specificity: 20,
  },
  {
    name: 'high-entropy',
    // `KEY=value`, `KEY: value`, `"key": "value"`, `export KEY=value`: a single token of 20+ characters with
    // enough entropy. A colon needs a space or a quote after it, so URLs (`https://…`) are not assignments; an
    // equals sign has space on both sides or neither, so base64 padding before a space (`…AA= next`) is not one.
    pattern: new RegExp(
      `(?<![A-Za-z0-9_.-])["']?[A-Za-z_][A-Za-z0-9_.-]*["']?` +
        `(?:=["']?|[ \\t]+=[ \\t]+["']?|[ \\t]*:[ \\t]*["']|[ \\t]*:[ \\t]+)` +
        `(?<secret>[A-Za-z0-9+/=_.~-]{${HIGH_ENTROPY_MIN_LENGTH},})`,
    ),
    specificity: 0,
    accept: looksRandom,
  },
] as const satisfies readonly RedactionPattern[];

export type BuiltinSecretKind = (typeof BUILTIN_PATTERNS)[number]['name'];

export const BUILTIN_SECRET_KINDS: readonly BuiltinSecretKind[] = BUILTIN_PATTERNS.map(
  (pattern) => pattern.name,
);
