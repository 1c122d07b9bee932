import { describe, expect, it } from 'vitest';
import { BASE62, token } from './fake-secrets.fixtures.js';
import { BUILTIN_SECRET_KINDS, createRedactor, redactSecrets } from './index.js';
import { ordinaryCorpus, secretCorpus } from './redaction-corpus.fixtures.js';

const secrets = secretCorpus();
const ordinary = ordinaryCorpus();

describe('the redaction corpus', () => {
  it('has every built-in kind, in prose and (for bare tokens) in assignments', () => {
    expect(new Set(secrets.map((sample) => sample.kind))).toEqual(new Set(BUILTIN_SECRET_KINDS));
    expect(secrets.filter((sample) => sample.context === 'assignment').length).toBeGreaterThan(30);
  });

  it.each(secrets.map((sample) => [sample.kind, sample.context, sample] as const))(
    'replaces a %s in %s, and only its secret part',
    (_kind, _context, { input, secret, expected }) => {
      const result = redactSecrets(input);
      expect(result.text).toBe(expected);
      expect(result.text).not.toContain(secret);
    },
  );

  it('catches every secret (recall 1) and alters no ordinary text (false positives 0)', () => {
    const caught = secrets.filter((sample) => !redactSecrets(sample.input).text.includes(sample.secret));
    const altered = ordinary.filter((text) => redactSecrets(text).text !== text);
    expect({ recall: caught.length / secrets.length, falsePositives: altered }).toEqual({
      recall: 1,
      falsePositives: [],
    });
  });

  it.each(ordinary.map((text) => [text]))('leaves %s as it is', (text) => {
    expect(redactSecrets(text)).toEqual({ text, redactions: [] });
  });

  it('is idempotent on the whole corpus: markers are never redacted again', () => {
    for (const { expected } of secrets) expect(redactSecrets(expected).text).toBe(expected);
  });
});

describe('credentials in URLs and headers', () => {
  it('keeps scheme, user and host and replaces only the password', () => {
    expect(redactSecrets('DATABASE_URL=postgres://app:s3cret!@db.example.com:5432/app').text).toBe(
      'DATABASE_URL=postgres://app:[REDACTED:url-password]@db.example.com:5432/app',
    );
    // An `@` in the password (unencoded, as pasted): the last one before the host ends it; the query's does not.
    expect(redactSecrets('https://u:p@ss@example.com/x?mail=a@b.com').text).toBe(
      'https://u:[REDACTED:url-password]@example.com/x?mail=a@b.com',
    );
  });

  it('does not take a port, a path or a variable for a password', () => {
    for (const text of [
      'http://localhost:3000/users/@alice',
      'https://example.com:8443/a?b=c:d@e',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell or template placeholder, kept as text
      'postgres://app:${DB_PASSWORD}@db:5432/app',
      'redis://:$REDIS_PASSWORD@cache:6379',
      'postgres://app:****@db:5432/app',
    ]) {
      expect(redactSecrets(text).text, text).toBe(text);
    }
  });

  it('redacts any credentials of an Authorization header, but needs bare ones to look generated', () => {
    expect(redactSecrets('Authorization: Bearer short-but-real').text).toBe(
      'Authorization: Bearer [REDACTED:authorization]',
    );
    expect(redactSecrets(`Proxy-Authorization: ${token(32)}`).text).toBe(
      'Proxy-Authorization: [REDACTED:authorization]',
    );
    expect(redactSecrets('Authorization: Bearer tok').text).toBe('Authorization: Bearer tok');
    expect(redactSecrets('Authorization: configured').text).toBe('Authorization: configured');
    // Outside a header, `Basic` must be followed by base64 of `user:password`.
    expect(redactSecrets(`Basic ${btoa('just some words')}`).redactions).toEqual([]);
  });
});

describe('password assignments', () => {
  it('redacts values with symbols, in env files, JSON, YAML, flags, query strings and prose', () => {
    expect(redactSecrets('PGPASSWORD=pa55!word psql').text).toBe('PGPASSWORD=[REDACTED:password] psql');
    expect(redactSecrets("dbPassword: 'Tr0ub4dor&3'").text).toBe("dbPassword: '[REDACTED:password]'");
    expect(redactSecrets('client_secret => "x9!kq2#v"').text).toBe('client_secret => "[REDACTED:password]"');
    // The sentence's full stop is not part of it.
    expect(redactSecrets('My password is hunter2.').text).toBe('My password is [REDACTED:password].');
  });

  it('leaves code, words and placeholders', () => {
    for (const text of [
      'bypass=on123456',
      'passport=X1234567',
      'password: string;',
      'password = this.form.password2',
      'secret: ./run/secrets/db2',
      'password = "correct horse battery staple"',
      'the password was changed',
    ]) {
      expect(redactSecrets(text).text, text).toBe(text);
    }
  });
});

