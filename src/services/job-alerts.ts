import * as ep from '../contract/job-alerts.ts';
import type { AlertFrequency } from '../contract/job-alerts.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/**
 * Typed calls of job alerts after subscribing (contract/job-alerts.ts): confirming from the mail's
 * link, and a signed-in job seeker's own alerts in settings. Subscribe itself is contactService's.
 */
export const jobAlertsService = {
  confirm: (token: string, signal?: Signal) => call(ep.confirmAlert, { body: { token } }, { signal }),
  mine: (signal?: Signal) => call(ep.myJobAlerts, {}, { signal }),
  update: (id: string, frequency: AlertFrequency, signal?: Signal) =>
    call(ep.updateJobAlert, { params: { id }, body: { frequency } }, { signal }),
  remove: (id: string, signal?: Signal) => call(ep.deleteJobAlert, { params: { id } }, { signal }),
};
