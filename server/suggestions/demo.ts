import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, companies, jobInvitations, jobPosts, users } from '../db/schema.ts';
import { jobOpen } from '../jobs/index.ts';
import { DEMO_STAFF } from '../staff/index.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Invitations the demo company sent, from its recruiter: the demo seeker is invited to an open
 * job not yet applied to (so the seeker's dashboard shows one, not opened yet) and was invited to
 * one they then applied to; other demo seekers are invited at every stage (sent, viewed,
 * applied). Written directly: no mails go out for these past invitations.
 */
export async function seedDemoInvitations(
  ctx: AppContext,
  people: { seekerId: string; newcomerId: string; companyId: string },
): Promise<void> {
  const now = ctx.adapters.now();
  const [recruiter] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_STAFF.active.email), eq(users.companyId, people.companyId)))
    .limit(1);
  const [employer] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, people.companyId), eq(users.role, 'Employer')))
    .limit(1);
  const inviter = recruiter?.id ?? employer?.id;
  if (!inviter) return;
  const open = await ctx.db
    .select({ id: jobPosts.id, postedAt: jobPosts.postedAt })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(and(eq(jobPosts.companyId, people.companyId), jobOpen(now)))
    .orderBy(desc(jobPosts.postedAt), asc(jobPosts.id));
  if (!open.length) return;
  const seekers = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'JobSeeker'), eq(users.disabled, false)))
    .orderBy(asc(users.createdAt), asc(users.id));
  const seekerIds = [
    people.seekerId,
    people.newcomerId,
    ...seekers.map((s) => s.id).filter((id) => id !== people.seekerId && id !== people.newcomerId),
  ];
  const applied = await ctx.db
    .select({ jobId: applications.jobPostId, seekerId: applications.jobSeekerId, at: applications.createdAt })
    .from(applications)
    .where(
      and(
        inArray(applications.jobSeekerId, seekerIds),
        inArray(
          applications.jobPostId,
          open.map((j) => j.id),
        ),
      ),
    );
  const appliedAt = new Map(applied.map((a) => [`${a.jobId}:${a.seekerId}`, a.at]));

  const rows: Array<typeof jobInvitations.$inferInsert> = [];
  const invite = (seekerId: string, stage: 'sent' | 'viewed' | 'applied', k: number) => {
    const candidates = open.filter((j) =>
      stage === 'applied' ? appliedAt.has(`${j.id}:${seekerId}`) : !appliedAt.has(`${j.id}:${seekerId}`),
    );
    const job = candidates[k % Math.max(1, candidates.length)];
    if (!job || rows.some((r) => r.jobPostId === job.id && r.jobSeekerId === seekerId)) return;
    const applyAt = appliedAt.get(`${job.id}:${seekerId}`);
    // Invited a little after the job was posted (and before applying), never in the future.
    const sentAt = new Date(
      Math.min(now.getTime() - (k + 1) * 5 * HOUR, job.postedAt.getTime() + HOUR, applyAt ? applyAt.getTime() - DAY : Infinity),
    );
    rows.push({
      jobPostId: job.id,
      companyId: people.companyId,
      jobSeekerId: seekerId,
      invitedBy: k % 3 === 2 && employer ? employer.id : inviter,
      createdAt: sentAt,
      viewedAt: stage === 'sent' ? null : new Date(Math.min(now.getTime(), sentAt.getTime() + 6 * HOUR)),
      appliedAt: stage === 'applied' ? (applyAt ?? null) : null,
    });
  };

  invite(people.seekerId, 'sent', 0);
  invite(people.seekerId, 'applied', 0);
  invite(people.newcomerId, 'viewed', 1);
  const stages = ['sent', 'viewed', 'applied', 'sent', 'viewed', 'applied', 'sent'] as const;
  for (const [k, id] of seekerIds.slice(2, 2 + stages.length).entries()) invite(id, stages[k]!, k + 2);
  if (rows.length)
    await ctx.db
      .insert(jobInvitations)
      .values(rows)
      .onConflictDoNothing({ target: [jobInvitations.jobPostId, jobInvitations.jobSeekerId] });
}
