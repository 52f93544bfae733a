import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import {
  BillingMessages,
  type BoostAnalytics,
  type BoostLength,
  type BoostTier,
  type CancelReason,
  type InvoiceSummary,
  type Subscription,
} from '../../src/contract/billing.ts';
import { boostTiersMachine } from '../../src/machines/billing/boost-tiers.machine.ts';
import { invoiceMachine } from '../../src/machines/billing/invoice.machine.ts';
import { invoicesMachine, type InvoiceListPage } from '../../src/machines/billing/invoices.machine.ts';
import { jobBoostMachine } from '../../src/machines/billing/job-boost.machine.ts';
import {
  cancelError,
  selectCancelling,
  selectDetail,
  selectLoadError,
  subscriptionsMachine,
  type BoostDetail,
  type SubscriptionPage,
  type SubscriptionsEvent,
  type SubscriptionsQuery,
} from '../../src/machines/billing/subscriptions.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import type { DownloadedFile } from '../../src/services/transfer.ts';
import {
  activeBoost,
  cancelledActive,
  cancelledBoost,
  demoAnalytics,
  demoBoosts,
  demoDetail,
  demoInvoice,
  demoInvoices,
  demoTiers,
  weeklyBoost,
} from '../../src/views/billing/billing-stories-support.ts';
import { deferred, flush, settle } from '../support/client/model.ts';

const serverDown = new ApiError('server', 500, 'Something went wrong!!!');

function startSubscriptions() {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    calls: [] as Array<{ id: string; input: unknown }>,
  };
  const stub = <T, I>(id: string) =>
    fromPromise<T, I>(({ input }) => {
      server.calls.push({ id, input });
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise;
    });
  const actor = createActor(
    subscriptionsMachine.provide({
      actors: {
        load: stub<SubscriptionPage, SubscriptionsQuery>('load'),
        cancel: stub<Subscription, { id: string; reason: CancelReason; details: string }>('cancel'),
        loadTiers: stub<BoostTier[], unknown>('loadTiers'),
        change: stub<Subscription, { id: string; tierId: string; lengthDays: BoostLength }>('change'),
        loadDetail: stub<BoostDetail, { id: string }>('loadDetail'),
      },
    }),
  ).start();
  const notices: string[] = [];
  actor.on('notify', (e) => notices.push(`${e.tone}: ${e.message}`));
  const play = async (event: { type: string; [key: string]: unknown }) => {
    if (!settle(server.pending, event)) actor.send(event as SubscriptionsEvent);
    await flush();
  };
  return { actor, server, notices, play };
}

const loaded = (items: Subscription[] = demoBoosts, total = items.length) =>
  ({ type: 'xstate.done.actor.load', output: { items, total } }) as EventObject;

