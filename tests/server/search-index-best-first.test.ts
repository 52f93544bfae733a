import { describe, expect, it } from 'vitest';
import { searchIndex, type IndexSearch } from '../../server/jobs/search-index/query.ts';
import { GRID_DEGREES, JobIndex, LIFTED, type IndexedJob } from '../../server/jobs/search-index/store.ts';
import { seededRandom } from '../../server/posting/demo-data.ts';
import { liftsIn, NO_FILTERS } from '../../src/contract/search.ts';
import { parseKeywordTree } from '../../server/jobs/search-index/keyword.ts';
import { circleBounds } from '../../src/lib/geo.ts';

// A search near a place that stops reading once its page and the counting limit are certain gives
// the page that reading every job of the circle gives (as it does when the map is wanted), for
// jobs anywhere in their grid cells: on cell edges, sharing positions, posting moments and pay;
// with lifted jobs (premium) first in the orders that lift.

const NOW_US = Date.UTC(2026, 0, 31) * 1000;
const PREMIUM = ['featuredStrip', 'searchLift', 'badge', 'highlightedPin'] as const;
const HOUR_US = 3600e6;

/** A search of the list (no map) as of NOW_US: the given parts over these defaults. */
const searchOf = (parts: Partial<IndexSearch> & Pick<IndexSearch, 'location' | 'sort' | 'limit'>): IndexSearch => ({
  terms: null,
  filters: NO_FILTERS,
  offset: 0,
  nowUs: NOW_US,
  asOfUs: Infinity,
  boostedOnly: false,
  lift: liftsIn(parts.sort),
  reported: null,
  viewport: null,
  viewOnly: false,
  ...parts,
});

function jobsAround(latitude: number, longitude: number, count: number, seed: number, from: number): IndexedJob[] {
  const random = seededRandom(seed);
  const spots: [number, number][] = [];
  return Array.from({ length: count }, (_, i) => {
    let at: [number, number];
    const r = random();
    if (spots.length > 0 && r < 0.3) at = spots[Math.floor(random() * spots.length)]!;
    else if (r < 0.5) {
      // On a grid line, or a hair beside one.
      const row = Math.round((latitude - 0.6 + random() * 1.2 + 90) / GRID_DEGREES);
      at = [row * GRID_DEGREES - 90 + (random() < 0.5 ? 0 : (random() - 0.5) * 1e-7), longitude - 0.7 + random() * 1.4];
    } else at = [latitude - 0.6 + random() * 1.2, longitude - 0.7 + random() * 1.4];
    spots.push(at);
    const remote = random() < 0.15;
    const n = from + i;
    return {
      id: `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${Math.floor(random() * 2 ** 40)
        .toString(16)
        .padStart(12, '0')}`,
      companyId: 'c0000000-0000-4000-8000-000000000000',
      isRemote: remote,
      latitude: remote && random() < 0.7 ? null : at[0],
      longitude: remote && random() < 0.7 ? null : at[1],
      postedUs: NOW_US - Math.floor(random() * 40) * HOUR_US,
      validUs: NOW_US + 30 * 24 * HOUR_US,
      yearlyPay: random() < 0.15 ? null : 30_000 + 5_000 * Math.floor(random() * 12),
      minExperience: 0,
      workSchedule: null,
      openToMinors: false,
      // One job in 40 lifted first (premium), in the orders that lift.
      boostPlacements: n % 40 === 7 ? PREMIUM : [],
      jobTypeIds: [],
      scheduleIds: [],
      skillIds: [],
      document: null,
    };
  });
}

/**
 * Expects the search to answer the page and the total (up to the counting limit) that reading every
 * job gives: with the map's view of its circle, every job of the circle and every remote match is
 * read. Tells whether it stopped early.
 */
