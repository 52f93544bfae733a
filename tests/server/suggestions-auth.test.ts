import { randomUUID } from 'node:crypto';
import { jobInvitations } from '../../server/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as suggestionsContract from '../../src/contract/suggestions.ts';
import { allEndpoints, endpointsOf } from '../../src/contract/index.ts';
import { SuggestionMessages } from '../../src/contract/suggestions.ts';
import { newArea, SKILL, suggestionsApp, type Answer, type Caller, type SuggestionsWorld } from './suggestions-support.ts';

const EXPIRED = 'Your session has expired. Please sign in again.';
const NO_ACCESS = 'You do not have access to this.';

let t: SuggestionsWorld;

beforeAll(async () => {
  t = await suggestionsApp();
}, 120_000);
afterAll(async () => t?.f.stop());

/** X's records a call is aimed at, made fresh for each call: an open job and a matching seeker, invited to another job of X. */
interface Target {
  job: string;
  seeker: Caller;
  invitation: string;
}

async function targetOfX(): Promise<Target> {
  const area = newArea();
  const job = await t.jobAt(`Stock Associate ${randomUUID().slice(0, 6)}`, area.center);
  const other = await t.jobAt(`Night Stocker ${randomUUID().slice(0, 6)}`, area.center);
  const seeker = await t.seeker('Target', { skills: [SKILL.packing], places: [area.at(3)] });
  // Written directly: the invitation calls of the matrix are limited per person and hour.
  const [row] = await t.db
    .insert(jobInvitations)
    .values({ jobPostId: other, companyId: t.w.x.id, jobSeekerId: seeker.id!, invitedBy: t.w.recruiterX.id })
    .returning({ id: jobInvitations.id });
  return { job, seeker, invitation: row!.id };
}

/** What the calls store for X's job, for "nothing changed" checks. */
const rowsOf = async (x: Target) => ({ job: await t.invitationsOf(x.job), mails: (await t.mailsDuring(async () => undefined)).length });

interface RouteCase {
  route: string;
  call: (caller: Caller, x: Target) => Promise<Answer>;
  ok: number;
  /** For calls naming one of X's jobs: what Y's staff are told (the same as for an id that never existed). */
  notFound?: string;
}

const s = () => t.s;

const idCases: RouteCase[] = [
  {
    route: 'POST /api/Recruiter/SuggestedJobSeekerByJob',
    ok: 200,
    notFound: SuggestionMessages.jobNotFound,
    call: (c, x) => s().suggested(c, { jobId: x.job }),
  },
  {
    route: 'POST /api/Recruiter/SuggestedJobSeeker',
    ok: 200,
    notFound: SuggestionMessages.jobNotFound,
    call: (c, x) => s().suggestedAny(c, { jobId: x.job }),
  },
  {
    route: 'POST /api/Employer/SuggestedJobSeekerByJob',
    ok: 200,
    notFound: SuggestionMessages.jobNotFound,
    call: (c, x) => s().suggested(c, { jobId: x.job }, 'Employer'),
  },
  {
    route: 'POST /api/Recruiter/InviteJobSeeker',
    ok: 201,
    notFound: SuggestionMessages.jobNotFound,
    call: (c, x) => s().invite(c, { jobId: x.job, jobSeekerId: x.seeker.id }),
  },
  {
    route: 'POST /api/Employer/InviteJobSeeker',
    ok: 201,
    notFound: SuggestionMessages.jobNotFound,
    call: (c, x) => s().invite(c, { jobId: x.job, jobSeekerId: x.seeker.id }, 'Employer'),
  },
  {
    route: 'POST /api/Recruiter/InviteJobSeekersByJobId',
    ok: 200,
    notFound: SuggestionMessages.jobNotFound,
    call: (c, x) => s().inviteMany(c, { jobId: x.job, jobSeekerIds: [x.seeker.id] }),
  },
  {
    route: 'POST /api/Employer/InviteJobSeekersByJobId',
    ok: 200,
    notFound: SuggestionMessages.jobNotFound,
    call: (c, x) => s().inviteMany(c, { jobId: x.job, jobSeekerIds: [x.seeker.id] }, 'Employer'),
  },
  {
    route: 'POST /api/Recruiter/invitations',
    ok: 200,
    notFound: SuggestionMessages.jobNotFound,
    call: (c, x) => s().sent(c, { jobId: x.job }),
  },
  {
    route: 'POST /api/Employer/invitations',
    ok: 200,
    notFound: SuggestionMessages.jobNotFound,
    call: (c, x) => s().sent(c, { jobId: x.job }, 'Employer'),
  },
];

