import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { AccountMessages, emailSchema } from './account.ts';
import { MAX_KEYWORD_LENGTH, MAX_RADIUS_MILES, SearchMessages } from './search.ts';
import { alertFrequencySchema, JobAlertMessages, MAX_ALERT_PLACE_NAME } from './job-alerts.ts';

/**
 * Reaching visitors by email and being reached (spec 2 §7, Job calls Subscribe and ConnectWithUs):
 * job alerts a visitor subscribes to (and leaves with the link every alert mail carries), and the
 * contact form, whose messages go to the support address.
 */

/** Product copy of these calls, used word for word by the pages and the server. */
export const ContactMessages = {
  email: AccountMessages.email,
  keyword: SearchMessages.keyword,
  place: 'Please choose a place on the map, or leave the place out.',
  radius: SearchMessages.radius,
  radiusWithoutPlace: 'Please choose a place for the radius, or leave the radius out.',
  /** Subscribe's answer: the address confirms from its mail before any alert is sent. */
  subscribed: JobAlertMessages.checkEmail,
  unsubscribed: 'You are unsubscribed. You will not receive these job alerts any more.',
  unsubscribeLinkInvalid: 'This unsubscribe link is invalid or has already been used.',
  name: 'Please enter your name (up to 100 characters).',
  subject: 'The subject can be up to 200 characters.',
  message: 'Please write your message (up to 4,000 characters).',
  thanks: 'Thank you for contacting us! We have received your message and will reply to your email as soon as we can.',
  tooManyRequests: 'Too many requests from your network. Please wait a while and try again.',
} as const;

export const MAX_CONTACT_NAME = 100;
export const MAX_CONTACT_SUBJECT = 200;
export const MAX_CONTACT_MESSAGE = 4000;
/**
 * The contact form's hidden field: people never see it, form-filling bots fill it in. A message
 * with it filled is answered as a success and neither kept nor mailed.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';
/** An alert for a place without a radius covers this many miles around it (spec 2 §9). */
export const ALERT_DEFAULT_RADIUS_MILES = 10;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const place = (min: number, max: number) =>
  z.number({ error: ContactMessages.place }).min(min, ContactMessages.place).max(max, ContactMessages.place).nullish();

/** A job alert: an address and what to look for; no keyword and no place is every new job. */
export const subscribeInputSchema = z
  .object({
    email: emailSchema.transform((e) => e.toLowerCase()),
    keyword: z
      .preprocess(
        blankToNull,
        z.string({ error: ContactMessages.keyword }).trim().max(MAX_KEYWORD_LENGTH, ContactMessages.keyword).nullish(),
      )
      .transform((v) => (v ? v.replace(/\s+/g, ' ') : null)),
    latitude: place(-90, 90),
    longitude: place(-180, 180),
    radius: z
      .number({ error: ContactMessages.radius })
      .min(1, ContactMessages.radius)
      .max(MAX_RADIUS_MILES, ContactMessages.radius)
      .nullish(),
    /** The place's name as the visitor chose it (shown in the mails and settings). */
    placeName: z
      .preprocess(
        blankToNull,
        z.string({ error: JobAlertMessages.placeName }).trim().max(MAX_ALERT_PLACE_NAME, JobAlertMessages.placeName).nullish(),
      )
      .transform((v) => v ?? null),
    frequency: alertFrequencySchema.default('daily'),
  })
  .superRefine((v, ctx) => {
    if ((v.latitude == null) !== (v.longitude == null))
      ctx.addIssue({ code: 'custom', path: [v.latitude == null ? 'latitude' : 'longitude'], message: ContactMessages.place });
    else if (v.latitude == null && v.radius != null)
      ctx.addIssue({ code: 'custom', path: ['radius'], message: ContactMessages.radiusWithoutPlace });
  })
  .transform((v) => ({
    email: v.email,
    keyword: v.keyword,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    radius: v.latitude == null ? null : (v.radius ?? ALERT_DEFAULT_RADIUS_MILES),
    placeName: v.latitude == null ? null : v.placeName,
    frequency: v.frequency,
  }));
export type SubscribeInput = z.input<typeof subscribeInputSchema>;

/** What the alert looks for, as stored. */
export const jobAlertSchema = z.object({
  email: z.string(),
  keyword: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius: z.number().nullable(),
  placeName: z.string().nullable(),
  frequency: alertFrequencySchema,
  /**
   * True only when this request turned the alert on: a signed-in job seeker subscribing their own
   * account's address. Otherwise false, whatever the address's alerts are, so the answer tells no
   * one whether an address is subscribed; the alert starts when the mail's link is followed.
   */
  confirmed: z.boolean(),
});
export type JobAlert = z.infer<typeof jobAlertSchema>;

export const unsubscribeInputSchema = z.object({
  token: z
    .string({ error: ContactMessages.unsubscribeLinkInvalid })
    .min(1, ContactMessages.unsubscribeLinkInvalid)
    .max(200, ContactMessages.unsubscribeLinkInvalid),
});

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, message);

/** The contact form. */
export const contactInputSchema = z.object({
  name: requiredText(ContactMessages.name, MAX_CONTACT_NAME),
  email: emailSchema.transform((e) => e.toLowerCase()),
  subject: z
    .preprocess(
      blankToNull,
      z.string({ error: ContactMessages.subject }).trim().max(MAX_CONTACT_SUBJECT, ContactMessages.subject).nullish(),
    )
    .transform((v) => v ?? null),
  message: requiredText(ContactMessages.message, MAX_CONTACT_MESSAGE),
  /** The hidden field (CONTACT_HONEYPOT_FIELD): whatever a bot puts there is taken, never refused, so it learns nothing. */
  [CONTACT_HONEYPOT_FIELD]: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim() : v == null ? '' : String(v))),
});
export type ContactInput = z.input<typeof contactInputSchema>;

// ---------- endpoints ----------

const tag = 'contact';

export const subscribe = endpoint({
  method: 'POST',
  path: '/api/job/Subscribe',
  auth: 'public',
  tag,
  summary:
    'Subscribe an email address to job alerts (a keyword, a place and radius, or both; daily or weekly); the alert starts when the address confirms it from the mail (at once for a signed-in job seeker subscribing their own address); the same address and criteria again changes nothing',
  body: subscribeInputSchema,
  response: jobAlertSchema,
});

export const unsubscribe = endpoint({
  method: 'POST',
  path: '/api/job/Unsubscribe',
  auth: 'public',
  tag,
  summary: 'Leave a job alert with the token of its unsubscribe link',
  body: unsubscribeInputSchema,
  response: z.null(),
});

export const connectWithUs = endpoint({
  method: 'POST',
  path: '/api/job/ConnectWithUs',
  auth: 'public',
  tag,
  summary:
    'Send a message to the support team (the contact form): name, email, subject, message up to 4,000 characters; a message with the hidden `website` field filled (a bot) is answered the same and dropped',
  body: contactInputSchema,
  response: z.null(),
});
