import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Job alerts after Subscribe (contact.ts): the address confirms from its mail before anything is
 * sent (double opt-in), a digest of new matching jobs goes out daily or weekly, and a signed-in
 * job seeker manages the alerts of their account's address in settings.
 */

export const alertFrequencies = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];
export const alertFrequencyNames: Record<AlertFrequency, string> = { daily: 'Daily', weekly: 'Weekly' };
/** How long one period of each frequency is, in days. */
export const ALERT_PERIOD_DAYS: Record<AlertFrequency, number> = { daily: 1, weekly: 7 };
/** The most jobs one digest lists, best first. */
export const DIGEST_MAX_JOBS = 20;
/** The longest place name kept with an alert (what the mail and settings show). */
export const MAX_ALERT_PLACE_NAME = 200;

/** Product copy of job alerts, used word for word by the pages, the mails and the server. */
export const JobAlertMessages = {
  frequency: 'Please choose daily or weekly.',
  placeName: `The place name can be up to ${MAX_ALERT_PLACE_NAME} characters.`,
  checkEmail: 'Almost done: we have sent a link to your email. Your job alert starts once you confirm it.',
  subscribedConfirmed: 'Your job alert is on. New jobs like these will come to your email.',
  confirmed: 'Your job alert is confirmed. New jobs that match it will come to your email.',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Please subscribe again.',
  notFound: 'This job alert was not found.',
  updated: 'Your job alert was updated.',
  deleted: 'Your job alert was deleted.',
  emailMeJobs: 'Email me jobs like these',
  none: 'You have no job alerts yet. Search for jobs and choose “Email me jobs like these” to get new ones by email.',
} as const;

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
