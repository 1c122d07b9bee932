import { describe, expect, test } from 'vitest';
import { matchesHotkey, parseHotkey } from './hotkey.js';

const event = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('hotkeys', () => {
  test('letters match by physical key, with exactly the modifiers named', () => {
    const hotkey = parseHotkey('Alt+Shift+M');
    expect(matchesHotkey(event({ key: 'Â', code: 'KeyM', altKey: true, shiftKey: true }), hotkey)).toBe(true);
    expect(matchesHotkey(event({ key: 'M', code: 'KeyM', altKey: true }), hotkey)).toBe(false);
    expect(
      matchesHotkey(event({ key: 'M', code: 'KeyM', altKey: true, shiftKey: true, ctrlKey: true }), hotkey),
    ).toBe(false);
  });

  test('other keys match by key; Ctrl++ is the plus key', () => {
    expect(matchesHotkey(event({ key: '.', code: 'Period', ctrlKey: true }), parseHotkey('Ctrl+.'))).toBe(
      true,
    );
    expect(matchesHotkey(event({ key: '+', ctrlKey: true }), parseHotkey('Ctrl++'))).toBe(true);
  });

  test('a hotkey without a key, or with an unknown modifier, is an error', () => {
    expect(() => parseHotkey('Ctrl+Shift')).toThrow(/names no key/);
    expect(() => parseHotkey('Hyper+K')).toThrow(/unknown modifier "hyper"/);
  });
});
