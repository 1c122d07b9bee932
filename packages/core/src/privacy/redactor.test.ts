import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { BASE62, fakeSecretArbitrary, fakeSecrets, harmlessText, token } from './fake-secrets.fixtures.js';
import {
  BUILTIN_SECRET_KINDS,
  createRedactor,
  HIGH_ENTROPY_THRESHOLD,
  redactionMarker,
  redactSecrets,
  shannonEntropy,
} from './index.js';

describe('redactSecrets', () => {
  it.each(fakeSecrets().map((secret) => [secret.kind, secret] as const))(
    'replaces a %s with its marker',
    (kind, { text, secret }) => {
      const input = `before ${text} after`;
      const result = redactSecrets(input);
      expect(result.text).not.toContain(secret);
      expect(result.text).toContain(redactionMarker(kind));
      expect(result.text.startsWith('before ')).toBe(true);
      expect(result.text.endsWith(' after')).toBe(true);
      expect(result.redactions.map((redaction) => redaction.kind)).toEqual([kind]);
    },
  );

  it('covers every built-in kind in its examples', () => {
    expect(new Set(fakeSecrets().map((secret) => secret.kind))).toEqual(new Set(BUILTIN_SECRET_KINDS));
  });

  it('locates each secret in the input and its marker in the output, and never keeps the secret', () => {
    const github = `ghp_${token(36)}`;
    const aws = `AKIA${token(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`;
    const input = `one ${github} two ${aws}.`;
    const result = redactSecrets(input);
    expect(result.text).toBe('one [REDACTED:github-token] two [REDACTED:aws-access-key-id].');
    const [first, second] = result.redactions;
    expect(input.slice(first?.start, first?.end)).toBe(github);
    expect(input.slice(second?.start, second?.end)).toBe(aws);
    expect(result.text.slice(first?.markerStart, first?.markerEnd)).toBe('[REDACTED:github-token]');
    expect(result.text.slice(second?.markerStart, second?.markerEnd)).toBe('[REDACTED:aws-access-key-id]');
    expect(JSON.stringify(result.redactions)).not.toContain(github.slice(4, 20));
  });

  it('lets the more specific provider win a match of the same length', () => {
    const anthropic = `sk-${'ant'}-api03-${token(60, `${BASE62}-_`)}`;
    const openrouter = `sk-${'or-v1'}-${token(64, '0123456789abcdef')}`;
    expect(redactSecrets(anthropic).text).toBe('[REDACTED:anthropic-key]');
    expect(redactSecrets(openrouter).text).toBe('[REDACTED:openrouter-key]');
    // In an assignment the value is also a high-entropy token; the provider's name wins.
    expect(redactSecrets(`OPENAI_API_KEY=sk-${'proj'}-${token(80)}`).text).toBe(
      'OPENAI_API_KEY=[REDACTED:openai-key]',
    );
    const jwt = `ey${'J'}${token(20)}.ey${'J'}${token(30)}.${token(40)}`;
    expect(redactSecrets(`TOKEN=${jwt}`).text).toBe('TOKEN=[REDACTED:jwt]');
  });

  it('lets the longest match win an overlap, widened to cover every part of a secret found', () => {
    const key = `-----BEGIN ${''}PRIVATE KEY-----\nsecret_key = ${token(40)}\n-----END ${''}PRIVATE KEY-----`;
    expect(redactSecrets(`x ${key} y`).text).toBe('x [REDACTED:private-key] y');
    // The assignment's value runs past the key's own characters (a dot is not part of an OpenAI key).
    const tail = token(24);
    const result = redactSecrets(`KEY=sk-${token(30)}.${tail}`);
    expect(result.text).toBe('KEY=[REDACTED:high-entropy]');
    expect(result.text).not.toContain(tail);
  });

  it('widens the winner over a shorter match that reaches past it, and merges what then touches', () => {
    const redactor = createRedactor({
      patterns: [
        { name: 'left', pattern: /L{6}M{4}/ },
        { name: 'right', pattern: /M{4}R{3}/ },
        { name: 'far', pattern: /R{2}F{5}/ },
      ],
    });
    const result = redactor.redact('x LLLLLLMMMMRRRFFFFF y');
    expect(result.text).toBe('x [REDACTED:left] y');
    expect(result.redactions).toEqual([{ kind: 'left', start: 2, end: 20, markerStart: 2, markerEnd: 17 }]);
    // A bridge between two winners widens the first into the second: one marker, not two.
    const bridged = createRedactor({
      patterns: [
        { name: 'a', pattern: /A{10}/ },
        { name: 'b', pattern: /B{8}/ },
        { name: 'bridge', pattern: /A{2}-B{2}/ },
      ],
    }).redact('AAAAAAAAAA-BBBBBBBB');
    expect(bridged.text).toBe('[REDACTED:a]');
  });

  it('redacts a private key block cut off before its end, up to the end of the text', () => {
    const result = redactSecrets(`here:\n-----BEGIN EC ${''}PRIVATE KEY-----\nMHc${token(60)}\n`);
    expect(result.text).toBe('here:\n[REDACTED:private-key]');
  });

  it('redacts only the value of an assignment, in its common spellings', () => {
    const value = token(32);
    for (const line of [
      `API_TOKEN=${value}`,
      `export API_TOKEN="${value}"`,
      `api_token: ${value}`,
      `"apiToken": "${value}"`,
      `  signing_token = '${value}'`,
    ]) {
      const result = redactSecrets(line);
      expect(result.text, line).toBe(line.replace(value, '[REDACTED:high-entropy]'));
    }
  });

  it(`needs ${HIGH_ENTROPY_THRESHOLD} bits per character, 20 characters, a digit and a letter in an assignment`, () => {
    for (const line of [
      'NAME=ThisIsAVeryLongIdentifierName', // no digit
      'PATH=/usr/local/bin:/usr/bin:/bin', // a path
      'COUNT=1234567890123456789012', // digits only
      'PADDING=aaaaaaaaaaaaaaaaaaaaaaaa1', // low entropy
      `SHORT=${token(19)}`, // too short
      'url: https://example.com/a/b/c/d/e/f/g/h/1', // a URL, not an assignment
      `"integrity": "sha512-${token(86)}=="`, // a public digest
    ]) {
      expect(redactSecrets(line).text, line).toBe(line);
    }
    // Hex digests and UUIDs under a name that says secret are redacted (see the key-aware tests below).
    expect(redactSecrets(`SESSION=${'3f786850e387550fdab836ed7e6dc881de23001b'}`).text).toBe(
      'SESSION=[REDACTED:high-entropy]',
    );
    expect(redactSecrets('API_KEY=123e4567-e89b-12d3-a456-426614174000').text).toBe(
      'API_KEY=[REDACTED:high-entropy]',
    );
    // So is base64 image data assigned to a key, unlike the same data in a data URL.
    const image = `iVBORw0KGgo${token(120, `${BASE62}+/`)}`;
    expect(redactSecrets(`AVATAR=${image}`).text).toBe('AVATAR=[REDACTED:high-entropy]');
    expect(redactSecrets(`src="data:image/png;base64,${image}"`).redactions).toEqual([]);
  });

  it('leaves prose, hashes in code and text, UUIDs and image data URLs alone', () => {
    const texts = [
      'The quick brown fox jumps over the lazy dog; scikit-learn ships sk-learn-style estimators.',
      'git show 3f786850e387550fdab836ed7e6dc881de23001b',
      "expect(hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')",
      'Request 123e4567-e89b-12d3-a456-426614174000 failed',
      `<img src="data:image/png;base64,iVBORw0KGgo${token(200, `${BASE62}+/`)}=">`,
      'Use the AKIA prefix check; keys start with sk- and tokens with ghp_.',
      'Bearer tokens look like eyJ... and are three dot-separated parts.',
    ];
    for (const text of texts) {
      const result = redactSecrets(text);
      expect(result.redactions, text).toEqual([]);
      expect(result.text).toBe(text);
    }
  });

  it('is idempotent: a marker is not itself redacted', () => {
    const once = redactSecrets(
      fakeSecrets()
        .map((secret) => secret.text)
        .join('\n'),
    );
    expect(redactSecrets(once.text)).toEqual({ text: once.text, redactions: [] });
  });
});

