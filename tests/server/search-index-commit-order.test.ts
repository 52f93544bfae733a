import { eq, inArray, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPosts } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/sql.ts';
import { safetyRetryDelay, SAFETY_EVERY_MS, searchIndexReady, searchIndexSync } from '../../server/jobs/search-index/sync.ts';
import type { SearchPage } from '../../src/contract/search.ts';
import type { z } from 'zod';
import type { health } from '../../src/contract/system.ts';
import { allowAll } from './account-support.ts';
import type { FilesApp } from './files-support.ts';
import { postingApp, type PostingWorld } from './posting-support.ts';
import { jobAt, PLACES, publishAt, searchApi } from './search-support.ts';

// The index reads the written jobs' notes in the order their transactions committed, not by their
// sequence numbers: a writer that took its number first and committed last is found by the next
// search, in every process; its safety pass never gives up; /api/health says how far behind it is.

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof searchApi>;
const db = () => f.app.database.db;
const sync = () => searchIndexSync(db())!;
const onPostgres = () => f.app.database.kind === 'postgres';

/** Two jobs per test, each with a word of its own, closed until a writer opens them. */
let round = 0;
async function twoClosedJobs(): Promise<{ first: { id: string; word: string }; second: { id: string; word: string } }> {
  round++;
  const x = { companyId: w.x.id, userId: w.employerX.id! };
  const make = async (word: string) => ({
    word,
    id: await publishAt(f, x, jobAt(PLACES.vancouver, `Loader ${word}`, `Loading docks with ${word} crews.`), { status: 'Closed' }),
  });
  return { first: await make(`zephyrine${round}a`), second: await make(`quillwort${round}b`) };
}

/** The ids an anonymous search for the word finds, answered by the index (not by SQL). */
async function found(word: string): Promise<string[]> {
  const before = sync().answered;
  const page: SearchPage = await api.find({ keyword: word, location: null, filters: { remote: 'include' } });
  expect(sync().answered, 'answered by the index').toBe(before + 1);
  return page.items.map((i) => i.id);
}

async function healthOf() {
  const res = await f.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  return (JSON.parse(res.body) as { data: z.infer<typeof health.response> }).data;
}

beforeAll(async () => {
  ({ f, w } = await postingApp({ adapters: { rateLimiter: allowAll } }));
  api = searchApi(f);
  expect(await searchIndexReady(db(), f.app.database)).toBe(true);
}, 120_000);
afterAll(async () => f?.stop());

describe('writers that commit out of order', () => {
  it('a job opened by a writer that took its note first and committed last is found once it committed', async () => {
    const { first, second } = await twoClosedJobs();
    // Applied: neither is open.
    expect(await found(first.word)).toEqual([]);
    expect(await found(second.word)).toEqual([]);

    if (onPostgres()) {
      // Two connections of their own: the first writer takes its note, the second takes a later
      // one and commits, then the first commits.
      const url = new URL(process.env.DATABASE_URL!);
      const [{ name }] = rowsOf<{ name: string }>(await db().execute(sql`select current_database() as name`)) as [{ name: string }];
      url.pathname = `/${name}`;
      const writers = postgres(url.toString(), { max: 3, onnotice: () => {} });
      try {
        const one = await writers.reserve();
        const two = await writers.reserve();
        await one`begin`;
        await one`update job_posts set status = 'Active' where id = ${first.id}`;
        await two`begin`;
        await two`update job_posts set status = 'Active' where id = ${second.id}`;
        await two`commit`;
        // The second is found while the first, numbered before it, is still open (and is not).
        expect(await found(second.word)).toEqual([second.id]);
        expect(await found(first.word)).toEqual([]);
        const [{ xid }] = (await one`select pg_current_xact_id()::text as xid`) as unknown as [{ xid: string }];
        await one`commit`;
        const notes =
          await writers`select xid::text as xid, seq from search_changes where job_post_id in ${writers([first.id, second.id])} order by seq desc limit 2`;
        expect(
          notes.map((n) => n.xid === xid),
          'the first writer took the lower number',
        ).toEqual([false, true]);
        one.release();
        two.release();
      } finally {
        await writers.end({ timeout: 5 });
      }
    } else {
      // PGlite has one connection, which runs one transaction at a time: commits cannot interleave.
      // What the index meets is reproduced instead: the second job's note commits, is applied,
      // then the first job's note commits under a lower number.
      await db().update(jobPosts).set({ status: 'Active' }).where(eq(jobPosts.id, second.id));
      expect(await found(second.word)).toEqual([second.id]);
      await db().transaction(async (tx) => {
        await tx.update(jobPosts).set({ status: 'Active' }).where(eq(jobPosts.id, first.id));
        await tx.execute(sql`
          update search_changes set seq = (select min(seq) - 1 from search_changes)
          where xid = pg_current_xact_id()`);
      });
    }
    // A search after both commits finds both.
    expect(await found(first.word)).toEqual([first.id]);
    expect(await found(second.word)).toEqual([second.id]);
    // And the next look finds nothing left to read.
    expect((await sync().health()).pendingNotes).toBe(0);
  });

  it('a job closed by a writer that committed late leaves search once it committed', async () => {
    const { first, second } = await twoClosedJobs();
    await db()
      .update(jobPosts)
      .set({ status: 'Active' })
      .where(inArray(jobPosts.id, [first.id, second.id]));
    expect(await found(first.word)).toEqual([first.id]);
    await db().transaction(async (tx) => {
      await tx.update(jobPosts).set({ status: 'Closed' }).where(eq(jobPosts.id, first.id));
      // Numbered before every note the index has read.
      await tx.execute(sql`update search_changes set seq = (select min(seq) - 1 from search_changes) where xid = pg_current_xact_id()`);
    });
    expect(await found(first.word)).toEqual([]);
    expect(await found(second.word)).toEqual([second.id]);
  });
});

