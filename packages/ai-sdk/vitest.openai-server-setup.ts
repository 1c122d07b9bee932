import type { TestProject } from 'vitest/node';
import { startOpenAIServer } from './src/test/openai-server.js';

// Starts the local OpenAI-compatible server in the Node process that runs Vitest, for both projects: the Chromium
// tests reach it over HTTP (it answers CORS preflights) just as the Node tests do. Tests read its URL with
// `inject('openaiBaseUrl')`.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startOpenAIServer();
  project.provide('openaiBaseUrl', server.baseUrl);
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    openaiBaseUrl: string;
  }
}
