import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { fromPromise } from 'xstate';
import { routeTable } from '../../src/app/route-table.ts';
import {
  BillingMessages,
  TEST_CARDS,
  type BoostLength,
  type BoostTier,
  type CancelReason,
  type PaymentInfo,
  type PaymentMethod,
  type Subscription,
} from '../../src/contract/billing.ts';
import {
  cardFormMachine,
  type CardFormInput,
  type ConfirmSetupInput,
  type PreparedSetup,
} from '../../src/machines/billing/card-form.machine.ts';
import { invoiceMachine } from '../../src/machines/billing/invoice.machine.ts';
import { invoicesMachine, type InvoiceListPage } from '../../src/machines/billing/invoices.machine.ts';
import { LoadFailure } from '../../src/machines/billing/processor.ts';
import { paymentMethodsMachine } from '../../src/machines/billing/payment-methods.machine.ts';
import {
  subscriptionsMachine,
  type BoostDetail,
  type SubscriptionPage,
  type SubscriptionsQuery,
} from '../../src/machines/billing/subscriptions.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import type { DownloadedFile } from '../../src/services/transfer.ts';
import BillingPage from '../../src/views/billing/billing.view.tsx';
import {
  activeBoost,
  amex,
  cancelledActive,
  demoBoosts,
  demoDetail,
  demoInvoice,
  demoInvoices,
  demoSetup,
  demoTiers,
  mastercard,
  paymentInfoWith,
  stripeStandIn,
  weeklyBoost,
} from '../../src/views/billing/billing-stories-support.ts';
import InvoicePage from '../../src/views/billing/invoice.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';

const employer = storedSessionFor({ id: 'e-1', email: 'robin@northwind.example', firstName: 'Robin', lastName: 'Hale', role: 'Employer' });
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');

type Handler<I, O> = (input: I) => Promise<O>;

/**
 * The card form with the processor's calls answered by the test; with `stripe`, the card is
 * confirmed as the app does, by the Stripe stand-in the form mounts in.
 */
function cardFormWith(options: { stripe?: ReturnType<typeof stripeStandIn>; confirm?: Handler<ConfirmSetupInput, string> } = {}) {
  const calls = { confirms: [] as ConfirmSetupInput[], adds: [] as Array<{ providerId: string; setAsDefault: boolean }> };
  const logic = cardFormMachine.provide({
    actors: {
      prepare: fromPromise<PreparedSetup, Pick<CardFormInput, 'provider' | 'publishableKey'>>(async () =>
        options.stripe ? { setup: demoSetup('stripe'), stripe: options.stripe.stripe } : { setup: demoSetup(), stripe: null },
      ),
      ...(!options.stripe
        ? {
            confirmSetup: fromPromise<string, ConfirmSetupInput>(({ input }) => {
              calls.confirms.push(input);
              return options.confirm ? options.confirm(input) : Promise.resolve('pm_test_new');
            }),
          }
        : {}),
      addMethod: fromPromise<PaymentMethod, { providerId: string; setAsDefault: boolean }>(async ({ input }) => {
        calls.adds.push(input);
        return { ...amex, paymentMethodId: input.providerId, isDefault: input.setAsDefault };
      }),
    },
  });
  return { logic, calls };
}

