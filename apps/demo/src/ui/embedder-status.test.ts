import { describe, expect, it } from 'vitest';
import { nextProgress, overallProgress } from './embedder-status.js';

describe('embedder progress', () => {
  it('follows the embedder’s events file by file to ready', () => {
    let progress = nextProgress(
      { status: 'idle', files: {} },
      {
        type: 'loading',
        file: 'config.json',
        progress: 100,
        loadedBytes: 600,
        totalBytes: 600,
      },
    );
    progress = nextProgress(progress, {
      type: 'loading',
      file: 'onnx/model.onnx',
      progress: 20,
      loadedBytes: 2,
      totalBytes: 10,
    });
    expect(progress.status).toBe('loading');
    expect(overallProgress(progress.files)).toBe(60);
    progress = nextProgress(progress, { type: 'loaded', file: 'onnx/model.onnx' });
    expect(overallProgress(progress.files)).toBe(100);
    expect(nextProgress(progress, { type: 'ready', dimensions: 384, loadMs: 12 }).status).toBe('ready');
  });

  it('is 0 before any file is announced', () => {
    expect(overallProgress({})).toBe(0);
  });
});
