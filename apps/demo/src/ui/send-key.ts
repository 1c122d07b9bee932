import type { KeyboardEvent } from 'react';

/**
 * Enter without Shift sends. Not while an input method composes (Enter then picks a candidate: `isComposing`, or
 * keyCode 229 where the composition events come late).
 */
export function isSendKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && event.keyCode !== 229;
}
