import { BASE62, type FakeSecret, fakeSecrets, token, UPPER_DIGITS } from './fake-secrets.fixtures.js';
import { redactionMarker } from './redactor.js';

// The corpus behind the redaction tests and benchmark: every made-up secret in prose and in an assignment, and
// ordinary texts that look a little like secrets and must come through unchanged.

export interface SecretSample {
  readonly kind: string;
  /**
   * How it is written: in a sentence, in an assignment, or disguised (split by a line break or a zero-width
   * character, glued after a word character, or inside a bracket shaped like a redaction marker).
   */
  readonly context: 'prose' | 'assignment' | 'split-line' | 'zero-width' | 'glued' | 'bracketed';
  readonly input: string;
  readonly secret: string;
  /** The input with the secret, and only the secret, replaced by its marker. */
  readonly expected: string;
}

/** Already `key = value` or a header: putting them in another assignment would only nest them. */
const ASSIGNED = new Set(['aws-secret-key', 'high-entropy', 'password', 'authorization']);

function samples({ kind, text, secret }: FakeSecret, name: string): SecretSample[] {
  const redacted = text.replace(secret, redactionMarker(kind));
  const prose = {
    kind,
    context: 'prose' as const,
    input: `Here is what I ran, ${text} and it failed.`,
    secret,
    expected: `Here is what I ran, ${redacted} and it failed.`,
  };
  if (ASSIGNED.has(kind)) return [prose];
  const quoted = name.length % 2 === 0;
  const assignment = quoted ? `"${name}": "${text}"` : `${name.toUpperCase()}=${text}`;
  return [
    prose,
    {
      kind,
      context: 'assignment',
      input: assignment,
      secret,
      expected: assignment.replace(secret, redactionMarker(kind)),
    },
  ];
}

/** Every fake secret of every kind, in a sentence and (unless it is one already) in an assignment; then disguised. */
export function secretCorpus(seed = 1): SecretSample[] {
  return [
    ...fakeSecrets(seed).flatMap((secret, i) =>
      samples(secret, ['apiKey', 'service_token', 'dsn'][i % 3] ?? ''),
    ),
    ...disguisedSecrets(seed),
  ];
}

const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];

/**
 * Made-up keys as they come out of terminals, chat apps and copy-paste: wrapped across lines (with the next line's
 * indent), with a zero-width character inside, glued after a name (`KEY_AKIA…`), or inside a bracket that looks
 * like a redaction marker. The whole disguised key is replaced by one marker.
 */
export function disguisedSecrets(seed = 1): SecretSample[] {
  const openai = `sk-${'proj'}-${token(120, `${BASE62}_-`, seed + 20)}`;
  const github = `ghp_${token(36, BASE62, seed + 21)}`;
  const anthropic = `sk-${'ant'}-api03-${token(93, `${BASE62}_-`, seed + 22)}AA`;
  const aws = `AKIA${token(16, UPPER_DIGITS, seed + 23)}`;
  const google = `AI${'za'}${token(35, `${BASE62}_-`, seed + 24)}`;
  const zw = (i: number) => ZERO_WIDTH[(seed + i) % ZERO_WIDTH.length] as string;
  const cut = (key: string, at: number, by: string) => `${key.slice(0, at)}${by}${key.slice(at)}`;
  const sample = (
    kind: string,
    context: SecretSample['context'],
    before: string,
    secret: string,
    after: string,
  ): SecretSample => ({
    kind,
    context,
    input: `${before}${secret}${after}`,
    secret,
    expected: `${before}${redactionMarker(kind)}${after}`,
  });
  return [
    sample('openai-key', 'split-line', 'My key is\n', cut(openai, 64, '\n'), '\nbut it fails.'),
    sample('openai-key', 'split-line', 'export OPENAI_API_KEY=', cut(openai, 40, '\r\n  '), ' # wrapped'),
    sample('github-token', 'split-line', 'token: ', cut(github, 20, '\n'), '\nthanks'),
    sample('anthropic-key', 'split-line', 'Use ', cut(anthropic, 50, '\n    '), ' for now.'),
    sample('openai-key', 'zero-width', 'Here: ', cut(openai, 30, zw(0)), ' works.'),
    sample(
      'github-token',
      'zero-width',
      'token ',
      cut(cut(github, 30, zw(1)), 12, zw(2)),
      ' copied from chat',
    ),
    sample('aws-access-key-id', 'zero-width', 'id ', cut(aws, 4, zw(3)), ' in the log'),
    sample('google-api-key', 'zero-width', 'key=', cut(google, 10, zw(4)), ''),
    sample('aws-access-key-id', 'glued', 'AWS_ACCESS_KEY_', aws, ' is set'),
    sample('aws-access-key-id', 'glued', 'export KEY_', aws, ''),
    sample('aws-access-key-id', 'glued', 'awsKeyId', aws, ' (rotated)'),
    sample('github-token', 'bracketed', 'It printed [REDACTED:', github, '] again.'),
    sample('openai-key', 'bracketed', 'The log shows [REDACTED:', `sk-${token(48, BASE62, seed + 25)}`, '].'),
    sample('aws-access-key-id', 'bracketed', '[REDACTED:', aws, ']'),
  ];
}

