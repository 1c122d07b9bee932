import { expect, test } from 'vitest';
import { readImageHeader } from './index.js';

// Images written by the browser's own encoders (PNG always; JPEG and WebP where the engine encodes them, else the
// engine falls back to PNG and says so in the blob's type): the header reader must agree with every one.
test.each(['image/png', 'image/jpeg', 'image/webp'])('reads %s as the browser encodes it', async (type) => {
  const canvas = new OffscreenCanvas(123, 45);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  context.fillStyle = '#3a7';
  context.fillRect(0, 0, 123, 45);
  const blob = await canvas.convertToBlob({ type, quality: 0.8 });
  const header = readImageHeader(new Uint8Array(await blob.arrayBuffer()));
  expect(header).toEqual({ mediaType: blob.type, width: 123, height: 45 });
});
