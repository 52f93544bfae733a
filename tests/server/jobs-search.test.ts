import { UNSTORABLE_TEXT_MESSAGE } from '../../server/http/storable-text.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, jobPosts, jobReports, jobSeekerSkills, savedJobs } from '../../server/db/schema.ts';
import { DEFAULT_POSTED_SINCE, SearchMessages, type SearchPage } from '../../src/contract/search.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { allowAll } from './account-support.ts';
import type { FilesApp } from './files-support.ts';
import { posting, postingApp, SKILL, type Caller, type PostingWorld } from './posting-support.ts';
import { DAY, expectListView, jobAt, PLACES, publishAt, searchApi, setBoosted } from './search-support.ts';

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof searchApi>;
let seeker: Caller;
let clock: { advance(ms: number): void };

/** The jobs of this file, by name. */
const job = {} as Record<
  'forklift' | 'associate' | 'remote' | 'boise' | 'battleGround' | 'bakery' | 'expired' | 'closed' | 'deleted' | 'blacklisted' | 'inactive',
  string
>;

const titles = (page: SearchPage) => page.items.map((i) => i.title);
const idsOf = (page: SearchPage) => page.items.map((i) => i.id);
const has = (page: SearchPage, id: string) => page.items.some((i) => i.id === id);

beforeAll(async () => {
  ({ f, w, clock } = await postingApp({ adapters: { rateLimiter: allowAll } }));
  api = searchApi(f);
  seeker = w.seeker;
  const x = { companyId: w.x.id, userId: w.employerX.id! };
  const y = { companyId: w.y.id, userId: w.employerY.id! };

  job.forklift = await publishAt(
    f,
    x,
    jobAt(PLACES.vancouver, 'Forklift Operator', 'Move pallets between receiving and shipping, and count stock.', {
      jobDetails: { positionType: [1] },
      timeRequirements: { workSchedule: 1, schedules: [1, 7] },
      payDetails: { minSalary: 22, maxSalary: 26, rate: 'Hourly' },
      candidateRequirements: { skills: [SKILL.forklift], minExperience: 1, maxExperience: 3 },
    }),
    { daysAgo: 1 },
  );
  // Its description names forklifts again and again; its title does not.
  job.associate = await publishAt(
    f,
    y,
    jobAt(
      PLACES.portland,
      'Warehouse Associate',
      'Ride along on the forklift, learn forklift safety, and help the forklift crew load trucks.',
      {
        jobDetails: { positionType: [2] },
        timeRequirements: { workSchedule: 2, schedules: [4] },
        payDetails: { minSalary: 50000, maxSalary: 60000, rate: 'Yearly' },
        candidateRequirements: { skills: [SKILL.orderPicking, SKILL.packing], minExperience: 3, maxExperience: 5 },
      },
    ),
    { daysAgo: 3 },
  );
  job.remote = await publishAt(
    f,
    x,
    jobAt(null, 'Remote Dispatcher', 'Plan routes for our drivers and answer their calls from home.', {
      jobDetails: { positionType: [1] },
      payDetails: { minSalary: 20, maxSalary: 24, rate: 'Hourly' },
      candidateRequirements: { skills: [], minExperience: 0, maxExperience: 2 },
    }),
    { daysAgo: 5 },
  );
  job.boise = await publishAt(
    f,
    x,
    jobAt(PLACES.boise, 'Order Picker', 'Pick orders in our Boise distribution centre with a handheld scanner.'),
    { daysAgo: 2 },
  );
  job.battleGround = await publishAt(
    f,
    x,
    jobAt(PLACES.battleGround, 'Night Shift Packer', 'Pack parcels on the night shift in a clean, quiet building.'),
    { daysAgo: 10 },
  );
  // No pay given (competitive), open to 16 and 17 year olds, in Oregon.
  job.bakery = await publishAt(
    f,
    y,
    jobAt(PLACES.northPortland, 'Bakery Counter Assistant', 'Serve customers at the counter, box pastries and keep the shop tidy.', {
      jobDetails: { positionType: [2] },
      timeRequirements: { workSchedule: 2, schedules: [21] },
      payDetails: { minSalary: 0, maxSalary: 0, rate: null, isCompetitiveSalary: true },
      candidateRequirements: { skills: [], minExperience: null, maxExperience: null, openToMinors: true, hazardsReviewed: true },
    }),
    { daysAgo: 20 },
  );

  // Jobs nobody finds, each named like the first so a keyword would find them if it could.
  const hidden = (title: string) =>
    jobAt(PLACES.vancouver, title, 'Move pallets between receiving and shipping, and count stock.', {
      candidateRequirements: { skills: [SKILL.forklift] },
    });
  job.expired = await publishAt(f, x, hidden('Forklift Operator (expired)'), { daysAgo: 40, validThrough: new Date(Date.now() - DAY) });
  job.closed = await publishAt(f, x, hidden('Forklift Operator (closed)'), { status: 'Closed' });
  job.deleted = await publishAt(f, x, hidden('Forklift Operator (deleted)'));
  await posting(f).remove(w.employerX, job.deleted);
  const blacklisted = await w.company('Shady Pallets LLC', '271112223', { blacklisted: true });
  const inactive = await w.company('Sleepy Freight LLC', '271112224', { active: false });
  const owner = (companyId: string) => w.person('Employer', companyId, 'owner').then((p) => ({ companyId, userId: p.id! }));
  job.blacklisted = await publishAt(f, await owner(blacklisted.id), hidden('Forklift Operator (blacklisted company)'));
  job.inactive = await publishAt(f, await owner(inactive.id), hidden('Forklift Operator (inactive company)'));
  // Blacklisting and deactivating happen after publishing, as an administrator would do it.
  await f.app.database.db.update(companies).set({ blacklisted: true }).where(eq(companies.id, blacklisted.id));
  await f.app.database.db.update(companies).set({ active: false }).where(eq(companies.id, inactive.id));

  // The seeker has the forklift skill and saved the forklift job.
  await f.app.database.db.insert(jobSeekerSkills).values({ userId: seeker.id!, skillId: SKILL.forklift });
  await f.app.database.db.insert(savedJobs).values({ userId: seeker.id!, jobPostId: job.forklift });
}, 60_000);
afterAll(async () => f?.stop());

