import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { BillingMessages, BOOST_PLACEMENT_NAMES, type BoostLength, type Subscription } from '../../contract/billing.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import {
  boostMachine,
  priceOf,
  selectBoostStep,
  selectCardForm,
  selectMethod,
  selectPrice,
  selectTier,
  type BoostJob,
  type BoostPlanChoice,
  type BoostStep,
} from '../../machines/billing/boost.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { Modal } from '../ui/modal.tsx';
import { CardName, money } from './billing-parts.tsx';
import { CardForm } from './card-form.tsx';

type Logic = typeof boostMachine;
type Actor = ActorRefFrom<Logic>;

export interface BoostDialogProps {
  job: BoostJob;
  /** The tier and length chosen in the job's draft. */
  plan?: BoostPlanChoice | null;
  /** Opened right after the job was published from its draft. */
  fromDraft?: boolean;
  onClose: () => void;
  /** The job is boosted now: the list that opened the dialog marks it (spec 2 §4). */
  onBoosted?: (jobId: string, subscription: Subscription) => void;
  /** The machine with its calls provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

const days = (n: number) => `${n} days`;
const STEP_NUMBER: Partial<Record<BoostStep, string>> = {
  tier: 'Step 1 of 4: tier',
  length: 'Step 2 of 4: length',
  method: 'Step 3 of 4: card',
  adding: 'Step 3 of 4: card',
  confirm: 'Step 4 of 4: confirm',
};

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-wrap justify-between gap-1 border-t border-line pt-2">{children}</div>;
}

function Back({ actor }: { actor: Actor }) {
  return (
    <Button variant="ghost" onClick={() => actor.send({ type: 'boost.back' })}>
      Back
    </Button>
  );
}

function TierStep({ actor }: { actor: Actor }) {
  const tiers = useSelector(actor, (s) => s.context.tiers);
  const tierId = useSelector(actor, (s) => s.context.tierId);
  if (tiers.length === 0) return <p className="text-muted">No boosts are on sale right now.</p>;
  return (
    <>
      <ChoiceGroup<string>
        label="Tier"
        value={tierId}
        size="large"
        options={tiers.map((t) => {
          const from = t.prices.reduce((a, b) => (b.priceCents < a.priceCents ? b : a), t.prices[0]!);
          return {
            value: t.id,
            label: t.name,
            description: (
              <>
                <span className="block">{t.description}</span>
                {from && (
                  <span className="mt-0.5 block font-semibold">
                    From {money(from.priceCents)} for {days(from.lengthDays)}
                  </span>
                )}
              </>
            ),
          };
        })}
        onChange={(id) => actor.send({ type: 'tier.choose', tierId: id })}
      />
      <Actions>
        <span />
        <Button disabled={!tierId} onClick={() => actor.send({ type: 'boost.next' })}>
          Next
        </Button>
      </Actions>
    </>
  );
}

function LengthStep({ actor }: { actor: Actor }) {
  const tier = useSelector(actor, selectTier);
  const lengthDays = useSelector(actor, (s) => s.context.lengthDays);
  return (
    <>
      <p className="mb-1">
        <strong>{tier?.name}</strong>: each period is paid in advance and renews by itself until you cancel.
      </p>
      <ChoiceGroup<BoostLength>
        label="Length"
        value={lengthDays}
        size="large"
        options={(tier?.prices ?? []).map((p) => ({
          value: p.lengthDays as BoostLength,
          label: days(p.lengthDays),
          description: `${money(p.priceCents)}${p.discountPercentage > 0 ? ` · ${p.discountPercentage}% off` : ''}`,
        }))}
        onChange={(n) => actor.send({ type: 'length.choose', lengthDays: n })}
      />
      <Actions>
        <Back actor={actor} />
        <Button disabled={!priceOf(tier, lengthDays)} onClick={() => actor.send({ type: 'boost.next' })}>
          Next
        </Button>
      </Actions>
    </>
  );
}

function MethodStep({ actor }: { actor: Actor }) {
  const methods = useSelector(actor, (s) => s.context.methods);
  const methodId = useSelector(actor, (s) => s.context.methodId);
  const note = useSelector(actor, (s) => s.context.methodNote);
  return (
    <>
      {methods.length > 0 ? (
        <ChoiceGroup<string>
          label="Pay with"
          value={methodId}
          size="large"
          options={methods.map((m) => ({
            value: m.id,
            label: <CardName brand={m.brand} last4={m.last4} />,
            description: `Expires ${m.expiry}${m.isDefault ? ' · Default' : ''}`,
          }))}
          onChange={(id) => actor.send({ type: 'method.choose', id })}
        />
      ) : (
        <p className="text-muted">You have no card yet.</p>
      )}
      <Button variant="secondary" className="mt-1 self-start" onClick={() => actor.send({ type: 'card.add' })}>
        Add a card
      </Button>
      {note && (
        <Alert tone="error" className="mt-1">
          {note}
        </Alert>
      )}
      <Actions>
        <Back actor={actor} />
        <Button onClick={() => actor.send({ type: 'boost.next' })}>Review</Button>
      </Actions>
    </>
  );
}

function AddingStep({ actor }: { actor: Actor }) {
  const cardForm = useSelector(actor, selectCardForm);
  if (!cardForm) return null;
  return <CardForm actor={cardForm} submitLabel="Add card" onCancel={() => actor.send({ type: 'card.cancel' })} />;
}

/** The server's price for the plan chosen, what the job gets, and the card: confirmed to pay. */
function ConfirmStep({ actor }: { actor: Actor }) {
  const job = useSelector(actor, (s) => s.context.job);
  const tier = useSelector(actor, selectTier);
  const price = useSelector(actor, selectPrice);
  const method = useSelector(actor, selectMethod);
  if (!tier || !price) return null;
  return (
    <>
      <dl className="grid gap-0.5 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-muted">Job</dt>
          <dd className="text-right font-medium">{job.title}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-muted">Boost</dt>
          <dd className="text-right">
            {tier.name}, {days(price.lengthDays)}
          </dd>
        </div>
        {price.discountPercentage > 0 && (
          <>
            <div className="flex justify-between gap-2">
              <dt className="text-muted">Price at the weekly rate</dt>
              <dd className="text-right tabular-nums">{money(price.listCents)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-muted">Discount</dt>
              <dd className="text-right tabular-nums">
                {price.discountPercentage}% (−{money(price.listCents - price.priceCents)})
              </dd>
            </div>
          </>
        )}
        <div className="flex justify-between gap-2 border-t border-line pt-0.5 text-base font-semibold">
          <dt>Total today</dt>
          <dd className="tabular-nums">{money(price.priceCents)}</dd>
        </div>
        {method && (
          <div className="flex justify-between gap-2">
            <dt className="text-muted">Card</dt>
            <dd className="text-right">
              <CardName brand={method.brand} last4={method.last4} />
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-1 text-sm text-muted">
        Renews every {days(price.lengthDays)} at {money(price.priceCents)} until you cancel.
      </p>
      <section aria-labelledby="boost-gets" className="mt-1">
        <h3 id="boost-gets" className="text-sm font-semibold">
          What the job gets
        </h3>
        <ul className="list-disc pl-2 text-sm">
          {tier.placements.map((p) => (
            <li key={p}>{BOOST_PLACEMENT_NAMES[p]}</li>
          ))}
        </ul>
      </section>
      <Actions>
        <Back actor={actor} />
        <Button onClick={() => actor.send({ type: 'boost.confirm' })}>Pay {money(price.priceCents)} and boost</Button>
      </Actions>
    </>
  );
}

/** The test processor's stand-in for the bank's confirmation page (test mode only). */
function TestBankChallenge({ actor }: { actor: Actor }) {
  return (
    <section
      aria-labelledby="bank-title"
      className="flex flex-col gap-1 rounded border border-amber-600/50 bg-amber-50 p-2 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h3 id="bank-title" className="font-semibold">
        Your bank (test mode)
      </h3>
      <p role="status">{BillingMessages.requiresAction}</p>
      <p className="text-sm">This stands in for your bank’s page. Approve to pay, or Fail to see a payment your bank refuses.</p>
      <div className="flex flex-wrap gap-1">
        <Button onClick={() => actor.send({ type: 'auth.approve' })}>Approve</Button>
        <Button variant="ghost" onClick={() => actor.send({ type: 'auth.fail' })}>
          Fail
        </Button>
      </div>
    </section>
  );
}

function Body({ actor, step, onClose }: { actor: Actor; step: BoostStep; onClose: () => void }) {
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const failure = useSelector(actor, (s) => s.context.failure);
  const subscription = useSelector(actor, (s) => s.context.subscription);
  switch (step) {
    case 'loading':
      return <Loading label="Loading boost tiers…" />;
    case 'loadFailed':
      return <LoadFailed message={loadError ?? BillingMessages.loadTiers} onRetry={() => actor.send({ type: 'boost.retry' })} />;
    case 'tier':
      return <TierStep actor={actor} />;
    case 'length':
      return <LengthStep actor={actor} />;
    case 'method':
      return <MethodStep actor={actor} />;
    case 'adding':
      return <AddingStep actor={actor} />;
    case 'confirm':
      return <ConfirmStep actor={actor} />;
    case 'processing':
      return <Loading label={BillingMessages.processing} />;
    case 'authenticating':
      return <Loading label="Waiting for your bank’s confirmation…" />;
    case 'challenge':
      return <TestBankChallenge actor={actor} />;
    case 'failed':
      return (
        <>
          <Alert tone="error">
            {failure?.message}
            {failure?.detail && <span className="block">{failure.detail}</span>}
          </Alert>
          <Actions>
            <Back actor={actor} />
            <Button onClick={() => actor.send({ type: 'boost.retry' })}>Try again</Button>
          </Actions>
        </>
      );
    case 'declined':
      return (
        <>
          <Alert tone="error">{failure?.message}</Alert>
          <p className="mt-1 text-sm text-muted">Nothing was charged.</p>
          <Actions>
            <span />
            <Button onClick={() => actor.send({ type: 'boost.changeCard' })}>Choose another card</Button>
          </Actions>
        </>
      );
    case 'boosted':
      return (
        <>
          <Alert tone="success">{BillingMessages.boosted}</Alert>
          {subscription?.currentPeriodEnd && (
            <p className="mt-1 text-sm">
              {subscription.tierName} until {formatDisplayDate(subscription.currentPeriodEnd)}, then it renews at{' '}
              {money(subscription.priceCents)} until you cancel it on the billing page.
            </p>
          )}
          <Actions>
            <span />
            <Button onClick={onClose}>Done</Button>
          </Actions>
        </>
      );
  }
}

/**
 * The boost dialog (Headless UI Dialog: the focus stays inside, Escape closes): a job's boost
 * from choosing its tier to paying for it, each step a screen of the boost machine.
 */
export default function BoostDialog({ job, plan, fromDraft, onClose, onBoosted, logic, snapshot }: BoostDialogProps) {
  const input = { job, plan: plan ?? null, fromDraft: fromDraft ?? false };
  const actor = useActorRef(logic ?? boostMachine, snapshot ? { snapshot, input } : { input });
  const step = useSelector(actor, selectBoostStep);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const onBoostedRef = useRef(onBoosted);
  onBoostedRef.current = onBoosted;

  useEffect(() => {
    const sub = actor.on('boosted', (e) => onBoostedRef.current?.(e.jobId, e.subscription));
    return () => sub.unsubscribe();
  }, [actor]);

  // A payment under way is not left: it finishes, whatever the dialog does.
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal open onClose={close} title={`Boost “${job.title}”`} size="lg">
      <div className="flex flex-col">
        {STEP_NUMBER[step] && <p className="mb-1 text-sm text-muted">{STEP_NUMBER[step]}</p>}
        <Body actor={actor} step={step} onClose={onClose} />
      </div>
    </Modal>
  );
}
