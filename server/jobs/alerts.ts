import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { jobAlertSubscriptions, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { sha256 } from '../account/index.ts';
import { ContactMessages, type JobAlert, type subscribeInputSchema } from '../../src/contract/contact.ts';
import { ALERT_PERIOD_DAYS, JobAlertMessages, type AlertFrequency, type MyJobAlert } from '../../src/contract/job-alerts.ts';

type SubscribeInput = z.output<typeof subscribeInputSchema>;
type AlertRow = typeof jobAlertSubscriptions.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Another confirmation mail to the same address and criteria goes out at most this often. */
export const CONFIRMATION_RESEND_MS = HOUR_MS;
/** A confirmation link works this long; an alert left unconfirmed longer is dropped by the scheduled run. */
export const UNCONFIRMED_KEPT_MS = 7 * DAY_MS;

const t = jobAlertSubscriptions;

// ---------- links ----------

/**
 * The unsubscribe token of an alert: derived from its id with the server's secret, so every mail
 * of the alert (confirmation, each digest) carries a link that works as long as the alert exists.
 * Only its hash is stored, as for a random token.
 */
export function unsubscribeTokenOf(ctx: AppContext, alertId: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`job-alert-unsubscribe\n${alertId}`).digest('base64url');
}

/** Where the unsubscribe link of an alert mail leads; the page posts the token to Unsubscribe. */
export function unsubscribeLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The path mail programs POST to when the reader presses their own unsubscribe button (RFC 8058). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/job/Unsubscribe/one-click';

