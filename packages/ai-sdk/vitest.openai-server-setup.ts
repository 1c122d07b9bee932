import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startOpenAIServer } from './src/test/openai-server.js';

// Starts the local OpenAI-compatible server in the Node process that runs Vitest, for both projects: the Chromium
// tests reach it over HTTP (it answers CORS preflights) just as the Node tests do. Tests read its URL with
// `inject('openaiBaseUrl')`. `inject('closedBaseUrl')` is an address nothing listens on: a port taken and released
// again (a browser refuses well-known ports such as 9 before connecting, which would test something else).
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startOpenAIServer();
  project.provide('openaiBaseUrl', server.baseUrl);
  project.provide('closedBaseUrl', await closedBaseUrl());
  return () => server.close();
}

async function closedBaseUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
  const { port } = probe.address() as AddressInfo;
  await new Promise((closed) => probe.close(closed));
  return `http://127.0.0.1:${port}/v1`;
}

declare module 'vitest' {
  export interface ProvidedContext {
    openaiBaseUrl: string;
    closedBaseUrl: string;
  }
}