describe('who may search', () => {
  it('lets anyone use simple-search; enhanced-search and SearchJob need a signed-in job seeker', async () => {
    expect((await api.simple({})).status).toBe(200);
    for (const url of ['/api/JobSeeker/enhanced-search', '/api/JobSeeker/SearchJob']) {
      expect((await api.post(url, {})).status).toBe(401);
      expect((await api.post(url, {}, w.employerX.token)).status).toBe(403);
      expect((await api.post(url, {}, seeker.token)).status).toBe(200);
    }
  });

  it('shows a signed-in seeker which skills they have and which jobs they saved; nobody else', async () => {
    const mine = api.ok(await api.enhanced({}, seeker.token));
    const forklift = mine.items.find((i) => i.id === job.forklift)!;
    expect(forklift.skills).toEqual([{ id: SKILL.forklift, name: 'Forklift operation', match: true }]);
    expect(forklift.userActions.isSaved).toBe(true);
    const associate = mine.items.find((i) => i.id === job.associate)!;
    expect(associate.skills.map((s) => s.match)).toEqual([false, false]);
    expect(associate.userActions.isSaved).toBe(false);

    const other = await w.person('JobSeeker', null, 'another seeker');
    const theirs = api.ok(await api.enhanced({}, other.token));
    expect(theirs.items.find((i) => i.id === job.forklift)).toMatchObject({ userActions: { isSaved: false }, skills: [{ match: false }] });
    const anonymous = await api.find({});
    expect(anonymous.items.find((i) => i.id === job.forklift)).toMatchObject({
      userActions: { isSaved: false },
      skills: [{ match: false }],
    });
  });

  it('signs out a seeker whose account was deleted or switched off, whether the index or SQL answers', async () => {
    const deleted = await w.person('JobSeeker', null, 'deleted seeker', { disabled: true });
    const off = await w.person('JobSeeker', null, 'switched-off seeker', { deactivatedAt: new Date() });
    const ask = async () => {
      for (const c of [deleted, off]) {
        for (const url of ['/api/JobSeeker/enhanced-search', '/api/JobSeeker/SearchJob']) {
          expect((await api.post(url, {}, c.token)).status).toBe(401);
          expect((await api.post(url, { keyword: 'forklift' }, c.token)).status).toBe(401);
        }
      }
    };
    await ask();
    process.env.SEARCH_ENGINE = 'postgres';
    try {
      await ask();
    } finally {
      delete process.env.SEARCH_ENGINE;
    }
    expect((await api.enhanced({ keyword: 'forklift' }, seeker.token)).status).toBe(200);
  });

  it('hides a job from the seeker who reported it, and from no one else', async () => {
    const reporter = await w.person('JobSeeker', null, 'reporter');
    await f.app.database.db.insert(jobReports).values({ jobPostId: job.associate, reporterId: reporter.id!, reason: 'misleading' });
    expect(has(api.ok(await api.enhanced({}, reporter.token)), job.associate)).toBe(false);
    expect(has(api.ok(await api.enhanced({}, seeker.token)), job.associate)).toBe(true);
    expect(has(await api.find({}), job.associate)).toBe(true);
  });
});

