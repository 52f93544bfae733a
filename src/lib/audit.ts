import dayjs from 'dayjs';

/**
 * What an audit entry's before and after say, for people: each field that changed, named in words,
 * with its value before and after.
 */

export interface AuditChange {
  field: string;
  /** The field in words: "blacklistReason" → "Blacklist reason". */
  label: string;
  before: string;
  after: string;
}

type State = Record<string, unknown> | null | undefined;

/** "blacklistReason" → "Blacklist reason", "openJobs" → "Open jobs". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as the trail shows it: none as "—", yes or no, times as MM-DD-YYYY h:mm A (spec 2 §9 dates). */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_TIME.test(value) && dayjs(value).isValid() ? formatAuditTime(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** When an action was taken: MM-DD-YYYY and the time of day, in the viewer's zone. */
export function formatAuditTime(iso: string): string {
  return dayjs(iso).format('MM-DD-YYYY h:mm A');
}

/** The fields whose value differs between `before` and `after`, in the order they first appear. */
export function auditChanges(before: State, after: State): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after?.[k] ?? null))
    .map((k) => ({ field: k, label: fieldLabel(k), before: auditValue(before?.[k]), after: auditValue(after?.[k]) }));
}
