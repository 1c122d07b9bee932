import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createEngine, type Engine, openIdbStore, type Store } from '@ctxkit/core';
import type { LanguageModel } from 'ai';
import { inject } from 'vitest';

// What every test starts from: an engine with a rule (always sent, so a request can be told apart as ctxkit's) and
// a catalog tool, on the core's IndexedDB store in Chromium and a MemoryStore in Node; and the local
// OpenAI-compatible server as an AI SDK language model.

export const RULE = 'Answer in one line.';

export const inBrowser = typeof window !== 'undefined' && typeof indexedDB !== 'undefined';

let databases = 0;

/** The store the last engine was given: the IndexedDB store in Chromium; none (the default MemoryStore) in Node. */
export let lastStore: Store | undefined;

export async function makeEngine(): Promise<Engine> {
  const store: Store | undefined = inBrowser
    ? await openIdbStore({ name: `ctxkit-ai-sdk-test-${Date.now()}-${databases++}` })
    : undefined;
  lastStore = store;
  return createEngine({
    model: 'echo-model',
    contextWindow: 16_000,
    reservedOutput: 1_000,
    // Passages recalled from other sessions would land in the user message the echo model repeats.
    recall: false,
    ...(store && { store }),
    catalog: {
      rules: [{ name: 'Style', content: RULE, include: 'always' }],
      servers: [{ name: 'files', include: 'always' }],
      tools: [
        {
          server: 'files',
          name: 'read_file',
          description: 'Read a file',
          inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        },
      ],
    },
  });
}

/** The AI SDK major this run of the suite loaded (its project's aliases: see vitest.majors.ts). */
export function aiMajor(): 5 | 6 | 7 {
  return inject('aiMajor');
}

export function baseUrl(): string {
  return inject('openaiBaseUrl');
}

export type LocalModel = 'echo-model' | 'tool-model' | 'slow-model' | 'fail-model';

/** The local server's model by name (see openai-server.ts for what each does). */
export function chatModel(
  name: LocalModel,
): ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']> {
  return createOpenAICompatible({ name: 'local', baseURL: baseUrl(), includeUsage: true }).chatModel(name);
}

export function model(name: LocalModel): LanguageModel {
  return chatModel(name);
}

/** Every request body the local server received, oldest first. */
export async function serverRequests(): Promise<Record<string, unknown>[]> {
  return (await fetch(`${baseUrl()}/requests`)).json() as Promise<Record<string, unknown>[]>;
}

/** Resolves once `check` holds, polling; fails the test after `timeout` ms. */
export async function until(check: () => boolean, timeout = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeout) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
