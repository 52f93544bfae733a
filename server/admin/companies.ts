import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, jobPosts, jobReports, users } from '../db/schema.ts';
import { containsPattern, rowsOf, uuidIn } from '../db/sql.ts';
import { displayNameOf } from '../company/index.ts';
import { fullNameOf } from '../platform/people.ts';
import type {
  AdminCompanyList,
  AdminCompanyRow,
  CompanySort,
  CompanyState,
  Person,
  companyListQuerySchema,
} from '../../src/contract/admin.ts';
import type { z } from 'zod';

/** A company's one state, in the contract's order of precedence (companyStates). */
export function stateOf(c: { blacklisted: boolean; verifiedAt: Date | null; active: boolean }): CompanyState {
  if (c.blacklisted) return 'blacklisted';
  if (!c.verifiedAt) return 'awaitingVerification';
  return c.active ? 'active' : 'inactive';
}

/** The same precedence as a condition on the companies table. */
export function stateIs(state: CompanyState): SQL {
  switch (state) {
    case 'blacklisted':
      return sql`${companies.blacklisted}`;
    case 'awaitingVerification':
      return sql`(${companies.verifiedAt} is null and not ${companies.blacklisted})`;
    case 'inactive':
      return sql`(not ${companies.active} and not ${companies.blacklisted} and ${companies.verifiedAt} is not null)`;
    case 'active':
      return sql`(${companies.active} and not ${companies.blacklisted} and ${companies.verifiedAt} is not null)`;
  }
}

export const personOf = (u: { id: string; firstName: string | null; lastName: string | null; email: string }): Person => ({
  id: u.id,
  name: fullNameOf(u) || u.email,
  email: u.email,
});

export const placeOf = (p: { city: string | null; state: string | null }): string | null =>
  [p.city, p.state].filter(Boolean).join(', ') || null;

const iso = (d: Date | null) => d?.toISOString() ?? null;

// Qualified by hand: drizzle names a one-table select's columns without their table, which a subquery would read as its own.
const companyId = sql.raw('"companies"."id"');

/** Open: Active and before its last day (an Active job past it reads as Expired). */
const openJobsOf = (now: Date) =>
  sql<number>`(select count(*)::int from ${jobPosts} j where j.company_id = ${companyId} and j.status = 'Active' and j.valid_through > ${now.toISOString()}::timestamptz)`;
const openReportsOf = sql<number>`(select count(*)::int from ${jobReports} r join ${jobPosts} j on j.id = r.job_post_id where j.company_id = ${companyId} and r.status = 'open')`;
const staffCountOf = sql<number>`(select count(*)::int from ${users} u where u.company_id = ${companyId} and u.role in ('Employer', 'Recruiter') and not u.disabled)`;

const sortName = sql`lower(coalesce(${companies.displayName}, ${companies.name}))`;

/**
 * The order of a sort. When few companies match (`fewMatch`: a search that is not broad, see
 * searchMatches) they are found first (the trigram indexes) and then sorted, never found by walking
 * the whole list in its order and testing each company, which PostgreSQL would otherwise pick for a
 * page of 10 (81 ms against 12 for a word of 1,600 active companies, by name). The expressions
 * `+ interval '0 s'` and `|| ''` change no order, and keep the sort indexes out of it.
 */
function orderOf(sort: CompanySort, now: Date, fewMatch: boolean): SQL[] {
  const created = fewMatch ? sql`(${companies.createdAt} + interval '0 s')` : sql`${companies.createdAt}`;
  switch (sort) {
    case 'newest':
      return [sql`${created} desc`, desc(companies.id)];
    case 'oldest':
      return [sql`${created} asc`, asc(companies.id)];
    case 'name':
      return [fewMatch ? sql`(${sortName} || '') asc` : asc(sortName), asc(companies.id)];
    case 'openJobs':
      return [sql`${openJobsOf(now)} desc`, desc(companies.createdAt), desc(companies.id)];
    case 'openReports':
      return [sql`${openReportsOf} desc`, desc(companies.createdAt), desc(companies.id)];
  }
}

/**
 * Up to this many staff found by a search, their companies join the names' bitmap OR as an array;
 * past it, as a hashed set (see searchMatches).
 */
export const STAFF_MATCHES_IN_BITMAP = 5_000;

/**
 * The companies whose legal name, display name or staff's email (an owner's or any recruiter's,
 * whatever their status) contains the text, ignoring case. Each part is read from its own trigram
 * index (migration 0023): the names' as a bitmap OR with the ids of the staff found (an array, so
 * the primary key joins the OR), and the matching rows are read once. Joining a union of ids back to
 * the table instead made PostgreSQL read every company once a thousand matched (48 ms against 2).
 * A trigram match is checked again on every row the bitmap finds, the array included, one id after
 * another: when a word is in most recruiters' emails (34,000 of them), that took a second. So the
 * staff are counted first, and past STAFF_MATCHES_IN_BITMAP their companies are a hashed set, read
 * beside every company instead (160 ms then). Such a search is `broad`: its matches are dense, so
 * a page is found by walking the list in its order and testing each company (65 ms against 160).
 */
