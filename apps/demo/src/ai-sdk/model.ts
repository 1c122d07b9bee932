import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { DemoSettings } from '../settings/index.js';
import { createLocalModel, type LocalModelOptions } from './local-model.js';

/**
 * The model the AI SDK page calls: the configured OpenAI-compatible endpoint (its base URL, model and key, with
 * usage asked for in every stream), or the demo's own offline model when there is none.
 */
export function modelFor(
  settings: Pick<DemoSettings, 'endpoint'>,
  localOptions: LocalModelOptions = {},
): LanguageModel {
  const endpoint = settings.endpoint;
  if (!endpoint) return createLocalModel(localOptions);
  const provider = createOpenAICompatible({
    name: 'endpoint',
    baseURL: endpoint.baseUrl.trim().replace(/\/+$/, ''),
    ...(endpoint.apiKey !== '' && { apiKey: endpoint.apiKey }),
    includeUsage: true,
  });
  return provider(endpoint.model);
}
