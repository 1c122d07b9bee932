// Server-sent events as OpenAI-compatible servers stream them: events separated by a blank line, each with one or
// more `data:` lines. Network chunks split events anywhere, so the decoder keeps the unfinished tail.

export class SseDecoder {
  #buffer = '';

  /** Feeds a chunk of the body; returns the data of every event it completed, in order. */
  push(chunk: string): string[] {
    this.#buffer += chunk;
    const events: string[] = [];
    for (;;) {
      const match = /\r\n\r\n|\n\n|\r\r/.exec(this.#buffer);
      if (!match) break;
      const block = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      const data = dataOf(block);
      if (data !== null) events.push(data);
    }
    return events;
  }

  /** The data of an event the stream ended without a blank line after. */
  end(): string[] {
    const data = dataOf(this.#buffer);
    this.#buffer = '';
    return data === null ? [] : [data];
  }
}

function dataOf(block: string): string | null {
  const lines = block
    .split(/\r\n|\n|\r/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''));
  return lines.length === 0 ? null : lines.join('\n');
}
