// Billing: boost tiers, the company's cards, boosts (subscriptions), their invoices and renewals.
// What the area offers the rest of the server: nothing outside it imports its other files.

import type { AppContext } from '../context.ts';
import { endJobBoosts } from './boosts.ts';

export { billingRoutes } from './routes.ts';
export { seedDemoBoosts } from './demo.ts';
export { endCompanyBoosts } from './boosts.ts';
export { runDueRenewals, type RenewalReport } from './renewals.ts';
export { boostSpendOf, type BoostSpend } from './spend.ts';

/** What the billing area does when other areas tell it something. */
export function listenForBilling(ctx: AppContext): void {
  // A closed job's boost ends: it is not renewed and nothing more is charged.
  ctx.events.on('job.closed', ({ jobPostId }) => endJobBoosts(ctx, jobPostId));
}