/** The billing page with every call stubbed and recorded. */
function billingPage(
  options: {
    info?: Handler<void, PaymentInfo>;
    setDefault?: Handler<{ id: string }, PaymentMethod[]>;
    remove?: Handler<{ id: string }, PaymentMethod[]>;
    cardForm?: ReturnType<typeof cardFormWith>;
    boosts?: Handler<SubscriptionsQuery, SubscriptionPage>;
    cancel?: Handler<{ id: string; reason: CancelReason; details: string }, Subscription>;
  } = {},
) {
  const calls = {
    setDefault: [] as string[],
    remove: [] as string[],
    loads: [] as SubscriptionsQuery[],
    cancels: [] as unknown[],
    changes: [] as unknown[],
    details: [] as string[],
  };
  const cardForm = options.cardForm ?? cardFormWith();
  const cardsLogic = paymentMethodsMachine.provide({
    actors: {
      load: fromPromise<PaymentInfo>(() => (options.info ?? (async () => paymentInfoWith()))()),
      setDefault: fromPromise<PaymentMethod[], { id: string }>(({ input }) => {
        calls.setDefault.push(input.id);
        return (options.setDefault ?? (async () => []))(input);
      }),
      remove: fromPromise<PaymentMethod[], { id: string }>(({ input }) => {
        calls.remove.push(input.id);
        return (options.remove ?? (async () => []))(input);
      }),
      cardForm: cardForm.logic,
    },
  });
  const boostsLogic = subscriptionsMachine.provide({
    actors: {
      load: fromPromise<SubscriptionPage, SubscriptionsQuery>(({ input }) => {
        calls.loads.push(input);
        return (options.boosts ?? (async () => ({ items: demoBoosts, total: demoBoosts.length })))(input);
      }),
      cancel: fromPromise<Subscription, { id: string; reason: CancelReason; details: string }>(({ input }) => {
        calls.cancels.push(input);
        return (options.cancel ?? (async () => cancelledActive))(input);
      }),
      loadTiers: fromPromise<BoostTier[]>(async () => demoTiers),
      change: fromPromise<Subscription, { id: string; tierId: string; lengthDays: BoostLength }>(async ({ input }) => {
        calls.changes.push(input);
        return {
          ...weeklyBoost,
          pendingChange: { tierId: input.tierId, tierName: 'Premium', lengthDays: input.lengthDays, priceCents: 4900 },
        };
      }),
      loadDetail: fromPromise<BoostDetail, { id: string }>(async ({ input }) => {
        calls.details.push(input.id);
        return demoDetail;
      }),
    },
  });
  const invoicesLogic = invoicesMachine.provide({
    actors: { load: fromPromise<InvoiceListPage, { pageNumber: number }>(async () => ({ items: demoInvoices, total: 3 })) },
  });
  const app = renderInApp(<BillingPage cardsLogic={cardsLogic} boostsLogic={boostsLogic} invoicesLogic={invoicesLogic} />, {
    path: '/user/billing',
    stored: employer,
  });
  return { app, calls, cardCalls: cardForm.calls };
}

const cardRow = (last4: string) => screen.getByRole('article', { name: new RegExp(`ending in ${last4}`) });
const toast = (text: string) => screen.findByText(text);

