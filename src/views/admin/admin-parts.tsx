import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { COMPANY_STATE_NAMES, type CompanyState } from '../../contract/admin.ts';
import type { JobPostStatus } from '../../contract/job-states.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { cx } from '../ui/cx.ts';
import { StatusChip, type ChipStyle } from '../ui/status-chip.tsx';

/**
 * Each company state in its own colour, with its name and a symbol, so it reads without colour too.
 * The symbols are ones every system font has (no emoji, which some render as an empty box).
 */
const stateStyle: Record<CompanyState, ChipStyle> = {
  active: { symbol: '✓', className: 'border-brand-700/40 bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100' },
  inactive: { symbol: '○', className: 'border-line bg-surface-raised text-muted' },
  blacklisted: {
    symbol: '⊘',
    className: 'border-rose-700/40 bg-rose-50 text-rose-900 dark:border-rose-400/50 dark:bg-rose-950 dark:text-rose-100',
  },
  awaitingVerification: {
    symbol: '…',
    className: 'border-amber-700/50 bg-amber-50 text-amber-900 dark:border-amber-400/50 dark:bg-amber-950 dark:text-amber-100',
  },
};

/** A company's state as a chip. */
export function CompanyStateChip({ state, className }: { state: CompanyState; className?: string }) {
  return <StatusChip status={state} label={COMPANY_STATE_NAMES[state]} style={stateStyle[state]} {...(className ? { className } : {})} />;
}

const jobStyle: Record<JobPostStatus, ChipStyle> = {
  Active: { symbol: '●', className: stateStyle.active.className },
  Closed: { symbol: '■', className: 'border-line bg-surface-raised text-muted' },
  Expired: {
    symbol: '◷',
    className: 'border-amber-700/50 bg-amber-50 text-amber-900 dark:border-amber-400/50 dark:bg-amber-950 dark:text-amber-100',
  },
  Deleted: { symbol: '✕', className: 'border-line bg-surface-raised text-muted line-through' },
};

/** A job's status as a chip. */
export function JobStatusChip({ status }: { status: JobPostStatus }) {
  return <StatusChip status={status} label={status} style={jobStyle[status]} />;
}

/** A TIN as the back office shows it: only its last four digits. */
export const maskedTin = (lastFour: string) => `••••${lastFour}`;

/** A date as the product shows it (MM-DD-YYYY), or a dash. */
export const dateOrDash = (value: string | null | undefined) => (value ? formatDisplayDate(value) : '—');

/** A record the address names does not exist: says so and leads back to its list. */
export function NotFound({ message, back, backLabel }: { message: string; back: string; backLabel: string }) {
  return (
    <div className="flex flex-col items-start gap-1 rounded border border-dashed border-line p-3">
      <p role="alert">{message}</p>
      <Link href={back} className="font-semibold">
        {backLabel}
      </Link>
    </div>
  );
}

/** A titled card of the back office's pages. */
export function Panel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="flex flex-col gap-1 rounded border border-line bg-surface p-2" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Labels and values, for a record's details. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-2 gap-y-0.5 sm:grid-cols-[max-content_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-semibold text-muted">{term}</dt>
          <dd className="break-words">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export const tableClass = 'w-full border-collapse text-sm';
export const thClass = 'px-1 py-0.5 text-left font-semibold whitespace-nowrap';
export const tdClass = 'px-1 py-0.5 align-top';

/** A column of a back-office table: its heading, and whether it holds numbers (set right). */
export type Column = string | { label: string; numeric: true };

/** A table's head row from its columns. */
export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => {
          const label = typeof c === 'string' ? c : c.label;
          return (
            <th key={label} scope="col" className={typeof c === 'string' ? thClass : cx(thClass, 'text-right')}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
