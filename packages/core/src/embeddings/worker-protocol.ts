import { type EmbedderFailure, EmbedderLoadError } from '../errors/index.js';
import type { ModelLoadEvent } from './events.js';
import type { TransformersEmbedderConfig } from './transformers-options.js';

/** An EmbedderLoadError as it crosses the worker boundary (class instances do not survive structured clone). */
export interface WireError {
  readonly model: string;
  readonly failure: EmbedderFailure;
  readonly message: string;
  readonly location: string | undefined;
}

export type ToWorker =
  | { readonly type: 'load'; readonly config: TransformersEmbedderConfig }
  | { readonly type: 'embed'; readonly id: number; readonly texts: readonly string[] }
  | { readonly type: 'dispose' }
  /** Asks which URLs the worker has requested so far (its Resource Timing entries), to check where it went. */
  | { readonly type: 'report-requests' };

export type FromWorker =
  | { readonly type: 'event'; readonly event: ModelLoadEvent }
  | { readonly type: 'loaded'; readonly dimensions: number }
  | { readonly type: 'load-failed'; readonly error: WireError }
  | { readonly type: 'embedded'; readonly id: number; readonly vectors: Float32Array[] }
  | { readonly type: 'embed-failed'; readonly id: number; readonly error: WireError }
  | { readonly type: 'disposed' }
  | { readonly type: 'requests'; readonly urls: string[] };

export function toWire(error: unknown, model: string): WireError {
  if (error instanceof EmbedderLoadError)
    return {
      model: error.model,
      failure: error.failure,
      message: error.message,
      location: error.location,
    };
  return {
    model,
    failure: 'runtime',
    message: error instanceof Error ? error.message : String(error),
    location: undefined,
  };
}

/** Rebuilds the error on this side; its message keeps the worker's wording. */
export function fromWire(wire: WireError): EmbedderLoadError {
  const prefix = `The embedding model '${wire.model}' is unavailable (${wire.failure}): `;
  const detail = wire.message.startsWith(prefix) ? wire.message.slice(prefix.length) : wire.message;
  return new EmbedderLoadError(wire.model, wire.failure, detail, { location: wire.location });
}
