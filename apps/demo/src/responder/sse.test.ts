import { describe, expect, it } from 'vitest';
import { SseDecoder } from './sse.js';

const stream =
  'data: {"a":1}\n\n' +
  ': a comment line\n\n' +
  'event: message\r\ndata: {"b":\r\ndata: 2}\r\n\r\n' +
  'data: [DONE]\n\n';
const expected = ['{"a":1}', '{"b":\n2}', '[DONE]'];

describe('SseDecoder', () => {
  it('gives the data of each event, however the body is split into chunks', () => {
    for (let cut = 0; cut <= stream.length; cut++) {
      const decoder = new SseDecoder();
      const events = [
        ...decoder.push(stream.slice(0, cut)),
        ...decoder.push(stream.slice(cut)),
        ...decoder.end(),
      ];
      expect(events, `cut at ${cut}`).toEqual(expected);
    }
  });

  it('gives the data of a last event the stream ended without a blank line after', () => {
    const decoder = new SseDecoder();
    expect(decoder.push('data: {"a":1}\n\ndata: {"b":2}')).toEqual(['{"a":1}']);
    expect(decoder.end()).toEqual(['{"b":2}']);
  });
});
