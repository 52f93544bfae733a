import type { Db } from '../../db/client.ts';
import { takeTurn } from '../../platform/turns.ts';
import type { SearchAnswer, SearchEngine, SearchQuestion } from '../search-engine.ts';
import { seekerRecordsOf } from '../search-postgres.ts';
import { keywordQuery } from '../search-query.ts';
import { parseKeywordTree, type KeywordTree } from './keyword.ts';
import { searchIndex, type IndexSearch } from './query.ts';
import type { JobIndex } from './store.ts';
import type { KeptSeekers, SeekerRecords } from './seekers.ts';
import type { SearchIndexSync } from './sync.ts';
import { parseTsquery, type QueryTerm } from './text.ts';

/** Keywords already read, as the index's terms or tree: null for no keyword, 'sql' for queries the index leaves to SQL (see parseKeywordTree). */
const keywordTermsCache = new Map<string, QueryTerm[] | KeywordTree | null | 'sql'>();

async function keywordTerms(db: Db, keyword: string | null): Promise<QueryTerm[] | KeywordTree | null | 'sql'> {
  if (!keyword) return null;
  const cached = keywordTermsCache.get(keyword);
  if (cached !== undefined) {
    // Most recently used last.
    keywordTermsCache.delete(keyword);
    keywordTermsCache.set(keyword, cached);
    return cached;
  }
  const query = await keywordQuery(db, keyword);
  const terms = query ? (parseTsquery(query.text) ?? parseKeywordTree(query.text) ?? 'sql') : null;
  keywordTermsCache.set(keyword, Array.isArray(terms) && terms.length > 64 ? 'sql' : terms);
  if (keywordTermsCache.size > 1000) keywordTermsCache.delete(keywordTermsCache.keys().next().value!);
  return keywordTermsCache.get(keyword)!;
}

/** The seeker's records, kept from an earlier search while no note forgot them (see KeptSeekers). */
async function seekerRecords(db: Db, kept: KeptSeekers, seekerId: string): Promise<SeekerRecords> {
  const records = kept.get(seekerId);
  if (records) return records;
  const since = kept.mark();
  const read = await seekerRecordsOf(db, seekerId);
  kept.keep(since, seekerId, read);
  return read;
}

/** The question as the index reads it: the keyword as its terms, moments in microseconds. */
const indexSearchOf = (q: SearchQuestion, terms: IndexSearch['terms']): IndexSearch => ({
  ...q,
  terms,
  nowUs: q.now.getTime() * 1000,
  asOfUs: q.asOf.getTime() * 1000,
});

/**
 * The in-process index as a search engine, for one search: it reads the change notes once (before
 * the seeker's records, which a note may have made stale), then answers over its typed arrays.
 * No answer while it builds, or for a keyword it leaves to SQL (or, not, phrases).
 */
export function indexEngine(db: Db, sync: SearchIndexSync): SearchEngine {
  let fresh: Promise<JobIndex | null> | null = null;
  const index = () => (fresh ??= sync.fresh());
  return {
    name: 'index',
    async seeker(seekerId) {
      await index();
      return seekerRecords(db, sync.seekers, seekerId);
    },
    rows: (ids) => sync.listRows(ids),
    async answer(q): Promise<SearchAnswer | null> {
      const [built, terms] = await Promise.all([index(), keywordTerms(db, q.keyword)]);
      if (!built || terms === 'sql') return null;
      // Searches arriving together take turns on the event loop (see takeTurn): each runs to its answer in one turn.
      await takeTurn();
      const answer = searchIndex(built, indexSearchOf(q, terms));
      sync.answered++;
      return answer;
    },
  };
}
