import { shannonEntropy } from './entropy.js';

/** The minimum Shannon entropy, in bits per character, of a `KEY=value` value to count as a secret. */
export const HIGH_ENTROPY_THRESHOLD = 3.5;

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

/** `dbPassword`, `DB_PASSWORD`, `db.password` → `db`, `password`. */
function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

const SECRET_WORDS = new Set([
  'secret',
  'secrets',
  'token',
  'password',
  'passwd',
  'pass',
  'pwd',
  'key',
  'apikey',
  'auth',
  'credential',
  'credentials',
  'cred',
  'creds',
  'private',
  'signature',
  'salt',
  'cookie',
  'session',
  'sid',
  'jwt',
  'bearer',
  'otp',
  'dsn',
]);

/** Names whose values identify or describe something public: ids, digests, builds, versions. */
const PUBLIC_WORDS = new Set([
  'id',
  'ids',
  'uuid',
  'guid',
  'hash',
  'digest',
  'sha',
  'sha1',
  'sha256',
  'sha512',
  'md5',
  'checksum',
  'crc',
  'etag',
  'commit',
  'rev',
  'revision',
  'ref',
  'build',
  'version',
  'tag',
  'integrity',
  'trace',
  'span',
]);

/**
 * Whether the value of a `key=value` assignment is a secret, given its key. Any name that says secret (`…_TOKEN`,
 * `apiKey`, `session`) makes a random-looking value one; a name that says public (`BUILD_ID`, `commitSha`,
 * `digest`) never does; otherwise a random-looking value is one unless it is plainly public data: a hex digest,
 * a UUID, a dotted or dashed build or version id, or base64 of readable text.
 */
export function isAssignedSecret(value: string, key: string | undefined): boolean {
  if (!looksRandom(value)) return false;
  const words = keyWords(key ?? '');
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  if (words.some((word) => PUBLIC_WORDS.has(word))) return false;
  return !isPublicData(value);
}

const HEX = /^[0-9a-fA-F]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_SEGMENT = /^(?:[0-9]+|[a-z]+|[A-Z]+|[0-9a-f]{1,16})$/;

function isPublicData(value: string): boolean {
  if (HEX.test(value) || UUID.test(value)) return true;
  // `2024.11.22-rc.1+sha.3f78a9c`, `web-20241122-1432-9f3c2ab`: numbers, words and short hex joined by separators.
  // Random base64url tokens have separators too, but their parts mix cases and digits.
  const segments = value.split(/[-_.+~]/);
  if (segments.length >= 3 && segments.every((segment) => segment === '' || ID_SEGMENT.test(segment)))
    return true;
  return isBase64Text(value);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const READABLE = /^[^\p{Cc}\p{Cs}\uFFFD]*$/u;

/** Base64 decoded as UTF-8, or undefined when it is not base64 or not UTF-8. */
export function decodeBase64(value: string): string | undefined {
  const unpadded = value.replace(/=+$/, '');
  if (!BASE64.test(value) || unpadded.length % 4 === 1) return undefined;
  try {
    const binary = atob(unpadded.padEnd(Math.ceil(unpadded.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Base64 of text with words in it (`"content": "IyBSRUFETUUK…"` in an API response), not of random bytes. */
function isBase64Text(value: string): boolean {
  const text = decodeBase64(value);
  if (text === undefined) return false;
  return /\s/.test(text) && READABLE.test(text.replace(/[\t\n\r]/g, ' '));
}

/** `Basic dXNlcjpwYXNz`: base64 of `user:password`. */
export function isBasicCredential(value: string): boolean {
  const text = decodeBase64(value);
  return text !== undefined && /^[^\s:]*:\S+$/.test(text) && READABLE.test(text);
}

/** A Discord bot token's first part is base64 of the bot's numeric id. */
export function startsWithEncodedId(token: string): boolean {
  const first = token.slice(0, token.indexOf('.')).replace(/-/g, '+').replace(/_/g, '/');
  const id = decodeBase64(first);
  return id !== undefined && /^[0-9]{16,20}$/.test(id);
}

const PLACEHOLDER = /^(?:[$%]\{|\$[A-Za-z_]|\{\{|#\{|<)|^(.)\1*$/;

/** `${DB_PASSWORD}`, `$PASS`, `{{ vault }}`, `<password>`, `********`: a stand-in, not a secret. */
export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value);
}

const IDENTIFIER_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/**
 * The value after `password=` or `secret:` is a password when it is one word of 6+ characters with a letter and
 * a digit or a symbol, and not code: no property path, no file path, no variable or template.
 */
export function looksLikePassword(value: string): boolean {
  if (value.length < 6 || isPlaceholder(value)) return false;
  if (/^(?:\/|\.\/|~\/)/.test(value) || IDENTIFIER_PATH.test(value)) return false;
  return /[A-Za-z]/.test(value) && /[0-9!@#$%^&*+=?~|]/.test(value);
}
