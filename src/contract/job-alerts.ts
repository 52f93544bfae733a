import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Job alerts after Subscribe (contact.ts): the address confirms from its mail before anything is
 * sent (double opt-in), a digest of new matching jobs goes out daily or weekly, and a signed-in
 * job seeker manages the alerts of their account's address in settings.
 */

export {
  ALERT_PERIOD_DAYS,
  alertFrequencies,
  alertFrequencyNames,
  DIGEST_MAX_JOBS,
  JobAlertMessages,
  MAX_ALERT_PLACE_NAME,
  type AlertFrequency,
} from './job-alert-messages.ts';
import { alertFrequencies, JobAlertMessages } from './job-alert-messages.ts';

export const alertFrequencySchema = z.enum(alertFrequencies, { error: JobAlertMessages.frequency });

const token = (message: string) => z.string({ error: message }).min(1, message).max(200, message);
const alertId = z.object({ id: z.uuid({ error: JobAlertMessages.notFound }) });

/** One alert of the signed-in seeker's address, as settings lists it. */
export const myJobAlertSchema = z.object({
  id: z.string(),
  keyword: z.string().nullable(),
  /** The place's name as chosen when subscribing; null without a place. */
  placeName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius: z.number().nullable(),
  frequency: alertFrequencySchema,
  /** False until the address confirmed it from the mail; nothing is sent before. */
  confirmed: z.boolean(),
  createdAt: z.string(),
  /** When the last digest went out; null before the first. */
  lastSentAt: z.string().nullable(),
});
export type MyJobAlert = z.infer<typeof myJobAlertSchema>;

export const updateJobAlertSchema = z.object({ frequency: alertFrequencySchema });

// ---------- endpoints ----------

const tag = 'contact';
const seeker = ['JobSeeker'] as const;

export const confirmAlert = endpoint({
  method: 'POST',
  path: '/api/job/ConfirmAlert',
  auth: 'public',
  tag,
  summary:
    'Confirm a job alert with the token of the link in its confirmation mail (double opt-in); digests start from then; a used or unknown token 404',
  body: z.object({ token: token(JobAlertMessages.confirmLinkInvalid) }),
  response: z.object({ frequency: alertFrequencySchema }),
});

export const myJobAlerts = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/job-alerts',
  auth: seeker,
  tag,
  summary: "The job alerts of the signed-in seeker's email address, newest first, confirmed or waiting",
  response: z.array(myJobAlertSchema),
});

export const updateJobAlert = endpoint({
  method: 'PUT',
  path: '/api/JobSeeker/job-alerts/:id',
  auth: seeker,
  tag,
  summary: "Change how often one of the seeker's job alerts is sent (daily or weekly)",
  params: alertId,
  body: updateJobAlertSchema,
  response: myJobAlertSchema,
});

export const deleteJobAlert = endpoint({
  method: 'DELETE',
  path: '/api/JobSeeker/job-alerts/:id',
  auth: seeker,
  tag,
  summary: "Delete one of the seeker's job alerts",
  params: alertId,
  response: z.null(),
});
