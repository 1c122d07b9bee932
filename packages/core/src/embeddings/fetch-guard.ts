/** A request the embedder refused because it would leave the places the host configured. */
export class BlockedRequestError extends Error {
  readonly url: string;

  constructor(url: string) {
    super(`refused a request to ${url}: only the configured model folder and wasm files may be fetched`);
    this.name = 'BlockedRequestError';
    this.url = url;
  }
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * A fetch that only lets through URLs starting with one of `allowed` (folder URLs end with a slash, files are
 * exact), and rejects every other request before it is sent, calling `onBlocked` with its URL.
 */
export function guardFetch(allowed: readonly string[], onBlocked: (url: string) => void): typeof fetch {
  return (input, init) => {
    const url = requestUrl(input);
    if (!allowed.some((prefix) => (prefix.endsWith('/') ? url.startsWith(prefix) : url === prefix))) {
      onBlocked(url);
      return Promise.reject(new BlockedRequestError(url));
    }
    // Looked up on each call, so a host (or a test) that wraps fetch sees these requests too.
    return globalThis.fetch(input, init);
  };
}
