import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import {
  alertFrequencies,
  alertFrequencyNames,
  JobAlertMessages,
  type AlertFrequency,
  type MyJobAlert,
} from '../../contract/job-alerts.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { alertKeywordLabel, alertPlaceLabel } from '../../lib/job-alerts.ts';
import {
  jobAlertsMachine,
  selectAlerts,
  selectError,
  selectRemoving,
  selectShownFrequency,
} from '../../machines/jobseeker/job-alerts.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { toast } from '../ui/toast.tsx';
import { JobSeekerSettings } from './settings-layout.tsx';

// Asked only when an alert is about to be deleted.
const loadConfirmDialog = () => import('../ui/confirm-dialog.tsx');
const ConfirmDialog = lazy(loadConfirmDialog);

type Logic = typeof jobAlertsMachine;
type Actor = ReturnType<typeof useActorRef<Logic>>;

const frequencyOptions = alertFrequencies.map((f) => ({ value: f, label: alertFrequencyNames[f] }));

/** Whether the alert is on, and when it last went out. */
function alertStatus(alert: MyJobAlert): string {
  if (!alert.confirmed) return 'Waiting for your confirmation';
  return alert.lastSentAt ? `Last sent ${formatDisplayDate(alert.lastSentAt)}` : 'Not sent yet';
}

function AlertItem({ actor, alert, busy }: { actor: Actor; alert: MyJobAlert; busy: boolean }) {
  const frequency = useSelector(actor, (s) => selectShownFrequency(s, alert));
  const titleId = `alert-${alert.id}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-1.5 rounded border border-line bg-surface p-2 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {alertKeywordLabel(alert.keyword)}
        </h2>
        <p>{alertPlaceLabel(alert)}</p>
        <p className={alert.confirmed ? 'text-sm text-muted' : 'text-sm font-medium text-amber-900 dark:text-amber-100'}>
          {alertStatus(alert)}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-1 sm:w-20 sm:flex-col sm:items-stretch">
        <ChoiceGroup<AlertFrequency>
          label="How often"
          value={frequency}
          options={frequencyOptions}
          onChange={(value) => actor.send({ type: 'alert.frequency', id: alert.id, frequency: value })}
        />
        <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'alert.delete', id: alert.id })}>
          Delete<span className="sr-only"> the alert {alertKeywordLabel(alert.keyword)}</span>
        </Button>
      </div>
    </li>
  );
}

export interface JobAlertsProps {
  /** The machine with its calls provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

/** The seeker's job alerts: each with what it looks for, how often (to change), its state, and Delete. */
export function JobAlertsManager({ logic, snapshot }: JobAlertsProps) {
  const actor = useActorRef(logic ?? jobAlertsMachine, snapshot ? { snapshot } : {});
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const alerts = useSelector(actor, selectAlerts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const removing = useSelector(actor, selectRemoving);
  const error = useSelector(actor, selectError);
  const top = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sub = actor.on('jobAlerts.changed', ({ message }) => toast.success(message));
    return () => sub.unsubscribe();
  }, [actor]);

  const shown = !loading && !loadFailed && alerts.length > 0;
  useEffect(() => {
    if (shown) void loadConfirmDialog().catch(() => undefined);
  }, [shown]);

  if (loading) return <Loading label="Loading your job alerts…" />;
  if (loadFailed) return <LoadFailed message="Your job alerts could not be loaded." onRetry={() => actor.send({ type: 'alerts.retry' })} />;

  return (
    // The focus comes here when the alert whose Delete had it is gone.
    <div ref={top} tabIndex={-1} aria-label="Your job alerts" role="region" className="flex flex-col gap-2 outline-none">
      {error && <Alert tone="error">{error}</Alert>}
      {alerts.length === 0 ? (
        <div className="flex flex-col items-start gap-1">
          <p>{JobAlertMessages.none}</p>
          <Link href="/user/search-jobs" className="font-semibold">
            Search jobs
          </Link>
        </div>
      ) : (
        <ul aria-label="Job alerts" aria-busy={busy || undefined} className="flex flex-col gap-1.5">
          {alerts.map((alert) => (
            <AlertItem key={alert.id} actor={actor} alert={alert} busy={busy} />
          ))}
        </ul>
      )}
      {removing && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Delete this job alert?"
            confirmLabel="Delete"
            cancelLabel="Keep it"
            onConfirm={() => {
              actor.send({ type: 'delete.confirm' });
              // The alert's buttons go with it: the focus stays on the list.
              setTimeout(() => top.current?.focus(), 0);
            }}
            onCancel={() => actor.send({ type: 'delete.cancel' })}
          >
            <p>
              {alertKeywordLabel(removing.keyword)}, {alertPlaceLabel(removing).toLowerCase()}. No more emails will be sent for it.
            </p>
          </ConfirmDialog>
        </Suspense>
      )}
    </div>
  );
}

/** /user/settings/job-alerts. */
export default function JobAlertsPage(props: JobAlertsProps) {
  return (
    <JobSeekerSettings title="Job alerts" intro="New jobs that match your searches, sent to your email daily or weekly.">
      <JobAlertsManager {...props} />
    </JobSeekerSettings>
  );
}
