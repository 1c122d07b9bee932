import { describe, expect, test } from 'vitest';
import { dataUrl, jpeg, pdf } from '../attachments/images.fixtures.js';
import { anthropicImageTokens, openaiImageTokens } from '../attachments/index.js';
import { BudgetError, UnsupportedAttachmentError, ValidationError } from '../errors/index.js';
import { fakeSecrets } from '../privacy/fake-secrets.fixtures.js';
import { type AnthropicMessagesRequest, renderAnthropicMessages } from '../render/index.js';
import { messageProblem } from '../store/record-shape.js';
import { testEngine } from './engine.fixtures.js';

// A JPEG's header is all the counting reads: a few bytes keep these tests quick.
const IMAGE = jpeg(1024, 1024);
const image = { mediaType: 'image/jpeg', data: IMAGE, name: 'chart.jpg' } as const;
const base64 = dataUrl('image/jpeg', IMAGE).split(',')[1] as string;

describe('attachments in a turn', () => {
  test('an image is counted by the OpenAI rules, planned with the current turn and sent as an image_url part', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const withImage = await session.prepare('What does this chart show?', { attachments: [image] });
    session.rollback(withImage);
    const without = await session.prepare('What does this chart show?');
    session.rollback(without);

    const current = withImage.plan.included.find((entry) => entry.candidate.kind === 'current')?.candidate;
    expect(current?.kind === 'current' && current.attachmentTokens).toEqual([765]);
    expect(withImage.plan.sections.current.tokens - without.plan.sections.current.tokens).toBe(
      openaiImageTokens(1024, 1024),
    );
    expect(withImage.userMessage.attachments).toEqual([
      {
        kind: 'image',
        mediaType: 'image/jpeg',
        name: 'chart.jpg',
        width: 1024,
        height: 1024,
        source: { type: 'base64', data: base64, bytes: IMAGE.length },
      },
    ]);
    expect(withImage.request.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What does this chart show?' },
        { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${base64}` } },
      ],
    });
  });

  test('a committed image stays with its turn: later requests carry it in history, counted again', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const first = await session.prepare('Look at this.', { attachments: [{ ...image, detail: 'low' }] });
    await session.commit(first, 'A chart.');
    expect(session.messages[0]).toMatchObject({
      role: 'user',
      attachments: [{ kind: 'image', detail: 'low' }],
    });
    const second = await session.prepare('And now?');
    const turn = second.plan.included.find((entry) => entry.candidate.kind === 'turn')?.candidate;
    expect(turn?.kind === 'turn' && turn.attachmentTokens).toEqual([85]);
    expect(second.request.messages).toContainEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Look at this.' },
        { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${base64}`, detail: 'low' } },
      ],
    });
  });

  test('under pressure an older turn goes whole, its image with it, and the plan says why', async () => {
    // 5,000 tokens for the prompt: two high-detail images (765 each) fit beside each other, three do not.
    const engine = await testEngine({ contextWindow: 2_400, reservedOutput: 400 });
    const session = await engine.createSession();
    for (const text of ['first picture', 'second picture']) {
      const turn = await session.prepare(text, { attachments: [image] });
      await session.commit(turn, 'seen');
    }
    const third = await session.prepare('third picture', { attachments: [image] });
    const excluded = third.plan.excluded.filter((entry) => entry.candidate.kind === 'turn');
    const included = third.plan.included.filter((entry) => entry.candidate.kind === 'turn');
    expect(included.map((entry) => entry.candidate.id)).toEqual([`turn:${session.messages[2]?.id}`]);
    expect(excluded.map((entry) => entry.candidate.id)).toEqual([`turn:${session.messages[0]?.id}`]);
    expect(['budget', 'history-cutoff', 'history-share']).toContain(excluded[0]?.reason.code);
    const images = third.request.messages.flatMap((message) =>
      message.role === 'user' && Array.isArray(message.content)
        ? message.content.filter((part) => part.type === 'image_url')
        : [],
    );
    expect(images).toHaveLength(2);
  });

  test('an image the window cannot hold with the required context is a BudgetError naming the message', async () => {
    const engine = await testEngine({ contextWindow: 900, reservedOutput: 100 });
    const session = await engine.createSession();
    const error = await session.prepare('hi', { attachments: [image] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetError);
    expect((error as BudgetError).tooLong).toBe('message');
    expect(session.isTurnOpen).toBe(false);
  });

  test('with anthropic costs and renderer: counted by width × height / 750, sent as an image block before the text', async () => {
    const engine = await testEngine<AnthropicMessagesRequest>({
      attachmentCosts: 'anthropic',
      contextWindow: 20_000,
      render: (plan) => renderAnthropicMessages(plan, { model: 'claude', cache: false }),
    });
    const session = await engine.createSession();
    const turn = await session.prepare('Describe it.', {
      attachments: [image, { mediaType: 'application/pdf', data: pdf(2), name: 'spec.pdf' }],
    });
    const current = turn.plan.included.find((entry) => entry.candidate.kind === 'current')?.candidate;
    expect(current?.kind === 'current' && current.attachmentTokens).toEqual([
      anthropicImageTokens(1024, 1024),
      2 * 4600,
    ]);
    expect(turn.request.messages.at(-1)?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: base64 } },
      {
        type: 'document',
        source: {
          type: 'base64',
          media_type: 'application/pdf',
          data: dataUrl('application/pdf', pdf(2)).split(',')[1],
        },
        title: 'spec.pdf',
      },
      { type: 'text', text: 'Describe it.' },
    ]);
  });

  test('a text file is sent as a named text part and redacted like the message; an image is never touched', async () => {
    const [openai] = fakeSecrets(3);
    const engine = await testEngine();
    const session = await engine.createSession();
    const env = `The service uses ${openai?.text} as its key.`;
    const turn = await session.prepare('Why does this config fail?', {
      attachments: [{ mediaType: 'text/plain', name: '.env', data: new TextEncoder().encode(env) }, image],
    });
    const sent = JSON.stringify(turn.request);
    expect(sent).not.toContain(openai?.secret);
    expect(turn.userMessage.attachments?.[0]).toMatchObject({
      kind: 'text',
      text: expect.stringContaining('[REDACTED:openai-key]'),
    });
    expect(turn.userMessage.redactions?.map((entry) => entry.field)).toEqual(['attachments[0].text']);
    expect(turn.userMessage.attachments?.[1]).toMatchObject({ source: { data: base64 } });
    const user = turn.request.messages.at(-1);
    expect(user?.role === 'user' && Array.isArray(user.content) && user.content[1]).toEqual({
      type: 'text',
      text: '<file name=".env" type="text/plain">\nThe service uses [REDACTED:openai-key] as its key.\n</file>',
    });
  });

  test('an image alone is a message; no text and no attachment is not', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const turn = await session.prepare('', { attachments: [image] });
    expect(turn.request.messages.at(-1)?.content).toEqual([
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${base64}` } },
    ]);
    session.rollback(turn);
    await expect(session.prepare('', { attachments: [] })).rejects.toThrow(ValidationError);
  });

  test('a malformed attachment is a ValidationError naming its path in the call; nothing is opened', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const error = await session
      .prepare('hi', { attachments: [image, { mediaType: 'image/png', data: IMAGE }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
      'options.attachments[1].mediaType',
    ]);
    const unknown = await session.prepare('hi', { files: [] } as never).catch((e: unknown) => e);
    expect((unknown as ValidationError).issues[0]?.path).toBe('options.files');
    expect(session.isTurnOpen).toBe(false);
  });

  test('audio is refused with an UnsupportedAttachmentError; so is a PDF URL the OpenAI renderer cannot send', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await expect(
      session.prepare('listen', { attachments: [{ mediaType: 'audio/wav', data: new Uint8Array([1, 2]) }] }),
    ).rejects.toMatchObject({ code: 'unsupported_attachment', path: 'options.attachments[0]', by: 'ctxkit' });
    const error = await session
      .prepare('read', {
        attachments: [{ mediaType: 'application/pdf', url: 'https://x.test/a.pdf', pages: 3 }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedAttachmentError);
    expect(error).toMatchObject({ mediaType: 'application/pdf', by: 'openai-chat' });
    expect((error as Error).message).toMatch(/attachments\[0\].*as data only/);
    expect(session.isTurnOpen).toBe(false);
  });

  test('the engine refuses an unknown attachmentCosts', async () => {
    await expect(testEngine({ attachmentCosts: 'mistral' as never })).rejects.toThrow(/attachmentCosts/);
  });
});

describe('estimating a draft with attachments', () => {
  test('the estimate counts the draft’s images as prepare would, and opens nothing', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const plain = await session.estimate('What does this chart show?');
    const withImage = await session.estimate('What does this chart show?', { attachments: [image] });
    expect(withImage.sections.current.tokens - plain.sections.current.tokens).toBe(765);
    expect(session.isTurnOpen).toBe(false);
    await expect(session.estimate('x', { attachments: [{ mediaType: 'image/png' }] })).rejects.toThrow(
      ValidationError,
    );
  });
});

describe('a stored message with attachments', () => {
  test('is read when its attachments are whole, and refused by name when one is not', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const turn = await session.prepare('see', {
      attachments: [
        image,
        { mediaType: 'application/pdf', data: pdf(1) },
        { mediaType: 'text/plain', data: new Uint8Array([104, 105]) },
      ],
    });
    const stored = turn.userMessage;
    expect(messageProblem(stored)).toBeNull();
    const broken = (attachment: object, at = 0) => ({
      ...stored,
      attachments: stored.attachments?.map((entry, i) => (i === at ? attachment : entry)),
    });
    expect(messageProblem({ ...stored, attachments: 'x' })).toBe('its attachments are not a list');
    expect(
      messageProblem(broken({ kind: 'image', mediaType: 'image/png', source: { type: 'base64' } })),
    ).toBe('its attachment 0 has no readable source');
    expect(
      messageProblem(
        broken(
          {
            kind: 'document',
            mediaType: 'application/pdf',
            source: { type: 'url', url: 'https://x.test/a.pdf' },
          },
          1,
        ),
      ),
    ).toBe('its attachment 1 is a PDF without its pages');
    expect(messageProblem(broken({ kind: 'text', mediaType: 'text/plain' }, 2))).toBe(
      'its attachment 2 is a text file without its text',
    );
    expect(messageProblem(broken({ kind: 'audio', mediaType: 'audio/wav' }))).toBe(
      'its attachment 0 is of no known kind',
    );
  });
});

describe('what the Anthropic renderer refuses', () => {
  test('an image above 8,000 px a side is an UnsupportedAttachmentError by anthropic, naming it', async () => {
    const engine = await testEngine<AnthropicMessagesRequest>({
      attachmentCosts: 'anthropic',
      render: (plan) => renderAnthropicMessages(plan, { model: 'claude' }),
    });
    const session = await engine.createSession();
    const error = await session
      .prepare('panorama', {
        attachments: [{ mediaType: 'image/jpeg', url: 'https://x.test/p.jpg', width: 9000, height: 1000 }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedAttachmentError);
    expect(error).toMatchObject({ by: 'anthropic', mediaType: 'image/jpeg' });
    expect((error as Error).message).toContain('9,000 px on a side');
    expect(session.isTurnOpen).toBe(false);
  });
});