function stoppedEarly(index: JobIndex, search: IndexSearch): boolean {
  const { location } = search;
  const box = circleBounds(location!.latitude, location!.longitude, location!.radius);
  const every = searchIndex(index, { ...search, viewport: { ...box, zoom: 8 } });
  const early = searchIndex(index, search);
  const what = JSON.stringify(search);
  expect(early.ids, what).toEqual(every.ids);
  expect(Math.min(early.found, 1001), what).toBe(Math.min(every.found, 1001));
  if (search.lift) expect(early.ids, what).toEqual(liftedFirst(index, search));
  return early.found < every.found;
}

/**
 * The page of a search that lifts, from the whole order without the lift: its lifted jobs first,
 * then the others, each group in that order.
 */
function liftedFirst(index: JobIndex, search: IndexSearch): string[] {
  const all = searchIndex(index, { ...search, lift: false, offset: 0, limit: 1_000_000, viewport: null }).ids;
  const isLifted = (id: string) => (index.flags[index.slotOf.get(id)!]! & LIFTED) !== 0;
  return [...all.filter(isLifted), ...all.filter((id) => !isLifted(id))].slice(search.offset, search.offset + search.limit);
}

describe('reading a place best first', () => {
  it('gives the page and the total that reading every job gives', () => {
    const centre = { latitude: 40 * GRID_DEGREES - 90 + 120 * GRID_DEGREES, longitude: -100 };
    const index = new JobIndex();
    for (const job of jobsAround(centre.latitude, centre.longitude, 4000, 1, 0)) index.put(job);
    index.renumberInGridOrder();
    // Jobs written since: appended out of grid order.
    for (const job of jobsAround(centre.latitude, centre.longitude, 600, 2, 4000)) index.put(job);
    const random = seededRandom(9);
    let stopped = 0;
    for (let i = 0; i < 400; i++) {
      const location = {
        latitude: centre.latitude + (random() - 0.5) * 1,
        longitude: centre.longitude + (random() - 0.5) * 1.2,
        radius: 5 + Math.floor(random() * 45),
      };
      const limit = 1 + Math.floor(random() * 50);
      const search = searchOf({
        location,
        filters: { ...NO_FILTERS, remote: (['include', 'exclude'] as const)[i % 2]! },
        sort: (['distance', 'relevance', 'newest', 'pay'] as const)[Math.floor(i / 2) % 4]!,
        offset: Math.floor(random() * (random() < 0.5 ? 200 : 1500)),
        limit,
      });
      if (stoppedEarly(index, search)) stopped++;
    }
    // Most searches of a crowded place stop early.
    expect(stopped).toBeGreaterThan(100);
    // Lifted jobs are on the first pages of the orders that lift.
    const first = searchIndex(index, searchOf({ location: { ...centre, radius: 30 }, sort: 'newest', limit: 20 }));
    expect(first.ids.filter((id) => (index.flags[index.slotOf.get(id)!]! & LIFTED) !== 0).length).toBeGreaterThan(5);
  });
});

