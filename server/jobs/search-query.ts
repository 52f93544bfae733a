import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { intArray, rowsOf } from '../db/sql.ts';
import { greatCircleMiles } from '../db/geo.ts';
import { jobPosts, jobSearch, yearlyTopPayOf } from '../db/schema.ts';
import { SEARCH_CONFIG } from '../db/search-document.ts';
import { badRequest } from '../http/errors.ts';
import type { PostingNames } from '../posting/index.ts';
import { jobOpen } from './detail.ts';
import { SearchMessages, yearlyPay, type SearchFilters } from '../../src/contract/search.ts';

/**
 * What every search reads the same way, whichever engine answers: the keyword as PostgreSQL reads
 * it, the filters as conditions, and what a job must be to be found.
 */

/** Open (Active and before its last moment), of an active company that is not blacklisted. */
export const findableJob = jobOpen;

/** Great-circle miles from a point to the job's position (haversine, as src/lib/geo.ts computes it); null without one. */
export function distanceMiles(lat: number, lng: number): SQL<number | null> {
  return greatCircleMiles({ latitude: lat, longitude: lng }, jobPosts);
}

// ---------- keyword ----------

/** Characters that are operators in tsquery syntax, or that PostgreSQL refuses in text. */
const TSQUERY_SYNTAX = /[&|!():*<>'\\"\u0000-\u001f\u007f]/g;
/** Half of a UTF-16 pair without the other half: not text PostgreSQL accepts. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Quotes, "or", or a word excluded with a leading minus: the seeker writes web search syntax. */
const WEB_SEARCH_SYNTAX = /"|(^|\s)-\S|(^|\s)or(\s|$)/i;

/** The words of a keyword, without what PostgreSQL refuses in text; at most 16 of them. */
function wordsOf(keyword: string): string[] {
  return keyword
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 16);
}

/** Plain words must all match, the last one also as the start of a word (so "forklift oper" finds "Forklift Operator" while typing). */
function plainQuery(words: string[]): SQL | null {
  const terms = words.flatMap((w) => w.replace(TSQUERY_SYNTAX, ' ').split(/\s+/)).filter(Boolean);
  if (terms.length === 0) return null;
  const query = terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ');
  return sql`to_tsquery(${SEARCH_CONFIG}, ${query})`;
}

/**
 * The keyword's query, or null when nothing of it can be searched (only stop words or punctuation).
 * Web search syntax (quotes, "or", a leading minus) is read as such; should PostgreSQL refuse it
 * (say, minus signs nested deeper than it allows), its words are searched plainly instead.
 */
export async function usableKeyword(db: Db, keyword: string | null): Promise<SQL | null> {
  return (await keywordQuery(db, keyword))?.query ?? null;
}

/** The keyword's query and its text as PostgreSQL writes it (`'forklift' & 'oper':*`), or null. */
export async function keywordQuery(db: Db, keyword: string | null): Promise<{ query: SQL; text: string } | null> {
  if (!keyword) return null;
  const words = wordsOf(keyword);
  const text = words.join(' ').replace(/-{2,}/g, '-');
  const candidates = WEB_SEARCH_SYNTAX.test(text)
    ? [sql`websearch_to_tsquery(${SEARCH_CONFIG}, ${text})`, plainQuery(words)]
    : [plainQuery(words)];
  for (const query of candidates) {
    if (!query) continue;
    try {
      const [row] = rowsOf<{ n: number; t: string }>(await db.execute(sql`select numnode(${query}) as n, (${query})::text as t`));
      return Number(row?.n ?? 0) > 0 ? { query, text: String(row!.t) } : null;
    } catch {
      // Refused: try the next reading.
    }
  }
  return null;
}

// ---------- filters ----------

/** The job's top pay counted over a year (hourly × 2080, …), null when it has no pay period. */
export const yearlyTopPay = yearlyTopPayOf(jobPosts);

/** The columns a filter reads: job_posts' own (the default), or job_search's copies of them. */
export type FilterColumns = Pick<
  typeof jobSearch,
  'jobTypeIds' | 'workSchedule' | 'scheduleIds' | 'minExperience' | 'postedAt' | 'skillIds' | 'openToMinors'
> & { yearlyPay: SQL | typeof jobSearch.yearlyPay };

const jobPostColumns: FilterColumns = { ...(jobPosts as unknown as FilterColumns), yearlyPay: yearlyTopPay };

export function filterConditions(f: SearchFilters, t: FilterColumns = jobPostColumns): SQL[] {
  const where: SQL[] = [];
  if (f.jobTypes.length) where.push(sql`${t.jobTypeIds} && ${intArray(f.jobTypes)}`);
  if (f.workSchedule !== null) where.push(sql`${t.workSchedule} = ${f.workSchedule}::smallint`);
  if (f.schedules.length) where.push(sql`${t.scheduleIds} && ${intArray(f.schedules)}`);
  if (f.minimumPay && f.minimumPay.amount > 0)
    where.push(sql`${t.yearlyPay} >= ${yearlyPay(f.minimumPay.amount, f.minimumPay.rate)}::numeric`);
  if (f.experience !== null) where.push(sql`coalesce(${t.minExperience}, 0) <= ${f.experience}::int`);
  where.push(sql`${t.postedAt} >= ${`${f.postedSince}T00:00:00Z`}::timestamptz`);
  if (f.skills.length) where.push(sql`${t.skillIds} && ${intArray(f.skills)}`);
  if (f.openToMinors) where.push(sql`${t.openToMinors}`);
  return where;
}

/** Lookup ids a filter names that no list holds: 400 on the field. */
export function assertKnownIds(f: SearchFilters, names: PostingNames): void {
  const fieldErrors: Record<string, string> = {};
  if (f.jobTypes.some((id) => !names.jobTypes.has(id))) fieldErrors['filters.jobTypes'] = SearchMessages.jobTypes;
  if (f.schedules.some((id) => !names.schedules.has(id))) fieldErrors['filters.schedules'] = SearchMessages.schedules;
  if (f.skills.some((id) => !names.skills.has(id))) fieldErrors['filters.skills'] = SearchMessages.skills;
  const errors = Object.values(fieldErrors);
  if (errors.length) throw badRequest(errors[0]!, { errors, fieldErrors });
}
