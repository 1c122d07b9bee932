import {
  isAssignedSecret,
  isBasicCredential,
  isPlaceholder,
  looksLikePassword,
  looksRandom,
  startsWithEncodedId,
} from './checks.js';

export { HIGH_ENTROPY_THRESHOLD, looksRandom } from './checks.js';

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
  /**
   * A further check of what would be replaced, given the match's named groups too; a match it refuses stays as it
   * is.
   */
  readonly accept?: (secret: string, groups: Readonly<Record<string, string | undefined>>) => boolean;
}

/** The minimum length of a `KEY=value` value to count as a secret. */
export const HIGH_ENTROPY_MIN_LENGTH = 20;

const TOKEN_START = '(?<![A-Za-z0-9_-])';
const TOKEN_END = '(?![A-Za-z0-9_-])';
/** Characters of an HTTP credential (RFC 9110 token68). */
const TOKEN68 = '[A-Za-z0-9._~+/-]';
/** What may follow `password`: `=`, `: `, `=>`, or (in prose) `is`. */
const PASSWORD_SEPARATOR = '(?:[ \\t]*(?:=>|=(?![=~>])|:(?![:/]))[ \\t]*|[ \\t]+(?:is|was)[ \\t]+)';

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
    // Project, service-account and admin keys name their type after `sk-`; older keys are one run of letters and
    // digits. A hyphenated name (`sk-learn-extensions-2024-preview`) is neither.
    pattern: new RegExp(
      `${TOKEN_START}sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}|(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]{20,}${TOKEN_END})`,
    ),
    specificity: 20,
  },
  {
    name: 'aws-access-key-id',
    // Its shape (four letters, sixteen capitals or digits) is distinctive enough to be found glued after a name
    // (`KEY_AKIA…`, `awsKeyIdAKIA…`); only a longer run of capitals or digits before it makes it part of a word.
    pattern: new RegExp(`(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}${TOKEN_END}`),
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
    name: 'gitlab-token',
    // Personal, deploy, runner, trigger, feed, CI job, service-account, OAuth, incoming-mail and agent tokens.
    pattern: new RegExp(
      `${TOKEN_START}gl(?:pat|dt|rt|ptt|ft|cbt|soat|oas|imt|agent)-[A-Za-z0-9_-]{20,}(?:\\.[A-Za-z0-9_-]{2,}){0,2}`,
    ),
    specificity: 20,
  },
  {
    name: 'google-api-key',
    pattern: new RegExp(`${TOKEN_START}AIza[A-Za-z0-9_-]{35,}`),
    specificity: 20,
  },
  {
    name: 'slack-token',
    // Bot, user, app-level, refresh and configuration tokens (`xoxe.xoxp-…` when rotating).
    pattern: new RegExp(
      `${TOKEN_START}(?:xoxe\\.)?(?:xox[abposre]|xapp)-(?=[A-Za-z0-9-]*[0-9])[A-Za-z0-9-]{10,}`,
    ),
    specificity: 20,
  },
  {
    name: 'slack-webhook',
    // The host and the kind of hook stay; the path after it is the credential.
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9_/-]{20,})/,
    specificity: 20,
  },
  {
    name: 'stripe-key',
    // Secret and restricted keys; publishable keys (`pk_`) are public.
    pattern: new RegExp(`${TOKEN_START}[sr]k_(?:live|test)_[A-Za-z0-9]{20,}`),
    specificity: 20,
  },
  {
    name: 'stripe-webhook-secret',
    pattern: new RegExp(`${TOKEN_START}whsec_[A-Za-z0-9+/=]{24,}`),
    specificity: 20,
  },
  {
    name: 'huggingface-token',
    pattern: new RegExp(
      `${TOKEN_START}hf_(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]{30,}${TOKEN_END}`,
    ),
    specificity: 20,
  },
  {
    name: 'npm-token',
    pattern: new RegExp(`${TOKEN_START}npm_(?=[a-z]{0,35}[0-9A-Z])[A-Za-z0-9]{36}${TOKEN_END}`),
    specificity: 20,
  },
  {
    name: 'sendgrid-key',
    pattern: new RegExp(`${TOKEN_START}SG\\.[A-Za-z0-9_-]{16,32}\\.[A-Za-z0-9_-]{16,64}${TOKEN_END}`),
    specificity: 20,
  },
  {
    name: 'discord-token',
    // base64(bot id) . timestamp . HMAC; the first part must decode to the id's digits.
    pattern: new RegExp(
      `${TOKEN_START}[MNO][A-Za-z0-9_-]{23,27}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,40}${TOKEN_END}`,
    ),
    specificity: 20,
    accept: startsWithEncodedId,
  },
  {
    name: 'telegram-bot-token',
    // `123456789:AA…`, also inside an API URL (`api.telegram.org/bot123456789:AA…/sendMessage`).
    // The lookbehind follows the first digit, so the search can skip to digits.
    pattern: new RegExp(
      `[0-9](?<=(?:\\/bot|[^A-Za-z0-9_:-]|^)[0-9])[0-9]{4,15}:A[A-Za-z0-9_-]{34}${TOKEN_END}`,
    ),
    specificity: 20,
  },
  {
    name: 'jwt',
    pattern: new RegExp(`${TOKEN_START}eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]*`),
    specificity: 20,
  },
  {
    name: 'url-password',
    // `scheme://user:password@host`: only the password goes; scheme, user and host stay. A port is not a password
    // (`localhost:3000/@alice`), and passwords may hold `@` and `/` as people paste them.
    pattern:
      /:\/\/(?<=[A-Za-z0-9]:\/\/)[^\s:/?#@"'<>`]{0,256}:(?![0-9]{0,5}(?:[/?#]|$))(?<secret>[^\s"'<>`]{1,256}?)@(?=[A-Za-z0-9[])(?=[A-Za-z0-9.[\]:-]{1,253}(?![A-Za-z0-9.[\]:@-]))/,
    specificity: 10,
    accept: (password) => !isPlaceholder(password),
  },
  {
    name: 'authorization',
    // An `Authorization:` header's credentials, whatever their scheme; without one, they must look generated.
    pattern: new RegExp(
      '(?<![A-Za-z0-9])(?:[Pp]roxy-)?(?:[Aa]uthorization|AUTHORIZATION)["\']?[ \\t]*[:=][ \\t]*["\']?' +
        `(?:(?:[Bb]earer|BEARER|[Bb]asic|BASIC|[Tt]oken|Bot|ApiKey|Key)[ \\t]+(?=${TOKEN68}{8})` +
        `|(?!(?:[Bb]earer|[Bb]asic|[Tt]oken|Bot|Digest)\\b)(?=${TOKEN68}*[0-9])(?=${TOKEN68}{16}))` +
        `(?<secret>${TOKEN68}+=*)`,
    ),
    specificity: 15,
  },
  {
    name: 'bearer-token',
    // Outside a header (`curl … Bearer …` in prose), a token of 16+ characters that looks generated.
    pattern: new RegExp(`${TOKEN_START}[Bb]earer[ \\t]+(?<secret>${TOKEN68}{16,}=*)`),
    specificity: 10,
    accept: looksRandom,
  },
  {
    name: 'basic-auth',
    // Outside a header, base64 that decodes to `user:password`.
    pattern: new RegExp(`${TOKEN_START}[Bb]asic[ \\t]+(?<secret>[A-Za-z0-9+/]{4,}={0,2})(?![A-Za-z0-9+/=])`),
    specificity: 10,
    accept: isBasicCredential,
  },
  {
    name: 'password',
    // `password=…`, `DB_PASSWORD: "…"`, `"secret": "…"`, `--password=…`, `the password is …`: the value when it
    // looks like a password (see looksLikePassword). `pass` alone must start a word (not `bypass`).
    pattern: new RegExp(
      // Each branch starts with a letter (checks on what precedes come after it), so the search skips ahead.
      '(?:[Pp]ass(?:word|wd|phrase)|PASS(?:WORD|WD|PHRASE)|[Ss]ecret|SECRET' +
        '|(?:[Pp]ass|PASS)(?<![A-Za-z0-9]....)|Pass(?<=[a-z0-9]Pass))' +
        `(?:[_.-]?(?:[Kk]ey|KEY))?(?![A-Za-z0-9_])["']?${PASSWORD_SEPARATOR}["'\`]?` +
        // `&` ends a value before the next `name=` of a query string; a parenthesis ends it (`os.urandom(32)` is
        // a call, `(password=…)` a remark); trailing punctuation is the sentence's.
        '(?<secret>(?:[^\\s"\'`&()]|&(?![A-Za-z0-9_.-]{1,64}=)){0,255}[^\\s"\'`&().,;:\\]}])',
    ),
    specificity: 12,
    accept: looksLikePassword,
  },
  {
    name: 'high-entropy',
    // `KEY=value`, `KEY: value`, `"key": "value"`, `export KEY=value`: a single token of 20+ characters with
    // enough entropy, judged with its key (see isAssignedSecret); `=` only as base64 padding at its end, so
    // `note: KEY=value` is the inner assignment. A colon needs a space or a quote after it, so
    // URLs (`https://…`) are not assignments; an equals sign has space on both sides or neither, so base64 padding
    // before a space (`…AA= next`) is not one.
    pattern: new RegExp(
      // The search starts at the `=` or `:` and looks back for the key, which is much faster than trying a key
      // at every word.
      `[=:](?<=(?<![A-Za-z0-9_.-])["']?(?<key>[A-Za-z_][A-Za-z0-9_.-]*)["']?(?:=|[ \\t]+=|[ \\t]*:))` +
        `(?:(?<=[^ \\t]=)["']?|(?<=[ \\t]=)[ \\t]+["']?|(?<=:)(?:[ \\t]*["']|[ \\t]+))` +
        `(?<secret>[A-Za-z0-9+/_.~-]{${HIGH_ENTROPY_MIN_LENGTH},}={0,2})`,
    ),
    specificity: 0,
    accept: (value, groups) => isAssignedSecret(value, groups.key),
  },
] as const satisfies readonly RedactionPattern[];

export type BuiltinSecretKind = (typeof BUILTIN_PATTERNS)[number]['name'];

export const BUILTIN_SECRET_KINDS: readonly BuiltinSecretKind[] = BUILTIN_PATTERNS.map(
  (pattern) => pattern.name,
);
