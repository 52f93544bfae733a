import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, ok } from '../http/envelope.ts';
import { forbidden, notFound, refusal } from '../http/errors.ts';
import { contentDisposition } from '../http/download.ts';
import { reply, route } from '../http/route.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { WebhookSignatureError } from '../platform/payments/provider.ts';
import { isTestProcessor } from '../platform/payments/test-processor.ts';
import { companyMemberOf, displayNameOf } from '../company/index.ts';
import * as ep from '../../src/contract/billing.ts';
import { BillingMessages, invoiceNumberText, SUBSCRIPTIONS_WEBHOOK_PATH } from '../../src/contract/billing.ts';
import { cancelBoost, changeBoost, confirmFirstPayment, createBoost, type BoostAnswer } from './boosts.ts';
import { invoiceViewOf, listInvoices, ownInvoice } from './invoices.ts';
import {
  attachFromSetup,
  companyMethods,
  isOwnSetup,
  makeDefault,
  paymentInfo,
  readSetup,
  removeMethod,
  saveMethod,
  setupView,
  startSetup,
} from './methods.ts';
import { customerIdOf, paymentsOf, type Payer } from './payer.ts';
import { invoicePdf } from './pdf.ts';
import { startRenewals } from './renewals.ts';
import { tierById, tiersOnSale } from './tiers.ts';
import { analyticsOf, budgetOf, cyclesOf, listSubscriptions, ownSubscription, subscriptionById } from './views.ts';
import { applyProviderEvent } from './webhooks.ts';

/** Largest webhook body read. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Billing (spec 2 §7 Subscriptions): boost tiers, the company's cards, boosts and their invoices,
 * the test processor's card form and confirmation page, and the processor's webhook. Every call
 * works on the company the caller's own row names: another company's card, boost or invoice is
 * answered 404 like an id that never existed. Only the company's employer manages cards and boosts;
 * its recruiters read the boosts and what they brought.
 */
