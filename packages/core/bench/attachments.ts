/**
 * What an image costs `prepare`: a 5 MiB JPEG given as bytes is checked (its header read), encoded as base64,
 * stored with its message, hashed with the current turn and rendered as an OpenAI `image_url` part; later turns carry
 * it in history. Median of the turns' `prepare` times over a session of `TURNS` turns, each with a new image.
 * `pnpm --filter @ctxkit/core bench:attachments`; writes bench/attachments-results.json.
 */
import { writeFileSync } from 'node:fs';
import { jpeg } from '../src/attachments/images.fixtures.js';
import { testEngine } from '../src/engine/engine.fixtures.js';
import { machineInfo } from './machine.js';
import { toJson } from './report.js';

const TURNS = 8;
const SIZE = 5 * 1024 * 1024;

function image(seed: number): Uint8Array {
  const header = jpeg(4032, 3024);
  const data = new Uint8Array(SIZE);
  for (let i = 0; i < data.length; i += 4096) data[i] = (i + seed) & 0xff;
  data.set(header.subarray(0, header.length - 2));
  return data;
}

const engine = await testEngine({ contextWindow: 200_000, reservedOutput: 4_000 });
const session = await engine.createSession();
const times: number[] = [];
for (let turn = 0; turn < TURNS; turn++) {
  const data = image(turn);
  const start = performance.now();
  const prepared = await session.prepare(`photo ${turn}`, {
    attachments: [{ mediaType: 'image/jpeg', data }],
  });
  times.push(performance.now() - start);
  await session.commit(prepared, 'seen');
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] as number;
console.log(
  `prepare with a ${SIZE / 1024 / 1024} MiB image (median of ${TURNS} turns): ${median.toFixed(0)} ms`,
);
writeFileSync(
  new URL('./attachments-results.json', import.meta.url),
  toJson({
    machine: machineInfo(),
    imageBytes: SIZE,
    turns: TURNS,
    prepareMs: times.map(Math.round),
    medianMs: Math.round(median),
  }),
);
