import { useEffect, useRef, type ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import { wizardSteps, type WizardStep } from '../../contract/posting.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import type { boostTiersMachine } from '../../machines/billing/boost-tiers.machine.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { selectCanPublish, selectReachable, selectSaveStatus, type SaveStatus } from '../../machines/posting/wizard.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import BoostStep from './boost-step.tsx';
import CandidateStep from './candidate-step.tsx';
import IndustryStep from './industry-step.tsx';
import JobDetailsStep from './job-details-step.tsx';
import PayStep from './pay-step.tsx';
import ReviewStep from './review-step.tsx';
import { StepIndicator, stepLabel } from './step-indicator.tsx';
import TimeStep from './time-step.tsx';
import type { WizardActor } from './wizard-fields.tsx';

/*
 * The wizard once its draft is open: the steps, the save status, the current step's form, and
 * Back, Next or Publish. In its own chunk, which loads while the draft does.
 */

const statusText: Record<SaveStatus, string> = {
  saved: 'Saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  failed: 'Not saved',
  invalid: 'Not saved: correct the marked fields',
};

/** Saving…, Saved, Not saved with Retry: announced politely as it changes. */
function SaveStatusLine({ actor }: { actor: WizardActor }) {
  const status = useSelector(actor, selectSaveStatus);
  const error = useSelector(actor, (s) => s.context.saveError);
  if (!status) return null;
  return (
    <div className="flex flex-wrap items-center gap-1 text-sm">
      <p
        role="status"
        aria-live="polite"
        className={status === 'failed' || status === 'invalid' ? 'font-medium text-danger' : 'text-muted'}
      >
        {statusText[status]}
        {status === 'failed' && <span>. {error ? `${error} ` : ''}Your changes are kept in this browser.</span>}
      </p>
      {status === 'failed' && (
        <Button variant="secondary" className="min-h-0 px-1 py-0.5" onClick={() => actor.send({ type: 'autosave.retry' })}>
          Retry
        </Button>
      )}
    </div>
  );
}

/** Changes kept in this browser, offered back before anything else. */
function RestoreOffer({ actor }: { actor: WizardActor }) {
  const savedAt = useSelector(actor, (s) => s.context.offer?.savedAt ?? null);
  return (
    <section
      aria-labelledby="restore-title"
      className="flex flex-col gap-1 rounded border border-brand-500/40 bg-brand-50 p-2 dark:bg-brand-900/30"
    >
      <h2 id="restore-title" tabIndex={-1} className="text-lg font-semibold">
        Unsaved changes found
      </h2>
      <p>
        This browser kept changes to this draft that were not saved{savedAt ? ` (${formatDisplayDate(savedAt)})` : ''}. Restore them, or
        discard them and continue with the draft as it was saved.
      </p>
      <div className="flex flex-wrap gap-1">
        <Button onClick={() => actor.send({ type: 'restore.accept' })}>Restore unsaved changes</Button>
        <Button variant="ghost" onClick={() => actor.send({ type: 'restore.discard' })}>
          Discard
        </Button>
      </div>
    </section>
  );
}

const stepForms: Record<Exclude<WizardStep, 'jobDetails' | 'subscriptionPlan'>, ComponentType<{ actor: WizardActor }>> = {
  timeRequirements: TimeStep,
  payDetails: PayStep,
  categorization: IndustryStep,
  candidateRequirements: CandidateStep,
  review: ReviewStep,
};

/** The steps, the current one's form, and Back, Next or Publish. */
export default function WizardSteps({
  actor,
  locationLogic,
  tiersLogic,
}: {
  actor: WizardActor;
  locationLogic?: typeof locationSearchMachine | undefined;
  /** The boost step's tiers machine, for tests and stories to answer. */
  tiersLogic?: typeof boostTiersMachine | undefined;
}) {
  const step = useSelector(actor, (s) => s.context.tracking.currentStep);
  const completed = useSelector(actor, (s) => s.context.tracking.completedSteps);
  const reachable = useSelector(actor, selectReachable, (a, b) => a.join() === b.join());
  const offering = useSelector(actor, (s) => s.matches({ ready: { editor: 'offering' } }));
  const publishing = useSelector(actor, (s) => s.matches({ ready: { editor: 'publishing' } }));
  const canPublish = useSelector(actor, selectCanPublish);
  const publishError = useSelector(actor, (s) => s.context.publishError);
  const draft = useSelector(actor, (s) => s.context.draft);
  const title = useSelector(actor, (s) => s.context.data.jobDetails.title);
  const editsLiveJob = useSelector(actor, (s) => s.context.data.jobPostId !== null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A new step's heading takes the focus, so keyboard and screen reader users start at its top.
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);

  const index = wizardSteps.indexOf(step);
  const Form = step === 'jobDetails' || step === 'subscriptionPlan' ? null : stepForms[step];

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-1">
        <div>
          <p className="text-xl font-semibold break-words">{title}</p>
          {draft && (
            <p className="text-sm text-muted">
              {editsLiveJob ? 'Changes to a published job. ' : ''}Last changed {formatDisplayDate(draft.modified)} by{' '}
              {draft.modifiedBy.name}
            </p>
          )}
        </div>
        <SaveStatusLine actor={actor} />
      </div>
      <StepIndicator
        current={step}
        completed={completed}
        reachable={reachable}
        disabled={offering || publishing}
        onOpen={(to) => actor.send({ type: 'wizard.goto', step: to })}
      />
      {offering ? (
        <RestoreOffer actor={actor} />
      ) : (
        <form
          noValidate
          aria-labelledby="wizard-step-title"
          className="flex flex-col gap-3 rounded border border-line bg-surface p-2 shadow-sm"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: step === 'review' ? 'wizard.publish' : 'wizard.next' });
          }}
        >
          <h2
            id="wizard-step-title"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold focus:outline-none focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500"
          >
            {stepLabel(step)}
          </h2>
          {Form ? (
            <Form actor={actor} />
          ) : step === 'subscriptionPlan' ? (
            <BoostStep actor={actor} tiersLogic={tiersLogic} />
          ) : (
            <JobDetailsStep actor={actor} locationLogic={locationLogic} />
          )}
          {publishError && <Alert tone="error">{publishError}</Alert>}
          <div className="flex flex-wrap justify-between gap-1 border-t border-line pt-2">
            {index > 0 ? (
              <Button variant="ghost" disabled={publishing} onClick={() => actor.send({ type: 'wizard.back' })}>
                Back
              </Button>
            ) : (
              <span />
            )}
            {step === 'review' ? (
              <Button type="submit" busy={publishing} disabled={!canPublish}>
                {editsLiveJob ? 'Publish changes' : 'Publish job'}
              </Button>
            ) : (
              <Button type="submit">Next</Button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
