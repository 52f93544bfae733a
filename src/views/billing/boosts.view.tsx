import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  CANCEL_REASON_NAMES,
  cancelReasons,
  SUBSCRIPTION_STATUS_NAMES,
  subscriptionStatuses,
  type BoostLength,
  type CancelReason,
  type Subscription,
  type SubscriptionFilter,
} from '../../contract/billing.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { priceOf } from '../../machines/billing/boost.machine.ts';
import {
  canCancel,
  canChange,
  selectActionBusy,
  selectCancelling,
  selectChanging,
  selectDetail,
  selectLoadError,
  selectPageCount,
  subscriptionsMachine,
} from '../../machines/billing/subscriptions.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { cx } from '../ui/cx.ts';
import { TextAreaField } from '../ui/field.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { CloseButton } from '../ui/close-button.tsx';
import { Modal } from '../ui/modal.tsx';
import { PageSteps } from '../ui/page-steps.tsx';
import { SelectField, type Option } from '../ui/select-field.tsx';
import { cardWords, invoiceHref, money, SubscriptionStatusChip, useNotify } from './billing-parts.tsx';
import { formatCount } from '../../lib/numbers.ts';

type Logic = typeof subscriptionsMachine;
type Actor = ActorRefFrom<Logic>;

export interface BoostsProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

const statusOptions: ReadonlyArray<Option<SubscriptionFilter>> = [
  { value: 'all', label: 'All boosts' },
  { value: 'current', label: 'Current' },
  ...subscriptionStatuses.map((s) => ({ value: s, label: SUBSCRIPTION_STATUS_NAMES[s] })),
];

const days = (n: number) => `${n} days`;

/** What a boost's row says of its period, its next charge and a change to come. */
function Schedule({ s }: { s: Subscription }) {
  const lines: ReactNode[] = [];
  if (s.cancelAtPeriodEnd && s.currentPeriodEnd) lines.push(`Cancelled: runs until ${formatDisplayDate(s.currentPeriodEnd)}`);
  else if (s.currentPeriodEnd && (s.status === 'active' || s.status === 'past_due'))
    lines.push(`Current period ends ${formatDisplayDate(s.currentPeriodEnd)}`);
  if (s.nextChargeAt && s.nextChargeCents !== null)
    lines.push(`Next charge ${money(s.nextChargeCents)} on ${formatDisplayDate(s.nextChargeAt)}`);
  if (s.pendingChange)
    lines.push(
      `From the next period: ${s.pendingChange.tierName}, ${days(s.pendingChange.lengthDays)}, ${money(s.pendingChange.priceCents)}`,
    );
  if (s.status === 'past_due') lines.push('The last charge failed; it is tried again.');
  return (
    <>
      {lines.map((l, i) => (
        <p key={i} className="text-sm text-muted">
          {l}
        </p>
      ))}
    </>
  );
}

