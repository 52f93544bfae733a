import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedJobs, users } from '../../server/db/schema.ts';
import { searchIndexReady, searchIndexSync } from '../../server/jobs/search-index/sync.ts';
import type { SearchPage } from '../../src/contract/search.ts';
import { allowAll } from './account-support.ts';
import type { FilesApp } from './files-support.ts';
import { seekerCalls } from './jobs-support.ts';
import { postingApp, SKILL, type Caller, type PostingWorld } from './posting-support.ts';
import { jobAt, PLACES, publishAt, searchApi } from './search-support.ts';

// A seeker's search answered by the index follows the seeker's own writes at once: saved jobs,
// reported jobs, skills, and the account switched off, whoever wrote them. The seeker's records are
// kept in memory and read again only after a change was noted; on PGlite, where the jobs' rows are
// kept too, a search that follows no write runs no statement at all.

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof searchApi>;
let calls: ReturnType<typeof seekerCalls>;
const job = {} as Record<'forklift' | 'associate' | 'remote', string>;

const db = () => f.app.database.db;
const answered = () => searchIndexSync(db())!.answered;
const item = (page: SearchPage, id: string) => page.items.find((i) => i.id === id);

/** The statements the database client runs while `work` runs (the client's own methods, wrapped for the while). */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const client = (db() as unknown as { $client: Record<string, unknown> }).$client;
  const methods = f.app.database.kind === 'pglite' ? ['query', 'exec'] : ['unsafe'];
  const run: string[] = [];
  const own = methods.map((m) => [m, Object.getOwnPropertyDescriptor(client, m)] as const);
  for (const m of methods) {
    const original = client[m] as (...args: unknown[]) => unknown;
    client[m] = (...args: unknown[]) => {
      run.push(String(args[0]));
      return original.apply(client, args);
    };
  }
  try {
    await work();
  } finally {
    for (const [m, descriptor] of own) {
      if (descriptor) Object.defineProperty(client, m, descriptor);
      else delete client[m];
    }
  }
  return run;
}

/** The seeker's enhanced search, answered by the index. */
async function search(seeker: Caller, body: unknown = {}): Promise<SearchPage> {
  const before = answered();
  const page = api.ok(await api.enhanced(body, seeker.token));
  expect(answered(), 'answered by the index').toBe(before + 1);
  return page;
}

beforeAll(async () => {
  ({ f, w } = await postingApp({ adapters: { rateLimiter: allowAll } }));
  api = searchApi(f);
  calls = seekerCalls(f);
  const x = { companyId: w.x.id, userId: w.employerX.id! };
  job.forklift = await publishAt(
    f,
    x,
    jobAt(PLACES.vancouver, 'Forklift Operator', 'Move pallets between receiving and shipping.', {
      candidateRequirements: { skills: [SKILL.forklift] },
    }),
    { daysAgo: 1 },
  );
  job.associate = await publishAt(f, x, jobAt(PLACES.portland, 'Warehouse Associate', 'Load trucks and count stock.'), { daysAgo: 2 });
  job.remote = await publishAt(f, x, jobAt(null, 'Remote Dispatcher', 'Plan routes for our drivers.'), { daysAgo: 3 });
  expect(await searchIndexReady(db(), f.app.database)).toBe(true);
}, 60_000);
afterAll(async () => f?.stop());

describe('statements a search runs', () => {
  it('on PGlite none, once the seeker searched and the keyword was read; on PostgreSQL the notes are read, not the seeker’s records', async () => {
    const seeker = await w.person('JobSeeker', null, 'steady');
    await calls.save(seeker, job.remote);
    // Posted after the index was built: PGlite reads its row as the index takes it in.
    const posted = await publishAt(
      f,
      { companyId: w.x.id, userId: w.employerX.id! },
      jobAt(PLACES.northPortland, 'Night Loader', 'Load trailers overnight.'),
    );
    // The seeker's records and the keyword are read once; no page so far showed the other jobs.
    expect((await search(seeker, { keyword: 'dispatcher' })).items.map((i) => i.id)).toEqual([job.remote]);
    const requests = [{ keyword: 'dispatcher' }, { flags: { Pins: true } }, { sort: 'newest', paging: { pageNumber: 2, pageSize: 2 } }];
    for (const body of requests) {
      let page: SearchPage | undefined;
      const run = await statementsDuring(async () => {
        page = await search(seeker, body);
      });
      expect(page!.items.length).toBeGreaterThan(0);
      if (f.app.database.kind === 'pglite') expect(run, JSON.stringify(body)).toEqual([]);
      else {
        // Other processes write there: every search reads the change notes first.
        expect(
          run.some((text) => text.includes('"search_changes"')),
          JSON.stringify(body),
        ).toBe(true);
        expect(
          run.filter((text) => /jobseeker_skills|saved_jobs|job_reports/.test(text)),
          JSON.stringify(body),
        ).toEqual([]);
      }
    }
    const page = await search(seeker, { sort: 'newest', flags: { Pins: true } });
    expect(page.items.map((i) => i.id)).toEqual([posted, job.forklift, job.associate, job.remote]);
    expect(item(page, job.remote)?.userActions.isSaved).toBe(true);
    expect(page.pins!.clusters.flatMap((c) => (c.title ? [c.title] : [])).sort()).toEqual([
      'Forklift Operator',
      'Night Loader',
      'Warehouse Associate',
    ]);
  });
});

