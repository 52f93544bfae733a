import { eq } from 'drizzle-orm';
import { jobInvitations, preferences } from '../../server/db/schema.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import { RADIANS_PER_DEGREE } from '../../src/lib/geo.ts';
import type {
  InviteManyResult,
  InviteResult,
  SeekerInvitation,
  SeekerInvitationPage,
  SentInvitationPage,
  SuggestedSeekerAnyJobPage,
  SuggestedSeekerPage,
} from '../../src/contract/suggestions.ts';
import type { FilesApp } from './files-support.ts';
import { applicantsApp, type Answer, type Caller } from './applicants-support.ts';
import { SKILL } from './posting-support.ts';

export { expectOk, expectRefused } from './applicants-support.ts';
export type { Answer, Caller };
export { SKILL };

async function inject<T>(f: FilesApp, method: 'GET' | 'POST', url: string, caller: Caller, json?: unknown): Promise<Answer<T>> {
  const res = await f.app.inject({
    method,
    url,
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
    ...(json !== undefined ? { payload: json as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

type Prefix = 'Recruiter' | 'Employer';

/** Every call of suggestions and invitations, as a page would make it. */
export function suggestionCalls(f: FilesApp) {
  return {
    suggested: (c: Caller, body: unknown, prefix: Prefix = 'Recruiter') =>
      inject<SuggestedSeekerPage>(f, 'POST', `/api/${prefix}/SuggestedJobSeekerByJob`, c, body),
    /** SuggestedJobSeeker: one job's list with a jobId, the company's open jobs' without one. */
    suggestedAny: (c: Caller, body?: unknown) => inject<SuggestedSeekerAnyJobPage>(f, 'POST', '/api/Recruiter/SuggestedJobSeeker', c, body),
    invite: (c: Caller, body: unknown, prefix: Prefix = 'Recruiter') =>
      inject<InviteResult>(f, 'POST', `/api/${prefix}/InviteJobSeeker`, c, body),
    inviteMany: (c: Caller, body: unknown, prefix: Prefix = 'Recruiter') =>
      inject<InviteManyResult>(f, 'POST', `/api/${prefix}/InviteJobSeekersByJobId`, c, body),
    sent: (c: Caller, body: unknown = {}, prefix: Prefix = 'Recruiter') =>
      inject<SentInvitationPage>(f, 'POST', `/api/${prefix}/invitations`, c, body),
    mine: (c: Caller, query = '') => inject<SeekerInvitationPage>(f, 'GET', `/api/JobSeeker/invitations${query}`, c),
    viewed: (c: Caller, body: unknown) => inject<SeekerInvitation>(f, 'POST', '/api/JobSeeker/invitation-viewed', c, body),
  };
}

export interface Place {
  name: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

let area = 0;

/** Areas on a grid 4 degrees apart: 15 across by 5 down, then the grid is used again. */
const AREA_COLUMNS = 15;
const AREA_ROWS = 5;

/**
 * A place of its own for each test (about 200 miles apart from the others), so the seekers of one
 * test are never suggested for another test's jobs. Test files may share this module (the server
 * project runs them unisolated), so the count wraps rather than walking off the map; a file asks
 * for far fewer areas than the grid holds, and each file has a database of its own.
 */
export function newArea(): { center: Place; at: (milesEast: number, name?: string) => Place } {
  area += 1;
  const slot = area % (AREA_COLUMNS * AREA_ROWS);
  const latitude = 30 + Math.floor(slot / AREA_COLUMNS) * 4;
  const longitude = -120 + (slot % AREA_COLUMNS) * 4;
  const center = { name: `Town ${area}`, city: `Town ${area}`, state: 'KS', latitude, longitude };
  // A mile east is 1 / (69.172 cos(latitude)) degrees of longitude.
  const degreesPerMile = 1 / (69.172 * Math.cos(latitude * RADIANS_PER_DEGREE));
  return {
    center,
    at: (miles, name = `${miles} miles east of ${center.name}`) => ({
      name,
      city: name,
      state: 'KS',
      latitude,
      longitude: longitude + miles * degreesPerMile,
    }),
  };
}

/** The jobs world with company X and Y's staff and seekers A and B, plus seekers made to measure. */
export async function suggestionsApp() {
  const t = await applicantsApp();
  const db = t.db;
  let n = 0;

  /** A job seeker with skills, places and wishes; findable unless told otherwise. */
  async function seeker(
    firstName: string,
    p: { skills?: number[]; places?: Place[]; employmentTypeId?: number | null; scheduleTypeId?: number | null; findable?: boolean } = {},
  ): Promise<Caller> {
    n += 1;
    const c = await t.w.person('JobSeeker', null, firstName, { firstName, lastName: `Seeker${n}`, dateOfBirth: '1994-05-05' });
    if (p.skills?.length) await t.giveSkills(c, p.skills);
    await t.setPreferences(c, {
      employmentTypeId: p.employmentTypeId ?? null,
      scheduleTypeId: p.scheduleTypeId ?? null,
      places: p.places ?? [],
    });
    if (p.findable === false) await db.update(preferences).set({ findable: false }).where(eq(preferences.userId, c.id!));
    return c;
  }

  /** A job of X at the place (or of Y), asking for the skills given (order picking and packing by default). */
  async function jobAt(
    title: string,
    place: Place,
    options: { skills?: number[]; company?: 'x' | 'y'; status?: 'Closed'; openToMinors?: boolean } = {},
  ) {
    const geo = { ...place, address: `1 Main St, ${place.name}`, pinCode: '66002' };
    return t.jobs.create(
      title,
      {
        jobDetails: { address: geo.address, geoLocation: geo },
        candidateRequirements: {
          skills: options.skills ?? [SKILL.orderPicking, SKILL.packing],
          minExperience: 1,
          maxExperience: 3,
          ...(options.openToMinors ? { openToMinors: true, hazardsReviewed: true } : {}),
        },
      },
      { ...(options.company ? { company: options.company } : {}), ...(options.status ? { status: options.status } : {}) },
    );
  }

  async function invitationsOf(jobId: string) {
    return db.select().from(jobInvitations).where(eq(jobInvitations.jobPostId, jobId));
  }

  return { ...t, seeker, jobAt, invitationsOf, s: suggestionCalls(t.f) };
}

export type SuggestionsWorld = Awaited<ReturnType<typeof suggestionsApp>>;
