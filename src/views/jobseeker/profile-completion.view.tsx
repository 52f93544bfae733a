import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Link } from 'wouter';
import { completionSections, profileCompletionMachine, selectStatus } from '../../machines/account/profile-completion.machine.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';

export interface ProfileCompletionProps {
  /** A prepared machine (stubbed actors) for stories and tests. */
  logic?: typeof profileCompletionMachine;
  snapshot?: SnapshotFrom<typeof profileCompletionMachine>;
}

/** The job seeker's dashboard card: how complete the profile is, what is missing, and where to add it. */
export function ProfileCompletion({ logic = profileCompletionMachine, snapshot }: ProfileCompletionProps) {
  const actor = useActorRef(logic, snapshot ? { snapshot } : {});
  const status = useSelector(actor, selectStatus);
  const failed = useSelector(actor, (s) => s.hasTag('error'));

  return (
    <section aria-labelledby="completion-title" className="rounded border border-line bg-surface p-2 shadow-sm">
      <h2 id="completion-title" className="text-xl font-bold">
        Your profile
      </h2>
      {failed ? (
        <LoadFailed
          className="mt-1"
          message="Your profile could not be loaded."
          onRetry={() => actor.send({ type: 'completion.reload' })}
        />
      ) : !status ? (
        <Loading className="mt-1" label="Loading your profile…" />
      ) : (
        <>
          <p className="mt-1" id="completion-label">
            {status.isCompleted
              ? 'Your profile is complete: employers see everything they need.'
              : `Your profile is ${status.completedPercentage}% complete. Complete it so employers can find you.`}
          </p>
          <div
            role="progressbar"
            aria-labelledby="completion-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={status.completedPercentage}
            className="mt-1 h-1 overflow-hidden rounded bg-surface-raised"
          >
            <div className="h-full bg-brand-500" style={{ width: `${status.completedPercentage}%` }} />
          </div>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {completionSections.map(({ key, label, href }) => (
              <li key={key} className="flex items-center justify-between gap-1 rounded border border-line px-1.5 py-1">
                <span className="flex items-center gap-1">
                  <span aria-hidden="true" className={status[key] ? 'text-brand-700 dark:text-brand-300' : 'text-muted'}>
                    {status[key] ? '✓' : '○'}
                  </span>
                  {label}
                  <span className="sr-only">{status[key] ? ': complete' : ': missing'}</span>
                </span>
                <Link href={href} className="text-sm font-semibold" aria-label={`${status[key] ? 'Edit' : 'Add'} ${label.toLowerCase()}`}>
                  {status[key] ? 'Edit' : 'Add'}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
