import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { JobMessages, MAX_REPORT_DETAILS, REPORT_REASON_NAMES, reportReasons } from '../../contract/jobs.ts';
import { selectReportErrors, type ReportJobActorRef } from '../../machines/jobs/report-job.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { TextAreaField } from '../ui/text-area.tsx';

function ReportForm({ actor }: { actor: ReportJobActorRef }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const reason = useSelector(actor, (s) => s.context.reason);
  const details = useSelector(actor, (s) => s.context.details);
  const errors = useSelector(actor, selectReportErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <form
      ref={form}
      noValidate
      aria-label="Report"
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'report.submit' });
        // Something missing: focus goes to the first field that says so.
        setTimeout(() => {
          const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
          (invalid?.matches('textarea') ? invalid : invalid?.querySelector<HTMLElement>('input'))?.focus();
        }, 0);
      }}
    >
      <fieldset
        className="flex flex-col gap-0.5"
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
      >
        <legend className="mb-0.5 text-sm font-medium">Why are you reporting this job?</legend>
        {errors.reason && (
          <p id={`${id}-reason-error`} role="alert" className="text-sm text-danger">
            {errors.reason}
          </p>
        )}
        {reportReasons.map((r, i) => (
          <label key={r} className="flex cursor-pointer items-center gap-1 rounded px-0.5 py-0.5 hover:bg-black/5 dark:hover:bg-white/10">
            <input
              type="radio"
              name={`${id}-reason`}
              value={r}
              checked={reason === r}
              disabled={busy}
              {...(i === 0 ? { 'data-autofocus': true } : {})}
              onChange={() => actor.send({ type: 'reason.change', reason: r })}
              className="size-2 accent-brand-700"
            />
            {REPORT_REASON_NAMES[r]}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label={reason === 'other' ? 'What is wrong with it? (required)' : 'Anything else we should know? (optional)'}
        value={details}
        maxChars={MAX_REPORT_DETAILS}
        error={errors.details}
        disabled={busy}
        onChange={(e) => actor.send({ type: 'details.change', details: e.target.value })}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-1">
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'dialog.close' })}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Send report
        </Button>
      </div>
    </form>
  );
}

/** Reporting a job in a dialog: a reason, a description when it is something else, then thanks. */
export function ReportDialog({ actor, jobTitle }: { actor: ReportJobActorRef; jobTitle: string }) {
  const state = useSelector(actor, (s) => (s.matches('sent') ? 'sent' : s.matches('closed') ? 'closed' : 'form'));
  return (
    <Modal open={state !== 'closed'} onClose={() => actor.send({ type: 'dialog.close' })} title={`Report: ${jobTitle}`}>
      {state === 'form' && <ReportForm actor={actor} />}
      {state === 'sent' && (
        <div className="flex flex-col gap-2">
          <Alert tone="success">{JobMessages.reported}</Alert>
          <div className="flex justify-end">
            <Button data-autofocus onClick={() => actor.send({ type: 'dialog.close' })}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