describe('searches at the same moment', () => {
  it('share the reading of their rows, each answered as when alone', async () => {
    const seeker = await w.person('JobSeeker', null, 'together');
    // Jobs no other search shows: each search below reads rows of its own.
    const x = { companyId: w.x.id, userId: w.employerX.id! };
    const words = ['Cooper', 'Glazier', 'Farrier', 'Chandler', 'Tanner'];
    for (const word of words)
      await publishAt(f, x, jobAt(PLACES.vancouver, `${word} Apprentice`, `Learn the ${word.toLowerCase()} trade.`));
    const requests = words.map((word, i) => ({ keyword: word, ...(i % 2 ? { flags: { Pins: true } } : {}) }));
    const sync = searchIndexSync(db())!;
    const alone: SearchPage[] = [];
    for (const body of requests) {
      sync.rows.clear();
      alone.push(await search(seeker, body));
    }
    sync.rows.clear();
    let together: SearchPage[] = [];
    const before = answered();
    const run = await statementsDuring(async () => {
      together = await Promise.all(requests.map(async (body) => api.ok(await api.enhanced(body, seeker.token))));
    });
    expect(answered(), 'answered by the index').toBe(before + requests.length);
    // The same pages, but for the moment each first page was asked at.
    const pages = (list: SearchPage[]) => list.map(({ asOf: _, ...page }) => page);
    expect(pages(together)).toEqual(pages(alone));
    expect(together.map((page) => page.items.map((i) => i.title))).toEqual(words.map((word) => [`${word} Apprentice`]));
    // Each search found rows no other had kept. On PostgreSQL they were read in fewer statements than
    // searches (PGlite runs a statement on this thread, done before the next search's turn).
    const rowReads = run.filter((text) => /from "job_posts" inner join "companies"/.test(text));
    expect(rowReads.length).toBeGreaterThan(0);
    if (f.app.database.kind === 'postgres') expect(rowReads.length).toBeLessThan(requests.length);
  });
});

describe("a seeker's search follows the seeker's writes at once", () => {
  it('shows a job saved, and no longer once unsaved', async () => {
    const seeker = await w.person('JobSeeker', null, 'saver');
    expect(item(await search(seeker), job.forklift)?.userActions.isSaved).toBe(false);
    expect((await calls.save(seeker, job.forklift)).status).toBe(200);
    expect(item(await search(seeker), job.forklift)?.userActions.isSaved).toBe(true);
    expect((await calls.unsave(seeker, job.forklift)).status).toBe(200);
    expect(item(await search(seeker), job.forklift)?.userActions.isSaved).toBe(false);
  });

  it('shows a job saved by any writer, not only this server’s calls', async () => {
    const seeker = await w.person('JobSeeker', null, 'elsewhere');
    expect(item(await search(seeker), job.associate)?.userActions.isSaved).toBe(false);
    // As another server process would: straight into the table, with nothing told to this one.
    await db().insert(savedJobs).values({ userId: seeker.id!, jobPostId: job.associate });
    expect(item(await search(seeker), job.associate)?.userActions.isSaved).toBe(true);
    await db()
      .delete(savedJobs)
      .where(and(eq(savedJobs.userId, seeker.id!), eq(savedJobs.jobPostId, job.associate)));
    expect(item(await search(seeker), job.associate)?.userActions.isSaved).toBe(false);
  });

  it('hides a job once the seeker reported it', async () => {
    const seeker = await w.person('JobSeeker', null, 'reporter');
    expect(item(await search(seeker), job.associate)).toBeDefined();
    expect((await calls.report(seeker, job.associate, { reason: 'misleading' })).status).toBe(200);
    expect(item(await search(seeker), job.associate)).toBeUndefined();
    expect(item(await search(w.seeker), job.associate)).toBeDefined();
  });

  it('matches a skill once added, and no longer once removed', async () => {
    const seeker = await w.person('JobSeeker', null, 'skilled');
    expect(item(await search(seeker), job.forklift)?.skills).toEqual([expect.objectContaining({ id: SKILL.forklift, match: false })]);
    expect((await api.post('/api/JobSeeker/skills', { skill: SKILL.forklift }, seeker.token)).status).toBe(200);
    expect(item(await search(seeker), job.forklift)?.skills).toEqual([expect.objectContaining({ id: SKILL.forklift, match: true })]);
    expect((await api.post('/api/Account/DeleteJobseekerSkill', { skill: SKILL.forklift }, seeker.token)).status).toBe(200);
    expect(item(await search(seeker), job.forklift)?.skills).toEqual([expect.objectContaining({ id: SKILL.forklift, match: false })]);
  });

  it('signs out a seeker on the first search after the account is deleted or switched off, and not once switched on again', async () => {
    for (const off of [{ disabled: true }, { deactivatedAt: new Date() }]) {
      const seeker = await w.person('JobSeeker', null, 'soon off');
      await search(seeker);
      await search(seeker);
      await db().update(users).set(off).where(eq(users.id, seeker.id!));
      expect((await api.enhanced({}, seeker.token)).status).toBe(401);
      expect((await api.enhanced({ keyword: 'forklift' }, seeker.token)).status).toBe(401);
      await db().update(users).set({ disabled: false, deactivatedAt: null }).where(eq(users.id, seeker.id!));
      expect((await api.enhanced({}, seeker.token)).status).toBe(200);
    }
  });
});