function BoostRow({ s, actor, locked }: { s: Subscription; actor: Actor; locked: boolean }) {
  const id = useId();
  return (
    <li>
      <article aria-labelledby={id} className="flex flex-col gap-1 rounded border border-line bg-surface p-1.5">
        <div className="flex flex-wrap items-start justify-between gap-1">
          <div className="min-w-0">
            <h3 id={id} className="font-semibold break-words">
              {s.jobTitle}
            </h3>
            <p className="text-sm">
              {s.tierName} · {days(s.lengthDays)} · {money(s.priceCents)} a period
              {s.paymentMethod && <span className="text-muted"> · {cardWords(s.paymentMethod)}</span>}
            </p>
          </div>
          <SubscriptionStatusChip status={s.status} />
        </div>
        <Schedule s={s} />
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            aria-haspopup="dialog"
            aria-label={`Details of the boost of ${s.jobTitle}`}
            onClick={() => actor.send({ type: 'detail.open', id: s.id })}
          >
            Details
          </Button>
          {canChange(s) && (
            <Button
              variant="secondary"
              aria-haspopup="dialog"
              disabled={locked}
              aria-label={`Change the boost of ${s.jobTitle}`}
              onClick={() => actor.send({ type: 'change.open', id: s.id })}
            >
              Change
            </Button>
          )}
          {canCancel(s) && (
            <Button
              variant="ghost"
              aria-haspopup="dialog"
              disabled={locked}
              aria-label={`Cancel the boost of ${s.jobTitle}`}
              onClick={() => actor.send({ type: 'cancel.open', id: s.id })}
            >
              Cancel boost
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}

const reasonOptions = cancelReasons.map((r) => ({ value: r, label: CANCEL_REASON_NAMES[r] }));

/** Why the boost is cancelled, and words of one's own; it runs to the end of the paid period. */
function CancelDialog({ actor }: { actor: Actor }) {
  const target = useSelector(actor, selectCancelling);
  const reason = useSelector(actor, (s) => s.context.reason);
  const details = useSelector(actor, (s) => s.context.details);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, selectActionBusy);
  const close = () => actor.send({ type: 'dialog.close' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'cancel.submit' });
  };
  return (
    <Modal open={!!target} onClose={close} title="Cancel this boost?" size="lg">
      {target && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-2" aria-label={`Cancel the boost of ${target.jobTitle}`}>
          <p>
            “{target.jobTitle}” stays boosted until {formatDisplayDate(target.currentPeriodEnd) || 'the end of the period you paid for'},
            and nothing more is charged.
          </p>
          <ChoiceGroup<CancelReason>
            label="Why are you cancelling?"
            value={reason}
            size="large"
            options={reasonOptions}
            onChange={(r) => actor.send({ type: 'cancel.reason', reason: r })}
          />
          <TextAreaField
            label="Tell us more (optional)"
            value={details}
            maxLength={600}
            rows={3}
            hint={`${details.length} of 500 characters`}
            onChange={(e) => actor.send({ type: 'cancel.details', details: e.target.value })}
          />
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="flex flex-wrap justify-end gap-1">
            <Button variant="ghost" onClick={close} disabled={busy}>
              Keep boost
            </Button>
            <Button type="submit" variant="danger" busy={busy}>
              Cancel boost
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** Another tier or length from the next period, at the server's price. */
function ChangeDialog({ actor }: { actor: Actor }) {
  const target = useSelector(actor, selectChanging);
  const tiers = useSelector(actor, (s) => s.context.tiers);
  const tierId = useSelector(actor, (s) => s.context.tierId);
  const lengthDays = useSelector(actor, (s) => s.context.lengthDays);
  const formError = useSelector(actor, (s) => s.context.formError);
  const loadingTiers = useSelector(actor, (s) => s.matches({ action: { changing: 'loadingTiers' } }));
  const tiersFailed = useSelector(actor, (s) => s.matches({ action: { changing: 'tiersFailed' } }));
  const busy = useSelector(actor, selectActionBusy);
  const close = () => actor.send({ type: 'dialog.close' });
  const tier = tiers.find((t) => t.id === tierId);
  const price = priceOf(tier, lengthDays);
  const unchanged = tierId === target?.tierId && lengthDays === target?.lengthDays;
  return (
    <Modal open={!!target} onClose={close} title="Change boost" size="lg">
      {target &&
        (loadingTiers ? (
          <Loading label="Loading boost tiers…" />
        ) : tiersFailed ? (
          <LoadFailed message={formError ?? ''} onRetry={() => actor.send({ type: 'change.retry' })} />
        ) : (
          <form
            noValidate
            className="flex flex-col gap-2"
            aria-label={`Change the boost of ${target.jobTitle}`}
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'change.submit' });
            }}
          >
            <p>
              The change takes effect from the next period
              {target.currentPeriodEnd ? `, ${formatDisplayDate(target.currentPeriodEnd)}` : ''}. This period stays as it is.
            </p>
            <ChoiceGroup<string>
              label="Tier"
              value={tierId}
              size="large"
              options={tiers.map((t) => ({ value: t.id, label: t.name, description: t.description }))}
              onChange={(id) => actor.send({ type: 'change.tier', tierId: id })}
            />
            {tier && (
              <ChoiceGroup<BoostLength>
                label="Length"
                value={lengthDays}
                columns={3}
                options={tier.prices.map((p) => ({
                  value: p.lengthDays as BoostLength,
                  label: `${days(p.lengthDays)} · ${money(p.priceCents)}`,
                }))}
                onChange={(n) => actor.send({ type: 'change.length', lengthDays: n })}
              />
            )}
            {price && (
              <p role="status">
                From the next period: {money(price.priceCents)} every {days(price.lengthDays)}
                {price.discountPercentage > 0 ? ` (${price.discountPercentage}% off)` : ''}.
              </p>
            )}
            {formError && <Alert tone="error">{formError}</Alert>}
            <div className="flex flex-wrap justify-end gap-1">
              <Button variant="ghost" onClick={close} disabled={busy}>
                Keep as it is
              </Button>
              <Button type="submit" busy={busy} disabled={!price || unchanged}>
                Change boost
              </Button>
            </div>
          </form>
        ))}
    </Modal>
  );
}

