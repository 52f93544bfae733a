import dayjs from 'dayjs';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address it follows. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * A message split into plain text and web addresses, for showing as text with safe links: only
 * http: and https: addresses become links; everything else stays text (never HTML).
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let raw = match[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    // A closing bracket belongs to the address when it opened one inside it.
    if (trail && raw.includes('(') && trail.startsWith(')')) raw = raw.slice(0, raw.length - trail.length + 1);
    else raw = raw.slice(0, raw.length - trail.length);
    const start = match.index;
    let href: string | null;
    try {
      const url = new URL(raw);
      href = url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * How old a message is (spec 2 §9): minutes under 1 hour, hours under 24, otherwise the date
 * (MM-DD-YYYY, spec 2 §9).
 */
export function messageAge(date: string | number | Date, now: Date = new Date()): string {
  const d = dayjs(date);
  if (!d.isValid()) return '';
  const minutes = Math.max(0, dayjs(now).diff(d, 'minute'));
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  return d.format('MM-DD-YYYY');
}

/** The heading over a day's messages in a conversation: Today, Yesterday, else the date (MM-DD-YYYY). */
export function messageDay(date: string, now: Date = new Date()): string {
  const d = dayjs(date);
  if (!d.isValid()) return '';
  const today = dayjs(now);
  if (d.isSame(today, 'day')) return 'Today';
  if (d.isSame(today.subtract(1, 'day'), 'day')) return 'Yesterday';
  return d.format('MM-DD-YYYY');
}

/** The time of day a message was sent, e.g. "3:07 PM". */
export const messageTime = (date: string) => (dayjs(date).isValid() ? dayjs(date).format('h:mm A') : '');