describe('the billing page', () => {
  it('serves /user/billing and its invoices to the employer alone, each in its own chunk', () => {
    expect(routeTable.filter((r) => r.path.startsWith('/user/billing'))).toEqual([
      { path: '/user/billing', page: 'billing/billing.view', access: 'Employer' },
      { path: '/user/billing/invoices/:id', page: 'billing/invoice.view', access: 'Employer' },
    ]);
  });

  it('lists the cards: brand, last 4 digits, expiry, the default one marked', async () => {
    billingPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Cards' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    const first = cardRow('4242');
    expect(first).toHaveTextContent('Visa ••••ending in 4242');
    expect(first).toHaveTextContent('Expires 12/28');
    expect(first).toHaveTextContent('Default');
    expect(within(first).queryByRole('button', { name: /default card/ })).not.toBeInTheDocument();
    expect(cardRow('4444')).toHaveTextContent('Mastercard');
    expect(cardRow('4444')).not.toHaveTextContent('Default');
  });

  it('makes another card the default: only that one is', async () => {
    const { app, calls } = billingPage();
    await screen.findByRole('list', { name: 'Cards' });
    await app.user.click(screen.getByRole('button', { name: 'Make Mastercard ending in 4444 the default card' }));
    expect(await toast(BillingMessages.defaultSet)).toBeInTheDocument();
    expect(calls.setDefault).toEqual([mastercard.id]);
    expect(cardRow('4444')).toHaveTextContent('Default');
    expect(cardRow('4242')).not.toHaveTextContent('Default');
  });

  it('says "Failed to set default payment method" when the default cannot be set', async () => {
    const { app } = billingPage({ setDefault: () => Promise.reject(serverDown) });
    await screen.findByRole('list', { name: 'Cards' });
    await app.user.click(screen.getByRole('button', { name: 'Make Mastercard ending in 4444 the default card' }));
    expect(await toast(BillingMessages.setDefault)).toBeInTheDocument();
    expect(cardRow('4242')).toHaveTextContent('Default');
  });

  it('removes a card after asking, and drops it from the list; Keep card keeps it', async () => {
    const { app, calls } = billingPage();
    await screen.findByRole('list', { name: 'Cards' });
    await app.user.click(screen.getByRole('button', { name: 'Remove Mastercard ending in 4444' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.remove).toEqual([]);
    await app.user.click(screen.getByRole('button', { name: 'Remove Mastercard ending in 4444' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await toast(BillingMessages.methodRemoved)).toBeInTheDocument();
    expect(calls.remove).toEqual([mastercard.id]);
    expect(within(screen.getByRole('list', { name: 'Cards' })).getAllByRole('article')).toHaveLength(1);
  });

  it('tells the server’s reason when the card pays for a boost, and "Failed to remove payment method" otherwise', async () => {
    let n = 0;
    const { app } = billingPage({
      remove: () => Promise.reject(++n === 1 ? ApiError.of('payment.methodInUse', BillingMessages.methodInUse) : serverDown),
    });
    await screen.findByRole('list', { name: 'Cards' });
    for (const message of [BillingMessages.methodInUse, BillingMessages.removeMethod]) {
      await app.user.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }));
      await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove card' }));
      expect(await toast(message)).toBeInTheDocument();
      expect(cardRow('4242')).toBeInTheDocument();
    }
  });

  it('says "Failed to load payment information" and reads the cards again on Try again', async () => {
    let n = 0;
    const { app } = billingPage({
      info: () => (++n === 1 ? Promise.reject(new LoadFailure(BillingMessages.loadPaymentInfo)) : Promise.resolve(paymentInfoWith())),
    });
    const cards = await screen.findByRole('region', { name: 'Cards' });
    expect(await within(cards).findByRole('alert')).toHaveTextContent(BillingMessages.loadPaymentInfo);
    await app.user.click(within(cards).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Cards' })).toBeInTheDocument();
  });

  it('adds a card with the test form: marked test mode, its numbers listed, its fields checked and the processor’s refusal placed', async () => {
    let n = 0;
    const cardForm = cardFormWith({
      confirm: async () => {
        if (++n === 1)
          throw ApiError.of('card.invalid', BillingMessages.cardExpiry, { fieldErrors: { expYear: BillingMessages.cardExpiry } });
        return 'pm_test_new';
      },
    });
    const { app } = billingPage({ cardForm });
    await screen.findByRole('list', { name: 'Cards' });
    await app.user.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect(await within(dialog).findByRole('heading', { name: 'Test mode' })).toBeInTheDocument();
    const numbers = within(dialog).getByRole('list', { name: 'Test card numbers' });
    for (const number of Object.values(TEST_CARDS)) expect(numbers).toHaveTextContent(number.replace(/(\d{4})(?=\d)/g, '$1 '));

    await app.user.type(within(dialog).getByLabelText('Card number'), '4242');
    await app.user.tab();
    expect(within(dialog).getByText(BillingMessages.cardNumber)).toBeInTheDocument();
    await app.user.clear(within(dialog).getByLabelText('Card number'));
    await app.user.type(within(dialog).getByLabelText('Card number'), TEST_CARDS.succeeds);
    await app.user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/20');
    await app.user.type(within(dialog).getByLabelText('CVC'), '123');
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Make this my default card' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await within(dialog).findByText(BillingMessages.cardExpiry)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');

    await app.user.clear(within(dialog).getByLabelText('Expiry (MM/YY)'));
    await app.user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/30');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await toast(BillingMessages.methodAdded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cardForm.calls.confirms.at(-1)!.card).toEqual({ number: TEST_CARDS.succeeds, expMonth: 12, expYear: 30, cvc: '123' });
    expect(cardForm.calls.adds).toEqual([{ providerId: 'pm_test_new', setAsDefault: true }]);
    // The new default card first; only it is the default.
    const rows = within(screen.getByRole('list', { name: 'Cards' })).getAllByRole('article');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('American Express ••••ending in 0005Default'),
      expect.not.stringContaining('Default'),
      expect.not.stringContaining('Default'),
    ]);
  });

  it('adds a card with Stripe’s card form, confirmed with the setup’s client secret', async () => {
    const stand = stripeStandIn();
    const cardForm = cardFormWith({ stripe: stand });
    const { app } = billingPage({ info: async () => paymentInfoWith(undefined, 'stripe'), cardForm });
    await screen.findByRole('list', { name: 'Cards' });
    await app.user.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect(await within(dialog).findByRole('group', { name: 'Card details' })).toHaveTextContent('Stripe’s secure field');
    expect(within(dialog).queryByText('Test mode')).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await toast(BillingMessages.methodAdded)).toBeInTheDocument();
    expect(stand.setups).toEqual(['seti_demo_secret']);
    expect(cardForm.calls.adds).toEqual([{ providerId: 'pm_stand_in', setAsDefault: false }]);
  });

  it('says a card Stripe refuses in the product’s words, on the form', async () => {
    const stand = stripeStandIn({ refuse: { code: 'card_declined', decline_code: 'insufficient_funds' } });
    const cardForm = cardFormWith({ stripe: stand });
    const { app } = billingPage({ info: async () => paymentInfoWith(undefined, 'stripe'), cardForm });
    await screen.findByRole('list', { name: 'Cards' });
    await app.user.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await within(dialog).findByRole('group', { name: 'Card details' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BillingMessages.insufficientFunds);
  });

  it('lists the boosts: job, tier, status, period end, next charge and its amount, a change to come', async () => {
    billingPage();
    const list = await screen.findByRole('list', { name: 'Boosts' });
    const active = within(list).getByRole('article', { name: activeBoost.jobTitle });
    expect(active).toHaveTextContent('Premium · 30 days · $168 a period');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('Current period ends 03-31-2026');
    expect(active).toHaveTextContent('Next charge $168 on 03-31-2026');
    const weekly = within(list).getByRole('article', { name: 'Warehouse Associate' });
    expect(weekly).toHaveTextContent('From the next period: Standard, 14 days, $52.00');
    expect(within(list).getByRole('article', { name: 'Line Cook' })).toHaveTextContent('Payment failed');
    const cancelled = within(list).getByRole('article', { name: 'Delivery Driver' });
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(within(cancelled).queryByRole('button', { name: /Cancel the boost/ })).not.toBeInTheDocument();
  });

  it('cancels a boost with a reason and words of one’s own, then reads the list again', async () => {
    let n = 0;
    const { app, calls } = billingPage({
      boosts: async () => (++n === 1 ? { items: demoBoosts, total: 4 } : { items: [cancelledActive, ...demoBoosts.slice(1)], total: 4 }),
      cancel: () => (calls.cancels.length === 1 ? Promise.reject(serverDown) : Promise.resolve(cancelledActive)),
    });
    await screen.findByRole('list', { name: 'Boosts' });
    await app.user.click(screen.getByRole('button', { name: `Cancel the boost of ${activeBoost.jobTitle}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this boost?' });
    expect(dialog).toHaveTextContent('stays boosted until 03-31-2026');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel boost' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(BillingMessages.reason);
    await app.user.click(within(dialog).getByRole('radio', { name: 'It costs too much' }));
    await app.user.type(within(dialog).getByLabelText('Tell us more (optional)'), 'Over budget');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel boost' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BillingMessages.cancelSubscription);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel boost' }));
    expect(await toast(BillingMessages.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.cancels.at(-1)).toEqual({ id: activeBoost.id, reason: 'too_expensive', details: 'Over budget' });
    await waitFor(() => expect(calls.loads).toHaveLength(2));
    expect(await screen.findByRole('article', { name: activeBoost.jobTitle })).toHaveTextContent('Cancelled: runs until 03-31-2026');
  });

  it('says "Failed to load subscriptions" when the boosts cannot be read', async () => {
    billingPage({ boosts: () => Promise.reject(serverDown) });
    const boosts = await screen.findByRole('region', { name: 'Boosts' });
    expect(await within(boosts).findByRole('alert')).toHaveTextContent(BillingMessages.loadSubscriptions);
  });

  it('changes a boost’s tier from the next period', async () => {
    const { app, calls } = billingPage();
    await screen.findByRole('list', { name: 'Boosts' });
    await app.user.click(screen.getByRole('button', { name: 'Change the boost of Warehouse Associate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change boost' });
    expect(within(dialog).getByRole('button', { name: 'Change boost' })).toBeDisabled();
    await app.user.click(await within(dialog).findByRole('radio', { name: /Premium/ }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('From the next period: $49.00 every 7 days.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Change boost' }));
    expect(await toast(BillingMessages.changed)).toBeInTheDocument();
    expect(calls.changes).toEqual([{ id: weeklyBoost.id, tierId: 'premium', lengthDays: 7 }]);
  });

  it('shows a boost’s budget, what it brought and its billing periods in a panel', async () => {
    const { app, calls } = billingPage();
    await screen.findByRole('list', { name: 'Boosts' });
    await app.user.click(screen.getByRole('button', { name: `Details of the boost of ${activeBoost.jobTitle}` }));
    const panel = await screen.findByRole('dialog', { name: activeBoost.jobTitle });
    expect(calls.details).toEqual([activeBoost.id]);
    const budget = within(panel).getByRole('region', { name: 'Budget' });
    expect(budget).toHaveTextContent('Spent this period$168');
    expect(budget).toHaveTextContent('Spent to date$336');
    const brought = within(panel).getByRole('region', { name: 'What the boost brought' });
    for (const text of [
      'Impressions12,840',
      'Clicks412',
      'Apply starts61',
      'Applications24',
      'Cost per click$0.82',
      'Cost per application$14.00',
    ])
      expect(brought).toHaveTextContent(text);
    const periods = within(panel).getByRole('table', { name: 'Billing periods' });
    expect(within(periods).getAllByRole('row')).toHaveLength(4);
    expect(within(periods).getAllByRole('link', { name: /Invoice of the period/ })[0]).toHaveAttribute(
      'href',
      '/user/billing/invoices/i0000000-0000-4000-8000-000000000001',
    );
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists the invoices: number, date, what for, status and total, each linking to its page', async () => {
    billingPage();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'INV-00000304-01-2026Line Cook…Open$52.00',
      'INV-00000203-01-2026Registered Nurse, Night Shift✓Paid$168',
      'INV-00000102-01-2026Registered Nurse, Night Shift✓Paid$168',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'INV-000002' })).toHaveAttribute('href', `/user/billing/invoices/${demoInvoice.id}`);
  });
});

describe('the invoice page', () => {
  function invoicePage(download: Handler<{ id: string }, DownloadedFile>) {
    const downloads: string[] = [];
    const logic = invoiceMachine.provide({
      actors: {
        load: fromPromise(async () => demoInvoice),
        download: fromPromise<DownloadedFile, { id: string }>(({ input }) => {
          downloads.push(input.id);
          return download(input);
        }),
      },
    });
    const app = renderInApp(
      <Route path="/user/billing/invoices/:id">
        <InvoicePage logic={logic} />
      </Route>,
      { path: `/user/billing/invoices/${demoInvoice.id}`, stored: employer },
    );
    return { app, downloads };
  }

  it('reads as a document: company, number, dates, lines, subtotal, discount, total, the card and the status', async () => {
    invoicePage(async () => ({ blob: new Blob(), filename: 'x.pdf' }));
    const doc = await screen.findByRole('article', { name: 'Invoice INV-000002' });
    expect(doc).toHaveTextContent('Paid');
    expect(within(doc).getByText('Demo Hiring Co.')).toBeInTheDocument();
    expect(doc).toHaveTextContent('500 Main St, Vancouver, WA 98660');
    expect(doc).toHaveTextContent('Issued03-01-2026');
    expect(doc).toHaveTextContent('Period03-01-2026 – 04-01-2026');
    const lines = within(doc).getByRole('table', { name: 'Lines of invoice INV-000002' });
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent('Premium boost, 30 days: Registered Nurse, Night Shift1$210$210');
    expect(doc).toHaveTextContent('Subtotal$210');
    expect(doc).toHaveTextContent('Discount−$42.00');
    expect(doc).toHaveTextContent('Total$168');
    expect(doc).toHaveTextContent('Paid with Visa ••••ending in 4242');
  });

  it('downloads the PDF with the bearer token and saves it under its name', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { app, downloads } = invoicePage(async () => ({ blob: new Blob(['%PDF-1.7']), filename: 'INV-000002.pdf' }));
    await app.user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(downloads).toEqual([demoInvoice.id]);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.7');
    click.mockRestore();
  });

  it('tells why an invoice cannot be read', async () => {
    const logic = invoiceMachine.provide({
      actors: { load: fromPromise(async () => Promise.reject(new ApiError('client', 404, BillingMessages.invoiceNotFound))) },
    });
    renderInApp(
      <Route path="/user/billing/invoices/:id">
        <InvoicePage logic={logic} />
      </Route>,
      { path: '/user/billing/invoices/i-unknown', stored: employer },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(BillingMessages.invoiceNotFound);
    await act(async () => {});
  });
});