export function oneClickUnsubscribeLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/** Where the confirmation mail's link leads; the page posts the token to ConfirmAlert. */
export function confirmLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/job-alerts/confirm?token=${encodeURIComponent(token)}`;
}

/** The footer link and List-Unsubscribe headers of every mail of the alert. */
export function unsubscribeOf(ctx: AppContext, alertId: string) {
  const token = unsubscribeTokenOf(ctx, alertId);
  return { url: unsubscribeLink(ctx, token), oneClickUrl: oneClickUnsubscribeLink(ctx, token) };
}

// ---------- mails ----------

type Criteria = Pick<JobAlert, 'keyword' | 'latitude' | 'longitude' | 'radius' | 'placeName'>;

/** What the alert looks for, in words. */
export function alertCriteria(a: Criteria): string {
  const what = a.keyword ? `jobs matching “${a.keyword}”` : 'all new jobs';
  const where = a.latitude != null && a.longitude != null ? ` within ${a.radius} miles of ${a.placeName ?? 'the place you chose'}` : '';
  return `${what}${where}`;
}

const howOften = (frequency: AlertFrequency) => (frequency === 'weekly' ? 'once a week' : 'once a day');

/** The double opt-in mail: nothing is sent to the address before its Confirm link is followed. */
export function alertConfirmationMail(
  ctx: AppContext,
  alertId: string,
  alert: Criteria & { email: string; frequency: AlertFrequency },
  token: string,
): Mail {
  return compose({
    to: alert.email,
    subject: `Confirm your ${BRAND_NAME} job alert`,
    greetingName: null,
    intro: `Please confirm that you want job alerts for ${alertCriteria(alert)}, ${howOften(alert.frequency)}. Nothing is sent until you confirm.`,
    action: { kind: 'link', label: 'Confirm', url: confirmLink(ctx, token) },
    outro: 'If you did not subscribe, ignore this mail and you will not hear from us again.',
    supportEmail: ctx.config.supportEmail,
    unsubscribe: unsubscribeOf(ctx, alertId),
  });
}

/** A signed-in job seeker's own address needs no confirmation: the alert is on at once. */
export function alertOnMail(ctx: AppContext, alertId: string, alert: Criteria & { email: string; frequency: AlertFrequency }): Mail {
  return compose({
    to: alert.email,
    subject: `Your ${BRAND_NAME} job alert is on`,
    greetingName: null,
    intro: `Your job alert for ${alertCriteria(alert)} is on. New jobs like these will come to this address ${howOften(alert.frequency)}.`,
    action: { kind: 'link', label: 'Search jobs now', url: `${ctx.config.publicUrl}/jobs` },
    outro: 'You can change or delete your job alerts in your settings, or leave this one with the link below.',
    supportEmail: ctx.config.supportEmail,
    unsubscribe: unsubscribeOf(ctx, alertId),
  });
}

// ---------- subscribing ----------

/** The same address and criteria as the unique index reads them (the keyword without regard to case). */
function sameCriteria(input: SubscribeInput): SQL {
  return sql`${t.email} = ${input.email}
    and coalesce(lower(${t.keyword}), '') = coalesce(lower(${input.keyword}::text), '')
    and coalesce(${t.latitude}, 1000) = coalesce(${input.latitude}::float8, 1000)
    and coalesce(${t.longitude}, 1000) = coalesce(${input.longitude}::float8, 1000)
    and coalesce(${t.radius}, 0) = coalesce(${input.radius}::float8, 0)`;
}

const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** The columns that turn an alert on at `now`: its first digest lists the jobs posted from then. */
const turnedOn = (now: Date, frequency: AlertFrequency) => ({
  confirmedAt: now,
  confirmTokenHash: null,
  digestFrom: now,
  nextDigestAt: addDays(now, ALERT_PERIOD_DAYS[frequency]),
});

/** The signed-in account's address, lowercased as stored. */
async function accountEmailOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email.toLowerCase() ?? null;
}

/**
 * Subscribe: one row per address and criteria (a unique index, so requests at once make one row
 * too). A new alert is mailed a confirmation link (double opt-in) and sends nothing before it is
 * followed. Subscribing again answers the same; a still unconfirmed alert has its confirmation
 * mailed again at most once an hour (a conditional update, so requests at once send one), so the
 * call neither tells whether an address is subscribed nor fills an inbox. A signed-in job seeker
 * subscribing their own account's address needs no mail to prove it: the alert is on at once.
 */
export async function subscribeToAlerts(ctx: AppContext, input: SubscribeInput, caller: AccessClaims | null): Promise<JobAlert> {
  const now = ctx.adapters.now();
  const own = caller?.role === 'JobSeeker' && (await accountEmailOf(ctx.db, caller.userId)) === input.email;
  const id = randomUUID();
  const row = { ...input, id, unsubscribeTokenHash: sha256(unsubscribeTokenOf(ctx, id)) };

  if (own) {
    const inserted = await ctx.db
      .insert(t)
      .values({ ...row, ...turnedOn(now, input.frequency) })
      .onConflictDoNothing()
      .returning({ id: t.id });
    let onNow = inserted[0]?.id ?? null;
    if (!onNow) {
      // Waiting for its confirmation: the account's owner confirms it by asking again, signed in.
      const confirmed = await ctx.db
        .update(t)
        .set({ frequency: input.frequency, placeName: input.placeName, ...turnedOn(now, input.frequency) })
        .where(and(sameCriteria(input), isNull(t.confirmedAt)))
        .returning({ id: t.id });
      onNow = confirmed[0]?.id ?? null;
      if (onNow) await keepDerivedToken(ctx, onNow);
      // On already: the owner's choice of how often is kept.
      else
        await ctx.db
          .update(t)
          .set({ frequency: input.frequency, nextDigestAt: nextAfterLast(input.frequency) })
          .where(sameCriteria(input));
    }
    if (onNow) await ctx.mailer.enqueue(alertOnMail(ctx, onNow, input));
    return { ...input, confirmed: true };
  }

  const confirm = randomBytes(32).toString('base64url');
  const inserted = await ctx.db
    .insert(t)
    .values({ ...row, confirmTokenHash: sha256(confirm), confirmSentAt: now })
    .onConflictDoNothing()
    .returning({ id: t.id });
  const mailTo = inserted[0]?.id ?? null;
  if (!mailTo) {
    const again = await ctx.db
      .update(t)
      .set({ confirmTokenHash: sha256(confirm), confirmSentAt: now })
      .where(
        and(
          sameCriteria(input),
          isNull(t.confirmedAt),
          sql`coalesce(${t.confirmSentAt}, ${t.createdAt}) <= ${new Date(now.getTime() - CONFIRMATION_RESEND_MS).toISOString()}::timestamptz`,
        ),
      )
      .returning();
    // The mail says what the stored alert looks for (its first request's place name and frequency).
    const waiting = again[0];
    if (waiting) {
      await keepDerivedToken(ctx, waiting.id);
      await ctx.mailer.enqueue(alertConfirmationMail(ctx, waiting.id, alertOf(waiting), confirm));
    }
    return { ...input, confirmed: false };
  }
  await ctx.mailer.enqueue(alertConfirmationMail(ctx, mailTo, input, confirm));
  return { ...input, confirmed: false };
}

/**
 * The alert's unsubscribe hash is its derived token's (an alert subscribed before tokens were
 * derived kept a random one), so the link of the mail about to go out works.
 */
async function keepDerivedToken(ctx: AppContext, id: string): Promise<void> {
  await ctx.db
    .update(t)
    .set({ unsubscribeTokenHash: sha256(unsubscribeTokenOf(ctx, id)) })
    .where(eq(t.id, id));
}

const alertOf = (r: AlertRow) => ({
  email: r.email,
  keyword: r.keyword,
  latitude: r.latitude,
  longitude: r.longitude,
  radius: r.radius,
  placeName: r.placeName,
  frequency: r.frequency,
});

/** The period of the alert's frequency, as SQL (for updates that read the row's own frequency). */
const periodOf = (frequency: SQL | typeof t.frequency) =>
  sql`(case ${frequency} ${sql.join(
    Object.entries(ALERT_PERIOD_DAYS).map(([f, days]) => sql.raw(`when '${f}' then interval '${days} days'`)),
    sql` `,
  )} end)`;

/** A confirmed alert's next digest: its last one (or its confirmation) plus the period; null while unconfirmed. */
const nextAfterLast = (frequency: AlertFrequency) =>
  sql`case when ${t.digestFrom} is null then null else ${t.digestFrom} + ${periodOf(sql`${frequency}::text`)} end`;

/**
 * ConfirmAlert: the confirmation link's token turns its alert on (once: the token is cleared);
 * digests list the jobs posted from this moment. An unknown, used or week-old token is not found.
 */
export async function confirmAlert(ctx: AppContext, token: string): Promise<{ frequency: AlertFrequency }> {
  const now = ctx.adapters.now();
  const at = now.toISOString();
  const [row] = await ctx.db
    .update(t)
    .set({
      confirmedAt: now,
      confirmTokenHash: null,
      digestFrom: now,
      nextDigestAt: sql`${at}::timestamptz + ${periodOf(t.frequency)}`,
    })
    .where(
      and(
        eq(t.confirmTokenHash, sha256(token)),
        isNull(t.confirmedAt),
        sql`${t.confirmSentAt} > ${new Date(now.getTime() - UNCONFIRMED_KEPT_MS).toISOString()}::timestamptz`,
      ),
    )
    .returning({ frequency: t.frequency });
  if (!row) throw notFound(JobAlertMessages.confirmLinkInvalid);
  return { frequency: row.frequency };
}

/** Unsubscribe: the subscription of the link's token is deleted; an unknown or used token is not found. */
export async function unsubscribeFromAlerts(ctx: AppContext, token: string): Promise<void> {
  const deleted = await ctx.db
    .delete(t)
    .where(eq(t.unsubscribeTokenHash, sha256(token)))
    .returning({ id: t.id });
  if (deleted.length === 0) throw notFound(ContactMessages.unsubscribeLinkInvalid);
}

// ---------- the seeker's settings ----------

function myAlertOf(r: AlertRow): MyJobAlert {
  return {
    id: r.id,
    keyword: r.keyword,
    placeName: r.placeName,
    latitude: r.latitude,
    longitude: r.longitude,
    radius: r.radius,
    frequency: r.frequency,
    confirmed: r.confirmedAt !== null,
    createdAt: r.createdAt.toISOString(),
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
  };
}

/** The alert is of the seeker's account's address (a subquery, so one statement reads both). */
const ofSeeker = (userId: string) => sql`${t.email} = (select lower(${users.email}) from ${users} where ${users.id} = ${userId})`;

/** The alerts of the seeker's account's address, newest first, confirmed or waiting. */
export async function myJobAlerts(ctx: AppContext, userId: string): Promise<MyJobAlert[]> {
  const rows = await ctx.db.select().from(t).where(ofSeeker(userId)).orderBy(desc(t.createdAt), desc(t.id));
  return rows.map(myAlertOf);
}

/**
 * How often one of the seeker's alerts is sent; a confirmed one's next digest moves to its last
 * one (or its confirmation) plus the new period. Another address's alert is not found.
 */
export async function updateJobAlert(ctx: AppContext, userId: string, id: string, frequency: AlertFrequency): Promise<MyJobAlert> {
  const [row] = await ctx.db
    .update(t)
    .set({
      frequency,
      nextDigestAt: nextAfterLast(frequency),
    })
    .where(and(eq(t.id, id), ofSeeker(userId)))
    .returning();
  if (!row) throw notFound(JobAlertMessages.notFound);
  return myAlertOf(row);
}

/** Deletes one of the seeker's alerts; another address's alert is not found. */
export async function deleteJobAlert(ctx: AppContext, userId: string, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(t)
    .where(and(eq(t.id, id), ofSeeker(userId)))
    .returning({ id: t.id });
  if (deleted.length === 0) throw notFound(JobAlertMessages.notFound);
}
