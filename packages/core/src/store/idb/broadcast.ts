import type { StoreEvent } from '../../store-types/index.js';

interface ChannelMessage {
  readonly from: string;
  readonly event: StoreEvent;
}

/**
 * Tells other tabs (and other store objects on the same database) what changed, and hears what they changed.
 * Without BroadcastChannel (old runtimes) nothing crosses tabs and local events still work.
 */
export class ChangeChannel {
  readonly #channel: BroadcastChannel | null;
  readonly #id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

  constructor(database: string, onRemote: (event: StoreEvent) => void) {
    const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
    this.#channel = Channel ? new Channel(`ctxkit-store:${database}`) : null;
    if (!this.#channel) return;
    // Node keeps a process alive while a channel is open; a store must not.
    (this.#channel as { unref?: () => void }).unref?.();
    this.#channel.onmessage = (message: MessageEvent<ChannelMessage>) => {
      const data = message.data;
      if (data?.from === this.#id || typeof data?.event?.type !== 'string') return;
      onRemote({ ...data.event, origin: 'remote' });
    };
  }

  post(event: StoreEvent): void {
    const message: ChannelMessage = { from: this.#id, event };
    try {
      this.#channel?.postMessage(message);
    } catch {
      // A closed channel: this store is closing, nobody else needs telling.
    }
  }

  close(): void {
    this.#channel?.close();
  }
}
