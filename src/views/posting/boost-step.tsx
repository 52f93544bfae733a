import { useActorRef, useSelector } from '@xstate/react';
import { useSession } from '../../app/session.tsx';
import { centsToDollars, type BoostTier } from '../../contract/billing.ts';
import { formatMoney } from '../../lib/money.ts';
import { boostTiersMachine } from '../../machines/billing/boost-tiers.machine.ts';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { StepSection, type WizardActor } from './wizard-fields.tsx';

const NONE = 'none';
const money = (cents: number) => formatMoney(centsToDollars(cents));

/** The draft's plan for a tier and length: shown as priced now; the server prices it when it is paid. */
function planOf(tier: BoostTier, lengthDays: number | null) {
  const price = tier.prices.find((p) => p.lengthDays === lengthDays) ?? null;
  return {
    tier: tier.id,
    length: price ? price.lengthDays : null,
    price: price ? centsToDollars(price.priceCents) : null,
    discountPercentage: price ? price.discountPercentage : null,
  };
}

/**
 * Step 6: a boost (spec 2 §3 Draft subscriptionPlan). The author picks No boost, or a tier and a
 * length, kept in the draft for display; the employer pays for it right after the job is
 * published, at the server's price. A recruiter sees that their employer pays for boosts.
 */
export default function BoostStep({ actor, tiersLogic }: { actor: WizardActor; tiersLogic?: typeof boostTiersMachine | undefined }) {
  const { role } = useSession();
  const tiersActor = useActorRef(tiersLogic ?? boostTiersMachine);
  const tiers = useSelector(tiersActor, (s) => s.context.tiers);
  const loading = useSelector(tiersActor, (s) => s.hasTag('loading'));
  const loadError = useSelector(tiersActor, (s) => (s.hasTag('error') ? s.context.loadError : null));
  const plan = useSelector(actor, (s) => s.context.data.subscriptionPlan);
  const tier = tiers.find((t) => t.id === plan?.tier) ?? null;

  return (
    <StepSection title="Boost" description="A boost shows your job first in job seekers’ searches, with a badge and a highlighted pin.">
      {/* No boost is always there: the step never waits on the tiers to be left. */}
      <ChoiceGroup<string>
        label="Boost"
        value={plan?.tier ?? NONE}
        size="large"
        options={[
          { value: NONE, label: 'No boost', description: 'Your job is listed with the others, by how well it matches each search.' },
          ...tiers.map((t) => ({ value: t.id, label: t.name, description: t.description })),
        ]}
        onChange={(v) => {
          const chosen = tiers.find((t) => t.id === v);
          actor.send({ type: 'plan.choose', plan: chosen ? planOf(chosen, plan?.length ?? null) : null });
        }}
      />
      {loading && <Loading label="Loading boost tiers…" />}
      {loadError !== null && <LoadFailed message={loadError} onRetry={() => tiersActor.send({ type: 'tiers.retry' })} />}
      {tier && (
        <ChoiceGroup<number>
          label="Length"
          value={plan?.length ?? null}
          columns={3}
          options={tier.prices.map((p) => ({
            value: p.lengthDays,
            label: `${p.lengthDays} days · ${money(p.priceCents)}${p.discountPercentage > 0 ? ` · ${p.discountPercentage}% off` : ''}`,
          }))}
          onChange={(n) => actor.send({ type: 'plan.choose', plan: planOf(tier, n) })}
        />
      )}
      <p className="text-sm text-muted">
        {role === 'Recruiter'
          ? 'Your company’s employer pays for boosts: once the job is published, they can boost it from the jobs list.'
          : 'Nothing is charged now. Once the job is published you confirm the boost and pay for it; it renews each period until you cancel.'}
      </p>
    </StepSection>
  );
}
