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
});
