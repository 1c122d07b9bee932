import { describe, expect, it } from 'vitest';
import { readTime, userTimeZone } from './time.js';

const NOW = new Date(Date.UTC(2026, 10, 26, 16, 5));

describe('readTime', () => {
  it('shows the instant as the wall clock of the time zone, with its offset', () => {
    expect(readTime(NOW, 'Europe/Berlin')).toEqual({
      iso: '2026-11-26T16:05:00.000Z',
      timeZone: 'Europe/Berlin',
      local: 'Thursday, 26 November 2026 at 17:05',
      offset: 'GMT+1',
    });
    expect(readTime(NOW, 'Asia/Tokyo')).toMatchObject({
      local: 'Friday, 27 November 2026 at 01:05',
      offset: 'GMT+9',
    });
    const utc = readTime(NOW, 'UTC');
    expect(utc.local).toBe('Thursday, 26 November 2026 at 16:05');
    expect(utc.offset).toMatch(/^GMT(\+0)?$/);
  });

  it('refuses a time zone Intl does not know', () => {
    expect(() => readTime(NOW, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('userTimeZone', () => {
  it('is the runtime’s own time zone', () => {
    expect(userTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
