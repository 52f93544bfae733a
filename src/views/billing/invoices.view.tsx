import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { formatDisplayDate } from '../../lib/dates.ts';
import { invoicePageCount, invoicesMachine, selectInvoicesError } from '../../machines/billing/invoices.machine.ts';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { PageSteps } from '../ui/page-steps.tsx';
import { invoiceHref, InvoiceStatusChip, money } from './billing-parts.tsx';

type Logic = typeof invoicesMachine;

export interface InvoicesProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

/** The company's invoices, newest first: number, date, what it was for, status and total, each opening its page. */
export function InvoicesSection({ logic, snapshot }: InvoicesProps) {
  const actor = useActorRef(logic ?? invoicesMachine, snapshot ? { snapshot } : {});
  const items = useSelector(actor, (s) => s.context.items);
  const total = useSelector(actor, (s) => s.context.total);
  const page = useSelector(actor, (s) => s.context.pageNumber);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadError = useSelector(actor, selectInvoicesError);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5">
      <h2 id={headingId} className="text-xl font-semibold">
        Invoices
      </h2>
      {loadError !== null ? (
        <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'invoices.retry' })} />
      ) : loading && items.length === 0 ? (
        <Loading label="Loading your invoices…" />
      ) : items.length === 0 ? (
        <p className="rounded border border-dashed border-line p-2 text-center text-muted">No invoices yet.</p>
      ) : (
        <div className={cx('overflow-x-auto rounded border border-line', loading && 'opacity-60')} aria-busy={loading || undefined}>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Invoices</caption>
            <thead className="bg-surface-raised text-left">
              <tr>
                <th scope="col" className="px-1 py-1">
                  Invoice
                </th>
                <th scope="col" className="px-1 py-1">
                  Date
                </th>
                <th scope="col" className="px-1 py-1">
                  For
                </th>
                <th scope="col" className="px-1 py-1">
                  Status
                </th>
                <th scope="col" className="px-1 py-1 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.id} className="border-t border-line align-top">
                  <th scope="row" className="px-1 py-1 text-left font-semibold whitespace-nowrap">
                    <Link href={invoiceHref(i.id)}>{i.numberText}</Link>
                  </th>
                  <td className="px-1 py-1 whitespace-nowrap">{formatDisplayDate(i.issuedAt)}</td>
                  <td className="px-1 py-1">{i.jobTitle ?? '—'}</td>
                  <td className="px-1 py-1">
                    <InvoiceStatusChip status={i.status} />
                  </td>
                  <td className="px-1 py-1 text-right tabular-nums">{money(i.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loadError === null && total > 0 && (
        <PageSteps
          page={page}
          pages={invoicePageCount(total)}
          disabled={loading}
          onPage={(p) => actor.send({ type: 'invoices.page', page: p })}
        />
      )}
    </section>
  );
}
