import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { formatDisplayDate } from '../../lib/dates.ts';
import type { BoostAnalytics } from '../../contract/billing.ts';
import type { boostMachine } from '../../machines/billing/boost.machine.ts';
import { jobBoostMachine } from '../../machines/billing/job-boost.machine.ts';
import { Button } from '../ui/button.tsx';
import { BoostedBadge } from '../ui/status-chip.tsx';
import { BILLING_PATH } from './billing-parts.tsx';
import { formatCount } from '../../lib/numbers.ts';

const BoostDialog = lazy(() => import('./boost-dialog.tsx'));

export interface JobBoostPanelProps {
  job: { id: string; title: string };
  /** Open to applicants: only an open job can be boosted. */
  open: boolean;
  /** The employer pays for boosts; recruiters only see whether the job is boosted. */
  canPay: boolean;
  logic?: typeof jobBoostMachine;
  boostLogic?: typeof boostMachine;
}

/** What the boost brought so far, for the employer and the recruiters alike. */
function BoostFigures({ analytics }: { analytics: BoostAnalytics }) {
  const figures: [string, number][] = [
    ['Impressions', analytics.impressions],
    ['Clicks', analytics.clicks],
    ['Apply starts', analytics.applyStarts],
    ['Applications', analytics.applications],
  ];
  return (
    <dl aria-label="While boosted" className="flex basis-full flex-wrap gap-x-2 gap-y-0.5 text-muted">
      {figures.map(([label, value]) => (
        <div key={label} className="flex gap-0.5">
          <dt>{label}:</dt>
          <dd className="font-semibold">{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One of the company's jobs as its staff see it: boosted (which tier, until when), or, for the
 * employer and an open job, Boost this job.
 */
export default function JobBoostPanel({ job, open, canPay, logic, boostLogic }: JobBoostPanelProps) {
  const actor = useActorRef(logic ?? jobBoostMachine, { input: { jobId: job.id } });
  const current = useSelector(actor, (s) => s.context.current);
  const known = useSelector(actor, (s) => s.matches('known'));
  const analytics = useSelector(actor, (s) => s.context.analytics);
  const [boosting, setBoosting] = useState(false);

  if (!known) return null;
  return (
    <div className="flex flex-wrap items-center gap-1 text-sm" aria-label={`Boost of ${job.title}`} role="group">
      {current ? (
        <>
          <BoostedBadge />
          <span>
            {current.tierName}
            {current.currentPeriodEnd &&
              (current.cancelAtPeriodEnd
                ? `, cancelled: runs until ${formatDisplayDate(current.currentPeriodEnd)}`
                : `, renews ${formatDisplayDate(current.currentPeriodEnd)}`)}
          </span>
          {canPay && (
            <Link href={BILLING_PATH} className="font-semibold">
              Manage boosts
            </Link>
          )}
          {analytics && <BoostFigures analytics={analytics} />}
        </>
      ) : (
        canPay &&
        open && (
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setBoosting(true)}>
            Boost this job
          </Button>
        )
      )}
      <Suspense fallback={null}>
        {boosting && (
          <BoostDialog
            job={job}
            logic={boostLogic}
            onClose={() => setBoosting(false)}
            onBoosted={(_, subscription) => actor.send({ type: 'boost.made', subscription })}
          />
        )}
      </Suspense>
    </div>
  );
}