describe('the boosts list', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads 10 a page by status, a new status from page 1; a failed read says "Failed to load subscriptions"', async () => {
    const sut = startSubscriptions();
    await sut.play(loaded(demoBoosts, 14));
    await sut.play({ type: 'subscriptions.page', page: 2 });
    await sut.play(loaded(demoBoosts, 14));
    await sut.play({ type: 'subscriptions.status', status: 'current' });
    expect(sut.server.calls.filter((c) => c.id === 'load').map((c) => c.input)).toEqual([
      { status: 'all', pageNumber: 1 },
      { status: 'all', pageNumber: 2 },
      { status: 'current', pageNumber: 1 },
    ]);
    await sut.play({ type: 'xstate.error.actor.load', error: serverDown } as EventObject);
    expect(selectLoadError(sut.actor.getSnapshot())).toBe(BillingMessages.loadSubscriptions);
    expect(sut.notices).toEqual([`error: ${BillingMessages.loadSubscriptions}`]);
    await sut.play({ type: 'subscriptions.retry' });
    expect(sut.actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
  });

  it('cancels with a reason and words of one’s own, then reads the list again (spec 2 §4)', async () => {
    const sut = startSubscriptions();
    await sut.play(loaded());
    await sut.play({ type: 'cancel.open', id: cancelledBoost.id });
    expect(selectCancelling(sut.actor.getSnapshot())).toBeNull();
    await sut.play({ type: 'cancel.open', id: activeBoost.id });
    expect(selectCancelling(sut.actor.getSnapshot())?.id).toBe(activeBoost.id);
    await sut.play({ type: 'cancel.submit' });
    expect(sut.actor.getSnapshot().context.formError).toBe(BillingMessages.reason);
    await sut.play({ type: 'cancel.reason', reason: 'too_expensive' });
    await sut.play({ type: 'cancel.details', details: 'x'.repeat(501) });
    await sut.play({ type: 'cancel.submit' });
    expect(sut.actor.getSnapshot().context.formError).toBe(BillingMessages.reasonDetails);
    await sut.play({ type: 'cancel.details', details: 'Over budget this quarter' });
    await sut.play({ type: 'cancel.submit' });
    expect(sut.server.calls.at(-1)).toEqual({
      id: 'cancel',
      input: { id: activeBoost.id, reason: 'too_expensive', details: 'Over budget this quarter' },
    });
    await sut.play({ type: 'xstate.error.actor.cancel', error: serverDown } as EventObject);
    expect(sut.actor.getSnapshot().context.formError).toBe(BillingMessages.cancelSubscription);
    expect(sut.notices.at(-1)).toBe(`error: ${BillingMessages.cancelSubscription}`);
    await sut.play({ type: 'cancel.submit' });
    await sut.play({ type: 'xstate.done.actor.cancel', output: cancelledActive } as EventObject);
    expect(sut.notices.at(-1)).toBe(`success: ${BillingMessages.cancelled}`);
    expect(selectCancelling(sut.actor.getSnapshot())).toBeNull();
    expect(sut.server.calls.filter((c) => c.id === 'load')).toHaveLength(2);
    expect(sut.actor.getSnapshot().context.items[0]).toEqual(cancelledActive);
  });

  it('changes the tier or length from the next period; tiers that cannot be read say "Failed to load boost tiers"', async () => {
    const sut = startSubscriptions();
    await sut.play(loaded());
    await sut.play({ type: 'change.open', id: weeklyBoost.id });
    await sut.play({ type: 'xstate.error.actor.loadTiers', error: serverDown } as EventObject);
    expect(sut.actor.getSnapshot().context.formError).toBe(BillingMessages.loadTiers);
    await sut.play({ type: 'change.retry' });
    await sut.play({ type: 'xstate.done.actor.loadTiers', output: demoTiers } as EventObject);
    // The same plan is no change.
    await sut.play({ type: 'change.submit' });
    expect(sut.server.calls.at(-1)!.id).toBe('loadTiers');
    await sut.play({ type: 'change.tier', tierId: 'premium' });
    await sut.play({ type: 'change.submit' });
    expect(sut.server.calls.at(-1)).toEqual({ id: 'change', input: { id: weeklyBoost.id, tierId: 'premium', lengthDays: 7 } });
    const changed = { ...weeklyBoost, pendingChange: { tierId: 'premium', tierName: 'Premium', lengthDays: 7, priceCents: 4900 } };
    await sut.play({ type: 'xstate.done.actor.change', output: changed } as EventObject);
    expect(sut.actor.getSnapshot().context.items[1]).toEqual(changed);
    expect(sut.notices.at(-1)).toBe(`success: ${BillingMessages.changed}`);
  });

  it('opens a boost’s detail: spending, what it brought and its periods', async () => {
    const sut = startSubscriptions();
    await sut.play(loaded());
    await sut.play({ type: 'detail.open', id: activeBoost.id });
    expect(selectDetail(sut.actor.getSnapshot())).toEqual({ subscription: activeBoost, detail: null, state: 'loading' });
    await sut.play({ type: 'xstate.error.actor.loadDetail', error: serverDown } as EventObject);
    expect(selectDetail(sut.actor.getSnapshot())?.state).toBe('failed');
    await sut.play({ type: 'detail.retry' });
    await sut.play({ type: 'xstate.done.actor.loadDetail', output: demoDetail } as EventObject);
    expect(selectDetail(sut.actor.getSnapshot())).toEqual({ subscription: activeBoost, detail: demoDetail, state: 'shown' });
    await sut.play({ type: 'detail.close' });
    expect(selectDetail(sut.actor.getSnapshot())).toBeNull();
  });

  it('tells what a cancel form lacks by the contract’s rules', () => {
    expect(cancelError({ reason: null, details: '' })).toBe(BillingMessages.reason);
    expect(cancelError({ reason: 'other', details: 'y'.repeat(500) })).toBeNull();
  });
});

