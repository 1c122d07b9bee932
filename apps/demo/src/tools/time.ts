// The current time for the time tool: the clock read now, shown in the user's time zone (the browser's, from Intl)
// or in one the call names.

/** The browser's time zone, e.g. `Europe/Berlin`; `UTC` when the runtime cannot say. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export interface TimeReading {
  /** The instant, in UTC. */
  readonly iso: string;
  readonly timeZone: string;
  /** The wall-clock date and time in that zone, e.g. `Thursday, 26 November 2026 at 17:05`. */
  readonly local: string;
  /** The zone's offset from UTC then, e.g. `GMT+1`. */
  readonly offset: string;
}

/** Reads `now` in `timeZone`; a zone Intl does not know is a RangeError. */
export function readTime(now: Date, timeZone: string, locale = 'en-GB'): TimeReading {
  const local = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    now,
  );
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return { iso: now.toISOString(), timeZone, local, offset };
}