describe('what is found', () => {
  it('searches 10 miles around Vancouver, WA by default, with remote jobs, in the list view with distances', async () => {
    const page = await api.find({});
    expect(page.location).toEqual({ latitude: 45.628, longitude: -122.6739, radius: 10 });
    expect(idsOf(page).sort()).toEqual([job.forklift, job.associate, job.remote, job.bakery].sort());
    expect(page).toMatchObject({ total: 4, pageNumber: 1, pageSize: 20, pins: null });
    expectListView(page);
    const forklift = page.items.find((i) => i.id === job.forklift)!;
    expect(forklift.distanceMiles).toBeCloseTo(haversineMiles(45.628, -122.6739, PLACES.vancouver.latitude, PLACES.vancouver.longitude), 9);
    expect(forklift).toMatchObject({
      title: 'Forklift Operator',
      companyName: 'Hale Logistics LLC',
      company: { id: w.x.id, name: 'Hale Logistics LLC' },
      jobType: [{ id: 1, name: 'Full-time' }],
      location: { city: 'Vancouver', state: 'WA' },
      compensation: { minimumAmount: 22, maximumAmount: 26, rate: 'Hourly' },
      minimumExperience: 1,
      maximumExperience: 3,
      type: 'onsite',
      isRemote: false,
      isBoosted: false,
      boostPlacements: [],
    });
    expect(page.items.find((i) => i.id === job.remote)).toMatchObject({
      distanceMiles: null,
      isRemote: true,
      type: 'remote',
      geoLatitude: null,
    });
  });

  it('never finds expired, closed or deleted jobs, nor jobs of blacklisted or inactive companies', async () => {
    const hidden = [job.expired, job.closed, job.deleted, job.blacklisted, job.inactive];
    for (const body of [
      {},
      { keyword: 'forklift' },
      { location: { latitude: 45.6387, longitude: -122.6615, radius: 500 } },
      { sort: 'newest' },
    ]) {
      const page = await api.find({ ...body, paging: { pageSize: 50 } });
      expect(
        hidden.filter((id) => has(page, id)),
        JSON.stringify(body),
      ).toEqual([]);
    }
    const all = api.ok(await api.get<SearchPage>('/api/job/GetAllJobPostList?pageSize=50'));
    expect(hidden.filter((id) => has(all, id))).toEqual([]);
    expect(all.total).toBe(6);
  });

  it('takes a place and radius; a place without a radius searches 25 miles', async () => {
    const near = await api.find({ location: { latitude: 45.628, longitude: -122.6739, radius: 3 } });
    expect(idsOf(near).sort()).toEqual([job.forklift, job.remote].sort());
    const coordinates = await api.find({ location: { latitude: 45.628, longitude: -122.6739 } });
    expect(coordinates.location?.radius).toBe(25);
    expect(has(coordinates, job.battleGround)).toBe(true);
    expect(has(coordinates, job.boise)).toBe(false);
    const boise = await api.find({ location: { latitude: 43.6, longitude: -116.2, radius: 20 } });
    expect(idsOf(boise).sort()).toEqual([job.boise, job.remote].sort());
  });
});

