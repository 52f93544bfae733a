import { and, count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import {
  applications,
  companies,
  jobInvitations,
  jobPosts,
  jobSeekerSkills,
  jobTypes,
  preferences,
  preferredLocations,
  skills,
  users,
} from '../db/schema.ts';
import { intArray } from '../db/sql.ts';
import { greatCircleMiles } from '../db/geo.ts';
import { notFound } from '../http/errors.ts';
import { fullNameOf } from '../platform/people.ts';
import { displayNameOf } from '../company/index.ts';
import { companyVisible, jobOpen } from '../jobs/index.ts';
import dayjs from 'dayjs';
import { ADULT_AGE } from '../../src/contract/jobs.ts';
import {
  SUGGESTION_RADIUS_MILES,
  SuggestionMessages,
  type InvitationStatus,
  type SeekerInvitation,
  type SentInvitation,
  type SentInvitationPage,
  type SeekerInvitationPage,
  type SuggestedSeeker,
  type SuggestedSeekerAnyJobPage,
  type SuggestedSeekerForJob,
  type SuggestedSeekerPage,
} from '../../src/contract/suggestions.ts';

/** A job of the company the suggestions and invitations are for. */
export interface CompanyJobRow {
  id: string;
  title: string;
  companyId: string;
  companyName: string;
  status: 'Active' | 'Closed' | 'Deleted';
  /** Active, before its last day, of an active company that is not blacklisted. */
  open: boolean;
  latitude: number | null;
  longitude: number | null;
  skillIds: number[];
  jobTypeIds: number[];
  scheduleIds: number[];
  /** Open to applicants aged 16 and 17; otherwise adults only. */
  openToMinors: boolean;
}

function companyJobsQuery(ctx: AppContext, now: Date) {
  return ctx.db
    .select({
      id: jobPosts.id,
      title: jobPosts.title,
      companyId: jobPosts.companyId,
      name: companies.name,
      displayName: companies.displayName,
      status: jobPosts.status,
      open: sql<boolean>`(${jobOpen(now)})`,
      latitude: jobPosts.latitude,
      longitude: jobPosts.longitude,
      skillIds: jobPosts.skillIds,
      jobTypeIds: jobPosts.jobTypeIds,
      scheduleIds: jobPosts.scheduleIds,
      openToMinors: jobPosts.openToMinors,
    })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .$dynamic();
}

type CompanyJobSelected = Awaited<ReturnType<ReturnType<typeof companyJobsQuery>['execute']>>[number];
const companyJobOf = (row: CompanyJobSelected): CompanyJobRow => ({ ...row, companyName: displayNameOf(row), open: Boolean(row.open) });

/** One of the company's jobs that is not deleted; any other id (another company's too) is "not found". */
export async function companyJobRow(ctx: AppContext, companyId: string, jobId: string): Promise<CompanyJobRow> {
  const [row] = await companyJobsQuery(ctx, ctx.adapters.now())
    .where(and(eq(jobPosts.id, jobId), eq(jobPosts.companyId, companyId), ne(jobPosts.status, 'Deleted')))
    .limit(1);
  if (!row) throw notFound(SuggestionMessages.jobNotFound);
  return companyJobOf(row);
}

/** The company's open jobs (those its seekers may still apply to), newest posted first. */
async function openCompanyJobs(ctx: AppContext, companyId: string, now: Date): Promise<CompanyJobRow[]> {
  const rows = await companyJobsQuery(ctx, now)
    .where(and(eq(jobPosts.companyId, companyId), jobOpen(now)))
    .orderBy(desc(jobPosts.postedAt), jobPosts.id);
  return rows.map(companyJobOf);
}

// ---------- matching ----------

/**
 * The seeker may apply to the job: any seeker to a job open to minors; to any other job, a seeker
 * aged 18 or over (or with no date of birth), as applying checks (server/jobs/apply.ts).
 */
export function mayApply(job: Pick<CompanyJobRow, 'openToMinors'>, now: Date): SQL | undefined {
  if (job.openToMinors) return undefined;
  const latest = dayjs(now).startOf('day').subtract(ADULT_AGE, 'year').format('YYYY-MM-DD');
  return sql`(${users.dateOfBirth} is null or ${users.dateOfBirth} <= ${latest}::date)`;
}

/** Great-circle miles from a preferred place to the job (haversine, as src/lib/geo.ts). */
function milesFromJob(job: { latitude: number; longitude: number }): SQL {
  return greatCircleMiles(job, preferredLocations);
}

/** Match weights: what a score of 100 is made of, for the parts the job names. */
const WEIGHTS = { skills: 60, jobType: 15, schedule: 10, nearness: 15 } as const;

/**
 * The job seekers who match a job, as SQL over users (with their preferences left-joined):
 * findable (the preference, on without a row), active, old enough to apply, not applied to the job; within the radius
 * of one of their places when the job has a position; and sharing a skill, the job type or the
 * schedule when the job names any of them. The score (0 to 100) weighs the share of the job's
 * skills the seeker has most, then the job type, the schedule and how near the nearest place is,
 * out of the parts the job names.
 */
function matchOf(job: CompanyJobRow, now: Date) {
  const placed = job.latitude !== null && job.longitude !== null ? { latitude: job.latitude, longitude: job.longitude } : null;
  const distance = placed
    ? sql<number | null>`(select min(${milesFromJob(placed)}) from ${preferredLocations} where ${preferredLocations.userId} = ${users.id})`
    : sql<number | null>`null::float8`;
  const matchedSkills = job.skillIds.length
    ? sql<number>`(select count(*)::int from jobseeker_skills s where s.user_id = ${users.id} and s.skill_id = any(${intArray(job.skillIds)}))`
    : sql<number>`0`;
  const typeMatch = job.jobTypeIds.length
    ? sql<boolean>`coalesce(${preferences.employmentTypeId} = any(${intArray(job.jobTypeIds)}), false)`
    : sql<boolean>`false`;
  const scheduleMatch = job.scheduleIds.length
    ? sql<boolean>`coalesce(${preferences.scheduleTypeId} = any(${intArray(job.scheduleIds)}), false)`
    : sql<boolean>`false`;

  const kinds: SQL[] = [];
  if (job.skillIds.length) kinds.push(sql`${matchedSkills} > 0`);
  if (job.jobTypeIds.length) kinds.push(typeMatch);
  if (job.scheduleIds.length) kinds.push(scheduleMatch);

  const parts: SQL[] = [];
  let total = 0;
  if (job.skillIds.length) {
    parts.push(sql`${WEIGHTS.skills}::float8 * ${matchedSkills} / ${job.skillIds.length}::float8`);
    total += WEIGHTS.skills;
  }
  if (job.jobTypeIds.length) {
    parts.push(sql`(case when ${typeMatch} then ${WEIGHTS.jobType}::float8 else 0 end)`);
    total += WEIGHTS.jobType;
  }
  if (job.scheduleIds.length) {
    parts.push(sql`(case when ${scheduleMatch} then ${WEIGHTS.schedule}::float8 else 0 end)`);
    total += WEIGHTS.schedule;
  }
  if (placed) {
    parts.push(
      sql`${WEIGHTS.nearness}::float8 * greatest(0, 1 - coalesce(${distance}, ${SUGGESTION_RADIUS_MILES}::float8) / ${SUGGESTION_RADIUS_MILES}::float8)`,
    );
    total += WEIGHTS.nearness;
  }
  const score = total > 0 ? sql<number>`round(100 * (${sql.join(parts, sql` + `)}) / ${total}::float8)::int` : sql<number>`0`;

  const near = placed ? sql`${distance} <= ${SUGGESTION_RADIUS_MILES}::float8` : undefined;
  const shares = kinds.length ? sql`(${sql.join(kinds, sql` or `)})` : undefined;
  const where = and(
    eq(users.role, 'JobSeeker'),
    eq(users.disabled, false),
    sql`coalesce(${preferences.findable}, true)`,
    mayApply(job, now),
    sql`not exists (select 1 from ${applications} where ${applications.jobSeekerId} = ${users.id} and ${applications.jobPostId} = ${job.id})`,
    near && shares
      ? // The shared skill, type or schedule first: the distance (the costliest part) only for those seekers.
        sql`(case when ${shares} then ${near} else false end)`
      : (near ?? shares),
  );
  return { where, distance, matchedSkills, score };
}

/** The seeker's latest job title, else the job type they wish for. */
const headline = sql<string | null>`coalesce(
  (select e.job_title from jobseeker_experience e where e.user_id = ${users.id} order by e.current_employer desc, e.start_date desc limit 1),
  (select ${jobTypes.name} from ${jobTypes} where ${jobTypes.id} = ${preferences.employmentTypeId}))`;

const placeOf = (job: CompanyJobRow) =>
  job.latitude !== null && job.longitude !== null ? { latitude: job.latitude, longitude: job.longitude } : null;

/** What a suggestion row shows of a seeker for one job: the nearest of their places to it, the match, the company's invitation to it. */
function seekerFields(job: CompanyJobRow, m: ReturnType<typeof matchOf>) {
  const placed = placeOf(job);
  const nearestCity = placed
    ? sql<
        string | null
      >`(select coalesce(${preferredLocations.city}, ${preferredLocations.name}) from ${preferredLocations} where ${preferredLocations.userId} = ${users.id} order by ${milesFromJob(placed)} limit 1)`
    : sql<
        string | null
      >`(select coalesce(${preferredLocations.city}, ${preferredLocations.name}) from ${preferredLocations} where ${preferredLocations.userId} = ${users.id} order by ${preferredLocations.position} limit 1)`;
  return {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    headline,
    city: nearestCity,
    distance: m.distance,
    matchedSkills: m.matchedSkills,
    score: m.score,
    invitedAt: sql<
      Date | string | null
    >`(select ${jobInvitations.createdAt} from ${jobInvitations} where ${jobInvitations.jobPostId} = ${job.id} and ${jobInvitations.jobSeekerId} = ${users.id})`,
  };
}

/** Job seekers (with their preferences) as one job's suggestion rows show them. */
const seekerRowsQuery = (ctx: AppContext, job: CompanyJobRow, m: ReturnType<typeof matchOf>) =>
  ctx.db.select(seekerFields(job, m)).from(users).leftJoin(preferences, eq(preferences.userId, users.id)).$dynamic();

type SeekerRowOf = Awaited<ReturnType<ReturnType<typeof seekerRowsQuery>['execute']>>[number];

/** The suggestion rows of one job with the job's skills each seeker has, in the rows' order. */
async function suggestionItems(ctx: AppContext, job: CompanyJobRow, rows: SeekerRowOf[]): Promise<SuggestedSeeker[]> {
  const ids = rows.map((r) => r.id);
  const owned =
    ids.length && job.skillIds.length
      ? await ctx.db
          .select({ userId: jobSeekerSkills.userId, id: skills.id, name: skills.name })
          .from(jobSeekerSkills)
          .innerJoin(skills, eq(skills.id, jobSeekerSkills.skillId))
          .where(and(inArray(jobSeekerSkills.userId, ids), inArray(skills.id, job.skillIds)))
          .orderBy(skills.name)
      : [];
  return rows.map((r) => ({
    id: r.id,
    name: fullNameOf(r),
    headline: r.headline ?? null,
    city: r.city ?? null,
    matchedSkills: owned.filter((s) => s.userId === r.id).map((s) => ({ id: s.id, name: s.name })),
    totalSkills: job.skillIds.length,
    distanceMiles: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
    score: Number(r.score),
    invitedAt: r.invitedAt === null ? null : new Date(r.invitedAt).toISOString(),
  }));
}

/**
 * Job seekers suggested for one of the company's jobs, best first: score, then skills matched,
 * then the nearest, ties by id. Each with the job's skills they have, how far their nearest place
 * is, and when the company invited them to this job, if it did.
 */
export async function suggestedSeekers(
  ctx: AppContext,
  companyId: string,
  query: { jobId: string; pageNumber: number; pageSize: number },
): Promise<SuggestedSeekerPage> {
  const job = await companyJobRow(ctx, companyId, query.jobId);
  const page = { pageNumber: query.pageNumber, pageSize: query.pageSize, job: { id: job.id, title: job.title } };
  const m = matchOf(job, ctx.adapters.now());
  const [rows, [totalRow]] = await Promise.all([
    seekerRowsQuery(ctx, job, m)
      .where(m.where)
      .orderBy(desc(m.score), desc(m.matchedSkills), sql`${m.distance} asc nulls last`, users.id)
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(users).leftJoin(preferences, eq(preferences.userId, users.id)).where(m.where),
  ]);
  return { items: await suggestionItems(ctx, job, rows), total: totalRow?.n ?? 0, ...page };
}

/** The rows of a raw query: PGlite answers `{ rows }`, postgres.js the rows themselves. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []));

/**
 * Job seekers suggested across the company's open jobs (the dashboard's list): each seeker once,
 * with the job they match best (score, skills matched, nearness), in the order of one job's list.
 * The match is one query per open job, joined in one statement, so its cost grows with the
 * company's open jobs times the job seekers.
 */
export async function suggestedSeekersAcrossJobs(
  ctx: AppContext,
  companyId: string,
  query: { pageNumber: number; pageSize: number },
): Promise<SuggestedSeekerAnyJobPage> {
  const now = ctx.adapters.now();
  const page = { pageNumber: query.pageNumber, pageSize: query.pageSize, job: null };
  const jobs = await openCompanyJobs(ctx, companyId, now);
  if (!jobs.length) return { items: [], total: 0, ...page };
  const candidates = sql.join(
    jobs.map((job) => {
      const m = matchOf(job, now);
      return sql`(select ${users.id} as seeker_id, ${job.id}::uuid as job_id, ${m.score} as score, ${m.matchedSkills} as matched, ${m.distance}::float8 as distance
        from ${users} left join ${preferences} on ${eq(preferences.userId, users.id)} where ${m.where})`;
    }),
    sql` union all `,
  );
  const best = sql`(select distinct on (seeker_id) seeker_id, job_id, score, matched, distance from (${candidates}) c
    order by seeker_id, score desc, matched desc, distance asc nulls last, job_id) b`;
  // The total rides on the page's rows (the match is the costly part, so it runs once); a page past the end counts apart.
  const rows = rowsOf<{ seeker_id: string; job_id: string; total: number }>(
    await ctx.db.execute(sql`select seeker_id, job_id, count(*) over ()::int as total from ${best}
      order by score desc, matched desc, distance asc nulls last, seeker_id
      limit ${query.pageSize} offset ${(query.pageNumber - 1) * query.pageSize}`),
  );
  const total = rows.length
    ? Number(rows[0]!.total)
    : query.pageNumber === 1
      ? 0
      : Number(rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from ${best}`))[0]?.n ?? 0);
  const byJob = new Map<string, string[]>();
  for (const r of rows) byJob.set(r.job_id, [...(byJob.get(r.job_id) ?? []), r.seeker_id]);
  const found = new Map<string, SuggestedSeekerForJob>();
  await Promise.all(
    [...byJob].map(async ([jobId, ids]) => {
      const job = jobs.find((j) => j.id === jobId)!;
      const m = matchOf(job, now);
      const seekerRows = await seekerRowsQuery(ctx, job, m).where(inArray(users.id, ids));
      for (const item of await suggestionItems(ctx, job, seekerRows))
        found.set(item.id, { ...item, job: { id: job.id, title: job.title } });
    }),
  );
  const items = rows.map((r) => found.get(r.seeker_id)).filter((item): item is SuggestedSeekerForJob => item !== undefined);
  return { items, total, ...page };
}

// ---------- invitations sent ----------

export const invitationStatusOf = (r: { viewedAt: Date | null; appliedAt: Date | null }): InvitationStatus =>
  r.appliedAt ? 'applied' : r.viewedAt ? 'viewed' : 'sent';

const statusCondition = (status: InvitationStatus): SQL =>
  status === 'applied'
    ? isNotNull(jobInvitations.appliedAt)
    : status === 'viewed'
      ? and(isNull(jobInvitations.appliedAt), isNotNull(jobInvitations.viewedAt))!
      : and(isNull(jobInvitations.appliedAt), isNull(jobInvitations.viewedAt))!;

const seeker = alias(users, 'invited_seeker');
const inviter = alias(users, 'inviter');

/** The company's invitations, newest first: one job, one status. A job of another company is "not found". */
export async function listSentInvitations(
  ctx: AppContext,
  companyId: string,
  query: { pageNumber: number; pageSize: number; jobId?: string | null; status?: InvitationStatus | null },
): Promise<SentInvitationPage> {
  if (query.jobId) await companyJobRow(ctx, companyId, query.jobId);
  const where = and(
    eq(jobInvitations.companyId, companyId),
    ne(jobPosts.status, 'Deleted'),
    query.jobId ? eq(jobInvitations.jobPostId, query.jobId) : undefined,
    query.status ? statusCondition(query.status) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    ctx.db
      .select({
        inv: jobInvitations,
        jobTitle: jobPosts.title,
        seekerFirst: seeker.firstName,
        seekerLast: seeker.lastName,
        inviterId: inviter.id,
        inviterFirst: inviter.firstName,
        inviterLast: inviter.lastName,
      })
      .from(jobInvitations)
      .innerJoin(jobPosts, eq(jobPosts.id, jobInvitations.jobPostId))
      .innerJoin(seeker, eq(seeker.id, jobInvitations.jobSeekerId))
      .leftJoin(inviter, eq(inviter.id, jobInvitations.invitedBy))
      .where(where)
      .orderBy(desc(jobInvitations.createdAt), desc(jobInvitations.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(jobInvitations).innerJoin(jobPosts, eq(jobPosts.id, jobInvitations.jobPostId)).where(where),
  ]);
  const items: SentInvitation[] = rows.map((r) => ({
    id: r.inv.id,
    status: invitationStatusOf(r.inv),
    invitedAt: r.inv.createdAt.toISOString(),
    viewedAt: r.inv.viewedAt?.toISOString() ?? null,
    appliedAt: r.inv.appliedAt?.toISOString() ?? null,
    jobSeeker: { id: r.inv.jobSeekerId, name: fullNameOf({ firstName: r.seekerFirst, lastName: r.seekerLast }) },
    job: { id: r.inv.jobPostId, title: r.jobTitle },
    invitedBy: r.inviterId ? { id: r.inviterId, name: fullNameOf({ firstName: r.inviterFirst, lastName: r.inviterLast }) } : null,
  }));
  return { items, total: totalRow?.n ?? 0, pageNumber: query.pageNumber, pageSize: query.pageSize };
}

// ---------- the seeker's invitations ----------

function seekerInvitationsQuery(ctx: AppContext) {
  const now = ctx.adapters.now();
  return ctx.db
    .select({
      inv: jobInvitations,
      title: jobPosts.title,
      city: jobPosts.city,
      state: jobPosts.state,
      name: companies.name,
      displayName: companies.displayName,
      open: sql<boolean>`(${jobPosts.status} = 'Active' and ${jobPosts.validThrough} > ${now.toISOString()}::timestamptz)`,
    })
    .from(jobInvitations)
    .innerJoin(jobPosts, eq(jobPosts.id, jobInvitations.jobPostId))
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .$dynamic();
}

type SeekerRow = Awaited<ReturnType<ReturnType<typeof seekerInvitationsQuery>['execute']>>[number];

function seekerInvitationOf(r: SeekerRow): SeekerInvitation {
  return {
    id: r.inv.id,
    status: invitationStatusOf(r.inv),
    invitedAt: r.inv.createdAt.toISOString(),
    viewedAt: r.inv.viewedAt?.toISOString() ?? null,
    job: { id: r.inv.jobPostId, title: r.title, city: r.city, state: r.state },
    companyName: displayNameOf(r),
    jobOpen: Boolean(r.open),
  };
}

/** The seeker's invitations whose job can still be seen (not deleted, of a visible company). */
const seekerSees = (userId: string) => and(eq(jobInvitations.jobSeekerId, userId), ne(jobPosts.status, 'Deleted'), companyVisible);

export async function listSeekerInvitations(
  ctx: AppContext,
  userId: string,
  query: { pageNumber: number; pageSize: number },
): Promise<SeekerInvitationPage> {
  const where = seekerSees(userId);
  const [rows, [totalRow]] = await Promise.all([
    seekerInvitationsQuery(ctx)
      .where(where)
      .orderBy(desc(jobInvitations.createdAt), desc(jobInvitations.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    ctx.db
      .select({ n: count() })
      .from(jobInvitations)
      .innerJoin(jobPosts, eq(jobPosts.id, jobInvitations.jobPostId))
      .innerJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(where),
  ]);
  return { items: rows.map(seekerInvitationOf), total: totalRow?.n ?? 0, pageNumber: query.pageNumber, pageSize: query.pageSize };
}

/** The seeker opened the invitation's job: viewed from now on (the first time is kept). Another seeker's invitation is "not found". */
export async function markInvitationViewed(ctx: AppContext, userId: string, invitationId: string): Promise<SeekerInvitation> {
  const [row] = await seekerInvitationsQuery(ctx)
    .where(and(eq(jobInvitations.id, invitationId), seekerSees(userId)))
    .limit(1);
  if (!row) throw notFound(SuggestionMessages.invitationNotFound);
  if (!row.inv.viewedAt) {
    const [marked] = await ctx.db
      .update(jobInvitations)
      .set({ viewedAt: ctx.adapters.now() })
      .where(and(eq(jobInvitations.id, invitationId), isNull(jobInvitations.viewedAt)))
      .returning({ viewedAt: jobInvitations.viewedAt });
    if (marked) row.inv.viewedAt = marked.viewedAt;
    else {
      const [again] = await ctx.db
        .select({ viewedAt: jobInvitations.viewedAt })
        .from(jobInvitations)
        .where(eq(jobInvitations.id, invitationId));
      row.inv.viewedAt = again?.viewedAt ?? null;
    }
  }
  return seekerInvitationOf(row);
}

/** New invitations the company sent in the last 24 hours. */
export async function invitationsToday(ctx: AppContext, companyId: string): Promise<number> {
  const since = new Date(ctx.adapters.now().getTime() - 24 * 60 * 60 * 1000);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(jobInvitations)
    .where(and(eq(jobInvitations.companyId, companyId), gt(jobInvitations.createdAt, since)));
  return row?.n ?? 0;
}