describe('invoices, tiers and a job’s boost', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads invoices 10 a page', async () => {
    const pages: unknown[] = [];
    const actor = createActor(
      invoicesMachine.provide({
        actors: {
          load: fromPromise<InvoiceListPage, { pageNumber: number }>(async ({ input }) => {
            pages.push(input);
            return { items: demoInvoices as InvoiceSummary[], total: 12 };
          }),
        },
      }),
    ).start();
    await flush();
    actor.send({ type: 'invoices.page', page: 2 });
    actor.send({ type: 'invoices.page', page: 3 });
    await flush();
    expect(pages).toEqual([{ pageNumber: 1 }, { pageNumber: 2 }]);
  });

  it('reads an invoice and hands its PDF to the page; a failed download is told', async () => {
    let fail = false;
    const file: DownloadedFile = { blob: new Blob(['%PDF-1.7']), filename: 'INV-000002.pdf' };
    const actor = createActor(
      invoiceMachine.provide({
        actors: {
          load: fromPromise(async () => demoInvoice),
          download: fromPromise<DownloadedFile, { id: string }>(async () => {
            if (fail) throw new ApiError('client', 404, BillingMessages.invoiceNotFound);
            return file;
          }),
        },
      }),
      { input: { id: demoInvoice.id } },
    ).start();
    const seen: unknown[] = [];
    actor.on('pdf.ready', (e) => seen.push(e.file));
    actor.on('notify', (e) => seen.push(e.message));
    await flush();
    actor.send({ type: 'pdf.download' });
    await flush();
    fail = true;
    actor.send({ type: 'pdf.download' });
    await flush();
    expect(seen).toEqual([file, BillingMessages.invoiceNotFound]);
  });

  it('the tiers say "Failed to load boost tiers" and are read again', async () => {
    let calls = 0;
    const actor = createActor(
      boostTiersMachine.provide({
        actors: {
          load: fromPromise(async () => {
            calls += 1;
            if (calls === 1) throw serverDown;
            return demoTiers;
          }),
        },
      }),
    ).start();
    await flush();
    expect(actor.getSnapshot().context.loadError).toBe(BillingMessages.loadTiers);
    actor.send({ type: 'tiers.retry' });
    await flush();
    expect(actor.getSnapshot().context.tiers).toEqual(demoTiers);
  });

  it('a job’s current boost, and one made meanwhile', async () => {
    const asked: unknown[] = [];
    const actor = createActor(
      jobBoostMachine.provide({
        actors: {
          load: fromPromise<Subscription | null, { jobId: string }>(async ({ input }) => {
            asked.push(input);
            return null;
          }),
        },
      }),
      { input: { jobId: activeBoost.jobPostId } },
    ).start();
    await flush();
    expect(asked).toEqual([{ jobId: activeBoost.jobPostId }]);
    expect(actor.getSnapshot().context.current).toBeNull();
    actor.send({ type: 'boost.made', subscription: activeBoost });
    expect(actor.getSnapshot().context.current).toEqual(activeBoost);
  });

  it('reads what a job’s current boost brought, and shows the boost without its figures when they cannot be read', async () => {
    const read: unknown[] = [];
    const withFigures = (figures: () => Promise<BoostAnalytics>) =>
      createActor(
        jobBoostMachine.provide({
          actors: {
            load: fromPromise<Subscription | null, { jobId: string }>(async () => activeBoost),
            loadAnalytics: fromPromise<BoostAnalytics, { subscriptionId: string }>(async ({ input }) => {
              read.push(input);
              return figures();
            }),
          },
        }),
        { input: { jobId: activeBoost.jobPostId } },
      ).start();
    const shown = withFigures(async () => demoAnalytics);
    await flush();
    expect(read).toEqual([{ subscriptionId: activeBoost.id }]);
    expect(shown.getSnapshot().matches({ known: 'shown' })).toBe(true);
    expect(shown.getSnapshot().context.analytics).toEqual(demoAnalytics);

    const failed = withFigures(async () => {
      throw new ApiError('server', 500, 'Something went wrong!!!');
    });
    await flush();
    expect(failed.getSnapshot().matches({ known: 'shown' })).toBe(true);
    expect(failed.getSnapshot().context.current).toEqual(activeBoost);
    expect(failed.getSnapshot().context.analytics).toBeNull();
  });
});
