import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { applications, companies, invoices, jobPosts, jobReports, users } from '../db/schema.ts';
import { rowsOf } from '../db/sql.ts';
import { canonicalZone, dateOfDayNumber, dayIn, dayStarts } from '../metrics/index.ts';
import { ADMIN_CHART_DAYS, type AdminDashboard } from '../../src/contract/admin.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * How many rows fall on each of the days: `bounds` are the days' starts and the end of the last
 * (ms), and each row counts on the day its moment falls on (width_bucket over the bounds). One
 * statement a measure, read from the moment's index.
 */
async function perDay(db: Db, column: AnyPgColumn, where: SQL | undefined, bounds: number[]): Promise<number[]> {
  const array = `{${bounds.map((b) => new Date(b).toISOString()).join(',')}}`;
  const result = await db.execute(sql`
    select width_bucket(${column}, ${array}::timestamptz[]) as bucket, count(*)::int as n
    from ${column.table}
    where ${column} >= ${at(bounds[0]!)} and ${column} < ${at(bounds[bounds.length - 1]!)} ${where ? sql`and ${where}` : sql``}
    group by 1`);
  const counts = new Array<number>(bounds.length - 1).fill(0);
  for (const r of rowsOf<{ bucket: number; n: number }>(result)) counts[Number(r.bucket) - 1] = Number(r.n);
  return counts;
}

/**
 * AdminDashBoard: the counts an operator watches, and the last ADMIN_CHART_DAYS calendar days (today
 * included) in the viewer's time zone, each from local midnight (server/metrics/days.ts).
 */
export async function dashboard(db: Db, timeZone: string, now: Date): Promise<AdminDashboard> {
  const zone = canonicalZone(timeZone);
  const today = dayIn(zone, now.getTime());
  const first = today - ADMIN_CHART_DAYS + 1;
  const bounds = dayStarts(zone, first, ADMIN_CHART_DAYS);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const nowSql = at(now.getTime());

  const [[states], [seekers], [open], [week], [waiting], [revenue], newCompanies, newSeekers, jobsPosted, applied] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        blacklisted: sql<number>`(count(*) filter (where ${companies.blacklisted}))::int`,
        awaiting: sql<number>`(count(*) filter (where not ${companies.blacklisted} and ${companies.verifiedAt} is null))::int`,
        inactive: sql<number>`(count(*) filter (where not ${companies.blacklisted} and ${companies.verifiedAt} is not null and not ${companies.active}))::int`,
      })
      .from(companies),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.role, 'JobSeeker'), eq(users.disabled, false))),
    // Open as seekers meet them: Active, before their last day, of a company in good standing.
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobPosts)
      .innerJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(
        sql`${jobPosts.status} = 'Active' and ${jobPosts.validThrough} > ${nowSql} and ${companies.active} and not ${companies.blacklisted}`,
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(gte(applications.createdAt, new Date(now.getTime() - 7 * DAY_MS))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobReports)
      .where(eq(jobReports.status, 'open')),
    db
      .select({ cents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int` })
      .from(invoices)
      .where(and(eq(invoices.status, 'paid'), gte(invoices.paidAt, new Date(monthStart)))),
    perDay(db, companies.createdAt, undefined, bounds),
    perDay(db, users.createdAt, sql`${users.role} = 'JobSeeker'`, bounds),
    perDay(db, jobPosts.postedAt, undefined, bounds),
    perDay(db, applications.createdAt, undefined, bounds),
  ]);
  const total = Number(states?.total ?? 0);
  const blacklisted = Number(states?.blacklisted ?? 0);
  const awaitingVerification = Number(states?.awaiting ?? 0);
  const inactive = Number(states?.inactive ?? 0);
  return {
    companies: { total, active: total - blacklisted - awaitingVerification - inactive, inactive, blacklisted, awaitingVerification },
    jobSeekers: Number(seekers?.n ?? 0),
    openJobs: Number(open?.n ?? 0),
    applicationsThisWeek: Number(week?.n ?? 0),
    reportsWaiting: Number(waiting?.n ?? 0),
    boostRevenueThisMonthCents: Number(revenue?.cents ?? 0),
    points: Array.from({ length: ADMIN_CHART_DAYS }, (_, i) => ({
      date: dateOfDayNumber(first + i),
      newCompanies: newCompanies[i]!,
      newJobSeekers: newSeekers[i]!,
      jobsPosted: jobsPosted[i]!,
      applications: applied[i]!,
    })),
  };
}
