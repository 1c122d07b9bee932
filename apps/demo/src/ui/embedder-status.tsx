import type { EmbedderEvent } from '@ctxkit/core';
import type { TransformersEmbedder } from '@ctxkit/core/transformers';
import { useEffect, useState } from 'react';

interface Progress {
  readonly status: TransformersEmbedder['status'];
  /** Per file, 0–100. */
  readonly files: Readonly<Record<string, number>>;
  readonly error?: unknown;
}

/** The fraction of the model downloaded so far, over the files announced: each counts equally. */
export function overallProgress(files: Readonly<Record<string, number>>): number {
  const values = Object.values(files);
  return values.length === 0 ? 0 : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
}

export function nextProgress(progress: Progress, event: EmbedderEvent): Progress {
  switch (event.type) {
    case 'loading':
      return { status: 'loading', files: { ...progress.files, [event.file]: event.progress } };
    case 'loaded':
      return { ...progress, files: { ...progress.files, [event.file]: 100 } };
    case 'ready':
      return { ...progress, status: 'ready' };
    case 'failed':
      return { ...progress, status: 'failed', error: event.error };
    case 'disposed':
      return { ...progress, status: 'disposed' };
  }
}

/** What retrieval runs on: keywords, or keywords and the embedding model with its download progress. */
export function EmbedderStatus({
  embedder,
  onError,
}: {
  embedder: TransformersEmbedder | null;
  onError: (error: unknown) => void;
}) {
  const [progress, setProgress] = useState<Progress>({ status: embedder?.status ?? 'idle', files: {} });
  useEffect(() => {
    if (!embedder) return;
    setProgress({ status: embedder.status, files: {} });
    return embedder.subscribe((event) => {
      setProgress((current) => nextProgress(current, event));
      if (event.type === 'failed') onError(event.error);
    });
  }, [embedder, onError]);

  if (!embedder) return <span className="status">Retrieval: keywords</span>;
  const percent = overallProgress(progress.files);
  switch (progress.status) {
    case 'ready':
      return <span className="status status--ok">Retrieval: keywords + {embedder.model}</span>;
    case 'failed':
      return <span className="status status--warn">Retrieval: keywords (model failed)</span>;
    case 'loading':
    case 'idle':
      return (
        <span className="status">
          <label htmlFor="model-progress">Loading {embedder.model}</label>{' '}
          <progress id="model-progress" max={100} value={percent}>
            {percent}%
          </progress>{' '}
          {percent}%
        </span>
      );
    default:
      return <span className="status">Retrieval: keywords</span>;
  }
}