describe('the keyword', () => {
  it('ranks a match in the title above a match in the description', async () => {
    const page = await api.find({ keyword: 'forklift' });
    expect(titles(page)).toEqual(['Forklift Operator', 'Warehouse Associate']);
  });

  it('matches the company’s name and the skills’ names, and the start of the last word while typing', async () => {
    expect(titles(await api.find({ keyword: 'yarrow foods' })).sort()).toEqual(['Bakery Counter Assistant', 'Warehouse Associate']);
    expect(titles(await api.find({ keyword: 'order picking' }))).toEqual(['Warehouse Associate']);
    expect(titles(await api.find({ keyword: 'forkl' }))).toEqual(['Forklift Operator', 'Warehouse Associate']);
    expect(titles(await api.find({ keyword: 'bakery coun' }))).toEqual(['Bakery Counter Assistant']);
    // Stemming: "operators" and "operating" find "Operator".
    expect(titles(await api.find({ keyword: 'operators' }))).toEqual(['Forklift Operator']);
  });

  it('reads web search syntax: quotes, or, and a minus', async () => {
    expect(titles(await api.find({ keyword: 'forklift -associate' }))).toEqual(['Forklift Operator']);
    expect(titles(await api.find({ keyword: 'dispatcher or bakery' })).sort()).toEqual(['Bakery Counter Assistant', 'Remote Dispatcher']);
    expect(titles(await api.find({ keyword: '"forklift operator"' }))).toEqual(['Forklift Operator']);
  });

  it('finds everything for a keyword of stop words or punctuation, and never fails on odd input', async () => {
    expect((await api.find({ keyword: 'the' })).total).toBe(4);
    expect((await api.find({ keyword: '   ' })).total).toBe(4);
    for (const keyword of [
      "!!! & | ( ) : * ' \\",
      'http://example.com:80/x',
      'full-time',
      'node.js c++ c#',
      'café ½ — 🙂',
      'forklift\u0007',
      '-',
      '"',
      '"unclosed',
      'or',
      '- -'.repeat(60),
    ]) {
      const answer = await api.simple({ keyword });
      expect(answer.status, keyword).toBe(200);
    }
    expect(titles(await api.find({ keyword: '\u0007forklift\u0007' }))).toEqual(['Forklift Operator', 'Warehouse Associate']);
    // Text PostgreSQL cannot keep is refused, naming the field, before any query sees it.
    for (const keyword of ['\u0000forklift', '\ud800forklift']) {
      const answer = await api.simple({ keyword });
      expect(answer.status, JSON.stringify(keyword)).toBe(400);
      expect(answer.body.state.fieldErrors, JSON.stringify(keyword)).toEqual({ keyword: UNSTORABLE_TEXT_MESSAGE });
    }
  });

  it('follows a job’s new title when it is edited, and a company’s new name', async () => {
    const p = posting(f);
    const extra = await p.newJob(
      w.employerX,
      jobAt(PLACES.vancouver, 'Yard Spotter', 'Move trailers around the yard with a spotter truck and keep the yard log.'),
    );
    expect(titles(await api.find({ keyword: 'spotter' }))).toEqual(['Yard Spotter']);
    const draft = api.ok(await p.asDraft(w.employerX, extra.id));
    const data = { ...draft.jobData, jobDetails: { ...draft.jobData.jobDetails, title: 'Yard Jockey' } };
    await p.saveDraft(w.employerX, { jobPostDraftId: draft.jobPostDraftId, jobData: data });
    expect((await p.republish(w.employerX, draft.jobPostDraftId)).status).toBe(200);
    expect(titles(await api.find({ keyword: 'jockey' }))).toEqual(['Yard Jockey']);
    expect(await api.find({ keyword: 'yard spotter' })).toMatchObject({ total: 1 }); // still in its description
    expect((await api.find({ keyword: 'hale logistics' })).total).toBeGreaterThan(0);

    const renamed = await api.post('/api/Account/UpdateCompanyDetails', { companyName: 'Harbor Hauling' }, w.employerX.token);
    expect(renamed.status).toBe(200);
    const page = await api.find({ keyword: 'harbor hauling', paging: { pageSize: 50 } });
    expect(page.items.map((i) => i.companyName)).toEqual(page.items.map(() => 'Harbor Hauling'));
    expect(idsOf(page)).toContain(job.forklift);
    expect((await api.find({ keyword: 'hale logistics' })).total).toBe(0);
    await p.remove(w.employerX, extra.id);
  });
});