function Figure({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="flex flex-col rounded border border-line p-1">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

const CYCLE_STATUS: Record<string, string> = { paid: 'Paid', open: 'Open', void: 'Void', upcoming: 'Upcoming' };

/** A boost's detail: its spending, what it brought, and its periods with their invoices. */
function DetailPanel({ actor }: { actor: Actor }) {
  const open = useSelector(actor, selectDetail);
  const close = () => actor.send({ type: 'detail.close' });
  if (!open) return null;
  const { subscription: s, detail, state } = open;
  return (
    <Dialog open onClose={close} className="relative z-40">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-xl">
        <DialogPanel className="flex w-full flex-col gap-2 overflow-y-auto bg-surface p-3 shadow-xl">
          <div className="flex items-start justify-between gap-2">
            <div>
              <DialogTitle className="text-xl font-semibold">{s.jobTitle}</DialogTitle>
              <p className="text-sm text-muted">
                {s.tierName} · {days(s.lengthDays)} · {SUBSCRIPTION_STATUS_NAMES[s.status]}
              </p>
            </div>
            <CloseButton onClick={close} label="Close boost details" />
          </div>
          {state === 'loading' && <Loading label="Loading the boost’s figures…" />}
          {state === 'failed' && (
            <LoadFailed message="The boost’s figures could not be loaded." onRetry={() => actor.send({ type: 'detail.retry' })} />
          )}
          {detail && (
            <>
              <section aria-labelledby="boost-budget" className="flex flex-col gap-1">
                <h3 id="boost-budget" className="font-semibold">
                  Budget
                </h3>
                <dl className="grid grid-cols-2 gap-1 sm:grid-cols-3">
                  <Figure term="Spent this period" value={money(detail.budget.spentThisPeriodCents)} />
                  <Figure term="Spent to date" value={money(detail.budget.spentToDateCents)} />
                  <Figure
                    term="Next charge"
                    value={
                      detail.budget.nextChargeCents !== null && detail.budget.nextChargeAt
                        ? `${money(detail.budget.nextChargeCents)} on ${formatDisplayDate(detail.budget.nextChargeAt)}`
                        : 'None'
                    }
                  />
                </dl>
              </section>
              <section aria-labelledby="boost-analytics" className="flex flex-col gap-1">
                <h3 id="boost-analytics" className="font-semibold">
                  What the boost brought
                </h3>
                <dl className="grid grid-cols-2 gap-1 sm:grid-cols-3">
                  <Figure term="Impressions" value={formatCount(detail.analytics.impressions)} />
                  <Figure term="Clicks" value={formatCount(detail.analytics.clicks)} />
                  <Figure term="Apply starts" value={formatCount(detail.analytics.applyStarts)} />
                  <Figure term="Applications" value={formatCount(detail.analytics.applications)} />
                  <Figure
                    term="Cost per click"
                    value={detail.analytics.costPerClickCents === null ? '—' : money(detail.analytics.costPerClickCents)}
                  />
                  <Figure
                    term="Cost per application"
                    value={detail.analytics.costPerApplicationCents === null ? '—' : money(detail.analytics.costPerApplicationCents)}
                  />
                </dl>
              </section>
              <section aria-labelledby="boost-cycles" className="flex flex-col gap-1">
                <h3 id="boost-cycles" className="font-semibold">
                  Billing periods
                </h3>
                <table className="w-full border-collapse text-sm">
                  <caption className="sr-only">Billing periods</caption>
                  <thead className="text-left">
                    <tr>
                      <th scope="col" className="py-0.5">
                        Period
                      </th>
                      <th scope="col" className="py-0.5 text-right">
                        Amount
                      </th>
                      <th scope="col" className="py-0.5">
                        Status
                      </th>
                      <th scope="col" className="py-0.5">
                        <span className="sr-only">Invoice</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.cycles.map((c) => (
                      <tr key={c.number} className="border-t border-line">
                        <td className="py-0.5">
                          {formatDisplayDate(c.periodStart)} – {formatDisplayDate(c.periodEnd)}
                        </td>
                        <td className="py-0.5 text-right tabular-nums">{money(c.amountCents)}</td>
                        <td className="py-0.5">{CYCLE_STATUS[c.status]}</td>
                        <td className="py-0.5">
                          {c.invoiceId && (
                            <Link
                              href={invoiceHref(c.invoiceId)}
                              aria-label={`Invoice of the period from ${formatDisplayDate(c.periodStart)}`}
                            >
                              Invoice
                            </Link>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** The company's boosts: status filter, each boost with its period and next charge, cancel, change, details; pages. */
export function BoostsSection({ logic, snapshot }: BoostsProps) {
  const actor = useActorRef(logic ?? subscriptionsMachine, snapshot ? { snapshot } : {});
  useNotify(actor);
  const items = useSelector(actor, (s) => s.context.items);
  const total = useSelector(actor, (s) => s.context.total);
  const query = useSelector(actor, (s) => s.context.query);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }));
  const loadError = useSelector(actor, selectLoadError);
  const pages = useSelector(actor, selectPageCount);
  const locked = useSelector(actor, (s) => !s.matches({ action: 'idle' }));
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          Boosts
        </h2>
        <SelectField<SubscriptionFilter>
          label="Status"
          value={query.status}
          options={statusOptions}
          onChange={(v) => actor.send({ type: 'subscriptions.status', status: v ?? 'all' })}
          className="w-full sm:w-auto sm:min-w-24"
        />
      </div>
      {loadError !== null ? (
        <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'subscriptions.retry' })} />
      ) : loading && items.length === 0 ? (
        <Loading label="Loading your boosts…" />
      ) : !loading && items.length === 0 ? (
        <p className="rounded border border-dashed border-line p-2 text-center text-muted">
          {query.status === 'all' ? 'No boosts yet. Boost a job from your jobs list.' : 'No boosts with this status.'}
        </p>
      ) : (
        <ul aria-label="Boosts" aria-busy={loading || undefined} className={cx('flex flex-col gap-1', loading && 'opacity-60')}>
          {items.map((s) => (
            <BoostRow key={s.id} s={s} actor={actor} locked={locked} />
          ))}
        </ul>
      )}
      {loadError === null && total > 0 && (
        <PageSteps
          page={query.pageNumber}
          pages={pages}
          disabled={loading}
          onPage={(page) => actor.send({ type: 'subscriptions.page', page })}
        />
      )}
      <CancelDialog actor={actor} />
      <ChangeDialog actor={actor} />
      <DetailPanel actor={actor} />
    </section>
  );
}
