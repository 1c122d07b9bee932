// An engine on the demo's catalog for unit tests: a MemoryStore, approximate token counts, sequential ids and a
// fixed clock, so every plan is one the real planner made and the same run gives the same ids.
import {
  createApproximateCounter,
  createEngine,
  type Engine,
  type EngineOptions,
  MemoryStore,
  type OpenAIChatRequest,
} from '@ctxkit/core';
import { demoCatalog } from '../catalog/index.js';

export function testEngine(
  options: Partial<
    Pick<EngineOptions<OpenAIChatRequest>, 'contextWindow' | 'reservedOutput' | 'history'>
  > = {},
): Promise<Engine> {
  let id = 0;
  let minute = 0;
  return createEngine({
    catalog: demoCatalog,
    model: 'test-model',
    contextWindow: 8_192,
    reservedOutput: 1_024,
    store: new MemoryStore(),
    tokenizer: createApproximateCounter(),
    now: () => new Date(Date.UTC(2026, 0, 1, 12, minute++)),
    newId: () => `id-${++id}`,
    ...options,
  });
}
