import { expect } from 'vitest';
import { publishJobData } from '../../server/posting/jobs.ts';
import { setJobsBoosted } from '../../server/posting/index.ts';
import type { BoostPlacement } from '../../src/contract/billing.ts';
import type { MapPins, SearchPage } from '../../src/contract/search.ts';
import { searchItemSchema } from '../../src/contract/search.ts';
import type { FilesApp } from './files-support.ts';
import { completeJobData, getJson, postJson, type Answer } from './posting-support.ts';

export const DAY = 24 * 60 * 60 * 1000;

/** Places around the default search place (Vancouver, WA 45.628, -122.6739) and further away. */
export const PLACES = {
  /** 0.9 miles from the default place. */
  vancouver: {
    city: 'Vancouver',
    name: 'Vancouver, WA',
    state: 'WA',
    address: '1200 Main St, Vancouver, WA 98660',
    pinCode: '98660',
    latitude: 45.6387,
    longitude: -122.6615,
  },
  /** About 7.8 miles. */
  portland: {
    city: 'Portland',
    name: 'Portland, OR',
    state: 'OR',
    address: '701 SW 6th Ave, Portland, OR 97204',
    pinCode: '97204',
    latitude: 45.5152,
    longitude: -122.6784,
  },
  /** About 5.4 miles. */
  northPortland: {
    city: 'Portland',
    name: 'Portland, OR',
    state: 'OR',
    address: '2100 N Lombard St, Portland, OR 97217',
    pinCode: '97217',
    latitude: 45.58,
    longitude: -122.6,
  },
  /** About 14 miles: outside the default 10, inside the 25 of a search by coordinates. */
  battleGround: {
    city: 'Battle Ground',
    name: 'Battle Ground, WA',
    state: 'WA',
    address: '109 SW 1st St, Battle Ground, WA 98604',
    pinCode: '98604',
    latitude: 45.7807,
    longitude: -122.5337,
  },
  /** About 340 miles. */
  boise: {
    city: 'Boise',
    name: 'Boise, ID',
    state: 'ID',
    address: '800 W Main St, Boise, ID 83702',
    pinCode: '83702',
    latitude: 43.615,
    longitude: -116.2023,
  },
} as const;

export interface Place {
  city: string;
  name: string;
  state: string;
  address: string;
  pinCode: string;
  latitude: number;
  longitude: number;
}

const text = (words: string) => `<p>${words} We train every new hire, pay every other Friday and promote from within whenever we can.</p>`;

/** Publishable job data at a place (remote when no place), with its own title and description. */
export function jobAt(place: Place | null, title: string, description: string, overrides: Parameters<typeof completeJobData>[0] = {}) {
  return completeJobData({
    ...overrides,
    title,
    jobDetails: {
      description: text(description),
      ...(place
        ? { locationType: 'onsite', address: place.address, geoLocation: place }
        : { locationType: 'remote', address: null, geoLocation: null }),
      ...overrides.jobDetails,
    },
  });
}

/** Publishes through the same call the demo seed uses: backdated by `daysAgo`, open 30 days from then unless told. */
export async function publishAt(
  f: FilesApp,
  actor: { companyId: string; userId: string },
  jobData: ReturnType<typeof completeJobData>,
  options: { daysAgo?: number; validThrough?: Date; status?: 'Active' | 'Closed' } = {},
): Promise<string> {
  const postedAt = new Date(Date.now() - (options.daysAgo ?? 0) * DAY - 60_000);
  const { id } = await publishJobData(f.app.ctx, actor, jobData, {
    postedAt,
    ...(options.validThrough ? { validThrough: options.validThrough } : {}),
    ...(options.status ? { status: options.status } : {}),
  });
  return id;
}

/** Each tier's placements (migration 0017). */
export const TIER_PLACEMENTS = {
  featured: ['featuredStrip', 'badge'],
  spotlight: ['featuredStrip', 'badge', 'highlightedPin'],
  premium: ['featuredStrip', 'searchLift', 'badge', 'highlightedPin'],
} as const satisfies Record<string, readonly BoostPlacement[]>;

/** Boosts a job as billing does when a boost of the tier is paid (featured unless told). */
export async function setBoosted(f: FilesApp, id: string, tier: keyof typeof TIER_PLACEMENTS = 'featured') {
  await setJobsBoosted(f.app.database.db, [id], TIER_PLACEMENTS[tier]);
}

/** Every item of an answer has the list view's shape. */
export function expectListView(page: SearchPage) {
  for (const item of page.items) expect(searchItemSchema.safeParse(item).success, JSON.stringify(item)).toBe(true);
}

export function searchApi(f: FilesApp) {
  const ok = <T>(answer: Answer<T>, status = 200): T => {
    expect(answer.status, JSON.stringify(answer.body?.state)).toBe(status);
    return answer.body.data;
  };
  return {
    simple: (body: unknown, token?: string) => postJson<SearchPage>(f, '/api/JobSeeker/simple-search', body, token),
    enhanced: (body: unknown, token?: string) => postJson<SearchPage>(f, '/api/JobSeeker/enhanced-search', body, token),
    clusters: (body: unknown) => postJson<MapPins>(f, '/api/job/map-clusters', body),
    boosts: (body: unknown) =>
      postJson<{ items: SearchPage['items']; total: number; pageNumber: number; pageSize: number }>(f, '/api/job/boosts', body),
    get: <T>(url: string) => getJson<T>(f, url),
    post: <T>(url: string, body: unknown, token?: string) => postJson<T>(f, url, body, token),
    ok,
    /** An anonymous search's page. */
    async find(body: unknown = {}) {
      return ok(await postJson<SearchPage>(f, '/api/JobSeeker/simple-search', body));
    },
  };
}
