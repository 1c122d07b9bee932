import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { modelFor } from './model.js';

describe('modelFor', () => {
  it('is the local model without an endpoint, and the endpoint’s model through @ai-sdk/openai-compatible with one', () => {
    const local = modelFor({ endpoint: null });
    expect(typeof local === 'object' && [local.provider, local.modelId]).toEqual([
      'ctxkit-demo.local',
      'ctxkit-local-responder',
    ]);
    const remote = modelFor({
      endpoint: { baseUrl: 'http://127.0.0.1:11434/v1/', model: 'llama3.2', apiKey: '' },
    });
    expect(typeof remote === 'object' && [remote.provider, remote.modelId]).toEqual([
      'endpoint.chat',
      'llama3.2',
    ]);
  });

  it('sends no user-agent header of its own, which a CORS preflight would have to allow (Firefox sends it)', async () => {
    const sent: Headers[] = [];
    const recording: typeof fetch = async (_input, init) => {
      sent.push(new Headers(init?.headers));
      return Response.json({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 0,
        model: 'llama3.2',
        choices: [{ index: 0, message: { role: 'assistant', content: 'Hello.' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      });
    };
    const model = modelFor(
      { endpoint: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', apiKey: 'sk-test' } },
      {},
      recording,
    );
    const { text } = await generateText({ model, prompt: 'Hi' });
    expect(text).toBe('Hello.');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('authorization')).toBe('Bearer sk-test');
    expect(sent[0]?.get('content-type')).toContain('application/json');
    expect(sent[0]?.has('user-agent')).toBe(false);
  });
});
