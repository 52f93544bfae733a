import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { NOTE_MAX, type ReportAction } from '../../contract/admin.ts';
import { selectResolveErrors, type ResolveReportActorRef } from '../../machines/admin/resolve-report.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { TextAreaField } from '../ui/text-area.tsx';

/** Each way of resolving a job's reports, and what it does, in a sentence. */
export const resolveChoices: ReadonlyArray<{ action: ReportAction; label: string; explains: string }> = [
  {
    action: 'dismiss',
    label: 'Dismiss the reports',
    explains: 'Nothing is wrong with the job: it stays open, and the people who reported it are told it was reviewed.',
  },
  {
    action: 'closeJob',
    label: 'Close the job',
    explains: 'The job leaves search and its applicants are told it closed; the company and its other jobs stay as they are.',
  },
  {
    action: 'blacklistCompany',
    label: 'Blacklist the company',
    explains: 'For a company that should not be here at all: the note is kept as the reason, shown to administrators only.',
  },
];

function ResolveForm({ actor }: { actor: ResolveReportActorRef }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const group = useSelector(actor, (s) => s.context.group);
  const action = useSelector(actor, (s) => s.context.action);
  const note = useSelector(actor, (s) => s.context.note);
  const errors = useSelector(actor, selectResolveErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const open = group.reports.filter((r) => r.status === 'open').length;
  return (
    <form
      ref={form}
      noValidate
      aria-label="Resolve the reports"
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'resolve.submit' });
        // Something missing: focus goes to the first field that says so.
        setTimeout(() => {
          const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
          (invalid?.matches('textarea') ? invalid : invalid?.querySelector<HTMLElement>('input'))?.focus();
        }, 0);
      }}
    >
      <p className="text-sm">
        <strong>{group.job.title}</strong> at <strong>{group.company.name}</strong>: {group.reportCount}{' '}
        {group.reportCount === 1 ? 'report' : 'reports'}
        {open < group.reportCount ? ` (${open} of the newest still open)` : ''}. Every open report of the job is resolved at once.
      </p>
      <fieldset
        className="flex flex-col gap-1"
        aria-invalid={errors.action ? true : undefined}
        aria-describedby={errors.action ? `${id}-action-error` : undefined}
      >
        <legend className="mb-0.5 text-sm font-medium">What should happen?</legend>
        {errors.action && (
          <p id={`${id}-action-error`} role="alert" className="text-sm text-danger">
            {errors.action}
          </p>
        )}
        {resolveChoices.map((c, i) => (
          <label
            key={c.action}
            className="flex cursor-pointer items-start gap-1 rounded border border-line px-1 py-1 hover:bg-black/5 has-checked:border-brand-700 dark:hover:bg-white/10"
          >
            <input
              type="radio"
              name={`${id}-action`}
              value={c.action}
              checked={action === c.action}
              disabled={busy}
              aria-describedby={`${id}-${c.action}`}
              {...(i === 0 ? { 'data-autofocus': true } : {})}
              onChange={() => actor.send({ type: 'action.change', action: c.action })}
              className="mt-0.5 size-2 shrink-0 accent-brand-700"
            />
            <span className="flex flex-col">
              <span className="font-semibold">{c.label}</span>
              <span id={`${id}-${c.action}`} className="text-sm text-muted">
                {c.explains}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {action === 'blacklistCompany' && (
        <p className="rounded border border-amber-600/50 bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <strong>Warning:</strong> blacklisting {group.company.name} signs out all its staff at once, closes every open job it has (their
          applicants are told), stops its boosts without renewal and refuses its TIN from now on. Whitelisting it later restores the
          account, not the closed jobs.
        </p>
      )}
      <TextAreaField
        label="Note (required)"
        hint={action === 'blacklistCompany' ? 'The reason for blacklisting, kept in the audit trail.' : 'Kept in the audit trail.'}
        value={note}
        maxChars={NOTE_MAX}
        error={errors.note}
        disabled={busy}
        onChange={(e) => actor.send({ type: 'note.change', note: e.target.value })}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-1">
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'dialog.close' })}>
          Cancel
        </Button>
        <Button type="submit" variant={action === 'blacklistCompany' ? 'danger' : 'primary'} busy={busy}>
          {action === 'blacklistCompany' ? 'Blacklist and resolve' : 'Resolve'}
        </Button>
      </div>
    </form>
  );
}

/** Resolving a job's open reports in a dialog: what to do, a note, then the queue takes the answer. */
export function ResolveDialog({ actor }: { actor: ResolveReportActorRef }) {
  const title = useSelector(actor, (s) => s.context.group.job.title);
  const closed = useSelector(actor, (s) => s.status === 'done');
  return (
    <Modal open={!closed} onClose={() => actor.send({ type: 'dialog.close' })} title={`Resolve the reports: ${title}`} size="lg">
      <ResolveForm actor={actor} />
    </Modal>
  );
}