describe('remote jobs matching a phrase, kept from one search to the next', () => {
  it('answer as an index built afresh does, after jobs are written, closed and numbered again', () => {
    const centre = { latitude: 40 * GRID_DEGREES - 90 + 120 * GRID_DEGREES, longitude: -100 };
    const random = seededRandom(4);
    const words = ['custom', 'servic', 'desk', 'lead'];
    const withWords = (jobs: IndexedJob[]) =>
      jobs.map((job) => {
        const picked = Array.from({ length: 4 }, () => words[Math.floor(random() * words.length)]!);
        const at = new Map<string, number[]>();
        picked.forEach((w, i) => at.set(w, [...(at.get(w) ?? []), i + 1]));
        return {
          ...job,
          document: [...at]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([w, p]) => `'${w}':${p.join(',')}`)
            .join(' '),
        };
      });
    let jobs = withWords(jobsAround(centre.latitude, centre.longitude, 1500, 3, 0));
    const index = new JobIndex();
    for (const job of jobs) index.put(job);
    index.renumberInGridOrder();
    const tree = parseKeywordTree("'custom' <-> 'servic'")!;
    const ask = (at: JobIndex, k: number) => {
      return searchIndex(
        at,
        searchOf({
          terms: tree,
          location: { latitude: centre.latitude + ((k % 5) - 2) * 0.2, longitude: centre.longitude, radius: 10 + k * 3 },
          filters: { ...NO_FILTERS, remote: (['include', 'only', 'exclude'] as const)[k % 3]! },
          sort: 'newest',
          limit: 50,
        }),
      );
    };
    const fresh = () => {
      const other = new JobIndex();
      for (const job of jobs) other.put(job);
      other.renumberInGridOrder();
      return other;
    };
    for (let round = 0; round < 4; round++) {
      for (let k = 0; k < 6; k++) ask(index, k);
      // Written since: new jobs, jobs written again, jobs closed.
      const added = withWords(jobsAround(centre.latitude, centre.longitude, 100, 10 + round, 2000 + round * 100));
      const rewritten = withWords(jobs.filter((j) => j.isRemote).slice(round * 20, round * 20 + 20));
      const closed = new Set(
        jobs
          .filter((j) => j.isRemote)
          .slice(round * 20 + 200, round * 20 + 220)
          .map((j) => j.id),
      );
      for (const job of [...added, ...rewritten]) index.put(job);
      for (const id of closed) index.remove(id);
      const byId = new Map(jobs.map((j) => [j.id, j]));
      for (const job of [...added, ...rewritten]) byId.set(job.id, job);
      for (const id of closed) byId.delete(id);
      jobs = [...byId.values()];
      if (round === 2) index.renumberInGridOrder();
      const other = fresh();
      for (let k = 0; k < 6; k++) {
        const mine = ask(index, k);
        const theirs = ask(other, k);
        expect(mine.ids, `round ${round}, search ${k}`).toEqual(theirs.ids);
        expect(mine.found, `round ${round}, search ${k}`).toBe(theirs.found);
      }
    }
  });
});

describe('remote jobs matching a keyword, read best match first', () => {
  it('give the page and the total by relevance that reading every match gives', () => {
    const centre = { latitude: 40 * GRID_DEGREES - 90 + 120 * GRID_DEGREES, longitude: -100 };
    const random = seededRandom(12);
    const words = ['custom', 'servic', 'nurs', 'lead'];
    const weights = ['A', 'B', 'C', ''];
    // Words at one to three positions, of any weight: many matches share a rank, others differ.
    const documentOf = () => {
      const at = new Map<string, string[]>();
      for (let position = 1; position <= 2 + Math.floor(random() * 4); position++) {
        const word = words[Math.floor(random() * words.length)]!;
        at.set(word, [...(at.get(word) ?? []), `${position}${weights[Math.floor(random() * weights.length)]}`]);
      }
      return [...at]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([w, p]) => `'${w}':${p.join(',')}`)
        .join(' ');
    };
    const jobs = jobsAround(centre.latitude, centre.longitude, 9000, 6, 0).map((job, i) => ({
      ...job,
      // A third of them remote, so the remote matches alone pass the counting limit.
      isRemote: job.isRemote || i % 3 === 0,
      document: documentOf(),
    }));
    const index = new JobIndex();
    for (const job of jobs) index.put(job);
    index.renumberInGridOrder();
    const keywords = [
      [{ lexeme: 'custom', prefix: false, negated: false }],
      [
        { lexeme: 'nurs', prefix: false, negated: false },
        { lexeme: 'lead', prefix: false, negated: false },
      ],
      parseKeywordTree("'custom' <-> 'servic' | 'lead'")!,
    ];
    let stopped = 0;
    for (let i = 0; i < 120; i++) {
      const location = {
        latitude: centre.latitude + (random() - 0.5),
        longitude: centre.longitude + (random() - 0.5) * 1.2,
        radius: 5 + Math.floor(random() * 40),
      };
      const search = searchOf({
        terms: keywords[i % keywords.length]!,
        location,
        sort: 'relevance',
        offset: Math.floor(random() * (random() < 0.5 ? 40 : 900)),
        limit: 1 + Math.floor(random() * 50),
      });
      if (stoppedEarly(index, search)) stopped++;
    }
    expect(stopped).toBeGreaterThan(40);
  });
});