describe('the filters', () => {
  const find = (filters: object, extra: object = {}) =>
    api.find({ filters, paging: { pageSize: 50 }, location: { latitude: 45.628, longitude: -122.6739, radius: 30 }, ...extra });
  const found = async (filters: object, extra: object = {}) => idsOf(await find(filters, extra)).sort();
  const everything = () => [job.forklift, job.associate, job.remote, job.bakery, job.battleGround];

  it('start from everything within the radius', async () => {
    expect(await found({})).toEqual(everything().sort());
  });

  it('job type: any of the chosen', async () => {
    expect(await found({ jobTypes: [2] })).toEqual([job.associate, job.bakery].sort());
    expect(await found({ jobTypes: [2, 1] })).toEqual(everything().sort());
    expect(await found({ jobTypes: [5] })).toEqual([]);
  });

  it('schedule: full or part time, and shifts', async () => {
    expect(await found({ workSchedule: 2 })).toEqual([job.associate, job.bakery].sort());
    expect(await found({ schedules: [4, 21] })).toEqual([job.associate, job.bakery].sort());
    expect(await found({ schedules: [7] })).toEqual([job.forklift, job.remote, job.battleGround].sort());
  });

  it('minimum pay, comparing hourly with yearly pay over 2,080 hours; jobs without pay drop out', async () => {
    // 26 an hour is 54,080 a year; the associate pays up to 60,000 a year; the packer and dispatcher up to 25 and 24 an hour.
    expect(await found({ minimumPay: { amount: 25, rate: 'Hourly' } })).toEqual([job.forklift, job.associate, job.battleGround].sort());
    expect(await found({ minimumPay: { amount: 27, rate: 'Hourly' } })).toEqual([job.associate]);
    expect(await found({ minimumPay: { amount: 54080, rate: 'Yearly' } })).toEqual([job.forklift, job.associate].sort());
    expect(await found({ minimumPay: { amount: 4600, rate: 'Monthly' } })).toEqual([job.associate]);
    expect(await found({ minimumPay: { amount: 0, rate: 'Hourly' } })).toEqual(everything().sort());
  });

  it('experience: jobs asking for at most the years the seeker has', async () => {
    expect(await found({ experience: 0 })).toEqual([job.remote, job.bakery].sort());
    expect(await found({ experience: 2 })).toEqual([job.forklift, job.remote, job.bakery, job.battleGround].sort());
    expect(await found({ experience: 3 })).toEqual(everything().sort());
  });

  it('posted since a day (1987-01-01 when not given)', async () => {
    const since = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
    expect(await found({ postedSince: since(4) })).toEqual([job.forklift, job.associate].sort());
    expect(await found({ postedSince: since(6) })).toEqual([job.forklift, job.associate, job.remote].sort());
    expect(await found({ postedSince: since(0) })).toEqual([]);
    expect(await found({ postedSince: DEFAULT_POSTED_SINCE })).toEqual(everything().sort());
    expect(await found({ postedSince: '' })).toEqual(everything().sort());
  });

  it('remote: included wherever the search is, shown alone, or left out', async () => {
    expect(await found({ remote: 'only' })).toEqual([job.remote]);
    expect(await found({ remote: 'exclude' })).toEqual([job.forklift, job.associate, job.bakery, job.battleGround].sort());
    expect(idsOf(await api.find({ location: { latitude: 25.77, longitude: -80.19, radius: 10 } }))).toEqual([job.remote]);
    expect(idsOf(await api.find({ location: { latitude: 25.77, longitude: -80.19, radius: 10 }, filters: { remote: 'exclude' } }))).toEqual(
      [],
    );
  });

  it('skills: jobs asking for any of them', async () => {
    expect(await found({ skills: [SKILL.forklift] })).toEqual([job.forklift]);
    expect(await found({ skills: [SKILL.packing, SKILL.forklift] })).toEqual([job.forklift, job.associate, job.battleGround].sort());
  });

  it('open to 16+: only jobs open to applicants aged 16 and 17', async () => {
    expect(await found({ openToMinors: true })).toEqual([job.bakery]);
    expect(await found({ openToMinors: false })).toEqual(everything().sort());
  });

  it('combine', async () => {
    expect(await found({ jobTypes: [1], minimumPay: { amount: 21, rate: 'Hourly' }, remote: 'exclude', experience: 1 })).toEqual(
      [job.forklift, job.battleGround].sort(),
    );
    expect(await found({ jobTypes: [1], skills: [SKILL.forklift], experience: 0 })).toEqual([]);
  });

  it('refuse bad values with a message on the field', async () => {
    const refused = async (filters: object, field: string, message: string) => {
      const answer = await api.simple({ filters });
      expect(answer.status, JSON.stringify(filters)).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.body.state.fieldErrors?.[field], JSON.stringify(answer.body.state)).toBe(message);
    };
    await refused({ jobTypes: [999] }, 'filters.jobTypes', SearchMessages.jobTypes);
    await refused({ jobTypes: ['full-time'] }, 'filters.jobTypes.0', SearchMessages.jobTypes);
    await refused({ schedules: [0] }, 'filters.schedules.0', SearchMessages.schedules);
    await refused({ schedules: [99] }, 'filters.schedules', SearchMessages.schedules);
    await refused({ skills: [123456] }, 'filters.skills', SearchMessages.skills);
    await refused({ skills: Array.from({ length: 31 }, (_, i) => 401 + i) }, 'filters.skills', SearchMessages.skills);
    await refused({ workSchedule: 3 }, 'filters.workSchedule', SearchMessages.workSchedule);
    await refused({ minimumPay: { amount: -1, rate: 'Hourly' } }, 'filters.minimumPay.amount', SearchMessages.minimumPay);
    await refused({ minimumPay: { amount: 20, rate: 'Fortnightly' } }, 'filters.minimumPay.rate', SearchMessages.minimumPay);
    await refused({ experience: 2.5 }, 'filters.experience', SearchMessages.experience);
    await refused({ postedSince: '2024-02-30' }, 'filters.postedSince', SearchMessages.postedSince);
    await refused({ postedSince: 'yesterday' }, 'filters.postedSince', SearchMessages.postedSince);
    await refused({ remote: 'sometimes' }, 'filters.remote', SearchMessages.remote);
    await refused({ openToMinors: 'yes' }, 'filters.openToMinors', SearchMessages.openToMinors);
  });
});

