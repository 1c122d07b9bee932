import fc from 'fast-check';

// Made-up secrets of the right shape, built at run time: no file of the repository holds anything that looks like
// a real credential, so secret scanners have nothing to flag.

export const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';
const BASE64 = `${BASE62}+/`;
const URL_SAFE = `${BASE62}_-`;

/** A deterministic pseudo-random token (xorshift32), with a digit guaranteed so every shape is complete. */
export function token(length: number, alphabet = BASE62, seed = 1): string {
  let state = seed * 2654435761 || 1;
  let out = '';
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out += alphabet[(state >>> 0) % alphabet.length];
  }
  return /[0-9]/.test(out) || !/[0-9]/.test(alphabet) ? out : `${out.slice(0, -1)}7`;
}

export interface FakeSecret {
  readonly kind: string;
  /** What is embedded in text. */
  readonly text: string;
  /** The part that must never survive redaction. */
  readonly secret: string;
}

const whole = (kind: string, secret: string): FakeSecret => ({ kind, text: secret, secret });

const pem = (label: string, body: string) =>
  `-----BEGIN ${label}PRIVATE KEY-----\n${body}\n-----END ${label}PRIVATE KEY-----`;

/** Secrets of every built-in kind, in every common shape. The first 19 keep their places (tests pick them). */
export function fakeSecrets(seed = 1): FakeSecret[] {
  const awsSecret = token(40, BASE64, seed);
  const envValue = token(32, BASE62, seed + 1);
  return [
    whole('openai-key', `sk-${token(48, BASE62, seed)}`),
    whole('openai-key', `sk-${'proj'}-${token(120, URL_SAFE, seed)}`),
    whole('openrouter-key', `sk-${'or-v1'}-${token(64, HEX, seed)}`),
    whole('anthropic-key', `sk-${'ant'}-api03-${token(93, URL_SAFE, seed)}AA`),
    whole('aws-access-key-id', `AKIA${token(16, UPPER_DIGITS, seed)}`),
    whole('aws-access-key-id', `ASIA${token(16, UPPER_DIGITS, seed + 2)}`),
    { kind: 'aws-secret-key', text: `aws_secret_access_key = ${awsSecret}`, secret: awsSecret },
    whole('github-token', `ghp_${token(36, BASE62, seed)}`),
    whole('github-token', `gho_${token(36, BASE62, seed + 3)}`),
    whole('github-token', `ghu_${token(36, BASE62, seed + 4)}`),
    whole('github-token', `ghs_${token(36, BASE62, seed + 5)}`),
    whole('github-token', `ghr_${token(36, BASE62, seed + 6)}`),
    whole('github-token', `github_${'pat'}_${token(22, BASE62, seed)}_${token(59, BASE62, seed + 7)}`),
    whole('google-api-key', `AI${'za'}${token(35, URL_SAFE, seed)}`),
    whole(
      'jwt',
      `ey${'J'}${token(36, URL_SAFE, seed)}.ey${'J'}${token(60, URL_SAFE, seed + 8)}.${token(43, URL_SAFE, seed + 9)}`,
    ),
    whole('private-key', pem('RSA ', `MII${token(64, BASE64, seed)}\n${token(64, BASE64, seed + 10)}`)),
    whole('private-key', pem('', `MII${token(64, BASE64, seed + 11)}`)),
    whole('private-key', pem('OPENSSH ', `b3Bl${token(70, BASE64, seed + 12)}`)),
    { kind: 'high-entropy', text: `DEPLOY_TOKEN=${envValue}`, secret: envValue },
    ...moreFakeSecrets(seed),
  ];
}

/** Part of a text: only `secret` is replaced, the rest of `text` stays. */
const part = (kind: string, text: string, secret: string): FakeSecret => ({ kind, text, secret });

/** A password with the symbols people put in them. */
export function fakePassword(seed = 1): string {
  return `${token(6, BASE62, seed)}!${token(3, BASE62, seed + 1)}#$%^&*~${token(4, BASE62, seed + 2)}`;
}

