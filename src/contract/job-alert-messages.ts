// Job alerts' names, limits and copy, without any schema: the search page offers alerts without
// downloading their contract until the dialog opens.

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