describe('assignments judged with their key', () => {
  const hex = '3f786850e387550fdab836ed7e6dc881de23001b';
  it('redacts random-looking values under a name that says secret, whatever their shape', () => {
    for (const key of ['PRIVATE_TOKEN', 'apiKey', 'session', 'SIGNING_SALT', 'auth_token']) {
      expect(redactSecrets(`${key}=${hex}`).text, key).toBe(`${key}=[REDACTED:high-entropy]`);
    }
  });

  it('never redacts them under a name that says id, digest, build or version', () => {
    const random = token(32);
    for (const key of ['BUILD_ID', 'commitSha', 'digest', 'etag', 'IMAGE_VERSION', 'traceId']) {
      expect(redactSecrets(`${key}=${random}`).text, key).toBe(`${key}=${random}`);
    }
  });

  it('under any other name, keeps digests, UUIDs, build ids and base64 text, and redacts random tokens', () => {
    const text = btoa('The quick brown fox jumps over the lazy dog, twice.');
    for (const value of [
      hex,
      '550e8400-e29b-41d4-a716-446655440000',
      'ci-build-2024-11-22-1234-abcdef0',
      text,
    ]) {
      expect(redactSecrets(`RESULT=${value}`).text, value).toBe(`RESULT=${value}`);
    }
    const random = token(32);
    expect(redactSecrets(`RESULT=${random}`).text).toBe('RESULT=[REDACTED:high-entropy]');
    // Base64 of random bytes is no text.
    const bytes = btoa(String.fromCharCode(...Array.from({ length: 30 }, (_, i) => (i * 97 + 13) % 256)));
    expect(redactSecrets(`RESULT=${bytes}`).text).toBe('RESULT=[REDACTED:high-entropy]');
  });

  it('gives a host pattern’s accept the match’s named groups', () => {
    const redactor = createRedactor({
      disable: ['high-entropy', 'password'],
      patterns: [
        {
          name: 'internal',
          pattern: /(?<key>[a-z]+)=(?<secret>\S+)/,
          accept: (_secret, groups) => groups.key === 'internal',
        },
      ],
    });
    expect(redactor.redact('internal=abc other=def').text).toBe('internal=[REDACTED:internal] other=def');
  });
});

describe('long adversarial input', () => {
  // Each is 300,000+ characters shaped to make a backtracking pattern try every start against every end. Every
  // built-in finishes these in well under 100 ms; one quadratic pattern takes about a minute. The deadline is a
  // guard against that, 50 times what a linear run needs on a loaded machine, not a speed figure (those are in
  // bench/redaction.ts).
  const n = 300_000;
  const DEADLINE_MS = 5_000;
  const cases: [string, string][] = [
    ['one letter', 'a'.repeat(n)],
    ['digits', '1'.repeat(n)],
    ['base64 without padding', token(n, `${BASE62}+/`)],
    ['scheme separators', 'a://b:'.repeat(n / 6)],
    ['user-info with many @', `https://u:${'p@'.repeat(n / 2)}`],
    ['hosts that never end', `https://u:p@${'a.'.repeat(n / 2)}@`],
    ['password keys', 'password='.repeat(n / 9)],
    ['password value without end', `password=${'!a'.repeat(n / 2)}`],
    ['header names', 'Authorization: '.repeat(n / 15)],
    ['bearer without digits', `Authorization: Bearer ${'a'.repeat(n)}`],
    ['key prefixes', 'sk-'.repeat(n / 3)],
    ['long key', `sk-${'a'.repeat(n)}`],
    ['slack prefixes', 'xoxb-'.repeat(n / 5)],
    ['assignments', 'a=a'.repeat(n / 3)],
    ['colons', 'a: '.repeat(n / 3)],
    ['long keys before separators', `${'k'.repeat(999)}=`.repeat(n / 1000)],
    ['spaces before separators', `a${' '.repeat(999)}=`.repeat(n / 1000)],
    ['query string', `password=a${'&a'.repeat(n / 2)}`],
    ['dotted tokens', 'MTEw.'.repeat(n / 5)],
    ['telegram-like', `1234567:${'A'.repeat(n)}`],
    ['private key without end', `-----BEGIN PRIVATE KEY-----${'-----BEGIN '.repeat(n / 11)}`],
  ];

  it.each(cases)('finishes on %s', (_name, text) => {
    const started = performance.now();
    const result = redactSecrets(text);
    expect(performance.now() - started).toBeLessThan(DEADLINE_MS);
    // What the call returns must still make sense: either the text as it was, or markers in place of secrets.
    expect(result.text === text || result.redactions.length > 0).toBe(true);
  });
});
