import { and, asc, count, desc, eq, not, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, channels, companies, jobPosts } from '../db/schema.ts';
import { intArray } from '../db/sql.ts';
import { greatCircleMiles } from '../db/geo.ts';
import { getPreferences } from '../jobseeker/index.ts';
import { postingNames } from '../posting/index.ts';
import {
  applicationStatuses,
  MATCH_RADIUS_MILES,
  type ApplicationStatus,
  type AppliedJobPage,
  type JobListCount,
  type MatchedJobPage,
  type SeekerDashboardCount,
} from '../../src/contract/jobs.ts';
import type { Preferences } from '../../src/contract/jobseeker.ts';
import {
  appliedBy,
  jobListItemOf,
  jobOpen,
  jobVisible,
  publicJobColumns,
  publicStatusOf,
  reportedBy,
  savedBy,
  seekerSkillIds,
} from './detail.ts';
import { countSaved, offsetOf, pageSlice, type Paging } from './saved.ts';

// ---------- applied ----------

/** The seeker's applications, each with its job (a deleted job's row says it was removed). */
export async function listApplied(ctx: AppContext, userId: string, paging: Paging): Promise<AppliedJobPage> {
  const now = ctx.adapters.now();
  const order = paging.ascending
    ? [asc(applications.createdAt), asc(applications.id)]
    : [desc(applications.createdAt), desc(applications.id)];
  const [found, names, skills] = await Promise.all([
    ctx.db
      .select({
        ...publicJobColumns(now),
        shown: sql<boolean>`(${jobVisible})`,
        isSaved: savedBy(userId),
        applicationId: applications.id,
        applicationStatus: applications.status,
        appliedAt: applications.createdAt,
        conversationUrl: sql<
          string | null
        >`(select ${channels.url} from ${channels} where ${channels.applicationId} = ${applications.id} limit 1)`,
      })
      .from(applications)
      .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
      .innerJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(eq(applications.jobSeekerId, userId))
      .orderBy(...order)
      .limit(paging.pageSize + 1)
      .offset(offsetOf(paging)),
    postingNames(ctx),
    seekerSkillIds(ctx.db, userId),
  ]);
  const { rows, hasMore } = pageSlice(found, paging);
  return {
    items: rows.map((r) => ({
      ...jobListItemOf(r, names, { skillIds: skills, isSaved: r.isSaved }),
      jobStatus: r.shown ? publicStatusOf(r) : ('Removed' as const),
      applicationId: r.applicationId,
      applicationStatus: r.applicationStatus as ApplicationStatus,
      appliedDate: r.appliedAt.toISOString(),
      conversationUrl: r.conversationUrl,
    })),
    pageNumber: paging.pageNumber,
    pageSize: paging.pageSize,
    hasMore,
  };
}

export async function countApplied(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(applications).where(eq(applications.jobSeekerId, userId));
  return row?.n ?? 0;
}

// ---------- matched ----------

/** Great-circle miles from the job to a place (haversine, as src/lib/geo.ts). */
function milesTo(place: { latitude: number; longitude: number }): SQL {
  return greatCircleMiles(place, jobPosts);
}

/** Within `miles` of the place: a bounding box the position index can use, then the true distance. */
function near(place: { latitude: number; longitude: number }, miles: number): SQL {
  const dLat = miles / 69.0;
  const dLng = miles / Math.max(1, 69.172 * Math.cos((place.latitude * Math.PI) / 180));
  return sql`(${jobPosts.latitude} between ${place.latitude - dLat}::float8 and ${place.latitude + dLat}::float8
    and ${jobPosts.longitude} between ${place.longitude - dLng}::float8 and ${place.longitude + dLng}::float8
    and ${milesTo(place)} <= ${miles}::float8)`;
}

interface Profile {
  skills: Set<number>;
  preferences: Preferences;
}

async function profileOf(ctx: AppContext, userId: string): Promise<Profile> {
  const [skills, preferences] = await Promise.all([seekerSkillIds(ctx.db, userId), getPreferences(ctx, userId)]);
  return { skills, preferences };
}

/**
 * Which open jobs match the profile: at least one of its skills, its employment type or its
 * schedule (when it names any of these), and, when it has places, remote or within 50 miles of
 * one. Jobs the seeker applied to or reported are left out. Null when the profile names nothing
 * to match by.
 */
