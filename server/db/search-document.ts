import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { companies, jobPosts, skills } from './schema.ts';
import { intArray } from './sql.ts';
import { richTextToPlain } from '../../src/contract/posting.ts';

// The keyword search document of job_posts: written by posting, refreshed when a company's name
// changes, matched by jobs' search. It lives with the schema so that none of them owns the others.

/** The text search configuration of the search document and of every keyword query. */
export const SEARCH_CONFIG = sql.raw(`'english'::regconfig`);

interface DocumentParts {
  title: SQL | string;
  /** The description as plain text. */
  plain: SQL | string;
  skillIds: SQL;
  companyId: SQL | string;
}

/**
 * What keyword search matches (job_posts.search_document): the title weighted A, the company's
 * name as seekers see it and the skills' names B, the description C, so a title match ranks first.
 */
function searchDocument(p: DocumentParts): SQL {
  const companyName = sql`(select coalesce(nullif(btrim(${companies.displayName}), ''), ${companies.name}) from ${companies} where ${companies.id} = ${p.companyId})`;
  const skillNames = sql`(select string_agg(${skills.name}, ' ') from ${skills} where ${skills.id} = any(${p.skillIds}))`;
  return sql`setweight(to_tsvector(${SEARCH_CONFIG}, ${p.title}), 'A') || setweight(to_tsvector(${SEARCH_CONFIG}, coalesce(${companyName}, '') || ' ' || coalesce(${skillNames}, '')), 'B') || setweight(to_tsvector(${SEARCH_CONFIG}, ${p.plain}), 'C')`;
}

/** The search document of a job about to be written, from its values. */
export function searchDocumentOf(job: { title: string; descriptionHtml: string; skillIds: readonly number[]; companyId: string }): SQL {
  return searchDocument({
    title: job.title,
    plain: richTextToPlain(job.descriptionHtml),
    skillIds: intArray(job.skillIds),
    companyId: job.companyId,
  });
}

/** Stored rich text as plain text, in SQL: what richTextToPlain does, for rows already written. */
const plainDescription = (html: SQL | AnyColumn) =>
  sql`replace(replace(replace(replace(replace(replace(regexp_replace(regexp_replace(${html}, '<[[:space:]]*(br|/p|/li|/ul|/ol)[[:space:]]*/?>', chr(10), 'gi'), '<[^>]*>', '', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`;

/**
 * The search document of a row from its columns in SQL (a stored job, or a row about to be
 * written from a set of rows): what bulk writers and refreshes compute in one statement.
 */
export function searchDocumentFrom(columns: {
  title: SQL | AnyColumn;
  descriptionHtml: SQL | AnyColumn;
  skillIds: SQL | AnyColumn;
  companyId: SQL | AnyColumn;
}): SQL {
  return searchDocument({
    title: sql`${columns.title}`,
    plain: plainDescription(columns.descriptionHtml),
    skillIds: sql`${columns.skillIds}`,
    companyId: sql`${columns.companyId}`,
  });
}

/**
 * Writes the search document of stored jobs again from their columns: after the company's name
 * changes, every one of its jobs matches the new name.
 */
export async function refreshSearchDocuments(db: Db, where: SQL): Promise<void> {
  await db
    .update(jobPosts)
    .set({
      searchDocument: searchDocumentFrom({
        title: jobPosts.title,
        descriptionHtml: jobPosts.descriptionHtml,
        skillIds: jobPosts.skillIds,
        companyId: jobPosts.companyId,
      }),
    })
    .where(where);
}
