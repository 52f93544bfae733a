import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../ui/toast.tsx';
import { useLocation } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { useSession } from '../../app/session.tsx';
import type { BoostJob, BoostPlanChoice, boostMachine } from '../../machines/billing/boost.machine.ts';
import type { boostTiersMachine } from '../../machines/billing/boost-tiers.machine.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { selectPublishedMessage, wizardMachine } from '../../machines/posting/wizard.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { TitleForm } from './title-form.tsx';

/** The steps' forms load beside the draft: the page shows its title form or loading state without them. */
const loadSteps = () => import('./wizard-steps.tsx');
void loadSteps();
const WizardSteps = lazy(loadSteps);
/** The boost dialog, with billing: loaded when a job published with a boost plan is to be paid for. */
const BoostDialog = lazy(() => import('../billing/boost-dialog.tsx'));

type Logic = typeof wizardMachine;

/** Where a published job is seen: among the company's active jobs. */
export const PUBLISHED_PATH = '/user/jobs?job=active';

export interface DraftWizardProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  /** The draft to resume; without one the wizard asks for a title. */
  draftId?: string | null;
  /** YYYY-MM-DD the rules are read for; today by default. */
  today?: string;
  /** The address search's machine, for tests and stories to answer its searches. */
  locationLogic?: typeof locationSearchMachine;
  /** A new draft was made: its address can now name it. */
  onCreated?: (draftId: string) => void;
  /** The boost step's tiers and the boost dialog's machines, for tests and stories to answer. */
  tiersLogic?: typeof boostTiersMachine;
  boostLogic?: typeof boostMachine;
}

/**
 * The job post draft wizard: a title first for a new post, then the steps of its draft, saved as
 * the author goes; publishing opens the company's active jobs.
 */
export function DraftWizard({
  logic,
  snapshot,
  draftId = null,
  today,
  locationLogic,
  onCreated,
  tiersLogic,
  boostLogic,
}: DraftWizardProps) {
  const actor = useActorRef(logic ?? wizardMachine, { input: { draftId, ...(today ? { today } : {}) }, ...(snapshot ? { snapshot } : {}) });
  const [, navigate] = useLocation();
  const { role } = useSession();
  // A job published with a boost plan: the employer pays for it before the jobs list opens.
  const [boosting, setBoosting] = useState<{ job: BoostJob; plan: BoostPlanChoice } | null>(null);
  const naming = useSelector(actor, (s) => s.matches('naming') || s.matches('creating'));
  const creating = useSelector(actor, (s) => s.matches('creating'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadError = useSelector(actor, (s) => (s.matches('loadFailed') ? s.context.loadError : null));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const published = useSelector(actor, selectPublishedMessage);
  const title = useSelector(actor, (s) => s.context.title);
  const titleError = useSelector(actor, (s) => s.context.titleError);
  const createError = useSelector(actor, (s) => s.context.createError);

  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  useEffect(() => {
    const created = actor.on('draft.created', (e) => onCreatedRef.current?.(e.draftId));
    const published = actor.on('job.published', (e) => {
      toast.success(e.message);
      // Only the employer pays; a job republished with a boost running keeps that boost.
      const plan = role === 'Employer' && !e.job.isBoosted ? e.job.jobData?.subscriptionPlan : null;
      if (plan?.tier) {
        setBoosting({ job: { id: e.job.id, title: e.job.title }, plan: { tierId: plan.tier, lengthDays: plan.length ?? 0 } });
      } else navigate(PUBLISHED_PATH);
    });
    return () => {
      created.unsubscribe();
      published.unsubscribe();
    };
  }, [actor, navigate, role]);

  // Closing or leaving the tab keeps unsaved changes in this browser.
  useEffect(() => {
    const hide = () => {
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'page.hide' });
    };
    window.addEventListener('pagehide', hide);
    window.addEventListener('beforeunload', hide);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('beforeunload', hide);
      // Leaving the page inside the app counts too.
      hide();
    };
  }, [actor]);

  if (naming) {
    return (
      <section
        aria-labelledby="new-post-title"
        className="flex max-w-xl flex-col gap-2 rounded border border-line bg-surface p-2 shadow-sm"
      >
        <h2 id="new-post-title" className="text-xl font-semibold">
          What is the job called?
        </h2>
        <TitleForm
          title={title}
          error={titleError}
          failure={createError}
          busy={creating}
          onChange={(next) => actor.send({ type: 'title.change', title: next })}
          onSubmit={() => actor.send({ type: 'title.submit' })}
        />
      </section>
    );
  }
  if (loading) return <Loading label="Loading the draft…" />;
  if (loadError !== null) return <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'wizard.retry' })} />;
  // Shown for the moment before the active jobs open, or while the boost is paid for.
  if (published)
    return (
      <>
        <Alert tone="success">{published}</Alert>
        <Suspense fallback={<Loading label="Opening the boost…" />}>
          {boosting && (
            <BoostDialog job={boosting.job} plan={boosting.plan} fromDraft logic={boostLogic} onClose={() => navigate(PUBLISHED_PATH)} />
          )}
        </Suspense>
      </>
    );
  if (!ready) return <Loading label="Opening your job…" />;
  return (
    <Suspense fallback={<Loading label="Loading the draft…" />}>
      <WizardSteps actor={actor} locationLogic={locationLogic} tiersLogic={tiersLogic} />
    </Suspense>
  );
}
