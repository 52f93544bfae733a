import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import type { Invoice } from '../../contract/billing.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { invoiceMachine, selectInvoiceError } from '../../machines/billing/invoice.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { saveFile } from '../ui/save-file.ts';
import { BILLING_PATH, CardName, InvoiceStatusChip, money, useNotify } from './billing-parts.tsx';

type Logic = typeof invoiceMachine;

export interface InvoicePageProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

/** The invoice as a document: who it is to, its dates, lines, totals, and how it was paid. */
function InvoiceDocument({ invoice: i }: { invoice: Invoice }) {
  return (
    <article aria-labelledby="page-title" className="flex flex-col gap-2 rounded border border-line bg-surface p-3 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 id="page-title" className="text-3xl font-bold">
            Invoice {i.numberText}
          </h1>
          <p className="mt-0.5">
            <InvoiceStatusChip status={i.status} />
          </p>
        </div>
        <address className="text-right not-italic">
          <span className="block font-semibold">{i.company.name}</span>
          {i.company.address && <span className="block text-sm text-muted">{i.company.address}</span>}
        </address>
      </header>
      {i.status === 'open' && i.failureMessage && <Alert tone="error">{i.failureMessage}</Alert>}
      <dl className="grid gap-0.5 text-sm sm:max-w-sm">
        <Row term="Issued">{formatDisplayDate(i.issuedAt)}</Row>
        {i.paidAt && <Row term="Paid">{formatDisplayDate(i.paidAt)}</Row>}
        {i.periodStart && i.periodEnd && (
          <Row term="Period">
            {formatDisplayDate(i.periodStart)} – {formatDisplayDate(i.periodEnd)}
          </Row>
        )}
        {i.jobTitle && <Row term="Job">{i.jobTitle}</Row>}
      </dl>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Lines of invoice {i.numberText}</caption>
        <thead className="border-b border-line text-left">
          <tr>
            <th scope="col" className="py-0.5">
              Description
            </th>
            <th scope="col" className="py-0.5 text-right">
              Quantity
            </th>
            <th scope="col" className="py-0.5 text-right">
              Unit price
            </th>
            <th scope="col" className="py-0.5 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {i.lines.map((l, n) => (
            <tr key={n} className="border-b border-line">
              <td className="py-0.5">{l.description}</td>
              <td className="py-0.5 text-right tabular-nums">{l.quantity}</td>
              <td className="py-0.5 text-right tabular-nums">{money(l.unitCents)}</td>
              <td className="py-0.5 text-right tabular-nums">{money(l.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl aria-label="Totals" className="ml-auto grid w-full gap-0.5 text-sm sm:max-w-xs">
        <Row term="Subtotal">{money(i.subtotalCents)}</Row>
        {i.discountCents > 0 && <Row term="Discount">−{money(i.discountCents)}</Row>}
        <div className="flex justify-between gap-2 border-t border-line pt-0.5 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{money(i.totalCents)}</dd>
        </div>
      </dl>
      {i.paymentMethod && (
        <p className="text-sm">
          {i.status === 'paid' ? 'Paid with ' : 'Charged to '}
          <CardName brand={i.paymentMethod.brand} last4={i.paymentMethod.last4} />
        </p>
      )}
    </article>
  );
}

/** /user/billing/invoices/:id: one invoice, readable as a document, and its PDF to download. */
export default function InvoicePage({ logic, snapshot }: InvoicePageProps) {
  const { id = '' } = useParams<{ id: string }>();
  const actor = useActorRef(logic ?? invoiceMachine, snapshot ? { snapshot, input: { id } } : { input: { id } });
  useNotify(actor);
  const invoice = useSelector(actor, (s) => s.context.invoice);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadError = useSelector(actor, selectInvoiceError);
  const downloading = useSelector(actor, (s) => s.hasTag('busy'));

  useEffect(() => {
    const sub = actor.on('pdf.ready', (e) => saveFile(e.file.blob, e.file.filename));
    return () => sub.unsubscribe();
  }, [actor]);

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-2 px-2 py-4">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <Link href={BILLING_PATH} className="text-sm font-medium">
          <span aria-hidden="true">← </span>Back to billing
        </Link>
        {invoice && (
          <Button variant="secondary" busy={downloading} onClick={() => actor.send({ type: 'pdf.download' })}>
            Download PDF
          </Button>
        )}
      </div>
      {loading ? (
        <Loading label="Loading the invoice…" />
      ) : loadError !== null ? (
        <>
          <h1 id="page-title" className="text-3xl font-bold">
            Invoice
          </h1>
          <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'invoice.retry' })} />
        </>
      ) : (
        invoice && <InvoiceDocument invoice={invoice} />
      )}
    </section>
  );
}
