import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { jobAlertSubscriptions } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';
import { sha256 } from '../account/index.ts';
import { ContactMessages, type JobAlert, type subscribeInputSchema } from '../../src/contract/contact.ts';

type SubscribeInput = z.output<typeof subscribeInputSchema>;

/** Where the unsubscribe link of an alert mail leads; the page posts the token to Unsubscribe. */
export function unsubscribeLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** What the alert looks for, in words. */
export function alertCriteria(a: Pick<JobAlert, 'keyword' | 'latitude' | 'longitude' | 'radius'>): string {
  const what = a.keyword ? `jobs matching “${a.keyword}”` : 'all new jobs';
  const where = a.latitude != null && a.longitude != null ? ` within ${a.radius} miles of the place you chose` : '';
  return `${what}${where}`;
}

export function alertConfirmationMail(ctx: AppContext, alert: JobAlert, token: string): Mail {
  return compose({
    to: alert.email,
    subject: `Your ${BRAND_NAME} job alert`,
    greetingName: null,
    intro: `You are subscribed to job alerts for ${alertCriteria(alert)}. We will email you when new jobs like these are posted.`,
    action: { kind: 'link', label: 'Unsubscribe', url: unsubscribeLink(ctx, token) },
    outro: 'If you did not subscribe, use the link above and you will not hear from us again.',
    supportEmail: ctx.config.supportEmail,
  });
}

/**
 * Subscribe: one row per address and criteria (a unique index, so requests at once make one row
 * too). A new subscription is confirmed by mail with its unsubscribe link; subscribing again
 * answers the same and sends nothing, so the call tells no one whether an address is subscribed.
 */
export async function subscribeToAlerts(ctx: AppContext, input: SubscribeInput): Promise<JobAlert> {
  const token = randomBytes(32).toString('base64url');
  const inserted = await ctx.db
    .insert(jobAlertSubscriptions)
    .values({ ...input, unsubscribeTokenHash: sha256(token) })
    .onConflictDoNothing()
    .returning({ id: jobAlertSubscriptions.id });
  const alert: JobAlert = { ...input };
  if (inserted.length > 0) await ctx.mailer.enqueue(alertConfirmationMail(ctx, alert, token));
  return alert;
}

/** Unsubscribe: the subscription of the link's token is deleted; an unknown or used token is not found. */
export async function unsubscribeFromAlerts(ctx: AppContext, token: string): Promise<void> {
  const deleted = await ctx.db
    .delete(jobAlertSubscriptions)
    .where(eq(jobAlertSubscriptions.unsubscribeTokenHash, sha256(token)))
    .returning({ id: jobAlertSubscriptions.id });
  if (deleted.length === 0) throw notFound(ContactMessages.unsubscribeLinkInvalid);
}
