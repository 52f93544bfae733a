import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, invoiceCounters, invoices } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { displayNameOf } from '../company/index.ts';
import type { PaymentFailure } from '../platform/payments/provider.ts';
import {
  BillingMessages,
  CURRENCY,
  invoiceNumberText,
  type Invoice,
  type InvoiceStatus,
  type InvoiceSummary,
  type PaymentProviderName,
} from '../../src/contract/billing.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/** Why a charge failed, as the employer reads it; `no_payment_method`: there was no card to charge. */
export type ChargeFailure = PaymentFailure | 'no_payment_method';

export function failureMessage(failure: string | null): string | null {
  switch (failure) {
    case null:
      return null;
    case 'insufficient_funds':
      return BillingMessages.insufficientFunds;
    case 'expired_card':
      return BillingMessages.expiredCard;
    case 'authentication_failed':
      return BillingMessages.authenticationFailed;
    case 'no_payment_method':
      return BillingMessages.noPaymentMethod;
    default:
      return BillingMessages.declined;
  }
}

/** What one period of a boost is invoiced as. */
export interface PeriodCharge {
  subscriptionId: string;
  jobPostId: string;
  jobTitle: string;
  tierName: string;
  lengthDays: number;
  priceCents: number;
  listCents: number;
  periodStart: Date;
  periodEnd: Date;
}

/** The line of a period at list price; the discount of a longer length is taken off the subtotal. */
export function linesOf(charge: PeriodCharge): { lines: InvoiceLine[]; subtotalCents: number; discountCents: number } {
  const list = Math.max(charge.listCents, charge.priceCents);
  return {
    lines: [
      {
        description: `${charge.tierName} boost, ${charge.lengthDays} days: ${charge.jobTitle}`,
        quantity: 1,
        unitCents: list,
        amountCents: list,
      },
    ],
    subtotalCents: list,
    discountCents: list - charge.priceCents,
  };
}

/**
 * Issues the company's next invoice in the caller's transaction: the number is taken from the
 * company's counter row, raised in the same transaction (its lock orders concurrent issuers), so
 * numbers run from 1 without gaps. The company's name and address, and the card, are copied as
 * they are now.
 */
export async function issueInvoice(
  tx: Db,
  input: {
    companyId: string;
    charge: PeriodCharge;
    status: Exclude<InvoiceStatus, 'void'>;
    issuedAt: Date;
    card: { brand: string; last4: string } | null;
    provider: PaymentProviderName;
    providerPaymentId: string | null;
    providerInvoiceId?: string | null;
    failure?: ChargeFailure | null;
  },
): Promise<InvoiceRow> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ companyId: input.companyId, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.companyId, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ number: invoiceCounters.lastNumber });
  const [company] = await tx.select().from(companies).where(eq(companies.id, input.companyId));
  const { lines, subtotalCents, discountCents } = linesOf(input.charge);
  const [row] = await tx
    .insert(invoices)
    .values({
      companyId: input.companyId,
      number: counter!.number,
      status: input.status,
      subscriptionId: input.charge.subscriptionId,
      jobPostId: input.charge.jobPostId,
      jobTitle: input.charge.jobTitle,
      lines,
      subtotalCents,
      discountCents,
      totalCents: subtotalCents - discountCents,
      currency: CURRENCY,
      periodStart: input.charge.periodStart,
      periodEnd: input.charge.periodEnd,
      issuedAt: input.issuedAt,
      paidAt: input.status === 'paid' ? input.issuedAt : null,
      companyName: company ? company.name : '',
      companyAddress: company?.address ?? null,
      cardBrand: input.card?.brand ?? null,
      cardLast4: input.card?.last4 ?? null,
      provider: input.provider,
      providerPaymentId: input.providerPaymentId,
      providerInvoiceId: input.providerInvoiceId ?? null,
      failure: input.failure ?? null,
    })
    .returning();
  return row!;
}

/** Voids the open invoices of a boost (it ended before they were paid). */
export async function voidOpenInvoices(tx: Db, subscriptionId: string, at: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({ status: 'void', voidedAt: at })
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'open')));
}

export const invoiceSummaryOf = (row: InvoiceRow): InvoiceSummary => ({
  id: row.id,
  number: row.number,
  numberText: invoiceNumberText(row.number),
  status: row.status,
  totalCents: row.totalCents,
  currency: CURRENCY,
  issuedAt: row.issuedAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  subscriptionId: row.subscriptionId,
  jobTitle: row.jobTitle,
  periodStart: row.periodStart?.toISOString() ?? null,
  periodEnd: row.periodEnd?.toISOString() ?? null,
});

export const invoicePdfPath = (id: string) => `/api/subscriptions/invoices/${id}/pdf`;

export async function invoiceViewOf(db: Db, row: InvoiceRow): Promise<Invoice> {
  const [company] = await db.select().from(companies).where(eq(companies.id, row.companyId));
  return {
    ...invoiceSummaryOf(row),
    lines: row.lines as InvoiceLine[],
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    company: { name: row.companyName || (company ? displayNameOf(company) : ''), address: row.companyAddress },
    paymentMethod: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    failureMessage: row.status === 'open' ? failureMessage(row.failure) : null,
    pdfUrl: invoicePdfPath(row.id),
  };
}

/** One of the company's invoices, or 404 (another company's is answered as one that never existed). */
export async function ownInvoice(db: Db, companyId: string, id: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)));
  if (!row) throw notFound(BillingMessages.invoiceNotFound);
  return row;
}

/** The company's invoices, newest first. */
export async function listInvoices(
  db: Db,
  companyId: string,
  paging: { pageNumber: number; pageSize: number },
): Promise<{ items: InvoiceSummary[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, companyId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize),
    db.select({ n: count() }).from(invoices).where(eq(invoices.companyId, companyId)),
  ]);
  return { items: rows.map(invoiceSummaryOf), total: Number(total?.n ?? 0) };
}
