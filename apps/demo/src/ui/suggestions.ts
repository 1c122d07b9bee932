import type { ChatMessage, Pin } from '@ctxkit/core';
import type { SuggestedPin } from '@ctxkit/react';

const refKey = (ref: { type: string; name: string; serverName?: string }) =>
  ref.type === 'tool' ? `tool:${ref.serverName}:${ref.name}` : `${ref.type}:${ref.name}`;

/**
 * Pins the demo suggests: what retrieval chose for the latest reply, best first, unless pinned already or
 * dismissed. Accepting one keeps it in every next request, whatever the next message is about.
 */
export function suggestedPins(
  messages: readonly ChatMessage[],
  pins: readonly Pin[],
  dismissed: ReadonlySet<string>,
): SuggestedPin[] {
  const latest = [...messages]
    .reverse()
    .find((message) => message.role === 'assistant' && message.requestContext);
  if (latest?.role !== 'assistant' || !latest.requestContext) return [];
  const pinned = new Set(pins.flatMap((pin) => (pin.target.kind === 'item' ? [refKey(pin.target.ref)] : [])));
  return latest.requestContext.items
    .filter((item) => item.includeMode === 'agent' && !item.pin)
    .sort((a, b) => (b.similarityScore ?? 0) - (a.similarityScore ?? 0))
    .map((item) => {
      const { includeMode: _mode, similarityScore, pin: _pin, tokens, ...ref } = item;
      const key = refKey(ref);
      return {
        id: `suggest:${key}`,
        target: { kind: 'item' as const, ref },
        reason: `Chosen by retrieval for the last reply (score ${(similarityScore ?? 0).toFixed(2)})`,
        tokens,
        key,
      };
    })
    .filter((suggestion) => !pinned.has(suggestion.key) && !dismissed.has(suggestion.id))
    .map(({ key: _key, ...suggestion }) => suggestion);
}