describe('properties', () => {
  it('never lets a secret embedded anywhere in random text survive', () => {
    // Anything that is not part of a token may stand on either side: spaces, line breaks, quotes, brackets, punctuation.
    const separator = fc.constantFrom(
      ' ',
      '\n',
      '\t',
      '"',
      "'",
      '`',
      '(',
      ')',
      '[',
      ']',
      '<',
      '>',
      ',',
      ';',
      '!',
      '|',
      '',
    );
    fc.assert(
      fc.property(
        harmlessText,
        separator,
        fakeSecretArbitrary,
        separator,
        harmlessText,
        (before, open, { kind, text, secret }, close, after) => {
          const result = redactSecrets(`${before} ${open}${text}${close} ${after}`);
          expect(result.text).not.toContain(secret);
          expect(result.redactions.map((redaction) => redaction.kind)).toContain(kind);
        },
      ),
    );
  });

  it('leaves text without secrets unchanged', () => {
    fc.assert(
      fc.property(harmlessText, (text) => {
        const result = redactSecrets(text);
        expect(result.redactions).toEqual([]);
        expect(result.text).toBe(text);
      }),
    );
  });

  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            harmlessText,
            fakeSecretArbitrary.map((secret) => secret.text),
          ),
        ),
        (parts) => {
          const once = redactSecrets(parts.join(' ')).text;
          expect(redactSecrets(once).text).toBe(once);
        },
      ),
    );
  });
});

