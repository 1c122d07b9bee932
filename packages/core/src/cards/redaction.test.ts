import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { fakeSecrets } from '../privacy/fake-secrets.fixtures.js';
import { answerCardCalls } from './index.js';

const [key, , , , awsId] = fakeSecrets(7) as [
  { secret: string },
  unknown,
  unknown,
  unknown,
  { secret: string },
];

describe('cards and secret redaction', () => {
  test('a secret in the message reaches neither the cards nor the request: the message is redacted first', async () => {
    const engine = await testEngine({ modeLimits: { light: { minScore: 0 } } });
    const session = await engine.createSession();
    const prepared = await session.prepare(`Which database tables hold users? My key is ${key.secret}`);
    const cards = prepared.plan.included.filter(
      ({ reason }) => reason.code === 'agent' && reason.form === 'card',
    );
    expect(cards.length).toBeGreaterThan(0);
    expect(JSON.stringify(prepared.request)).not.toContain(key.secret);
    expect(JSON.stringify(prepared.plan)).not.toContain(key.secret);
    expect(JSON.stringify(prepared.request)).toContain('[REDACTED:openai-key]');
    session.rollback(prepared);
  });

  test('what expand_card returns is redacted like every tool result before it is stored or sent', async () => {
    const engine = await testEngine({
      modeLimits: { light: { minScore: 0 } },
      catalog: {
        references: [
          {
            name: 'Deploy notes',
            description: 'How the service is deployed',
            content: `Deploy with the release script. The old access key ${awsId.secret} was rotated.`,
            include: 'agent',
          },
        ],
      },
    });
    const session = await engine.createSession();
    const first = await session.prepare('how is the service deployed?');
    const calls = [{ id: 'e1', name: 'expand_card', arguments: { name: 'Deploy notes' } }];
    const { answered, host } = answerCardCalls(first.plan, calls);
    expect(host).toEqual([]);
    expect(answered[0]?.content).toContain('Deploy with the release script.');
    const next = await session.continue(first, { content: '', toolCalls: calls }, answered);
    expect(JSON.stringify(next.request)).toContain('Deploy with the release script.');
    expect(JSON.stringify(next.steps)).not.toContain(awsId.secret);
    expect(JSON.stringify(next.request.messages.filter((message) => message.role === 'tool'))).not.toContain(
      awsId.secret,
    );
    const { assistantMessage } = await session.commit(next, 'It is deployed with the release script.');
    const stored = await engine.store.loadSession(session.id);
    expect(JSON.stringify(stored?.messages)).not.toContain(awsId.secret);
    expect(assistantMessage.requestContext?.items.map((item) => item.name)).toContain('Deploy notes');
  });
});