function moreFakeSecrets(seed: number): FakeSecret[] {
  const password = fakePassword(seed);
  const slashy = `${token(8, BASE62, seed + 3)}/+@${token(5, BASE62, seed + 4)}`;
  const bearer = token(40, URL_SAFE, seed + 5);
  const basic = btoa(`deploy:${fakePassword(seed + 6)}`);
  const telegram = `${700_000_000 + (seed % 100_000_000)}:A${token(34, URL_SAFE, seed + 7)}`;
  return [
    part('url-password', `postgres://app_user:${password}@db.internal.example:5432/app`, password),
    part('url-password', `postgresql://report:${slashy}@10.0.0.12/warehouse?sslmode=require`, slashy),
    part(
      'url-password',
      `mongodb+srv://admin:${password}@cluster0.ab1cd.mongodb.net/test?retryWrites=true`,
      password,
    ),
    part('url-password', `redis://:${password}@cache.internal.example:6379/0`, password),
    part('url-password', `rediss://default:${password}@cache.example:6380`, password),
    part('url-password', `https://ci-bot:${password}@git.example.com/team/repo.git`, password),
    part('authorization', `Authorization: Bearer ${bearer}`, bearer),
    part('authorization', `authorization: Basic ${basic}`, basic),
    part('authorization', `"Authorization": "token ${token(40, HEX, seed + 8)}"`, token(40, HEX, seed + 8)),
    part('bearer-token', `curl -H @headers.txt, or pass Bearer ${bearer}`, bearer),
    part('basic-auth', `the header value Basic ${basic}`, basic),
    part('password', `password=${password}`, password),
    part('password', `DB_PASSWORD: "${password}"`, password),
    part('password', `{"password": "${password}", "user": "deploy"}`, password),
    part('password', `mysql --password=${password} app`, password),
    part('password', `?user=deploy&passwd=${password}&next=1`, password),
    part('password', `the admin password is ${password}`, password),
    whole(
      'slack-token',
      `xox${'b'}-${token(12, DIGITS, seed)}-${token(13, DIGITS, seed + 9)}-${token(24, BASE62, seed)}`,
    ),
    whole(
      'slack-token',
      `xox${'p'}-${token(12, DIGITS, seed + 1)}-${token(12, DIGITS, seed + 2)}-${token(13, DIGITS, seed + 3)}-${token(32, HEX, seed)}`,
    ),
    whole(
      'slack-token',
      `xap${'p'}-1-A${token(10, UPPER_DIGITS, seed)}-${token(13, DIGITS, seed + 4)}-${token(64, HEX, seed + 1)}`,
    ),
    whole('slack-token', `xoxe.xox${'p'}-1-${token(140, BASE62, seed + 2)}`),
    part(
      'slack-webhook',
      `https://hooks.slack.com/services/T${token(10, UPPER_DIGITS, seed)}/B${token(10, UPPER_DIGITS, seed + 1)}/${token(24, BASE62, seed + 3)}`,
      `T${token(10, UPPER_DIGITS, seed)}/B${token(10, UPPER_DIGITS, seed + 1)}/${token(24, BASE62, seed + 3)}`,
    ),
    whole('stripe-key', `sk_${'live'}_${token(99, BASE62, seed)}`),
    whole('stripe-key', `rk_${'live'}_${token(24, BASE62, seed + 1)}`),
    whole('stripe-key', `sk_${'test'}_${token(24, BASE62, seed + 2)}`),
    whole('stripe-webhook-secret', `whsec_${token(32, BASE62, seed)}`),
    whole('gitlab-token', `glpat-${token(20, URL_SAFE, seed)}`),
    whole(
      'huggingface-token',
      `hf_${token(34, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', seed)}`,
    ),
    whole('npm-token', `npm_${token(36, BASE62, seed)}`),
    whole('sendgrid-key', `S${'G'}.${token(22, URL_SAFE, seed)}.${token(43, URL_SAFE, seed + 1)}`),
    whole(
      'discord-token',
      `${btoa(String(1_100_000_000_000_000_000n + BigInt(seed))).replace(/=+$/, '')}.${token(6, URL_SAFE, seed)}.${token(38, URL_SAFE, seed + 2)}`,
    ),
    whole('telegram-bot-token', telegram),
    part('telegram-bot-token', `https://api.telegram.org/bot${telegram}/sendMessage`, telegram),
  ];
}

/** Any one of the built-in kinds, with random content of the right shape. */
export const fakeSecretArbitrary: fc.Arbitrary<FakeSecret> = fc
  .tuple(fc.integer({ min: 1, max: 2 ** 30 }), fc.nat())
  .map(([seed, pick]) => {
    const all = fakeSecrets(seed);
    return all[pick % all.length] as FakeSecret;
  });

const word = fc.stringMatching(/^[a-z]{1,12}$/);
const harmless = fc.oneof(
  { weight: 8, arbitrary: word },
  fc.constantFrom('.', ',', '!', '?', '—', '(see below)', 'e.g.', 'don’t', 'naïve', '日本語', '🙂', '\n'),
  fc.stringMatching(/^[0-9]{1,8}$/),
  // Hashes in prose and code, UUIDs, data URLs of images, paths and URLs: left alone outside assignments.
  fc.stringMatching(/^[0-9a-f]{40}$/),
  fc.stringMatching(/^[0-9a-f]{64}$/),
  fc.uuid(),
  fc.base64String({ minLength: 40, maxLength: 400 }).map((data) => `data:image/png;base64,${data}`),
  fc.constantFrom(
    'src/privacy/redactor.ts',
    'https://example.com/docs/getting-started?page=2#install',
    'git commit -m "fix"',
    'scikit-learn',
    'sk-learn-style',
    'risk-management-framework-v2',
    'task-oriented',
    'AKIA',
    'eyJ',
    'x = 1',
    'const name = "ThisIsAVeryLongIdentifierName";',
    'integrity: sha512-',
  ),
);

/** Text with nothing that should be redacted: words, punctuation, numbers, hashes, UUIDs, data URLs, paths. */
export const harmlessText: fc.Arbitrary<string> = fc
  .array(harmless, { maxLength: 40 })
  .map((parts) => parts.join(' '));
