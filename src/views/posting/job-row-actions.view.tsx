import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'wouter';
import type { CompanyJob } from '../../contract/posting.ts';
import { actionsFor, canBoost, type JobAction } from '../../machines/posting/job-list.machine.ts';
import { jobDashboardPath } from '../metrics/paths.ts';
import { cx } from '../ui/cx.ts';
import { Spinner } from '../ui/spinner.tsx';

export const jobActionLabel: Record<JobAction, string> = {
  edit: 'Edit',
  close: 'Close',
  reopen: 'Reopen',
  clone: 'Clone',
  delete: 'Delete',
};

const itemClass =
  'block w-full px-2 py-1 text-left text-sm text-ink data-focus:bg-brand-50 data-focus:text-brand-800 dark:data-focus:bg-white/10 dark:data-focus:text-ink';

/**
 * A job's actions in a Headless UI menu: Enter, Space or Arrow Down opens it, the arrows move
 * between the items, Enter chooses, Escape closes. It offers what applies to the job's status.
 */
export function JobRowActions({
  job,
  busy,
  disabled,
  onAction,
  onBoost,
}: {
  job: CompanyJob;
  busy: boolean;
  disabled: boolean;
  onAction: (a: JobAction) => void;
  /** Opens the boost dialog; only the employer, who pays, is offered it. */
  onBoost?: (() => void) | undefined;
}) {
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      {onBoost && canBoost(job) && (
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={`Boost ${job.title}`}
          disabled={busy || disabled}
          onClick={onBoost}
          className="inline-flex min-h-5 items-center rounded border border-brand-700 px-1 py-0.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-white/5"
        >
          Boost
        </button>
      )}
      <Link
        href={jobDashboardPath(job.id)}
        aria-label={`Metrics for ${job.title}`}
        className="inline-flex min-h-5 items-center rounded px-1 py-0.5 text-sm font-semibold"
      >
        Metrics
      </Link>
      <Link
        href={`/user/applicants?jobId=${encodeURIComponent(job.id)}`}
        aria-label={`Applicants for ${job.title}`}
        className="inline-flex min-h-5 items-center rounded px-1 py-0.5 text-sm font-semibold"
      >
        Applicants
      </Link>
      <Menu>
        <MenuButton
          disabled={busy || disabled}
          aria-label={`Actions for ${job.title}`}
          className="inline-flex min-h-5 items-center gap-0.5 rounded border border-line px-1 py-0.5 text-sm font-semibold hover:bg-surface-raised disabled:opacity-60"
        >
          {busy ? <Spinner size={16} /> : null}
          Actions
          <span aria-hidden="true">▾</span>
        </MenuButton>
        <MenuItems anchor="bottom end" className="z-30 min-w-24 rounded border border-line bg-surface py-0.5 shadow-lg focus:outline-none">
          {actionsFor(job).map((action) => (
            <MenuItem key={action}>
              <button type="button" className={cx(itemClass, action === 'delete' && 'text-danger')} onClick={() => onAction(action)}>
                {jobActionLabel[action]}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
    </span>
  );
}