function matchOf(userId: string, p: Profile, now: Date) {
  const pref = p.preferences;
  const skillMatch = p.skills.size > 0 ? sql`(${jobPosts.skillIds} && ${intArray(p.skills)})` : null;
  const typeMatch = pref.employmentType !== null ? sql`(${pref.employmentType}::int = any(${jobPosts.jobTypeIds}))` : null;
  const scheduleMatch = pref.scheduleType !== null ? sql`(${pref.scheduleType}::int = any(${jobPosts.scheduleIds}))` : null;
  const kinds = [skillMatch, typeMatch, scheduleMatch].filter((c): c is SQL => c !== null);
  const places = pref.locations;
  if (kinds.length === 0 && places.length === 0) return null;
  const placed = places.length > 0 ? or(eq(jobPosts.isRemote, true), ...places.map((place) => near(place, MATCH_RADIUS_MILES))) : undefined;
  const where = and(jobOpen(now), kinds.length ? or(...kinds) : undefined, placed, not(appliedBy(userId)), not(reportedBy(userId)));
  const matchedSkills = sql<number>`(select count(*)::int from unnest(${jobPosts.skillIds}) as s(id) where s.id = any(${intArray(p.skills)}))`;
  const payMatch =
    pref.salary !== null && pref.salaryType !== null
      ? sql`(${jobPosts.payRate} = ${pref.salaryType} and greatest(${jobPosts.minPay}, ${jobPosts.maxPay}) >= ${pref.salary}::numeric)`
      : null;
  const preferenceScore = [typeMatch, scheduleMatch, payMatch]
    .filter((c): c is SQL => c !== null)
    .map((c) => sql`(case when ${c} then 1 else 0 end)`);
  const score = preferenceScore.length ? sql<number>`(${sql.join(preferenceScore, sql` + `)})` : null;
  const distance =
    places.length > 0
      ? sql<number | null>`(case when ${jobPosts.latitude} is null then null else least(${sql.join(places.map(milesTo), sql`, `)}) end)`
      : null;
  const ranking = [desc(matchedSkills), ...(score ? [desc(score)] : []), ...(distance ? [sql`${distance} asc nulls last`] : [])];
  return { where, matchedSkills, distance: distance ?? sql<number | null>`null::float8`, ranking };
}

/**
 * Open jobs matching the profile, best first: the most of the seeker's skills, then the most
 * preferences met (employment type, schedule, pay at least the wished pay of the same period),
 * then the nearest to a preferred place (remote jobs after placed ones), then the newest posted
 * (the oldest when ascending), ties by id.
 */
export async function listMatched(ctx: AppContext, userId: string, paging: Paging): Promise<MatchedJobPage> {
  const now = ctx.adapters.now();
  const profile = await profileOf(ctx, userId);
  const match = matchOf(userId, profile, now);
  const page = { pageNumber: paging.pageNumber, pageSize: paging.pageSize };
  if (!match) return { items: [], ...page, hasMore: false };
  const [found, names] = await Promise.all([
    ctx.db
      .select({ ...publicJobColumns(now), isSaved: savedBy(userId), matchedSkills: match.matchedSkills, distance: match.distance })
      .from(jobPosts)
      .innerJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(match.where)
      .orderBy(...match.ranking, paging.ascending ? asc(jobPosts.postedAt) : desc(jobPosts.postedAt), asc(jobPosts.id))
      .limit(paging.pageSize + 1)
      .offset(offsetOf(paging)),
    postingNames(ctx),
  ]);
  const { rows, hasMore } = pageSlice(found, paging);
  return {
    items: rows.map((r) => ({
      ...jobListItemOf(r, names, { skillIds: profile.skills, isSaved: r.isSaved }),
      jobStatus: publicStatusOf(r),
      matchedSkills: Number(r.matchedSkills),
      distanceMiles: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
    })),
    ...page,
    hasMore,
  };
}

export async function countMatched(ctx: AppContext, userId: string): Promise<number> {
  const match = matchOf(userId, await profileOf(ctx, userId), ctx.adapters.now());
  if (!match) return 0;
  const [row] = await ctx.db
    .select({ n: count() })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(match.where);
  return row?.n ?? 0;
}

// ---------- counts ----------

export async function jobListCount(ctx: AppContext, userId: string): Promise<JobListCount> {
  const [saved, applied, matched] = await Promise.all([countSaved(ctx, userId), countApplied(ctx, userId), countMatched(ctx, userId)]);
  return { saved, applied, matched };
}

export async function seekerDashboardCount(ctx: AppContext, userId: string): Promise<SeekerDashboardCount> {
  const [counts, byStatus] = await Promise.all([
    jobListCount(ctx, userId),
    ctx.db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(eq(applications.jobSeekerId, userId))
      .groupBy(applications.status),
  ]);
  const statuses = Object.fromEntries(applicationStatuses.map((s) => [s, 0])) as Record<ApplicationStatus, number>;
  for (const row of byStatus) statuses[row.status] = row.n;
  return { appliedJobs: counts.applied, savedJobs: counts.saved, matchedJobs: counts.matched, applications: statuses };
}
