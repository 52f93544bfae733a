import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';
import { invoiceNumberText } from '../../src/contract/billing.ts';
import { failureMessage, type InvoiceRow } from './invoices.ts';

/** Where the employer manages cards and boosts. */
export const billingLink = (ctx: AppContext) => `${ctx.config.publicUrl}/user/billing`;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** MM-DD-YYYY, the product's date format (spec 2 §9), in UTC. */
const day = (d: Date | null) =>
  d ? `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}-${d.getUTCFullYear()}` : '';

interface Recipient {
  email: string;
  firstName: string;
}

/** Who is told about the company's billing: its employer (one today; every one, should a company have more). */
async function payersOf(ctx: AppContext, companyId: string): Promise<Recipient[]> {
  return ctx.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'Employer'), eq(users.disabled, false)));
}

/** The receipt of a paid invoice. */
function receiptMail(ctx: AppContext, to: Recipient, invoice: InvoiceRow): Mail {
  const card = invoice.cardBrand && invoice.cardLast4 ? ` with your ${invoice.cardBrand} card ending ${invoice.cardLast4}` : '';
  return compose({
    to: to.email,
    greetingName: to.firstName,
    supportEmail: ctx.config.supportEmail,
    subject: `Your receipt ${invoiceNumberText(invoice.number)}: ${money(invoice.totalCents)}`,
    intro: `Thank you: we received ${money(invoice.totalCents)}${card} for boosting “${invoice.jobTitle ?? ''}” from ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}. Invoice ${invoiceNumberText(invoice.number)} is paid, and you can download it as a PDF from your billing page.`,
    action: { kind: 'link', label: 'See your invoices', url: billingLink(ctx) },
    outro: `Thank you for hiring with ${BRAND_NAME}.`,
  });
}

/** A renewal failed: the boost is paused until a card pays. */
function paymentFailedMail(ctx: AppContext, to: Recipient, invoice: InvoiceRow, nextTry: Date | null): Mail {
  const why = failureMessage(invoice.failure) ?? '';
  return compose({
    to: to.email,
    greetingName: to.firstName,
    supportEmail: ctx.config.supportEmail,
    subject: `Your boost of “${invoice.jobTitle ?? ''}” is paused: the payment failed`,
    intro: `We could not charge ${money(invoice.totalCents)} to renew the boost of “${invoice.jobTitle ?? ''}”. ${why} The job is not featured until the payment goes through.${nextTry ? ` We will try again on ${day(nextTry)}, with your default card.` : ''}`,
    action: { kind: 'link', label: 'Update your card', url: billingLink(ctx) },
    outro: 'Add a card or choose another default card, and the boost starts again with the next try.',
  });
}

/** The tries are over: the boost is cancelled and nothing more is charged. */
function boostEndedMail(ctx: AppContext, to: Recipient, jobTitle: string): Mail {
  return compose({
    to: to.email,
    greetingName: to.firstName,
    supportEmail: ctx.config.supportEmail,
    subject: `Your boost of “${jobTitle}” has ended`,
    intro: `We tried several times to charge the renewal of the boost of “${jobTitle}”, and each payment failed. The boost is cancelled and nothing more will be charged for it.`,
    action: { kind: 'link', label: 'Boost it again', url: billingLink(ctx) },
    outro: 'You can boost the job again at any time with another card.',
  });
}

export async function sendReceipt(ctx: AppContext, invoice: InvoiceRow): Promise<void> {
  for (const to of await payersOf(ctx, invoice.companyId)) await ctx.mailer.enqueue(receiptMail(ctx, to, invoice));
}

export async function sendPaymentFailed(ctx: AppContext, invoice: InvoiceRow, nextTry: Date | null): Promise<void> {
  for (const to of await payersOf(ctx, invoice.companyId)) await ctx.mailer.enqueue(paymentFailedMail(ctx, to, invoice, nextTry));
}

export async function sendBoostEnded(ctx: AppContext, companyId: string, jobTitle: string): Promise<void> {
  for (const to of await payersOf(ctx, companyId)) await ctx.mailer.enqueue(boostEndedMail(ctx, to, jobTitle));
}
