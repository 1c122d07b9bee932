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
  fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init),
): LanguageModel {
  const endpoint = settings.endpoint;
  if (!endpoint) return createLocalModel(localOptions);
  const provider = createOpenAICompatible({
    name: 'endpoint',
    baseURL: endpoint.baseUrl.trim().replace(/\/+$/, ''),
    ...(endpoint.apiKey !== '' && { apiKey: endpoint.apiKey }),
    includeUsage: true,
    fetch: withoutUserAgent(fetchFn),
  });
  return provider(endpoint.model);
}

/**
 * `fetch` without the `user-agent` header the AI SDK adds to every request. Chromium drops it silently, but Firefox
 * sends it, which makes it a header of the CORS preflight: an endpoint that does not list it in
 * `Access-Control-Allow-Headers` then refuses every request from the page. A page's requests carry the browser's
 * own user agent anyway.
 */
export function withoutUserAgent(fetchFn: typeof fetch): typeof fetch {
  return (input, init) => {
    if (!init?.headers) return fetchFn(input, init);
    const headers = new Headers(init.headers);
    headers.delete('user-agent');
    return fetchFn(input, { ...init, headers });
  };
}