export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  /** The company's employer, who pays. */
  const payerOf = async (caller: AccessClaims): Promise<Payer> => {
    const m = await companyMemberOf(ctx, caller);
    if (!m.isEmployer) throw forbidden();
    return {
      companyId: m.company.id,
      userId: m.user.id,
      email: m.user.email,
      firstName: m.user.firstName,
      companyName: displayNameOf(m.company),
    };
  };
  /** The company of one of its staff (its employer or a recruiter). */
  const staffCompany = async (caller: AccessClaims) => (await companyMemberOf(ctx, caller)).company.id;

  const answer = ({ created, result }: BoostAnswer) =>
    created
      ? reply(result, { status: 201, code: 'boost.created', message: BillingMessages.boosted })
      : reply(result, { status: 202, code: 'boost.requiresAction', message: BillingMessages.requiresAction });

  // ---------- tiers ----------

  route(app, ep.boostTiers, async () => tiersOnSale(ctx.db));
  route(app, ep.boostTier, async ({ params }) => {
    const tier = await tierById(ctx.db, params.id);
    if (!tier) throw notFound(BillingMessages.tierNotFound);
    return tier;
  });

  // ---------- cards ----------

  route(app, ep.paymentInfo, async ({ caller }) => paymentInfo(ctx, await payerOf(caller)));
  route(app, ep.paymentMethods, async ({ caller }) => companyMethods(ctx, (await payerOf(caller)).companyId));
  route(app, ep.userPaymentMethods, async ({ caller, params }) => {
    const payer = await payerOf(caller);
    // Named by the caller's own id only: any other user's is not found.
    if (params.userId !== payer.userId) throw notFound(BillingMessages.methodNotFound);
    return companyMethods(ctx, payer.companyId);
  });
  route(app, ep.storeSetupIntent, async ({ caller }) => startSetup(ctx, await payerOf(caller)));
  route(app, ep.setupIntent, async ({ caller, params }) => readSetup(ctx, await payerOf(caller), params.id));
  route(app, ep.attachPaymentMethod, async ({ caller, body }) => {
    const { method, created } = await attachFromSetup(ctx, await payerOf(caller), body.setupIntentId, body.paymentMethodId);
    return reply(method, { status: created ? 201 : 200, message: BillingMessages.methodAdded });
  });
  route(app, ep.addPaymentMethod, async ({ caller, body }) => {
    const { method, created } = await saveMethod(ctx, await payerOf(caller), body.providerId, body.setAsDefault);
    return reply(method, { status: created ? 201 : 200, message: BillingMessages.methodAdded });
  });
  route(app, ep.setDefaultPaymentMethod, async ({ caller, params }) =>
    reply(await makeDefault(ctx, await payerOf(caller), params.id), { message: BillingMessages.defaultSet }),
  );
  route(app, ep.removePaymentMethod, async ({ caller, params }) =>
    reply(await removeMethod(ctx, await payerOf(caller), params.id), { message: BillingMessages.methodRemoved }),
  );

  // ---------- the test processor (test mode only: 404 with any other processor) ----------

  route(app, ep.testCard, async ({ caller, body }) => {
    const payer = await payerOf(caller);
    const provider = ctx.adapters.payments;
    if (!isTestProcessor(provider)) throw notFound();
    const customer = await customerIdOf(ctx.db, payer.companyId, provider.name);
    const mine = customer && (await isOwnSetup(ctx, payer.companyId, provider.name, body.setupIntentId));
    const confirmed = mine ? await provider.confirmSetupWithCard(customer, body.setupIntentId, body) : null;
    if (!confirmed) throw notFound(BillingMessages.setupNotFound);
    if ('field' in confirmed) throw refusal('card.invalid', confirmed.message, { fieldErrors: { [confirmed.field]: confirmed.message } });
    return setupView(confirmed, provider.name);
  });
  route(app, ep.testAuthentication, async ({ caller, body }) => {
    const payer = await payerOf(caller);
    const provider = ctx.adapters.payments;
    if (!isTestProcessor(provider)) throw notFound();
    const customer = await customerIdOf(ctx.db, payer.companyId, provider.name);
    const status = customer ? await provider.authenticate(customer, body.clientSecret, body.approve) : null;
    if (!status) throw notFound(BillingMessages.paymentNotFound);
    return { status };
  });

  // ---------- boosts ----------

  for (const e of [ep.createSubscription, ep.paymentSubscription]) {
    route(app, e, async ({ caller, body }) => answer(await createBoost(ctx, await payerOf(caller), body)));
  }
  route(app, ep.paymentIntent, async ({ caller, body }) =>
    answer(await confirmFirstPayment(ctx, await payerOf(caller), body.subscriptionId)),
  );
  route(app, ep.changeSubscription, async ({ caller, params, body }) =>
    reply(await changeBoost(ctx, await payerOf(caller), params.id, body), { message: BillingMessages.changed }),
  );
  route(app, ep.cancelSubscription, async ({ caller, params, body }) =>
    reply(await cancelBoost(ctx, await payerOf(caller), params.id, body), { message: BillingMessages.cancelled }),
  );
  route(app, ep.userSubscriptions, async ({ caller, query }) => listSubscriptions(ctx.db, await staffCompany(caller), query));
  route(app, ep.subscription, async ({ caller, params }) => {
    const sub = await ownSubscription(ctx.db, await staffCompany(caller), params.id);
    return subscriptionById(ctx.db, sub.id);
  });
  route(app, ep.subscriptionBudget, async ({ caller, params }) =>
    budgetOf(ctx, await ownSubscription(ctx.db, (await payerOf(caller)).companyId, params.id)),
  );
  route(app, ep.subscriptionAnalytics, async ({ caller, params }) =>
    analyticsOf(ctx, await ownSubscription(ctx.db, await staffCompany(caller), params.id)),
  );
  route(app, ep.billingCycles, async ({ caller, params }) =>
    cyclesOf(await ownSubscription(ctx.db, (await payerOf(caller)).companyId, params.id), ctx.db),
  );

  // ---------- invoices ----------

  route(app, ep.invoices, async ({ caller, query }) => listInvoices(ctx.db, (await payerOf(caller)).companyId, query));
  route(app, ep.invoice, async ({ caller, params }) =>
    invoiceViewOf(ctx.db, await ownInvoice(ctx.db, (await payerOf(caller)).companyId, params.id)),
  );
  route(app, ep.invoicePdf, async ({ caller, params, res }) => {
    const row = await ownInvoice(ctx.db, (await payerOf(caller)).companyId, params.id);
    const bytes = Buffer.from(await invoicePdf(await invoiceViewOf(ctx.db, row)));
    return res
      .header('Content-Type', 'application/pdf')
      .header('Content-Length', String(bytes.length))
      .header('Content-Disposition', contentDisposition('attachment', `${invoiceNumberText(row.number)}.pdf`))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
  });

  // ---------- the processor's webhook (outside the endpoint table: public, raw body, signed) ----------

  void app.register(async (scope) => {
    // The signature is over the exact bytes sent: this route alone reads its body raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post(SUBSCRIPTIONS_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req, res) => {
      const provider = paymentsOf(ctx);
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['stripe-signature'];
      let event;
      try {
        event = provider.readWebhook(raw, Array.isArray(header) ? header[0] : header);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          return res.code(400).send(fail(400, 'The signature of this event is not valid.'));
        }
        throw err;
      }
      const outcome = await applyProviderEvent(ctx, provider, event);
      return res.code(200).send(ok({ received: true, outcome }));
    });
  });

  // ---------- renewals: a timer in each process, claiming each piece of work once ----------

  let stopRenewals: (() => void) | null = null;
  app.addHook('onReady', async () => {
    stopRenewals = startRenewals(ctx);
  });
  app.addHook('preClose', async () => {
    stopRenewals?.();
  });
}
