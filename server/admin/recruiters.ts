import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, jobPosts, users } from '../db/schema.ts';
import { containsPattern } from '../db/sql.ts';
import { notFound } from '../http/errors.ts';
import { displayNameOf } from '../company/index.ts';
import {
  AdminMessages,
  type AdminRecruiter,
  type AdminRecruiterDetail,
  type AdminRecruiterList,
  type recruitersByCompanyQuerySchema,
} from '../../src/contract/admin.ts';
import type { z } from 'zod';
import { personOf, stateOf } from './companies.ts';
import { jobCountsWhere, jobsWhere, staffOf } from './company-detail.ts';

const recruiterOf = (u: typeof users.$inferSelect, c: typeof companies.$inferSelect): AdminRecruiter => ({
  ...staffOf(u),
  company: { id: c.id, name: displayNameOf(c), state: stateOf(c) },
});

/**
 * GetRecruitersByCompanyName: the recruiters (any status) of the companies whose legal or display
 * name contains the text, ignoring case (the names' trigram indexes), by company name, then name.
 */
export async function recruitersByCompanyName(db: Db, query: z.output<typeof recruitersByCompanyQuerySchema>): Promise<AdminRecruiterList> {
  const pattern = containsPattern(query.companyName.toLowerCase());
  const where = and(
    eq(users.role, 'Recruiter'),
    sql`${users.companyId} in (
      select c.id from ${companies} c where lower(c.name) like ${pattern} escape '\\'
      union select c.id from ${companies} c where lower(c.display_name) like ${pattern} escape '\\')`,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(
        asc(sql`lower(coalesce(${companies.displayName}, ${companies.name}))`),
        asc(companies.id),
        asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`),
        asc(users.id),
      )
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return {
    recruiters: rows.map((r) => recruiterOf(r.user, r.company)),
    totalCount: Number(counted?.n ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/**
 * GetRecruiterDetails: a member of a company's staff (a recruiter, or the employer the company page
 * links to as well), who invited them, and the jobs they created. Anyone else: 404.
 */
export async function recruiterDetails(db: Db, recruiterId: string, now: Date): Promise<AdminRecruiterDetail> {
  const inviter = alias(users, 'inviter');
  const [found] = await db
    .select({ user: users, company: companies, inviter })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(inviter, eq(inviter.id, users.invitedBy))
    .where(and(eq(users.id, recruiterId), inArray(users.role, ['Employer', 'Recruiter'])))
    .limit(1);
  if (!found) throw notFound(AdminMessages.recruiterNotFound);
  const theirs = eq(jobPosts.createdBy, recruiterId);
  const [jobCounts, jobs] = await Promise.all([jobCountsWhere(db, theirs, now), jobsWhere(db, theirs, now)]);
  return {
    recruiter: recruiterOf(found.user, found.company),
    invitedBy: found.inviter ? personOf(found.inviter) : null,
    jobCounts,
    jobs,
  };
}
