import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION } from '../../src/contract/location.ts';
import { DEFAULT_POSTED_SINCE, NO_FILTERS, SearchMessages, searchFiltersSchema, type SearchFilters } from '../../src/contract/search.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { boundsAround } from '../../src/lib/mercator.ts';
import {
  activeFilterCount,
  defaultQuery,
  draftOf,
  filtersOfDraft,
  placeOf,
  postedSinceChoices,
  queryFromSearch,
  queryToSearch,
  sameQuery,
  zoomForRadius,
  type SearchQuery,
} from '../../src/lib/search-query.ts';

const vancouver = placeOf(DEFAULT_LOCATION);
const fallback = { place: vancouver, radius: 10 };
const portland = { latitude: 45.5152, longitude: -122.6784, label: 'Portland, OR' };

const everyFilter: SearchFilters = {
  jobTypes: [1, 3],
  workSchedule: 2,
  schedules: [4],
  minimumPay: { amount: 18.5, rate: 'Hourly' },
  experience: 2,
  postedSince: '2025-01-31',
  remote: 'exclude',
  skills: [10, 11],
  openToMinors: true,
};

describe('search query in the address', () => {
  it('starts at the stored place with no keyword, no filters and the best match first', () => {
    const q = defaultQuery(vancouver, 10);
    expect(q).toEqual({
      keyword: null,
      place: { latitude: 45.628, longitude: -122.6739, label: 'Vancouver, WA' },
      radius: 10,
      filters: NO_FILTERS,
      sort: 'relevance',
    });
    expect(q.filters.postedSince).toBe('1987-01-01');
  });

  it('writes the keyword as q, the place and radius, and only the filters that differ from their defaults', () => {
    expect(queryToSearch(defaultQuery(vancouver, 10))).toBe('place=Vancouver%2C+WA&lat=45.628&lng=-122.6739&r=10');
    const search = queryToSearch({ keyword: 'forklift driver', place: portland, radius: 25, filters: everyFilter, sort: 'newest' });
    const p = new URLSearchParams(search);
    expect(Object.fromEntries(p)).toEqual({
      q: 'forklift driver',
      place: 'Portland, OR',
      lat: '45.5152',
      lng: '-122.6784',
      r: '25',
      sort: 'newest',
      types: '1,3',
      time: 'part',
      schedules: '4',
      pay: '18.5',
      rate: 'Hourly',
      exp: '2',
      since: '2025-01-31',
      remote: 'exclude',
      skills: '10,11',
      minors: '1',
    });
  });

  it('reads back the search it wrote, so a shared address opens the same search', () => {
    const queries: SearchQuery[] = [
      defaultQuery(vancouver, 10),
      { keyword: 'nurse & aide', place: portland, radius: 50, filters: everyFilter, sort: 'pay' },
      { keyword: null, place: portland, radius: 5, filters: { ...NO_FILTERS, workSchedule: 1, remote: 'only' }, sort: 'distance' },
    ];
    for (const q of queries) {
      expect(queryFromSearch(queryToSearch(q), fallback)).toEqual(q);
      expect(queryFromSearch(`?${queryToSearch(q)}`, fallback)).toEqual(q);
    }
  });

  it('takes what an address leaves out, or gives unusably, from the seeker’s place and the defaults', () => {
    expect(queryFromSearch('', fallback)).toEqual(defaultQuery(vancouver, 10));
    expect(queryFromSearch('q=welder', fallback)).toEqual({ ...defaultQuery(vancouver, 10), keyword: 'welder' });
    const broken = queryFromSearch(
      'q=%20%20&lat=95&lng=-122&r=900&sort=cheapest&types=a,2&time=night&pay=-4&rate=Hourly&exp=99&since=2025-02-30&remote=maybe&skills=1.5&minors=yes',
      fallback,
    );
    expect(broken).toEqual(defaultQuery(vancouver, 10));
    // A point without a name is named by its coordinates.
    expect(queryFromSearch('lat=45.5&lng=-122.6', fallback).place).toEqual({ latitude: 45.5, longitude: -122.6, label: '45.5, -122.6' });
  });

  it('tells two searches apart by what they ask', () => {
    const q = defaultQuery(vancouver, 10);
    expect(sameQuery(q, { ...q, filters: { ...NO_FILTERS } })).toBe(true);
    expect(sameQuery(q, { ...q, keyword: 'cook' })).toBe(false);
    expect(sameQuery(q, { ...q, radius: 25 })).toBe(false);
    expect(sameQuery(q, { ...q, filters: { ...NO_FILTERS, openToMinors: true } })).toBe(false);
  });

  it('has no filters by default: what the search takes when a request gives none', () => {
    expect(NO_FILTERS).toEqual(searchFiltersSchema.parse({}));
    expect(queryFromSearch('', { place: vancouver, radius: 10 }).filters).toEqual(searchFiltersSchema.parse({}));
  });

  it('counts the filters in use', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, postedSince: DEFAULT_POSTED_SINCE, remote: 'include' })).toBe(0);
    expect(activeFilterCount(everyFilter)).toBe(9);
    expect(activeFilterCount({ ...NO_FILTERS, skills: [1], remote: 'only' })).toBe(2);
  });
});

