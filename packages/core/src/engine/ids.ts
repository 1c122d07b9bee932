/** A random id: `crypto.randomUUID` where the platform offers it (secure contexts, workers, Node). */
export function randomId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain http (not localhost) lack randomUUID but have getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
