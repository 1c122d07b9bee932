import type { Engine } from '@ctxkit/core';

// Any renderer's engine will do: the kit reads plans, records and messages, never provider requests.
// biome-ignore lint/suspicious/noExplicitAny: the request type is irrelevant to the kit
export type AnyEngine = Engine<any>;