describe('createRedactor', () => {
  it('adds the host’s patterns, with a named group to redact only part of a match', () => {
    const redactor = createRedactor({
      patterns: [
        { name: 'acme-key', pattern: /acme_[a-z0-9]{16}/ },
        { name: 'pin', pattern: 'PIN (?<secret>[0-9]{4})', accept: (pin) => pin !== '0000' },
      ],
    });
    expect(redactor.redact(`use acme_${'0123456789abcdef'} with PIN 4711, not PIN 0000`).text).toBe(
      'use [REDACTED:acme-key] with PIN [REDACTED:pin], not PIN 0000',
    );
    expect(redactor.kinds).toEqual([...BUILTIN_SECRET_KINDS, 'acme-key', 'pin']);
  });

  it('disables built-ins by name, and may then reuse the name', () => {
    const value = token(32);
    const quiet = createRedactor({ disable: ['high-entropy'] });
    expect(quiet.redact(`X=${value}`).text).toBe(`X=${value}`);
    expect(quiet.kinds).not.toContain('high-entropy');
    const replaced = createRedactor({
      disable: ['jwt'],
      patterns: [{ name: 'jwt', pattern: /JWT\S+/ }],
    });
    expect(replaced.redact('JWTabc').text).toBe('[REDACTED:jwt]');
  });

  it('does nothing when disabled', () => {
    const text = fakeSecrets()[0]?.text ?? '';
    const redactor = createRedactor({ enabled: false });
    expect(redactor.enabled).toBe(false);
    expect(redactor.redact(text)).toEqual({ text, redactions: [] });
  });

  it('reports every problem of the options at once, with its path', () => {
    const attempt = () =>
      createRedactor({
        enabled: 'yes' as unknown as boolean,
        disable: ['openai-key', 'no-such-kind'],
        patterns: [
          { name: 'openai-key', pattern: /x/ },
          { name: 'jwt', pattern: /y/ },
          { name: 'bad name!', pattern: /z/ },
          { name: 'empty', pattern: /a*/ },
          { name: 'broken', pattern: '(' },
          { name: 'odd', pattern: /q/, specificity: Number.NaN },
        ],
      });
    expect(attempt).toThrow(ValidationError);
    try {
      attempt();
    } catch (error) {
      expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
        'redaction.enabled',
        'redaction.disable[1]',
        'redaction.patterns[1].name',
        'redaction.patterns[2].name',
        'redaction.patterns[3].pattern',
        'redaction.patterns[4].pattern',
        'redaction.patterns[5].specificity',
      ]);
    }
  });
});

describe('shannonEntropy', () => {
  it('measures bits per character', () => {
    expect(shannonEntropy('')).toBe(0);
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abab')).toBe(1);
    expect(shannonEntropy('0123456789abcdef')).toBe(4);
    expect(shannonEntropy(token(64))).toBeGreaterThan(HIGH_ENTROPY_THRESHOLD);
  });
});
