/**
 * Calendar days in a time zone as runs of UTC hours (src/contract/metrics.ts): the counts are kept
 * per UTC hour, and each hour belongs to the day its first minute falls on in the viewer's zone.
 * A day's start is therefore the first whole UTC hour that starts on it: local midnight in a zone
 * of whole-hour offsets (23 or 25 hours on a daylight-saving change), the next whole hour in the
 * few zones with half or quarter hours.
 *
 * Dates are handled as day numbers (days since 1970-01-01) so that comparisons and arithmetic
 * never depend on the text of a year. Zones are canonical names (canonicalZone).
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A day number from YYYY-MM-DD (already validated by the contract). */
export function dayNumberOf(date: string): number {
  const d = new Date(0);
  d.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return Math.round(d.getTime() / DAY_MS);
}

/** YYYY-MM-DD of a day number. */
export function dateOfDayNumber(day: number): string {
  const d = new Date(day * DAY_MS);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

// Making a formatter costs about 150 µs; formatting with one about 1 µs. One per zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's wall clock at the instant ("MM/DD/YYYY, HH:mm"): its day number and minute of the day. */
function wallClock(timeZone: string, ms: number): { day: number; minute: number } {
  const [date = '', time = ''] = formatterOf(timeZone).format(ms).split(', ');
  const [month, day, year] = date.split('/').map(Number) as [number, number, number];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return { day: Math.round(d.getTime() / DAY_MS), minute: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) };
}

/** The zone's offset from UTC at the instant, in minutes. */
function offsetAt(timeZone: string, ms: number): number {
  const wall = wallClock(timeZone, ms);
  return wall.day * 24 * 60 + wall.minute - Math.floor(ms / 60_000);
}

/** The day number of the zone's calendar date at the instant. */
export function dayIn(timeZone: string, ms: number): number {
  return wallClock(timeZone, ms).day;
}

// Names as asked ("utc", "america/los_angeles") to their canonical ones; the other functions take canonical names only,
// so a caller sending many spellings of one zone fills this map alone, and it is bounded.
const canonical = new Map<string, string>();
/** The zone's canonical name ("utc" → "UTC"), as the answers give it. */
export function canonicalZone(timeZone: string): string {
  let name = canonical.get(timeZone);
  if (name === undefined) {
    name = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    if (canonical.size >= 1000) canonical.clear();
    canonical.set(timeZone, name);
  }
  return name;
}

// Counts exist only from the product's first day; days far outside any counting are clamped to this
// window, where every zone's calendar reads unambiguously (Intl drops the era before year 1, and
// PostgreSQL reads no year past 9999). Clamped days start together and so hold nothing.
const FIRST_DAY = dayNumberOf('1900-01-01');
const LAST_DAY = dayNumberOf('9999-01-01');

// Day starts already found, per zone and day: a chart asks for the same days again and again.
const starts = new Map<string, number>();
const STARTS_KEPT = 100_000;

/** The UTC instant (ms) of the first whole hour that starts on the day in the zone. */
export function dayStart(timeZone: string, wanted: number): number {
  const day = Math.min(LAST_DAY, Math.max(FIRST_DAY, wanted));
  const key = `${timeZone}|${day}`;
  const known = starts.get(key);
  if (known !== undefined) return known;
  // A first guess from the zone's offset at UTC midnight of that date, then hour steps to the exact hour.
  const utcMidnight = day * DAY_MS;
  let h = Math.floor((utcMidnight - offsetAt(timeZone, utcMidnight) * 60_000) / HOUR_MS) * HOUR_MS;
  // Offsets differ from the guess by a few hours at most; the bound only keeps a broken zone database from looping.
  for (let i = 0; i < 48 && dayIn(timeZone, h) < day; i++) h += HOUR_MS;
  for (let i = 0; i < 48 && dayIn(timeZone, h - HOUR_MS) >= day; i++) h -= HOUR_MS;
  keep(key, h);
  return h;
}

function keep(key: string, start: number) {
  if (starts.size >= STARTS_KEPT) starts.clear();
  starts.set(key, start);
}

/**
 * The starts of `days` days from `first`, and of the day after them: days + 1 instants (ms), in
 * order. Day after day, one reading of the zone's clock each: the next start is the first whole
 * hour after the next local midnight at the offset of the day before; when the zone's offset there
 * is still that offset, no change happened in between (zones change at most once a day), and it is
 * exact. Otherwise it is found hour by hour.
 */
export function dayStarts(timeZone: string, first: number, days: number): number[] {
  const out = [dayStart(timeZone, first)];
  let offset = offsetAt(timeZone, out[0]!);
  for (let day = first + 1; day <= first + days; day++) {
    const known = starts.get(`${timeZone}|${day}`);
    if (known !== undefined) {
      out.push(known);
      continue;
    }
    const candidate = Math.ceil((day * DAY_MS - offset * 60_000) / HOUR_MS) * HOUR_MS;
    const there = offsetAt(timeZone, candidate);
    let start = candidate;
    if (there !== offset || day < FIRST_DAY || day > LAST_DAY) {
      start = dayStart(timeZone, day);
      offset = offsetAt(timeZone, start);
    } else {
      keep(`${timeZone}|${day}`, start);
    }
    out.push(start);
  }
  return out;
}
