import { useActorRef, useSelector } from '@xstate/react';
import { memo, useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { JobPostListItem } from '../../contract/posting.ts';
import { compensationLabel, experienceLabel, locationLabel, postedLabel } from '../../lib/job-display.ts';
import { saveJobMachine, type SaveJobEmitted } from '../../machines/jobs/save-job.machine.ts';
import { cx } from '../ui/cx.ts';
import { Spinner } from '../ui/spinner.tsx';

type SaveLogic = typeof saveJobMachine;

/** "3.2 mi away"; nothing for a remote job or a list without a place. */
export function distanceLabel(miles: number | null | undefined): string {
  if (miles == null) return '';
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi away`;
}

/**
 * Save for later / Saved: a toggle button for a signed-in job seeker (spec 2 §7 save-job/{id}).
 * `onChange` hears each change the server confirmed.
 */
export function SaveJobButton({
  jobId,
  isSaved,
  title,
  onChange,
  logic,
  className,
}: {
  jobId: string;
  isSaved: boolean;
  /** The job's title, so each button names its job for screen readers. */
  title: string;
  onChange?: (change: SaveJobEmitted) => void;
  logic?: SaveLogic;
  className?: string;
}) {
  const actor = useActorRef(logic ?? saveJobMachine, { input: { jobId, isSaved } });
  const saved = useSelector(actor, (s) => s.context.isSaved);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const announcement = useSelector(actor, (s) => s.context.announcement);

  useEffect(() => {
    if (!onChange) return;
    const sub = actor.on('save.changed', onChange);
    return () => sub.unsubscribe();
  }, [actor, onChange]);

  return (
    <div className={cx('flex flex-col items-end gap-0.5', className)}>
      <button
        type="button"
        aria-pressed={saved}
        aria-label={`${saved ? 'Saved' : 'Save'}: ${title}`}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => actor.send({ type: 'save.toggle' })}
        className={cx(
          'inline-flex min-h-5 items-center gap-0.5 rounded border px-1.5 py-0.5 text-sm font-semibold transition-colors disabled:opacity-60',
          saved
            ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
            : 'border-line text-ink hover:bg-black/5 dark:hover:bg-white/10',
        )}
      >
        {busy ? <Spinner size={14} /> : <span aria-hidden="true">{saved ? '★' : '☆'}</span>}
        {saved ? 'Saved' : 'Save'}
      </button>
      <p role="status" className="sr-only">
        {announcement ?? ''}
      </p>
      {error && (
        <p role="alert" className="max-w-[16rem] text-right text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A job's skills as chips, those the signed-in seeker has marked (for sight and for screen readers). */
export function SkillChips({
  skills,
  size = 'xs',
}: {
  skills: ReadonlyArray<{ id: number; name: string; match: boolean }>;
  size?: 'xs' | 'sm';
}) {
  if (!skills.length) return null;
  return (
    <ul aria-label="Skills" className="flex flex-wrap gap-0.5">
      {skills.map((skill) => (
        <li
          key={skill.id}
          className={cx(
            'rounded-full border px-1 py-0.5',
            size === 'sm' ? 'text-sm' : 'text-xs',
            skill.match ? 'border-brand-600 bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-200' : 'border-line',
          )}
        >
          {skill.match && <span aria-hidden="true">✓ </span>}
          {skill.name}
          {skill.match && <span className="sr-only"> (you have this skill)</span>}
        </li>
      ))}
    </ul>
  );
}

export interface JobCardProps {
  job: JobPostListItem & { distanceMiles?: number | null };
  /** Where the title leads: the job's page by default. */
  href?: string;
  /** Shows the save toggle (signed-in job seekers). */
  saveable?: boolean;
  onSaveChange?: (change: SaveJobEmitted) => void;
  /** The save toggle's machine, swapped in tests and stories. */
  saveLogic?: SaveLogic;
  /** Its pin is the one chosen on the map. */
  selected?: boolean;
  /** Pointing at the card (or focusing in it) highlights its pin; leaving clears it. */
  onPoint?: (jobId: string | null) => void;
  /** More for this list: an application's status, the day it was saved… */
  children?: ReactNode;
  /** The heading level of the title in its page. */
  headingLevel?: 2 | 3;
}

/**
 * One job as the lists show it (spec 2 §3 job post list view, display rules §5): title, company,
 * place, pay, experience, job types, skills (those the seeker has marked) and the posting day.
 */
export const JobCard = memo(function JobCard({
  job,
  href,
  saveable,
  onSaveChange,
  saveLogic,
  selected,
  onPoint,
  children,
  headingLevel = 3,
}: JobCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `job-${job.id}-title`;
  const place = locationLabel(job);
  const distance = distanceLabel(job.distanceMiles);
  return (
    <article
      aria-labelledby={headingId}
      data-job-id={job.id}
      onMouseEnter={onPoint && (() => onPoint(job.id))}
      onMouseLeave={onPoint && (() => onPoint(null))}
      onFocus={onPoint && (() => onPoint(job.id))}
      onBlur={onPoint && (() => onPoint(null))}
      className={cx(
        'flex flex-col gap-1 rounded border bg-surface p-2 shadow-sm transition-colors',
        selected ? 'border-brand-600 ring-2 ring-brand-500' : 'border-line',
      )}
    >
      <div className="flex items-start justify-between gap-1">
        <div className="min-w-0">
          {job.boostPlacements.includes('badge') && (
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">Featured</p>
          )}
          <Heading id={headingId} className="text-lg font-semibold leading-snug">
            <Link href={href ?? `/jobs/${job.id}`} className="hover:underline">
              {job.title}
            </Link>
          </Heading>
          <p className="text-sm">{job.companyName}</p>
        </div>
        {saveable && (
          <SaveJobButton jobId={job.id} isSaved={job.userActions.isSaved} title={job.title} onChange={onSaveChange} logic={saveLogic} />
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-1 gap-y-0.5 text-sm">
        <dt className="text-muted">Where</dt>
        <dd>
          {place || 'Not given'}
          {distance && <span className="text-muted"> · {distance}</span>}
        </dd>
        <dt className="text-muted">Pay</dt>
        <dd>{compensationLabel(job.compensation)}</dd>
        <dt className="text-muted">Experience</dt>
        <dd>{experienceLabel(job.minimumExperience, job.maximumExperience)}</dd>
        {job.jobType.length > 0 && (
          <>
            <dt className="text-muted">Job type</dt>
            <dd>{job.jobType.map((t) => t.name).join(', ')}</dd>
          </>
        )}
        <dt className="text-muted">Posted</dt>
        <dd>{postedLabel(job)}</dd>
      </dl>
      <SkillChips skills={job.skills} />
      {job.openToMinors && <p className="text-xs text-muted">Open to applicants aged 16+</p>}
      {children}
    </article>
  );
});