describe('sorting', () => {
  const sorted = async (sort: string, extra: object = {}) =>
    titles(await api.find({ sort, location: { latitude: 45.628, longitude: -122.6739, radius: 30 }, ...extra }));

  it('by distance: nearest first, remote jobs last', async () => {
    expect(await sorted('distance')).toEqual([
      'Forklift Operator',
      'Bakery Counter Assistant',
      'Warehouse Associate',
      'Night Shift Packer',
      'Remote Dispatcher',
    ]);
    const page = await api.find({ sort: 'distance', location: { latitude: 45.628, longitude: -122.6739, radius: 30 } });
    const distances = page.items.map((i) => i.distanceMiles).filter((d): d is number => d !== null);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('by newest posted', async () => {
    expect(await sorted('newest')).toEqual([
      'Forklift Operator',
      'Warehouse Associate',
      'Remote Dispatcher',
      'Night Shift Packer',
      'Bakery Counter Assistant',
    ]);
  });

  it('by pay, counted over a year, jobs without pay last', async () => {
    // 60,000 a year; 26 an hour (54,080); 25 an hour (52,000); 24 an hour; none.
    expect(await sorted('pay')).toEqual([
      'Warehouse Associate',
      'Forklift Operator',
      'Night Shift Packer',
      'Remote Dispatcher',
      'Bakery Counter Assistant',
    ]);
  });

  it('by relevance: the best keyword match first; without a keyword, the nearest', async () => {
    expect(await sorted('relevance', { keyword: 'forklift' })).toEqual(['Forklift Operator', 'Warehouse Associate']);
    expect(await sorted('relevance')).toEqual(await sorted('distance'));
  });

  it('refuses an unknown sort', async () => {
    const answer = await api.simple({ sort: 'salary' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(SearchMessages.sort);
  });
});

describe('the place', () => {
  it.each([
    ['a latitude out of range', { latitude: 91, longitude: -122, radius: 10 }],
    ['a longitude out of range', { latitude: 45, longitude: -181, radius: 10 }],
    ['a latitude that is not a number', { latitude: 'NaN', longitude: -122, radius: 10 }],
    ['no longitude', { latitude: 45 }],
    ['not a place', 'Vancouver'],
  ])('refuses %s: "No valid location available for search"', async (_, location) => {
    const answer = await api.simple({ location });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(SearchMessages.noLocation);
  });

  it('refuses a radius under 1 mile or over 500', async () => {
    for (const radius of [0, 501, -5, 'far']) {
      const answer = await api.simple({ location: { latitude: 45, longitude: -122, radius } });
      expect(answer.status, String(radius)).toBe(400);
      expect(answer.body.message).toBe(SearchMessages.radius);
    }
    expect((await api.simple({ location: { latitude: 45, longitude: -122, radius: 500 } })).status).toBe(200);
  });
});

describe('paging', () => {
  /** 45 jobs of their own, around Denver (remote jobs left out). */
  const denver = { latitude: 39.7392, longitude: -104.9903, radius: 50 };
  const onSite = { remote: 'exclude' };
  const denverJobs: string[] = [];
  beforeAll(async () => {
    const actor = { companyId: w.x.id, userId: w.employerX.id! };
    for (let i = 0; i < 45; i++) {
      const place = {
        city: 'Denver',
        name: 'Denver, CO',
        state: 'CO',
        address: `${100 + i} Main St, Denver, CO 80202`,
        pinCode: '80202',
        latitude: 39.7392 + (i % 9) * 0.01,
        longitude: -104.9903 + Math.floor(i / 9) * 0.01,
      };
      denverJobs.push(
        await publishAt(
          f,
          actor,
          jobAt(place, `Denver Picker ${i}`, 'Pick and pack orders in our Denver warehouse on day or night shifts.'),
          { daysAgo: i % 7 },
        ),
      );
    }
  }, 60_000);

  it('answers pages of 20 with the total; the last page holds the rest; has-more follows from the total', async () => {
    const seen: string[] = [];
    let loaded = 0;
    let hasMore = true;
    let pageNumber = 1;
    let asOf: string | undefined;
    const sizes: number[] = [];
    while (hasMore) {
      const page = await api.find({ filters: onSite, location: denver, sort: 'newest', paging: { pageNumber }, ...(asOf ? { asOf } : {}) });
      expect(page.total).toBe(45);
      expect(page.pageSize).toBe(20);
      asOf ??= page.asOf;
      sizes.push(page.items.length);
      seen.push(...idsOf(page));
      loaded += page.items.length;
      hasMore = loaded < page.total;
      pageNumber += 1;
    }
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort()).toEqual([...denverJobs].sort());
    expect((await api.find({ filters: onSite, location: denver, paging: { pageNumber: 4 } })).items).toEqual([]);
  });

  it('has no duplicates and no gaps across pages while jobs are posted, for every sort', async () => {
    const actor = { companyId: w.x.id, userId: w.employerX.id! };
    for (const sort of ['newest', 'distance', 'relevance', 'pay']) {
      const first = await api.find({ filters: onSite, location: denver, sort, paging: { pageNumber: 1 } });
      const seen = idsOf(first);
      const added = await publishAt(
        f,
        actor,
        jobAt(
          {
            city: 'Denver',
            name: 'Denver, CO',
            state: 'CO',
            address: '1 Main St, Denver, CO 80202',
            pinCode: '80202',
            latitude: 39.7392,
            longitude: -104.9903,
          },
          `Denver Newcomer ${sort}`,
          'Pick and pack orders in our Denver warehouse on day or night shifts.',
        ),
        { daysAgo: 0 },
      );
      // Published after the search started: a few seconds later than the first page's moment.
      await f.app.database.db
        .update(jobPosts)
        .set({ postedAt: new Date(Date.parse(first.asOf) + 5000) })
        .where(eq(jobPosts.id, added));
      clock.advance(10_000);
      for (let pageNumber = 2; pageNumber <= 3; pageNumber++) {
        const page = await api.find({ filters: onSite, location: denver, sort, paging: { pageNumber }, asOf: first.asOf });
        expect(page.total).toBe(first.total);
        seen.push(...idsOf(page));
      }
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(seen.length, sort).toBe(first.total);
      expect(seen).not.toContain(added);
      // A new search sees it.
      expect((await api.find({ filters: onSite, location: denver, sort })).total).toBe(first.total + 1);
      await posting(f).remove(w.employerX, added);
    }
  });

  it('takes page sizes up to 50 and refuses a page beyond 1,000, a size over 50 or not whole numbers', async () => {
    expect((await api.find({ filters: onSite, location: denver, paging: { pageSize: 50 } })).items).toHaveLength(45);
    for (const paging of [
      { pageNumber: 1e9 },
      { pageNumber: 0 },
      { pageNumber: 1.5 },
      { pageSize: 51 },
      { pageSize: 0 },
      { pageNumber: '2' },
    ]) {
      const answer = await api.simple({ paging });
      expect(answer.status, JSON.stringify(paging)).toBe(400);
      expect([SearchMessages.page, SearchMessages.pageSize]).toContain(answer.body.message);
    }
  });

  it('refuses a keyword over 200 characters, such as 10 kB of text, and a bad asOf', async () => {
    const answer = await api.simple({ keyword: 'x'.repeat(10_000) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(SearchMessages.keyword);
    expect((await api.simple({ asOf: 'soon' })).body.message).toBe(SearchMessages.asOf);
  });
});

describe('the map’s pins in the search answer', () => {
  it('come with page 1 when asked, as clusters summing to the jobs found that have a place', async () => {
    const page = await api.find({ flags: { Pins: true } });
    expect(page.pins).not.toBeNull();
    const placed = page.items.filter((i) => !i.isRemote).length;
    expect(page.pins!.total).toBe(placed);
    expect(page.pins!.clusters.reduce((n, c) => n + c.count, 0)).toBe(placed);
    expect(page.pins!.clusters.length).toBeLessThanOrEqual(500);
    for (const c of page.pins!.clusters.filter((c) => c.count === 1)) {
      expect(page.items.find((i) => i.id === c.jobId)?.title).toBe(c.title);
    }
  });

  it('never come with later pages, nor unasked', async () => {
    expect((await api.find({ flags: { Pins: true }, paging: { pageNumber: 2, pageSize: 2 } })).pins).toBeNull();
    expect((await api.find({})).pins).toBeNull();
  });
});

describe('boosted jobs (api/job/boosts)', () => {
  it('lists boosted open jobs within the distance, nearest first, then remote, 5 a page', async () => {
    await setBoosted(f, job.associate);
    await setBoosted(f, job.remote);
    await setBoosted(f, job.battleGround);
    await setBoosted(f, job.closed);
    const page = api.ok(await api.boosts({ latitude: 45.628, longitude: -122.6739, distance: 10, pageNumber: 1 }));
    expect(page.items.map((i) => i.id)).toEqual([job.associate, job.remote]);
    expect(page).toMatchObject({ total: 2, pageNumber: 1, pageSize: 5 });
    expect(page.items.every((i) => i.isBoosted)).toBe(true);
    const wider = api.ok(await api.boosts({ latitude: 45.628, longitude: -122.6739, distance: 25 }));
    expect(wider.items.map((i) => i.id)).toEqual([job.associate, job.battleGround, job.remote]);
    const paged = api.ok(await api.boosts({ latitude: 45.628, longitude: -122.6739, distance: 25, pageNumber: 2, pageSize: 2 }));
    expect(paged.items.map((i) => i.id)).toEqual([job.remote]);
  });

  it('refuses an impossible point', async () => {
    const answer = await api.boosts({ latitude: 100, longitude: 0, distance: 10 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(SearchMessages.noLocation);
  });
});

describe('the legacy Job calls: the same search', () => {
  it('GetAllJobPostList: every open job anywhere, newest first', async () => {
    const page = api.ok(await api.get<SearchPage>('/api/job/GetAllJobPostList?pageNumber=1&pageSize=3'));
    expect(page.location).toBeNull();
    expect(page.pageSize).toBe(3);
    const all = api.ok(await api.get<SearchPage>('/api/job/GetAllJobPostList?pageSize=50'));
    expect(all.items.map((i) => i.dateOfPosted)).toEqual([...all.items.map((i) => i.dateOfPosted)].sort().reverse());
    expect(idsOf(all)).toContain(job.boise);
    expect((await api.get('/api/job/GetAllJobPostList?pageNumber=0')).status).toBe(400);
  });

  it('FindJobs: keyword near a point, Vancouver, WA when none', async () => {
    expect(titles(api.ok(await api.post<SearchPage>('/api/job/FindJobs', { keyword: 'forklift' })))).toEqual([
      'Forklift Operator',
      'Warehouse Associate',
    ]);
    expect(
      titles(
        api.ok(await api.post<SearchPage>('/api/job/FindJobs', { keyword: 'picker', latitude: 43.6, longitude: -116.2, distance: 20 })),
      ),
    ).toEqual(['Order Picker']);
    const half = await api.post('/api/job/FindJobs', { keyword: 'picker', latitude: 43.6 });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe(SearchMessages.noLocation);
  });

  it('JobsByCoordinates: nearest first, 25 miles when no distance is given', async () => {
    const page = api.ok(await api.post<SearchPage>('/api/job/JobsByCoordinates', { latitude: 45.628, longitude: -122.6739 }));
    expect(page.location?.radius).toBe(25);
    expect(titles(page)).toEqual([
      'Forklift Operator',
      'Bakery Counter Assistant',
      'Warehouse Associate',
      'Night Shift Packer',
      'Remote Dispatcher',
    ]);
    const near = api.ok(await api.post<SearchPage>('/api/job/JobsByCoordinates', { latitude: 45.628, longitude: -122.6739, distance: 10 }));
    expect(titles(near)).not.toContain('Night Shift Packer');
    expect((await api.post('/api/job/JobsByCoordinates', { latitude: -91, longitude: 0 })).body.message).toBe(SearchMessages.noLocation);
  });

  it('SearchJob answers as enhanced-search does', async () => {
    const body = { keyword: 'forklift', sort: 'distance' };
    const legacy = api.ok(await api.post<SearchPage>('/api/JobSeeker/SearchJob', body, seeker.token));
    const current = api.ok(await api.enhanced(body, seeker.token));
    expect({ ...legacy, asOf: '' }).toEqual({ ...current, asOf: '' });
  });
});
