import type { UserLocation } from '../contract/location.ts';
import { salaryTypes as payRates } from '../contract/posting-rules.ts';
import type { PayRate } from '../contract/posting.ts';
import {
  DEFAULT_POSTED_SINCE,
  MAX_KEYWORD_LENGTH,
  MAX_RADIUS_MILES,
  NO_FILTERS,
  remoteModes,
  searchSorts,
  filtersSchema,
  type SearchFilters,
  type SearchSort,
} from '../contract/search-filters.ts';
import { worldSize } from './mercator.ts';

/**
 * A job search as the search page keeps it and its address shows it: the keyword, the place and
 * radius, the filters and the sort. The address holds only what differs from the defaults, so a
 * search can be shared and the back button returns to the search before.
 */

/** The radius choices of the search, in miles. */
export const RADIUS_CHOICES = [5, 10, 25, 50, 100] as const;

/** Where a search is made: a point and the words that name it ("Vancouver, WA"). */
export interface SearchPlace {
  latitude: number;
  longitude: number;
  label: string;
}

export interface SearchQuery {
  keyword: string | null;
  place: SearchPlace;
  /** Miles around the place. */
  radius: number;
  filters: SearchFilters;
  sort: SearchSort;
}

/** The place a stored location (or the default one) names. */
export const placeOf = (location: UserLocation): SearchPlace => ({
  latitude: location.lat,
  longitude: location.lng,
  label: location.address,
});

/** A search of everything around a place: no keyword, no filters, best match first. */
export function defaultQuery(place: SearchPlace, radius: number): SearchQuery {
  return { keyword: null, place, radius, filters: NO_FILTERS, sort: 'relevance' };
}

const validRadius = (r: number) => Number.isFinite(r) && r >= 1 && r <= MAX_RADIUS_MILES;

/** The filters that differ from their defaults: the number a "Filters" button shows. */
export function activeFilterCount(f: SearchFilters): number {
  return [
    f.jobTypes.length > 0,
    f.workSchedule !== null,
    f.schedules.length > 0,
    f.minimumPay !== null,
    f.experience !== null,
    f.postedSince !== DEFAULT_POSTED_SINCE,
    f.remote !== 'include',
    f.skills.length > 0,
    f.openToMinors,
  ].filter(Boolean).length;
}

const ids = (list: readonly number[]) => list.join(',');
const round = (n: number) => String(Math.round(n * 1e5) / 1e5);

/**
 * The address query of a search (without "?"), in a fixed order so that one search has one address:
 * q, place, lat, lng, r, sort, then the filters that differ from their defaults.
 */
export function queryToSearch(q: SearchQuery): string {
  const p = new URLSearchParams();
  if (q.keyword) p.set('q', q.keyword);
  p.set('place', q.place.label);
  p.set('lat', round(q.place.latitude));
  p.set('lng', round(q.place.longitude));
  p.set('r', String(q.radius));
  if (q.sort !== 'relevance') p.set('sort', q.sort);
  const f = q.filters;
  if (f.jobTypes.length) p.set('types', ids(f.jobTypes));
  if (f.workSchedule !== null) p.set('time', f.workSchedule === 1 ? 'full' : 'part');
  if (f.schedules.length) p.set('schedules', ids(f.schedules));
  if (f.minimumPay) {
    p.set('pay', String(f.minimumPay.amount));
    p.set('rate', f.minimumPay.rate);
  }
  if (f.experience !== null) p.set('exp', String(f.experience));
  if (f.postedSince !== DEFAULT_POSTED_SINCE) p.set('since', f.postedSince);
  if (f.remote !== 'include') p.set('remote', f.remote);
  if (f.skills.length) p.set('skills', ids(f.skills));
  if (f.openToMinors) p.set('minors', '1');
  return p.toString();
}

const numberOf = (text: string | null) => (text === null || text.trim() === '' ? NaN : Number(text));
const idsOf = (text: string | null) => (text ? text.split(',').map(numberOf) : []);

/** One filter as the address gives it, or its default when the address gives nothing usable. */
function filter<K extends keyof SearchFilters>(key: K, raw: unknown): SearchFilters[K] {
  if (raw === undefined) return NO_FILTERS[key];
  const parsed = filtersSchema().shape[key].safeParse(raw);
  return parsed.success ? (parsed.data as SearchFilters[K]) : NO_FILTERS[key];
}

/**
 * The search an address asks for. What it leaves out, or gives in a form the search does not take,
 * comes from `fallback` (the seeker's place and radius, no keyword, no filters).
 */
