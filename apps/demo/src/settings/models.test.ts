import { describe, expect, test } from 'vitest';
import { modelChoices } from './models.js';
import { DEFAULT_SETTINGS, LOCAL_MODEL } from './settings.js';

describe('the model picker’s choices', () => {
  test('offline, the local responder comes first, with the window of the settings', () => {
    const choices = modelChoices(DEFAULT_SETTINGS);
    expect(choices[0]).toEqual({
      model: LOCAL_MODEL,
      label: 'Local responder',
      contextWindow: DEFAULT_SETTINGS.contextWindow,
    });
    expect(choices.map((choice) => choice.model)).toContain('qwen3:4b');
  });

  test('with an endpoint, its model comes first and is not offered twice', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      contextWindow: 32_768,
      endpoint: { baseUrl: 'http://localhost:11434/v1', model: 'qwen3:4b', apiKey: '' },
    };
    const choices = modelChoices(settings);
    expect(choices[0]).toEqual({ model: 'qwen3:4b', label: 'qwen3:4b (endpoint)', contextWindow: 32_768 });
    expect(choices.filter((choice) => choice.model === 'qwen3:4b')).toHaveLength(1);
    // An open model runs with the window the settings give; a hosted one with its own.
    expect(choices.find((choice) => choice.model === 'llama3.1:8b')?.contextWindow).toBe(32_768);
    expect(choices.find((choice) => choice.model === 'gpt-4o-mini')?.contextWindow).toBe(128_000);
  });
});
