import { afterEach, expect, test, vi } from 'vitest';
import { BlockedRequestError, guardFetch } from './fetch-guard.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('lets through URLs inside an allowed folder or equal to an allowed file, and refuses the rest unsent', async () => {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return new Response('ok');
  });
  const blocked: string[] = [];
  const guarded = guardFetch(
    ['https://app.example/models/org/model/', 'https://app.example/ort/ort.wasm'],
    (url) => blocked.push(url),
  );

  await guarded('https://app.example/models/org/model/config.json');
  await guarded(new URL('https://app.example/ort/ort.wasm'));
  await guarded(new Request('https://app.example/models/org/model/onnx/model.onnx'));
  const refused = [
    'https://huggingface.co/org/model/resolve/main/config.json',
    'https://cdn.jsdelivr.net/npm/onnxruntime-web/dist/ort.wasm',
    'https://app.example/models/org/model-other/config.json',
    'https://app.example/ort/ort.wasm.map',
    'https://app.example.evil/models/org/model/config.json',
  ];
  for (const url of refused) await expect(guarded(url)).rejects.toBeInstanceOf(BlockedRequestError);

  expect(sent).toEqual([
    'https://app.example/models/org/model/config.json',
    'https://app.example/ort/ort.wasm',
    'https://app.example/models/org/model/onnx/model.onnx',
  ]);
  expect(blocked).toEqual(refused);
  await expect(guarded(refused[0] as string)).rejects.toThrow(
    /refused a request to https:\/\/huggingface\.co\//,
  );
});