export function queryFromSearch(search: string, fallback: { place: SearchPlace; radius: number }): SearchQuery {
  const p = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const keyword = (p.get('q') ?? '').trim().slice(0, MAX_KEYWORD_LENGTH) || null;

  const lat = numberOf(p.get('lat'));
  const lng = numberOf(p.get('lng'));
  const hasPoint = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const place = hasPoint
    ? { latitude: lat, longitude: lng, label: p.get('place')?.trim() || `${round(lat)}, ${round(lng)}` }
    : fallback.place;
  const r = numberOf(p.get('r'));
  const radius = validRadius(r) ? r : fallback.radius;

  const sortText = p.get('sort');
  const sort = (searchSorts as readonly string[]).includes(sortText ?? '') ? (sortText as SearchSort) : 'relevance';

  const time = p.get('time');
  const rate = p.get('rate');
  const pay = numberOf(p.get('pay'));
  const remote = p.get('remote');
  const filters: SearchFilters = {
    jobTypes: filter('jobTypes', p.has('types') ? idsOf(p.get('types')) : undefined),
    workSchedule: time === 'full' ? 1 : time === 'part' ? 2 : null,
    schedules: filter('schedules', p.has('schedules') ? idsOf(p.get('schedules')) : undefined),
    minimumPay:
      Number.isFinite(pay) && (payRates as readonly string[]).includes(rate ?? '')
        ? filter('minimumPay', { amount: pay, rate: rate as PayRate })
        : null,
    experience: filter('experience', p.has('exp') ? numberOf(p.get('exp')) : undefined),
    postedSince: filter('postedSince', p.get('since') ?? undefined),
    remote: (remoteModes as readonly string[]).includes(remote ?? '') ? (remote as SearchFilters['remote']) : 'include',
    skills: filter('skills', p.has('skills') ? idsOf(p.get('skills')) : undefined),
    openToMinors: p.get('minors') === '1',
  };
  return { keyword, place, radius, filters, sort };
}

/** Two searches ask the same thing. */
export const sameQuery = (a: SearchQuery, b: SearchQuery) => queryToSearch(a) === queryToSearch(b);

/** The widest the map is usually drawn, in pixels, for fitting a search circle into it. */
const FIT_PX = 560;
const METRES_PER_MILE = 1609.344;
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

/**
 * The closest whole zoom at which a circle of `radiusMiles` around a latitude fits in `px` pixels
 * of Web Mercator map (from 3 to 15).
 */
export function zoomForRadius(latitude: number, radiusMiles: number, px = FIT_PX): number {
  const diameterM = 2 * radiusMiles * METRES_PER_MILE;
  const cos = Math.max(0.01, Math.cos((latitude * Math.PI) / 180));
  // Pixels per metre at zoom z: worldSize(z) / (circumference × cos(latitude)).
  const zoom = Math.floor(Math.log2((px * EARTH_CIRCUMFERENCE_M * cos) / (diameterM * worldSize(0))));
  return Math.min(15, Math.max(3, zoom));
}

// ---------- the filters form ----------

/** The filters as the form holds them: amounts as typed, "any" work schedule as 0. */
export interface FiltersDraft {
  jobTypes: number[];
  workSchedule: 0 | 1 | 2;
  schedules: number[];
  payAmount: string;
  payRate: PayRate;
  experience: string;
  postedSince: string;
  remote: SearchFilters['remote'];
  skills: number[];
  openToMinors: boolean;
}

export type DraftErrors = Partial<Record<'minimumPay' | 'experience' | 'postedSince' | 'form', string>>;

export function draftOf(f: SearchFilters): FiltersDraft {
  return {
    jobTypes: [...f.jobTypes],
    workSchedule: f.workSchedule ?? 0,
    schedules: [...f.schedules],
    payAmount: f.minimumPay ? String(f.minimumPay.amount) : '',
    payRate: f.minimumPay?.rate ?? 'Hourly',
    experience: f.experience === null ? '' : String(f.experience),
    postedSince: f.postedSince,
    remote: f.remote,
    skills: [...f.skills],
    openToMinors: f.openToMinors,
  };
}

const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(/[$,\s]/g, '')));

/** The filters a form asks for, or the messages of what it holds that the search does not take. */
export function filtersOfDraft(d: FiltersDraft): { filters: SearchFilters; errors: null } | { filters: null; errors: DraftErrors } {
  const amount = typedNumber(d.payAmount);
  const parsed = filtersSchema().safeParse({
    jobTypes: d.jobTypes,
    workSchedule: d.workSchedule === 0 ? null : d.workSchedule,
    schedules: d.schedules,
    minimumPay: amount === null ? null : { amount, rate: d.payRate },
    experience: typedNumber(d.experience),
    postedSince: d.postedSince,
    remote: d.remote,
    skills: d.skills,
    openToMinors: d.openToMinors,
  });
  if (parsed.success) return { filters: parsed.data, errors: null };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = key === 'minimumPay' || key === 'experience' || key === 'postedSince' ? key : 'form';
    errors[field] ??= issue.message;
  }
  return { filters: null, errors };
}

const isoDayOf = (d: Date) => d.toISOString().slice(0, 10);

/** "Posted" choices: any time (from 1987-01-01, spec 2 §9), then the last day, 3 days, week, 2 weeks and month before `today`. */
export function postedSinceChoices(today: Date): Array<{ value: string; label: string }> {
  const back = (days: number) => isoDayOf(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days)));
  return [
    { value: DEFAULT_POSTED_SINCE, label: 'Any time' },
    { value: back(1), label: 'In the last day' },
    { value: back(3), label: 'In the last 3 days' },
    { value: back(7), label: 'In the last week' },
    { value: back(14), label: 'In the last 2 weeks' },
    { value: back(30), label: 'In the last month' },
  ];
}