describe('how far behind the index is', () => {
  it('is on /api/health: notes written and not read yet, then none once a search has read them', async () => {
    const { first } = await twoClosedJobs();
    await found(first.word);
    const settled = await healthOf();
    expect(settled.searchIndex).toEqual({ state: 'ready', pendingNotes: 0, behindMs: 0, failures: 0 });
    await db().update(jobPosts).set({ status: 'Active' }).where(eq(jobPosts.id, first.id));
    const behind = (await healthOf()).searchIndex;
    expect(behind.state).toBe('ready');
    expect(behind.pendingNotes).toBe(1);
    expect(behind.behindMs).toBeGreaterThanOrEqual(0);
    expect(await found(first.word)).toEqual([first.id]);
    expect((await healthOf()).searchIndex.pendingNotes).toBe(0);
  });
});

describe('the safety pass', () => {
  it('never stops: each failure is logged and tried again after a growing wait, and the next pass catches up', async () => {
    const lines: Array<{ level: 'info' | 'warn'; fields: Record<string, unknown>; text: string }> = [];
    const s = sync();
    const kept = s.log;
    s.log = {
      info: ((fields: Record<string, unknown>, text: string) => lines.push({ level: 'info', fields, text })) as never,
      warn: ((fields: Record<string, unknown>, text: string) => lines.push({ level: 'warn', fields, text })) as never,
    };
    const { first } = await twoClosedJobs();
    await found(first.word);
    try {
      // The notes cannot be read (as when the database is away).
      await db().execute(sql`alter table search_changes rename to search_changes_away`);
      for (let i = 0; i < 8; i++) await s.safety();
      const warnings = lines.filter((l) => l.level === 'warn');
      expect(warnings).toHaveLength(8);
      expect(warnings.map((l) => (l.fields.searchIndex as { retryInMs: number }).retryInMs)).toEqual([
        1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
      ]);
      expect(warnings[0]!.text).toContain('the safety pass failed');
    } finally {
      await db().execute(sql`alter table search_changes_away rename to search_changes`);
    }
    // Written meanwhile, with no search to read it: the next pass reads it and says so.
    await db().update(jobPosts).set({ status: 'Active' }).where(eq(jobPosts.id, first.id));
    lines.length = 0;
    await s.safety();
    expect(lines.map((l) => l.text)).toEqual([
      expect.stringMatching(/^search index: 1 notes to read, \d+ ms behind$/),
      'search index: the safety pass works again',
    ]);
    expect((await s.health()).failures).toBe(0);
    expect((await s.health()).pendingNotes).toBe(0);
    s.log = kept;
    expect(await found(first.word)).toEqual([first.id]);
  });

  it('waits 1 s after a first failure, doubling up to the minute', () => {
    expect([1, 2, 3, 6, 7, 50].map(safetyRetryDelay)).toEqual([1_000, 2_000, 4_000, 32_000, SAFETY_EVERY_MS, SAFETY_EVERY_MS]);
  });
});