const base64 = (text: string) => btoa(text);

/** Texts without secrets that share something with them: code, ids, digests, URLs, base64, look-alike names. */
export function ordinaryCorpus(): string[] {
  const readme = base64('# ctxkit\n\nClient-side context management for LLM chat apps.\n');
  return [
    // Names that start like keys.
    'pip install sk-learn-extensions-2024-preview',
    'model: sk-learn-extensions-2024-preview',
    'scikit-learn ships sk-learn-style estimators; risk-management-framework-v2 is task-oriented.',
    'from huggingface_hub import hf_hub_download',
    'npm_config_registry=https://registry.npmjs.org/',
    'Slack tokens start with xoxb- and GitLab ones with glpat-; Stripe publishes pk_live_ keys.',
    // Code that handles passwords and headers without holding one.
    'const password = req.body.password;',
    'function login(password: string, secret?: string) { return bcrypt.hash(password, 10); }',
    'if (password === confirmation) submit({ password });',
    'password: z.string().min(12).max(128),',
    'secret = os.urandom(32)',
    'SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell or template placeholder, kept as text
    'DB_PASSWORD=${DB_PASSWORD}',
    'password: "{{ vault_db_password }}"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell or template placeholder, kept as text
    'headers: { Authorization: `Bearer ${token}` },',
    'curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user',
    'Set the Authorization: header to Bearer <token>; Basic authentication is weaker.',
    'Bearer tokens look like eyJ... and are three dot-separated parts.',
    'The password is required and must be at least 12 characters.',
    'password=********',
    'export PATH=/usr/local/bin:$PATH',
    // UUIDs and digests, loose and assigned.
    'Request 123e4567-e89b-12d3-a456-426614174000 failed',
    'REQUEST_ID=123e4567-e89b-12d3-a456-426614174000',
    '"traceId": "550e8400-e29b-41d4-a716-446655440000"',
    'git show 3f786850e387550fdab836ed7e6dc881de23001b',
    'GITHUB_SHA=3f786850e387550fdab836ed7e6dc881de23001b',
    '"sha": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"',
    'checksum: d41d8cd98f00b204e9800998ecf8427e0123456789abcdef',
    `"integrity": "sha512-${token(86, `${BASE62}+/`)}=="`,
    // Build and version ids.
    'BUILD_ID=2024.11.22-rc.1+sha.3f78a9c2b1',
    'build: web-20241122-1432-9f3c2ab',
    '"buildId": "vQ4Ydp7xX4bJ3K2hP9L5m"',
    'version: 1.2.3-beta.4+exp.sha.5114f85a9c',
    'release=ctxkit-core-0.1.0-20241122-a1b2c3d',
    'Build 20241122.7 (a1b2c3d4e5f6) passed',
    // URLs without credentials.
    'https://example.com/docs/getting-started?page=2#install',
    'http://localhost:3000/users/@alice and http://[::1]:8080/health',
    'postgres://localhost:5432/app and redis://cache.internal:6379/0',
    'mongodb+srv://cluster0.ab1cd.mongodb.net/test?retryWrites=true',
    'ssh://git@github.com/ctxkit/ctxkit.git or git@github.com:ctxkit/ctxkit.git',
    'https://hooks.slack.com/services/ is where incoming webhooks live',
    'mailto:alice@example.com?subject=hi',
    // Base64 of text, and image data.
    `"content": "${readme}", "encoding": "base64"`,
    `echo ${base64('hello world, this is plain text')} | base64 -d`,
    `payload=${base64('{"event": "push", "ref": "refs/heads/main"}')}`,
    `<img src="data:image/png;base64,iVBORw0KGgo${token(200, `${BASE62}+/`)}=">`,
    // Line breaks and zero-width characters in ordinary text and code, names glued to look-alike prefixes, and
    // brackets that look like markers.
    'The word zero\u200Bwidth has a space you cannot see, and 👩\u200D💻 is one emoji.',
    'Split across lines: sk-learn-extensions\n2024-preview and scikit-learn\nestimators.',
    'const AWS_KEY_PREFIX = "AKIA";\nconst KEY_AKIA_LENGTH = 20;',
    'MAKIA AKIAS and TAKIAR are names, not keys; neither is the word akiaexample.',
    'function aVeryLongFunctionName2024(\n  anotherLongParameterName123,\n) {}',
    'sha: 3f786850e387550fdab836ed7e6dc881\nde23001b (wrapped digest)',
    'The key was [REDACTED:openai-key] and the token [REDACTED:github-token].',
    'See [docs:getting-started] and [TODO:refactor-the-session-module] later.',
  ];
}
