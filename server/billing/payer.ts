import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { billingCustomers, companies } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { PaymentProvider } from '../platform/payments/provider.ts';
import { BillingMessages, type PaymentProviderName } from '../../src/contract/billing.ts';

/** The company's employer, who pays: billing works on the company the caller's own row names. */
export interface Payer {
  companyId: string;
  userId: string;
  email: string;
  firstName: string;
  /** The name people know the company by. */
  companyName: string;
}

/** The payment processor, or 503 where none is set up (production without Stripe): never the test processor there. */
export function paymentsOf(ctx: AppContext): PaymentProvider {
  const provider = ctx.adapters.payments;
  if (!provider) throw new HttpError(503, BillingMessages.paymentsUnavailable, { code: 'payment.unavailable' });
  return provider;
}

/** The company's customer at the processor, if it has one. */
export async function customerIdOf(db: Db, companyId: string, provider: PaymentProviderName): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.companyId, companyId), eq(billingCustomers.provider, provider)));
  return row?.id ?? null;
}

/**
 * The company's customer at the processor, made on first need. The processor's idempotency key is
 * the company's, so two first calls at once make one customer, and the row keeps the first.
 */
export async function ensureCustomer(ctx: AppContext, provider: PaymentProvider, payer: Payer): Promise<string> {
  const known = await customerIdOf(ctx.db, payer.companyId, provider.name);
  if (known) return known;
  const made = await provider.createCustomer(
    { companyId: payer.companyId, name: payer.companyName, email: payer.email },
    `customer:${payer.companyId}`,
  );
  await ctx.db
    .insert(billingCustomers)
    .values({ companyId: payer.companyId, provider: provider.name, customerId: made })
    .onConflictDoNothing();
  return (await customerIdOf(ctx.db, payer.companyId, provider.name)) ?? made;
}

/** Whether the company may buy and keep boosts: not blacklisted, not deactivated. */
export async function companyInGoodStanding(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ active: companies.active, blacklisted: companies.blacklisted })
    .from(companies)
    .where(eq(companies.id, companyId));
  return !!row && row.active && !row.blacklisted;
}