describe('the matrix covers every suggestion route', () => {
  it('names each endpoint of the suggestions contract', () => {
    const covered = new Set([...idCases.map((c) => c.route), 'GET /api/JobSeeker/invitations', 'POST /api/JobSeeker/invitation-viewed']);
    const listed = endpointsOf(suggestionsContract as Record<string, unknown>).map((e) => `${e.method} ${e.path}`);
    expect(listed.filter((p) => !covered.has(p))).toEqual([]);
    expect(allEndpoints.filter((e) => e.tag === 'suggestions')).toHaveLength(new Set(listed).size);
  });
});

describe.each(idCases.map((c) => [c.route, c] as const))('%s', (_, c) => {
  it('refuses anonymous callers (401) and job seekers (403), and stores and mails nothing', async () => {
    const x = await targetOfX();
    const before = await rowsOf(x);
    const anonymous = await c.call(t.w.anonymous, x);
    expect([anonymous.status, anonymous.body.message]).toEqual([401, EXPIRED]);
    for (const seeker of [t.w.seekerA, x.seeker]) {
      const answer = await c.call(seeker, x);
      expect([answer.status, answer.body.message], seeker.label).toEqual([403, NO_ACCESS]);
    }
    expect(await rowsOf(x)).toEqual(before);
  });

  it.each(['recruiterX', 'employerX'] as const)('serves the %s', async (who) => {
    const x = await targetOfX();
    const answer = await c.call(t.w[who], x);
    expect(answer.status, JSON.stringify(answer.body?.state)).toBe(c.ok);
  });

  it.each(['recruiterY', 'employerY'] as const)('answers the %s as if X’s job did not exist, and invites no one', async (who) => {
    const x = await targetOfX();
    const before = await rowsOf(x);
    const answer = await c.call(t.w[who], x);
    expect([answer.status, answer.body.message]).toEqual([404, c.notFound]);
    expect(await rowsOf(x)).toEqual(before);
    const never = await c.call(t.w[who], { ...x, job: randomUUID() });
    expect(never.body).toEqual(answer.body);
  });

  it('signs out a switched-off recruiter of X', async () => {
    const x = await targetOfX();
    expect((await c.call(t.w.offRecruiterX, x)).status).toBe(401);
  });
});

describe('the invitations sent without a job', () => {
  it.each(['recruiterY', 'employerY'] as const)('show the %s its own company’s only', async (who) => {
    const x = await targetOfX();
    const prefix = who === 'employerY' ? 'Employer' : 'Recruiter';
    const answer = await t.s.sent(t.w[who], { pageSize: 50 }, prefix);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body.data)).not.toContain(x.invitation);
    expect(JSON.stringify(answer.body.data)).not.toContain(x.seeker.id);
  });
});

describe('the seeker’s invitations', () => {
  it('refuse anonymous callers (401) and every company’s staff (403)', async () => {
    const x = await targetOfX();
    expect((await t.s.mine(t.w.anonymous)).status).toBe(401);
    expect((await t.s.viewed(t.w.anonymous, { invitationId: x.invitation })).status).toBe(401);
    for (const staff of [t.w.recruiterX, t.w.employerX, t.w.recruiterY, t.w.employerY]) {
      expect([(await t.s.mine(staff)).status, (await t.s.viewed(staff, { invitationId: x.invitation })).status], staff.label).toEqual([
        403, 403,
      ]);
    }
  });

  it('show each seeker their own only; another seeker’s invitation is not found and stays unviewed', async () => {
    const x = await targetOfX();
    expect(JSON.stringify((await t.s.mine(t.w.seekerB)).body.data)).not.toContain(x.invitation);
    const other = await t.s.viewed(t.w.seekerB, { invitationId: x.invitation });
    expect([other.status, other.body.message]).toEqual([404, SuggestionMessages.invitationNotFound]);
    expect((await t.s.viewed(t.w.seekerB, { invitationId: randomUUID() })).body).toEqual(other.body);
    expect((await t.s.mine(x.seeker)).body.data.items[0]).toMatchObject({ id: x.invitation, status: 'sent' });
  });
});

describe('access is checked before the request is read', () => {
  it('answers 401 to an anonymous caller and 403 to a seeker before a bad body (400)', async () => {
    const bad = { jobId: 'nope', jobSeekerIds: 'all' };
    expect((await t.s.inviteMany(t.w.anonymous, bad)).status).toBe(401);
    expect((await t.s.inviteMany(t.w.seekerA, bad)).status).toBe(403);
    expect((await t.s.inviteMany(t.w.recruiterX, bad)).status).toBe(400);
    expect((await t.s.viewed(t.w.anonymous, { invitationId: 7 })).status).toBe(401);
    expect((await t.s.viewed(t.w.recruiterX, { invitationId: 7 })).status).toBe(403);
  });
});
