import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, jobInvitations, preferences, users } from '../db/schema.ts';
import { conflict, tooManyRequests } from '../http/errors.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';
import {
  INVITE_CALLS_PER_HOUR,
  invitationLink,
  MAX_INVITES_PER_DAY,
  SuggestionMessages,
  type InviteOutcome,
  type InviteResult,
} from '../../src/contract/suggestions.ts';
import { companyJobRow, invitationsToday, mayApply } from './lists.ts';

/** Who of the company invites. */
export interface StaffActor {
  companyId: string;
  userId: string;
}

/** The seeker's mail: which company invites them to which job, with a link to the job's page. */
export function invitationMail(
  ctx: AppContext,
  to: { email: string; firstName: string | null },
  job: { id: string; title: string; companyName: string },
  invitationId: string,
): Mail {
  return compose({
    to: to.email,
    greetingName: to.firstName,
    supportEmail: ctx.config.supportEmail,
    subject: `${job.companyName} invites you to apply for ${job.title}`,
    intro: `${job.companyName} saw your profile on ${BRAND_NAME} and thinks you would be a great fit for their job “${job.title}”. Have a look at the job and apply if it suits you.`,
    action: { kind: 'link', label: 'See the job', url: `${ctx.config.publicUrl}${invitationLink(job.id, invitationId)}` },
    outro:
      'Your invitations are also on your dashboard. Companies find you because you let employers find you; you can switch this off in your preferences at any time.',
  });
}

/** Invitation calls per person of the staff: a bulk call counts once, its size is bounded by the contract. */
async function enforceInviteLimit(ctx: AppContext, userId: string): Promise<void> {
  const gate = await ctx.adapters.rateLimiter.hit(`suggestions:invite:${userId}`, INVITE_CALLS_PER_HOUR, 60 * 60);
  if (!gate.allowed) throw tooManyRequests(SuggestionMessages.tooManyRequests);
}

/**
 * Invites job seekers to one of the company's open jobs. Each named seeker is invited once per
 * job, even when two calls race (the unique index on job and seeker decides): a seeker invited
 * before is answered "already invited" and is not mailed again; one who applied already is
 * answered so; an id that is not an active job seeker who lets employers find them (and is old
 * enough to apply to the job) is "not found".
 * The company may send at most MAX_INVITES_PER_DAY new invitations in 24 hours: a call that would
 * pass the limit invites no one.
 */
export async function inviteSeekers(
  ctx: AppContext,
  actor: StaffActor,
  jobId: string,
  seekerIds: readonly string[],
): Promise<InviteResult[]> {
  const job = await companyJobRow(ctx, actor.companyId, jobId);
  await enforceInviteLimit(ctx, actor.userId);
  if (!job.open) throw conflict(SuggestionMessages.jobNotOpen);
  const ids = [...new Set(seekerIds)];

  const [findable, applied, invited] = await Promise.all([
    ctx.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .leftJoin(preferences, eq(preferences.userId, users.id))
      .where(
        and(
          inArray(users.id, ids),
          eq(users.role, 'JobSeeker'),
          eq(users.disabled, false),
          sql`coalesce(${preferences.findable}, true)`,
          mayApply(job, ctx.adapters.now()),
        ),
      ),
    ctx.db
      .select({ id: applications.jobSeekerId })
      .from(applications)
      .where(and(eq(applications.jobPostId, job.id), inArray(applications.jobSeekerId, ids))),
    ctx.db
      .select({ id: jobInvitations.jobSeekerId, at: jobInvitations.createdAt })
      .from(jobInvitations)
      .where(and(eq(jobInvitations.jobPostId, job.id), inArray(jobInvitations.jobSeekerId, ids))),
  ]);
  const seekers = new Map(findable.map((s) => [s.id, s]));
  const appliedIds = new Set(applied.map((a) => a.id));
  const invitedAt = new Map(invited.map((i) => [i.id, i.at]));

  const outcomes = new Map<string, InviteResult>();
  const toInvite: string[] = [];
  for (const id of ids) {
    const before = invitedAt.get(id);
    let outcome: InviteOutcome | null = null;
    if (!seekers.has(id)) outcome = 'notFound';
    else if (before) outcome = 'alreadyInvited';
    else if (appliedIds.has(id)) outcome = 'alreadyApplied';
    if (outcome) outcomes.set(id, { jobSeekerId: id, outcome, invitedAt: before ? before.toISOString() : null });
    else toInvite.push(id);
  }

  if (toInvite.length) {
    if ((await invitationsToday(ctx, actor.companyId)) + toInvite.length > MAX_INVITES_PER_DAY)
      throw tooManyRequests(SuggestionMessages.dailyLimit);
    const now = ctx.adapters.now();
    const rows = await ctx.db
      .insert(jobInvitations)
      .values(
        toInvite.map((jobSeekerId) => ({
          jobPostId: job.id,
          companyId: actor.companyId,
          jobSeekerId,
          invitedBy: actor.userId,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: [jobInvitations.jobPostId, jobInvitations.jobSeekerId] })
      .returning({ id: jobInvitations.id, jobSeekerId: jobInvitations.jobSeekerId, createdAt: jobInvitations.createdAt });
    const inserted = new Map(rows.map((r) => [r.jobSeekerId, r]));
    const raced = toInvite.filter((id) => !inserted.has(id));
    const firstOf = raced.length
      ? new Map(
          (
            await ctx.db
              .select({ id: jobInvitations.jobSeekerId, at: jobInvitations.createdAt })
              .from(jobInvitations)
              .where(and(eq(jobInvitations.jobPostId, job.id), inArray(jobInvitations.jobSeekerId, raced)))
          ).map((r) => [r.id, r.at]),
        )
      : new Map<string, Date>();
    for (const id of toInvite) {
      const row = inserted.get(id);
      if (row) outcomes.set(id, { jobSeekerId: id, outcome: 'invited', invitedAt: row.createdAt.toISOString() });
      else outcomes.set(id, { jobSeekerId: id, outcome: 'alreadyInvited', invitedAt: firstOf.get(id)?.toISOString() ?? null });
    }
    await Promise.all(
      rows.map((r) => {
        const to = seekers.get(r.jobSeekerId)!;
        return ctx.mailer.enqueue(invitationMail(ctx, to, job, r.id));
      }),
    );
  }
  return ids.map((id) => outcomes.get(id)!);
}

/** The seeker applied to the job: their invitation to it, if any, reads as applied. */
export async function markInvitationApplied(ctx: AppContext, jobId: string, seekerId: string, at: Date): Promise<void> {
  await ctx.db
    .update(jobInvitations)
    .set({ appliedAt: at })
    .where(and(eq(jobInvitations.jobPostId, jobId), eq(jobInvitations.jobSeekerId, seekerId), isNull(jobInvitations.appliedAt)));
}