describe('zoom for a radius', () => {
  it('is the closest zoom at which the whole search circle fits the map', () => {
    for (const radius of [5, 10, 25, 50, 100]) {
      const zoom = zoomForRadius(45.628, radius);
      const fits = (z: number) => {
        const b = boundsAround({ lat: 45.628, lng: -122.6739 }, z, 560, 560);
        return haversineMiles(45.628, b.west, 45.628, b.east) >= 2 * radius;
      };
      expect(fits(zoom), `${radius} mi at zoom ${zoom}`).toBe(true);
      expect(fits(zoom + 1), `${radius} mi at zoom ${zoom + 1}`).toBe(false);
    }
    expect(zoomForRadius(45.6, 10)).toBeLessThan(zoomForRadius(45.6, 5));
  });

  it('stays between zoom 3 and 15', () => {
    expect(zoomForRadius(45, 3000)).toBe(3);
    expect(zoomForRadius(45, 0.01)).toBe(15);
  });
});

describe('the filters form', () => {
  it('holds the filters as typed and gives them back unchanged', () => {
    for (const f of [NO_FILTERS, everyFilter]) expect(filtersOfDraft(draftOf(f))).toEqual({ filters: f, errors: null });
    expect(draftOf(NO_FILTERS)).toMatchObject({
      workSchedule: 0,
      payAmount: '',
      payRate: 'Hourly',
      experience: '',
      postedSince: '1987-01-01',
      remote: 'include',
    });
  });

  it('reads amounts typed with a dollar sign or thousands separators, and blanks as no filter', () => {
    const draft = { ...draftOf(NO_FILTERS), payAmount: ' $52,000 ', payRate: 'Yearly' as const, experience: ' 3 ' };
    expect(filtersOfDraft(draft).filters).toMatchObject({ minimumPay: { amount: 52000, rate: 'Yearly' }, experience: 3 });
    expect(filtersOfDraft({ ...draft, payAmount: '  ', experience: '' }).filters).toMatchObject({ minimumPay: null, experience: null });
  });

  it('says what it cannot take, in the search’s words', () => {
    const result = filtersOfDraft({ ...draftOf(NO_FILTERS), payAmount: 'lots', experience: '2.5', postedSince: '2025-02-30' });
    expect(result.filters).toBeNull();
    expect(result.errors).toEqual({
      minimumPay: SearchMessages.minimumPay,
      experience: SearchMessages.experience,
      postedSince: SearchMessages.postedSince,
    });
    expect(filtersOfDraft({ ...draftOf(NO_FILTERS), experience: '51' }).errors).toEqual({ experience: SearchMessages.experience });
  });

  it('offers posted-since days counted back from today, any time first', () => {
    expect(postedSinceChoices(new Date('2025-03-10T15:00:00Z'))).toEqual([
      { value: '1987-01-01', label: 'Any time' },
      { value: '2025-03-09', label: 'In the last day' },
      { value: '2025-03-07', label: 'In the last 3 days' },
      { value: '2025-03-03', label: 'In the last week' },
      { value: '2025-02-24', label: 'In the last 2 weeks' },
      { value: '2025-02-08', label: 'In the last month' },
    ]);
  });
});
