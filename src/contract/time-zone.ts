import { z } from 'zod';

/** Product copy. */
export const TIME_ZONE_MESSAGE = 'Please give a time zone such as America/Los_Angeles.';

/** An IANA time zone name; the days of a range are that zone's calendar days. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .max(64, TIME_ZONE_MESSAGE)
  .refine((name) => isTimeZone(name), TIME_ZONE_MESSAGE);

// Names found valid (a few hundred exist): checking one makes a formatter, about 150 µs.
const knownZones = new Set<string>();
export function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    if (knownZones.size < 2000) knownZones.add(name);
    return true;
  } catch {
    return false;
  }
}