async function searchMatches(db: Db, text: string): Promise<{ where: SQL; broad: boolean }> {
  const pattern = containsPattern(text.toLowerCase());
  const staffMatch = sql`${users.companyId} is not null and ${users.email} like ${pattern} escape '\\'`;
  const names = sql`lower(${companies.name}) like ${pattern} escape '\\'
    or lower(${companies.displayName}) like ${pattern} escape '\\'`;
  const [staff] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${users} where ${staffMatch} limit ${STAFF_MATCHES_IN_BITMAP + 1}) s`,
    ),
  );
  const found = Number(staff?.n ?? 0);
  if (found === 0) return { where: sql`(${names})`, broad: false };
  const staffCompanies = sql`select ${users.companyId} from ${users} where ${staffMatch}`;
  if (found <= STAFF_MATCHES_IN_BITMAP) return { where: sql`(${names} or ${companies.id} = any(array(${staffCompanies})))`, broad: false };
  return { where: sql`(${names} or ${companies.id} in (${staffCompanies}))`, broad: true };
}

export type CompanyListInput = z.output<typeof companyListQuerySchema>;

/**
 * CompanyListing and BlackListedCompanyList: a page of companies in a stable order (ties broken by
 * id) and how many match, in two statements sent together: the page's rows with their owners and
 * counts (read for the page alone), and the count (a window count over the page's statement would
 * read every matching row in order).
 */
export async function listCompanies(db: Db, query: CompanyListInput, now: Date): Promise<AdminCompanyList> {
  const search = query.search ? await searchMatches(db, query.search) : null;
  const where = and(
    search?.where,
    query.tinLastFour ? sql`right(${companies.tin}, 4) = ${query.tinLastFour}` : undefined,
    query.status ? stateIs(query.status) : undefined,
  );
  const order = orderOf(query.sort, now, search !== null && !search.broad);
  const page = db
    .select({ id: companies.id, n: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('n') })
    .from(companies)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize)
    .as('page');
  const [rows, [counted]] = await Promise.all([
    rowsQuery(db, now).innerJoin(page, eq(page.id, companies.id)).orderBy(page.n),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(where),
  ]);
  return {
    companies: rows.map(rowOfRead),
    totalCount: Number(counted?.n ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

export type CompanyRecord = typeof companies.$inferSelect;

type Owner = { id: string; firstName: string | null; lastName: string | null; email: string };

/** A company with what its list row shows: counts, and its owner (the company's employer; the first, should there be two). */
const rowsQuery = (db: Db, now: Date) =>
  db
    .select({
      company: companies,
      staffCount: staffCountOf,
      openJobs: openJobsOf(now),
      openReports: openReportsOf,
      owner: sql<Owner | null>`(select json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
        from ${users} u where u.company_id = ${companyId} and u.role = 'Employer' order by u.created_at, u.id limit 1)`,
    })
    .from(companies);

const rowOfRead = (r: Awaited<ReturnType<typeof rowsQuery>>[number]) =>
  rowOf(r.company, { ...r, owner: r.owner ? personOf(r.owner) : null });

/** The list's rows of these companies, in the order given (ids not found are left out). */
export async function companyRows(db: Db, ids: string[], now: Date): Promise<AdminCompanyRow[]> {
  if (!ids.length) return [];
  const rows = await rowsQuery(db, now).where(uuidIn(companies.id, ids));
  const byId = new Map(rows.map((r) => [r.company.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [rowOfRead(r)] : [];
  });
}

export function rowOf(
  c: CompanyRecord,
  extra: { staffCount: number; openJobs: number; openReports: number; owner: Person | null },
): AdminCompanyRow {
  return {
    id: c.id,
    legalName: c.name,
    displayName: displayNameOf(c),
    tinLastFour: c.tin.slice(-4),
    state: stateOf(c),
    place: placeOf(c),
    owner: extra.owner,
    staffCount: Number(extra.staffCount),
    openJobs: Number(extra.openJobs),
    openReports: Number(extra.openReports),
    createdAt: c.createdAt.toISOString(),
    verifiedAt: iso(c.verifiedAt),
    blacklistedAt: iso(c.blacklistedAt),
    blacklistReason: c.blacklistReason,
    deactivatedAt: iso(c.deactivatedAt),
    deactivationReason: c.deactivationReason,
  };
}

/** One company's list row, or null when there is no such company. */
export async function companyRow(db: Db, id: string, now: Date): Promise<AdminCompanyRow | null> {
  const [row] = await companyRows(db, [id], now);
  return row ?? null;
}

/** The staff of the companies (employers and recruiters), any status. */
export const staffOf = (companyIds: string[]) => and(inArray(users.role, ['Employer', 'Recruiter']), uuidIn(users.companyId, companyIds));
