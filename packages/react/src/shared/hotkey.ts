/** A key combination such as "Alt+Shift+M" or "Ctrl+." parsed for matching keyboard events. */
export interface Hotkey {
  readonly ctrl: boolean;
  readonly alt: boolean;
  readonly shift: boolean;
  readonly meta: boolean;
  /** Lower-case `KeyboardEvent.key`, or for letters and digits the `code` ("KeyM", "Digit1"). */
  readonly key: string;
  readonly code: string | null;
}

const MODIFIERS = new Set(['ctrl', 'control', 'alt', 'option', 'shift', 'meta', 'cmd', 'command']);

/**
 * Parses "Ctrl+Shift+K" (modifiers Ctrl, Alt, Shift, Meta in any order, then one key). Letters and digits match
 * by physical key, so Alt+M works on layouts where Alt changes the character typed (macOS).
 */
export function parseHotkey(text: string): Hotkey {
  // "Ctrl++" names the plus key.
  const plus = text.endsWith('++') || text === '+';
  const parts = (plus ? text.slice(0, -1) : text).split('+').map((part) => part.trim());
  const raw = plus ? '+' : parts.pop();
  if (plus) parts.pop();
  if (!raw || MODIFIERS.has(raw.toLowerCase())) throw new Error(`Hotkey "${text}" names no key`);
  const modifiers = new Set(parts.map((part) => part.toLowerCase()));
  for (const modifier of modifiers) {
    if (!MODIFIERS.has(modifier)) throw new Error(`Hotkey "${text}": unknown modifier "${modifier}"`);
  }
  const key = raw.toLowerCase();
  const code = /^[a-z]$/.test(key) ? `Key${key.toUpperCase()}` : /^[0-9]$/.test(key) ? `Digit${key}` : null;
  return {
    ctrl: modifiers.has('ctrl') || modifiers.has('control'),
    alt: modifiers.has('alt') || modifiers.has('option'),
    shift: modifiers.has('shift'),
    meta: modifiers.has('meta') || modifiers.has('cmd') || modifiers.has('command'),
    key,
    code,
  };
}

export function matchesHotkey(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>,
  hotkey: Hotkey,
): boolean {
  if (
    event.ctrlKey !== hotkey.ctrl ||
    event.altKey !== hotkey.alt ||
    event.shiftKey !== hotkey.shift ||
    event.metaKey !== hotkey.meta
  ) {
    return false;
  }
  return hotkey.code !== null ? event.code === hotkey.code : event.key.toLowerCase() === hotkey.key;
}
