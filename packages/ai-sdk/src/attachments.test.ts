import { isCtxkitError, type OpenAIChatRequest, UnsupportedAttachmentError } from '@ctxkit/core';
import { streamText, type UIMessageChunk, wrapLanguageModel } from 'ai';
import { describe, expect, test } from 'vitest';
import { promptOfRequest } from './convert.js';
import { createCtxkitTransport, ctxkitMiddleware, toUIMessages } from './index.js';
import { chatModel, makeEngine, model, serverRequests } from './test/fixtures.js';

// A GIF of 2×3 pixels: the header is what ctxkit reads for the size.
const GIF = new Uint8Array([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 2, 0, 3, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x2c, 0, 0, 0, 0, 2,
  0, 3, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
]);
const GIF_BASE64 = btoa(String.fromCharCode(...GIF));
const GIF_URL = `data:image/gif;base64,${GIF_BASE64}`;

async function drain(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  for (const reader = stream.getReader(); ; ) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

describe('attachments through the AI SDK', () => {
  test('promptOfRequest turns image and PDF parts into the AI SDK’s file parts', () => {
    const request: OpenAIChatRequest = {
      model: 'm',
      max_completion_tokens: 10,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'see' },
            { type: 'image_url', image_url: { url: GIF_URL } },
            { type: 'image_url', image_url: { url: 'https://cdn.test/a.png' } },
            { type: 'file', file: { filename: 'a.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
          ],
        },
      ],
    };
    expect(promptOfRequest(request)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'see' },
          { type: 'file', mediaType: 'image/gif', data: { type: 'data', data: GIF_BASE64 } },
          {
            type: 'file',
            mediaType: 'image/*',
            data: { type: 'url', url: new URL('https://cdn.test/a.png') },
          },
          {
            type: 'file',
            mediaType: 'application/pdf',
            data: { type: 'data', data: 'JVBERi0=' },
            filename: 'a.pdf',
          },
        ],
      },
    ]);
  });

  test('the transport carries a useChat file part into the turn and the model request', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const transport = createCtxkitTransport({ engine, sessionId: session.id, model: model('echo-model') });
    const chunks = await drain(
      await transport.sendMessages({
        trigger: 'submit-message',
        chatId: 'chat',
        messageId: undefined,
        messages: [
          {
            id: 'u1',
            role: 'user',
            parts: [
              { type: 'text', text: 'what is in this tiny gif' },
              { type: 'file', mediaType: 'image/gif', url: GIF_URL, filename: 'dot.gif' },
            ],
          },
        ],
        abortSignal: undefined,
      }),
    );
    expect(chunks.at(-1)?.type).toBe('finish');
    const [stored] = (await engine.openSession(session.id)).messages;
    expect(stored).toMatchObject({
      role: 'user',
      attachments: [{ kind: 'image', mediaType: 'image/gif', name: 'dot.gif', width: 2, height: 3 }],
    });
    const sent = (await serverRequests()).filter((body) =>
      JSON.stringify(body).includes('what is in this tiny gif'),
    );
    expect(sent).toHaveLength(1);
    const messages = (sent[0]?.messages ?? []) as { role: string; content: unknown }[];
    const user = messages.at(-1);
    expect(user?.content).toContainEqual({ type: 'image_url', image_url: { url: GIF_URL } });

    // The way back: after a reload, the stored turn is the same message for useChat, its image a file part again.
    const [restored] = toUIMessages((await engine.openSession(session.id)).transcript());
    expect(restored?.parts).toEqual([
      { type: 'text', text: 'what is in this tiny gif', state: 'done' },
      { type: 'file', mediaType: 'image/gif', url: GIF_URL, filename: 'dot.gif' },
    ]);
  });

  test('a file part ctxkit cannot send is refused, naming the part; nothing is opened', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const transport = createCtxkitTransport({ engine, sessionId: session.id, model: model('echo-model') });
    const send = (parts: object[]) =>
      transport
        .sendMessages({
          trigger: 'submit-message',
          chatId: 'chat',
          messageId: undefined,
          messages: [{ id: 'u1', role: 'user', parts } as never],
          abortSignal: undefined,
        })
        .catch((error: unknown) => error);
    const audio = await send([
      { type: 'text', text: 'hi' },
      { type: 'file', mediaType: 'audio/mpeg', url: 'data:audio/mpeg;base64,AAAA' },
    ]);
    expect(audio).toBeInstanceOf(UnsupportedAttachmentError);
    expect(audio).toMatchObject({ path: 'messages[0].parts[1]', mediaType: 'audio/mpeg' });
    const blob = await send([{ type: 'file', mediaType: 'image/png', url: 'blob:http://x.test/1' }]);
    expect(isCtxkitError(blob, 'invalid_input') && blob.issues.map((issue) => issue.path)).toEqual([
      'messages[0].parts[0].url',
    ]);
    expect(engine.pendingTurn(session.id)).toBeNull();
  });

  test('the middleware carries a file part of the route’s prompt into the turn', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const wrapped = wrapLanguageModel({
      model: chatModel('echo-model'),
      middleware: ctxkitMiddleware({ engine, sessionId: session.id }),
    });
    const result = streamText({
      model: wrapped,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'the route sends a gif' },
            { type: 'file', mediaType: 'image/gif', data: GIF },
          ],
        },
      ],
    });
    await result.consumeStream();
    const [stored] = (await engine.openSession(session.id)).messages;
    expect(stored).toMatchObject({ attachments: [{ kind: 'image', width: 2, height: 3 }] });
    const sent = (await serverRequests()).filter((body) =>
      JSON.stringify(body).includes('the route sends a gif'),
    );
    expect(JSON.stringify(sent[0]?.messages)).toContain(GIF_BASE64);
  });
});
