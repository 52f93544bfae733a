import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { alertFrequencies, alertFrequencyNames, JobAlertMessages, type AlertFrequency } from '../../contract/job-alerts.ts';
import { alertKeywordLabel, alertPlaceLabel } from '../../lib/job-alerts.ts';
import {
  jobAlertMachine,
  selectCanSubmit,
  selectDone,
  selectError,
  selectFieldErrors,
  selectFrequency,
  selectValues,
  type JobAlertCriteria,
} from '../../machines/jobs/job-alert.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { Modal } from '../ui/modal.tsx';

type Logic = typeof jobAlertMachine;

export interface JobAlertDialogProps {
  /** The search on screen when the dialog opened. */
  criteria: JobAlertCriteria;
  /** The signed-in user's email: the alert goes there, and it is not typed again. */
  accountEmail: string | null;
  /** A signed-in job seeker manages their alerts in settings. */
  seeker?: boolean;
  onClose: () => void;
  /** The machine with its call provided (stories and tests stub it). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

const frequencyOptions = alertFrequencies.map((f) => ({ value: f, label: alertFrequencyNames[f] }));

/** What the alert looks for, in words. */
function Criteria({ criteria }: { criteria: JobAlertCriteria }) {
  return (
    <div className="rounded border border-line bg-surface-raised p-1.5">
      <p className="text-sm font-medium">New jobs like these:</p>
      <dl className="mt-0.5 grid grid-cols-[auto_1fr] gap-x-1.5 gap-y-0.5 text-sm">
        <dt className="text-muted">Looking for</dt>
        <dd>{alertKeywordLabel(criteria.keyword)}</dd>
        <dt className="text-muted">Where</dt>
        <dd>{alertPlaceLabel(criteria)}</dd>
      </dl>
    </div>
  );
}

/**
 * "Email me jobs like these": the search on screen as a job alert, to an address, daily or weekly.
 * It opens on its title; closing it returns the focus to the button that opened it (the page's).
 */
export function JobAlertDialog({ criteria, accountEmail, seeker = false, onClose, logic, snapshot }: JobAlertDialogProps) {
  const input = { criteria, email: accountEmail };
  const actor = useActorRef(logic ?? jobAlertMachine, snapshot ? { snapshot, input } : { input });
  const values = useSelector(actor, selectValues);
  const frequency = useSelector(actor, selectFrequency);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, selectError);
  const done = useSelector(actor, selectDone);
  const bind = fieldBinder(actor.send, values, fieldErrors);
  const form = useRef<HTMLFormElement>(null);

  return (
    <Modal open onClose={onClose} title={JobAlertMessages.emailMeJobs}>
      {done !== null ? (
        <div className="flex flex-col gap-2">
          <Alert tone="success">{done}</Alert>
          {seeker && (
            <p className="text-sm">
              You can change or delete your alerts in <Link href="/user/settings/job-alerts">Settings: Job alerts</Link>.
            </p>
          )}
          <div className="flex justify-end">
            <Button data-autofocus onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form
          ref={form}
          noValidate
          aria-label="Job alert"
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'form.submit' });
            // Something to correct: focus goes to the first field that says so.
            setTimeout(() => form.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus(), 0);
          }}
        >
          <Criteria criteria={criteria} />
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            required
            readOnly={!!accountEmail}
            hint={accountEmail ? 'Alerts go to the email of your account.' : 'We send a link to confirm the alert before anything else.'}
            data-autofocus={accountEmail ? undefined : true}
            {...bind('email')}
          />
          <ChoiceGroup<AlertFrequency>
            label="How often"
            value={frequency}
            options={frequencyOptions}
            error={fieldErrors.frequency}
            onChange={(value) => actor.send({ type: 'field.change', field: 'frequency', value })}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap justify-end gap-1">
            <Button variant="secondary" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={busy} disabled={!canSubmit} data-autofocus={accountEmail ? true : undefined}>
              Subscribe
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

export default JobAlertDialog;
