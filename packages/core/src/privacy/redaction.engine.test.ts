import { describe, expect, test } from 'vitest';
import { demoCatalog, testEngine } from '../engine/engine.fixtures.js';
import { ValidationError } from '../errors/index.js';
import type { AssistantMessage, ToolResultMessage } from '../session/index.js';
import { fakeSecrets, token } from './fake-secrets.fixtures.js';
import { RecordingStore } from './recording-store.fixtures.js';

const [openai, , , anthropic, aws, , awsSecret, github, , , , , , google, jwt, privateKey, , , envLine] =
  fakeSecrets(7);
const secret = (entry: typeof openai) => (entry as NonNullable<typeof openai>).secret;
const text = (entry: typeof openai) => (entry as NonNullable<typeof openai>).text;

describe('redaction in sessions', () => {
  test('a secret in the user message is neither stored nor sent, and the plan says it was removed', async () => {
    const store = new RecordingStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const turn = await session.prepare(`My key is ${text(openai)} and ${text(github)}, why does it fail?`);
    const request = JSON.stringify(turn.request);
    expect(request).not.toContain(secret(openai));
    expect(request).not.toContain(secret(github));
    expect(request).toContain('[REDACTED:openai-key]');
    expect(turn.userMessage.content).toBe(
      'My key is [REDACTED:openai-key] and [REDACTED:github-token], why does it fail?',
    );
    expect(turn.userMessage.redactions).toEqual([
      { kind: 'openai-key', field: 'content', start: 10, end: 31 },
      { kind: 'github-token', field: 'content', start: 36, end: 59 },
    ]);
    expect(turn.plan.redactions).toEqual([
      { candidateId: `current:${turn.userMessage.id}`, kind: 'github-token', count: 1 },
      { candidateId: `current:${turn.userMessage.id}`, kind: 'openai-key', count: 1 },
    ]);
    await session.commit(turn, 'Rotate it.');
    expect(store.written()).not.toContain(secret(openai));
    expect(store.written()).not.toContain(secret(github));
    // The stored plan replays with its summary.
    const replayed = await engine.getPlan(turn.plan.id);
    expect(replayed?.redactions).toEqual(turn.plan.redactions);
  });

  test('replies, tool-call arguments and tool results are redacted before they are kept or sent again', async () => {
    const store = new RecordingStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const first = await session.prepare('Call the API for me');
    const reply = {
      content: `Using ${text(anthropic)}`,
      toolCalls: [
        {
          id: 'call-1',
          name: 'database__query',
          arguments: { sql: 'select 1', auth: { headers: [`Bearer ${text(jwt)}`] }, 'api key': text(google) },
        },
      ],
    };
    const second = await session.continue(first, reply, [
      { toolCallId: 'call-1', content: `config:\n${text(awsSecret)}\n${text(privateKey)}` },
    ]);
    const [assistant, result] = second.steps as [AssistantMessage, ToolResultMessage];
    expect(assistant.modelReply.content).toBe('Using [REDACTED:anthropic-key]');
    expect(assistant.modelReply.toolCalls?.[0]?.arguments).toEqual({
      sql: 'select 1',
      auth: { headers: ['Bearer [REDACTED:jwt]'] },
      'api key': '[REDACTED:google-api-key]',
    });
    expect(assistant.redactions?.map((redaction) => redaction.field)).toEqual([
      'content',
      'toolCalls[0].arguments.auth.headers[0]',
      'toolCalls[0].arguments["api key"]',
    ]);
    expect(result.content).toBe(
      'config:\naws_secret_access_key = [REDACTED:aws-secret-key]\n[REDACTED:private-key]',
    );
    expect(Object.isFrozen(assistant.modelReply.toolCalls?.[0]?.arguments)).toBe(true);
    // The host's own objects are left as they were.
    expect(reply.content).toContain(secret(anthropic));
    const request = JSON.stringify(second.request);
    for (const entry of [anthropic, jwt, google, awsSecret, privateKey])
      expect(request).not.toContain(secret(entry));
    const current = `current:${first.userMessage.id}`;
    expect(second.plan.redactions).toEqual(
      ['anthropic-key', 'aws-secret-key', 'google-api-key', 'jwt', 'private-key'].map((kind) => ({
        candidateId: current,
        kind,
        count: 1,
      })),
    );

    await session.commit(second, `Done; the id was ${text(aws)}.`);
    const written = store.written();
    for (const entry of [anthropic, jwt, google, awsSecret, privateKey, aws])
      expect(written).not.toContain(secret(entry));
    // The next plan lists the committed turn's redactions, the final reply's included.
    const next = await session.prepare('Thanks');
    expect(
      next.plan.redactions.filter((entry) => entry.candidateId === `turn:${first.userMessage.id}`),
    ).toEqual(
      ['anthropic-key', 'aws-access-key-id', 'aws-secret-key', 'google-api-key', 'jwt', 'private-key'].map(
        (kind) => ({ candidateId: `turn:${first.userMessage.id}`, kind, count: 1 }),
      ),
    );
  });

  test('workspace, cards, fragments, notes and titles are redacted; the host’s own prompts and catalog are not', async () => {
    const store = new RecordingStore();
    const hostKey = `sk-${token(40, undefined, 3)}`;
    const engine = await testEngine({
      store,
      systemPrompt: { global: `Example for the docs: ${hostKey}` },
      catalog: {
        ...demoCatalog,
        rules: [
          ...(demoCatalog.rules ?? []),
          { name: 'Docs', content: `Example: ${hostKey}`, include: 'always' },
        ],
      },
    });
    const session = await engine.createSession({ title: `Debug ${text(openai)}` });
    await session.setTitle(`Debug ${text(github)}`);
    await session.setWorkspace(`.env\n${text(envLine)}`);
    const card = await session.pin({ kind: 'card', title: `Key ${text(google)}`, text: `use ${text(jwt)}` });
    session.setFragment('env', () => `AWS ${text(aws)}`);
    await session.addNote('error', `Request failed with ${text(anthropic)}`);
    const turn = await session.prepare('Go');
    const request = JSON.stringify(turn.request);
    const written = store.written();
    for (const entry of [openai, github, envLine, google, jwt, aws, anthropic]) {
      expect(request).not.toContain(secret(entry));
      expect(written).not.toContain(secret(entry));
    }
    expect(session.record.title).toBe('Debug [REDACTED:github-token]');
    expect(session.record.workspace).toBe('.env\nDEPLOY_TOKEN=[REDACTED:high-entropy]');
    expect(turn.plan.redactions).toEqual([
      { candidateId: 'system:fragment:env', kind: 'aws-access-key-id', count: 1 },
      { candidateId: `pin:${card.id}`, kind: 'google-api-key', count: 1 },
      { candidateId: `pin:${card.id}`, kind: 'jwt', count: 1 },
      { candidateId: 'workspace', kind: 'high-entropy', count: 1 },
    ]);
    // Host-authored text is sent as the host wrote it.
    expect(request).toContain(hostKey);
    // Clearing the workspace clears its entry.
    await session.setWorkspace(null);
    session.rollback(turn);
    const after = await session.prepare('Again');
    expect(after.plan.redactions.map((entry) => entry.candidateId)).not.toContain('workspace');
  });

  test('the host adds patterns and disables built-ins through the engine options', async () => {
    const engine = await testEngine({
      redaction: {
        patterns: [{ name: 'acme-key', pattern: /acme_[0-9a-f]{16}/ }],
        disable: ['high-entropy'],
      },
    });
    const session = await engine.createSession();
    const envValue = token(32, undefined, 9);
    const turn = await session.prepare(`acme_${'00112233aabbccdd'} and X=${envValue}`);
    expect(turn.userMessage.content).toBe(`[REDACTED:acme-key] and X=${envValue}`);
  });

  test('redaction can be turned off explicitly', async () => {
    const engine = await testEngine({ redaction: { enabled: false } });
    const session = await engine.createSession();
    const turn = await session.prepare(`key ${text(openai)}`);
    expect(turn.userMessage.content).toBe(`key ${text(openai)}`);
    expect(turn.plan.redactions).toEqual([]);
  });

  test('bad redaction options are a ValidationError naming each problem', async () => {
    const attempt = testEngine({
      redaction: { disable: ['nope'], patterns: [{ name: 'x', pattern: '[' }] },
    });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toMatchObject({
      issues: [{ path: 'redaction.disable[0]' }, { path: 'redaction.patterns[0].pattern' }],
    });
  });
});
