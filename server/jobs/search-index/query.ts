import { yearlyPay } from '../../../src/contract/search.ts';
import type { Viewport } from '../../../src/contract/map.ts';
import { TOTAL_COUNT_LIMIT, type MapCell, type SearchAnswer, type SearchQuestion } from '../search-engine.ts';
import {
  circleBounds,
  haversineMiles,
  haversineMilesFrom,
  haversineMilesOf,
  RADIANS_PER_DEGREE,
  type LatLngBox,
} from '../../../src/lib/geo.ts';
import { cellSize, gridZoomFor } from '../../../src/lib/map-grid.ts';
import {
  BOOSTED,
  GRID_COLS,
  GRID_DEGREES,
  GRID_ZOOM,
  gridCol,
  gridRow,
  HAS_POSITION,
  LIFTED,
  lowerBound,
  mapCellKey,
  OPEN_TO_MINORS,
  REMOTE,
  wordsUuid,
  type FineCounts,
  type GridCell,
  type JobIndex,
  type Postings,
  type SlotList,
} from './store.ts';
import type { QueryTerm } from './text.ts';
import {
  byScore,
  matchKeywordTree,
  matchWords,
  remoteMatches,
  remoteWordMatches,
  type KeywordTree,
  type RemoteMatches,
  type SlotRanges,
} from './keyword.ts';

/** What the index is asked: the engine's question (search-engine.ts), the keyword as its terms, moments in microseconds. */
export type IndexSearch = Omit<SearchQuestion, 'keyword' | 'now' | 'asOf'> & {
  /** The keyword's words joined by and, or its tree with or and phrases (null: no keyword). */
  terms: QueryTerm[] | KeywordTree | null;
  nowUs: number;
  /** Jobs posted after this are left out (Infinity: none). */
  asOfUs: number;
};

export type IndexCell = MapCell;
export type IndexAnswer = SearchAnswer;

const RAD = RADIANS_PER_DEGREE;

/** As the SQL of distanceMiles computes it. */
const miles = haversineMiles;

const inBox = (box: LatLngBox, la: number, lo: number) =>
  la >= box.south && la <= box.north && (box.west <= box.east ? lo >= box.west && lo <= box.east : lo >= box.west || lo <= box.east);

/** The box's longitudes hold the whole span from west to east. */
function inLongitudes(box: LatLngBox, west: number, east: number): boolean {
  if (box.west <= box.east) return west >= box.west && east <= box.east;
  return west >= box.west || east <= box.east;
}

/** The map's cells at a zoom, summed a grid cell at a time. */
class MapCells {
  private byCell = new Map<number, number>();
  private keys: number[] = [];
  private counts: number[] = [];
  private sumLat: number[] = [];
  private sumLng: number[] = [];
  private first: number[] = [];
  private readonly size: number;
  private readonly rows: number;
  private readonly cols: number;
  total = 0;
  constructor(
    private readonly index: JobIndex,
    zoom: number,
  ) {
    this.size = cellSize(zoom);
    this.rows = Math.round(180 / this.size);
    this.cols = Math.round(360 / this.size);
  }
  private cellOf(row: number, col: number, first: number): number {
    return this.cellAt(row * this.cols + col, first);
  }
  private cellAt(key: number, first: number): number {
    let c = this.byCell.get(key);
    if (c === undefined) {
      c = this.keys.length;
      this.byCell.set(key, c);
      this.keys.push(key);
      this.counts.push(0);
      this.sumLat.push(0);
      this.sumLng.push(0);
      this.first.push(first);
    }
    return c;
  }
  /** A grid cell's counts kept by the index: the same sums as reading its jobs one by one. */
  addCounts(row: number, col: number, cell: GridCell) {
    if (cell.count === 0) return;
    const c = this.cellOf(row, col, cell.first);
    this.counts[c]! += cell.count;
    this.sumLat[c]! += cell.sumLat;
    this.sumLng[c]! += cell.sumLng;
    this.total += cell.count;
  }
  /** A grid cell's counts split by the map's cells (a zoom finer than the grid's). */
  addFine(fine: FineCounts) {
    for (let k = 0; k < fine.keys.length; k++) {
      const c = this.cellAt(fine.keys[k]!, fine.first[k]!);
      this.counts[c]! += fine.counts[k]!;
      this.sumLat[c]! += fine.sumLat[k]!;
      this.sumLng[c]! += fine.sumLng[k]!;
      this.total += fine.counts[k]!;
    }
  }
  /** Jobs each in its own map cell (a zoom finer than the grid's). */
  addEach(slots: Uint32Array, from: number, to: number) {
    const { lat, lng } = this.index;
    for (let i = from; i < to; i++) {
      const s = slots[i]!;
      const c = this.cellAt(mapCellKey(lat[s]!, lng[s]!, this.size, this.rows, this.cols), s);
      this.counts[c]!++;
      this.sumLat[c]! += lat[s]!;
      this.sumLng[c]! += lng[s]!;
      this.total++;
    }
  }
  /** Jobs of a grid cell lying in one map cell (a zoom no finer than the grid's). */
  add(row: number, col: number, slots: Uint32Array, from: number, to: number) {
    if (to <= from) return;
    const { lat, lng } = this.index;
    const c = this.cellOf(row, col, slots[from]!);
    let la = 0;
    let lo = 0;
    for (let i = from; i < to; i++) {
      const s = slots[i]!;
      la += lat[s]!;
      lo += lng[s]!;
    }
    this.counts[c]! += to - from;
    this.sumLat[c]! += la;
    this.sumLng[c]! += lo;
    this.total += to - from;
  }
  cells(): IndexCell[] {
    const order = this.keys
      .map((_, i) => i)
      .sort((a, b) => this.keys[a]! - this.keys[b]!)
      .slice(0, 500);
    return order.map((c) => ({
      row: Math.floor(this.keys[c]! / this.cols),
      col: this.keys[c]! % this.cols,
      count: this.counts[c]!,
      latitude: this.sumLat[c]! / this.counts[c]!,
      longitude: this.sumLng[c]! / this.counts[c]!,
      jobId: this.counts[c] === 1 ? wordsUuid(this.index.ids, this.first[c]! * 4) : null,
    }));
  }
}

/** Scratch space reused by every search (a search runs start to end without yielding). */
class Scratch {
  hits = new Uint8Array(0);
  score = new Float32Array(0);
  touched = new Uint32Array(0);
  slots = new Uint32Array(0);
  keyA = new Float64Array(0);
  dist = new Float64Array(0);
  /** Slots in the circle's cells carry the search's stamp (no clearing between searches). */
  near = new Uint32Array(0);
  private stamp = 0;
  /** A stamp no slot carries yet. */
  nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.near.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }
  fit(n: number) {
    if (this.hits.length >= n) return;
    const size = Math.max(1024, n * 2);
    this.near = new Uint32Array(size);
    this.hits = new Uint8Array(size);
    this.score = new Float32Array(size);
    this.touched = new Uint32Array(size);
    this.slots = new Uint32Array(size);
    this.keyA = new Float64Array(size);
    this.dist = new Float64Array(size);
  }
}
const scratch = new Scratch();

/**
 * No more than the distance (as `miles` computes it) from a place to any position of a grid cell:
 * each term of the haversine at its least over the cell's box (widened a little for rounding).
 */
function milesToCell(lat: number, lng: number, row: number, col: number): number {
  const south = row * GRID_DEGREES - 90 - 1e-9;
  const north = south + GRID_DEGREES + 2e-9;
  const west = col * GRID_DEGREES - 180 - 1e-9;
  const east = west + GRID_DEGREES + 2e-9;
  const dLat = lat < south ? south - lat : lat > north ? lat - north : 0;
  const around = (x: number) => {
    const d = Math.abs(lng - x) % 360;
    return d > 180 ? 360 - d : d;
  };
  const dLng = lng >= west && lng <= east ? 0 : Math.min(around(west), around(east));
  const cosLeast = Math.max(0, Math.min(Math.cos(south * RAD), Math.cos(north * RAD)));
  const d = haversineMilesOf(dLat, dLng, Math.cos(lat * RAD) * cosLeast);
  return Math.max(0, d - 1e-6);
}

/**
 * Every position of the grid cell whose south-west corner is given lies in the circle: its corners
 * do (a cell is far smaller than the circles searched, whose farthest point along a cell's side is
 * at one of its ends), with room for rounding.
 */
function cellInCircle(lat: number, lng: number, radius: number, south: number, west: number): boolean {
  const north = south + GRID_DEGREES;
  const east = west + GRID_DEGREES;
  const limit = radius - 1e-6;
  return (
    miles(lat, lng, south, west) <= limit &&
    miles(lat, lng, south, east) <= limit &&
    miles(lat, lng, north, west) <= limit &&
    miles(lat, lng, north, east) <= limit
  );
}

/** The grid cells of a box: each cell's slots, handed to `visit`. */
function forCells(index: JobIndex, box: LatLngBox, visit: (cell: GridCell, row: number, col: number) => void) {
  const r0 = gridRow(box.south);
  const r1 = gridRow(box.north);
  const c0 = gridCol(box.west);
  const c1 = box.east >= 180 ? GRID_COLS - 1 : gridCol(box.east);
  const wraps = box.west > box.east;
  const cols = wraps ? GRID_COLS - c0 + c1 + 1 : c1 - c0 + 1;
  if ((r1 - r0 + 1) * cols > index.grid.size) {
    for (const [key, cell] of index.grid) {
      const r = Math.floor(key / GRID_COLS);
      const c = key - r * GRID_COLS;
      if (r < r0 || r > r1) continue;
      if (wraps ? c >= c0 || c <= c1 : c >= c0 && c <= c1) visit(cell, r, c);
    }
    return;
  }
  for (let r = r0; r <= r1; r++) {
    for (let k = 0; k < cols; k++) {
      const c = (c0 + k) % GRID_COLS;
      const cell = index.grid.get(r * GRID_COLS + c);
      if (cell) visit(cell, r, c);
    }
  }
}

/**
 * The search over the index: the jobs it finds (the same conditions as the SQL of search.ts), the
 * ids of the page in the same order, and the map's cells. Bounded work: the grid cuts a place to
 * its circle's cells, a keyword to its postings, whichever is smaller is read, the other checked.
 */
export function searchIndex(index: JobIndex, q: IndexSearch): IndexAnswer {
  scratch.fit(index.size);
  const { hits, score, touched, slots, keyA, dist } = scratch;
  const {
    alive,
    flags,
    lat,
    lng,
    posted,
    valid,
    pay,
    company,
    companyVisible,
    minExperience,
    workSchedule,
    lists,
    listStart,
    typeCount,
    scheduleCount,
    skillCount,
  } = index;
  const f = q.filters;
  const location = q.location;
  const mode = f.remote;
  let touchedCount = 0;
  let termCount = 0;
  let rankDivisor = 1;

  const circle = location ? circleBounds(location.latitude, location.longitude, location.radius) : null;
  // With a place, only jobs in the grid cells of its circle's box (and remote ones, unless left
  // out) can be found: the keyword's other jobs are not read, nor their phrases checked. Slots in
  // grid order are told by the cells' slot ranges (no position read); slots appended since, by position.
  let mayBeNear: ((s: number) => boolean) | null = null;
  /** The same for a keyword's tree, remote jobs left out (they come kept: see remoteMatches). */
  let nearOnly: SlotRanges | null = null;
  if (circle !== null && q.terms) {
    const starts: number[] = [];
    const ends: number[] = [];
    const ordered = index.gridOrdered;
    if (mode !== 'only') {
      forCells(index, circle, (cell) => {
        const items = cell.items;
        if (cell.length === 0 || items[0]! >= ordered) return;
        // The cell's slots in grid order: the first ones of its list, numbered one after the other.
        starts.push(items[0]!);
        ends.push(items[0]! + lowerBound(items, ordered, 1, cell.length));
      });
    }
    const byStart = starts.map((_, i) => i).sort((a, b) => starts[a]! - starts[b]!);
    // Merged: the cells of a row of the box lie side by side.
    const from: number[] = [];
    const to: number[] = [];
    for (const i of byStart) {
      if (to.length > 0 && starts[i]! <= to[to.length - 1]!) to[to.length - 1] = Math.max(to[to.length - 1]!, ends[i]!);
      else {
        from.push(starts[i]!);
        to.push(ends[i]!);
      }
    }
    // The ranges' slots stamped: one read per slot tested rather than a search of the ranges.
    const near = scratch.near;
    const stamp = scratch.nextStamp();
    for (let i = 0; i < from.length; i++) near.fill(stamp, from[i]!, to[i]!);
    mayBeNear = (s: number) => {
      if (s < ordered) return near[s] === stamp || ((flags[s]! & REMOTE) !== 0 && mode !== 'exclude');
      const fl = flags[s]!;
      if ((fl & REMOTE) !== 0) return mode !== 'exclude';
      return mode !== 'only' && (fl & HAS_POSITION) !== 0 && inBox(circle, lat[s]!, lng[s]!);
    };
    nearOnly = {
      from,
      to,
      tail: ordered,
      test: (s: number) => {
        const fl = flags[s]!;
        if ((fl & REMOTE) !== 0) return false;
        return s < ordered || (mode !== 'only' && (fl & HAS_POSITION) !== 0 && inBox(circle, lat[s]!, lng[s]!));
      },
    };
  }

  // ---- the keyword: slots holding every word, with what they add to the rank ----
  let matched = -1;
  /**
   * The kept remote matches of a page by relevance with no map, near a place: read best score
   * first after the nearby ones, they stop once the page and the counting limit are certain (see
   * readRemoteByScore), rather than each one read. Null until then, and once read.
   */
  let remoteByScore = null as { matches: RemoteMatches; hit: number } | null;
  /**
   * The keyword's slots, read by `match` (matchKeywordTree or matchWords) among those a place allows.
   * Near a place the remote jobs matching are the same for every place: kept (`remote`), they join
   * the ones read inside the circle, with hits `hit`; best score first when `rankedByScore` (not
   * when every match ranks alike) and the page allows it (remoteByScore).
   */
  const readKeyword = (
    match: (may: ((slot: number) => boolean) | SlotRanges | null) => { touched: number; matched: number },
    remote: () => RemoteMatches,
    hit: number,
    rankedByScore: boolean,
  ) => {
    if (nearOnly === null || mode === 'exclude') {
      ({ touched: touchedCount, matched } = match(nearOnly ?? mayBeNear));
      return;
    }
    const matches = remote();
    ({ touched: touchedCount, matched } = mode === 'only' ? { touched: 0, matched: 0 } : match(nearOnly));
    const rs = matches.slots;
    if (rankedByScore && mode === 'include' && q.sort === 'relevance' && q.limit > 0 && q.viewport === null) {
      remoteByScore = { matches, hit };
      for (let i = 0; i < rs.length; i++) if (alive[rs[i]!] !== 0) matched++;
      return;
    }
    matched += readRemoteMatches(matches, hit);
  };
  /** Every kept remote match, as matched; returns how many. */
  const readRemoteMatches = ({ slots: rs, scores }: RemoteMatches, hit: number): number => {
    const from = touchedCount;
    for (let i = 0; i < rs.length; i++) {
      const s = rs[i]!;
      if (alive[s] === 0) continue;
      hits[s] = hit;
      score[s] = scores[i]!;
      touched[touchedCount++] = s;
    }
    return touchedCount - from;
  };
  /** ts_rank of a query with one word that counts and others (a negated one): the same tiny rank for every job. */
  let flatRank = false;
  if (q.terms && !Array.isArray(q.terms)) {
    // Or and phrases (keyword.ts): matches get hits 1.
    const tree = q.terms;
    readKeyword(
      (may) => matchKeywordTree(index, tree, hits, score, touched, may),
      () => remoteMatches(index, tree, hits, score, touched),
      1,
      true,
    );
    termCount = 1;
    rankDivisor = q.terms.operands.length;
  } else if (q.terms) {
    const seen = new Set<string>();
    const terms: { lists: Postings[]; size: number }[] = [];
    const excluded: Postings[] = [];
    for (const t of q.terms) {
      const key = `${t.negated ? '!' : ''}${t.prefix ? '*' : '='}${t.lexeme}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const names = t.prefix ? index.lexemesStartingWith(t.lexeme) : index.postings.has(t.lexeme) ? [t.lexeme] : [];
      const ls = names.map((n) => index.postings.get(n)!);
      if (t.negated) excluded.push(...ls);
      else terms.push({ lists: ls, size: ls.reduce((sum, p) => sum + p.length, 0) });
    }
    // ts_rank divides by every distinct word of the query, negated ones included.
    termCount = terms.length;
    rankDivisor = seen.size;
    flatRank = terms.length === 1 && seen.size > 1;
    terms.sort((a, b) => a.size - b.size);
    if (terms[0]!.size === 0) return { ids: [], found: 0, cells: q.viewport ? { zoom: gridZoomFor(q.viewport), cells: [] } : null };
    const words = terms.map((t) => t.lists);
    readKeyword(
      (may) => matchWords(index, words, excluded, hits, score, touched, may),
      () => remoteWordMatches(index, [...seen].sort().join(' '), words, excluded, hits, score, touched),
      termCount,
      !flatRank,
    );
  }

  // ---- the place ----
  const halves = location !== null && mode === 'include';
  const view = q.viewport;
  const viewBox = view ? { north: view.north, south: view.south, west: view.west, east: view.east } : null;

  // ---- the other conditions ----
  const since = Date.parse(`${f.postedSince}T00:00:00Z`) * 1000;
  const minimumPay = f.minimumPay && f.minimumPay.amount > 0 ? yearlyPay(f.minimumPay.amount, f.minimumPay.rate) : null;
  const reported =
    q.reported && q.reported.size
      ? new Set([...q.reported].map((id) => index.slotOf.get(id)).filter((s): s is number => s !== undefined))
      : null;
  const wantFlags = (q.boostedOnly ? BOOSTED : 0) | (f.openToMinors ? OPEN_TO_MINORS : 0);
  const overlaps = (from: number, n: number, wanted: readonly number[]) => {
    for (let i = from; i < from + n; i++) if (wanted.includes(lists[i]!)) return true;
    return false;
  };

  let found = 0;
  // The conditions as plain locals: this runs once per job looked at.
  const nowUs = q.nowUs;
  const asOfUs = q.asOfUs;
  const viewOnly = q.viewOnly;
  const onlyRemote = mode === 'only';
  const noRemote = mode === 'exclude';
  const hasLocation = location !== null;
  const cLat = location?.latitude ?? 0;
  // The centre's cosine once, not once per job.
  const cCos = Math.cos(cLat * RAD);
  const cLng = location?.longitude ?? 0;
  const radius = location?.radius ?? 0;
  const cNorth = circle?.north ?? 0;
  const cSouth = circle?.south ?? 0;
  const cWest = circle?.west ?? 0;
  const cEast = circle?.east ?? 0;
  const cWraps = cWest > cEast;
  const schedule = f.workSchedule ?? -2;
  const experience = f.experience ?? 32767;
  const payFloor = minimumPay ?? -Infinity;
  const lists3 = f.jobTypes.length > 0 || f.schedules.length > 0 || f.skills.length > 0;
  /** Set by the map's reading of a grid cell wholly inside the view: no box check per job. */
  let checkView = viewOnly;
  /** LIFTED while the page is read after the lifted jobs were (see below): they are passed over. */
  let passOver = 0;
  const consider = (s: number) => {
    if (alive[s] === 0) return;
    if (termCount > 0 && hits[s] !== termCount) return;
    const fl = flags[s]!;
    if ((fl & passOver) !== 0) return;
    if (!(valid[s]! > nowUs)) return;
    const p = posted[s]!;
    if (!(p <= asOfUs) || !(p >= since)) return;
    // where the job is
    let d = NaN;
    if (onlyRemote) {
      if ((fl & REMOTE) === 0) return;
    } else if (noRemote && (fl & REMOTE) !== 0) return;
    if (hasLocation) {
      if (!onlyRemote) {
        if ((fl & REMOTE) === 0 || noRemote) {
          if ((fl & HAS_POSITION) === 0) return;
          const la = lat[s]!;
          const lo = lng[s]!;
          if (la < cSouth || la > cNorth || (cWraps ? lo < cWest && lo > cEast : lo < cWest || lo > cEast)) return;
          d = haversineMilesFrom(cLat, cLng, cCos, la, lo);
          if (!(d <= radius)) return;
          if (halves && (fl & REMOTE) !== 0) d = NaN;
        }
      } else if ((fl & HAS_POSITION) !== 0) d = haversineMilesFrom(cLat, cLng, cCos, lat[s]!, lng[s]!);
    }
    if (checkView && ((fl & HAS_POSITION) === 0 || !inBox(viewBox!, lat[s]!, lng[s]!))) return;
    if (viewOnly && (fl & HAS_POSITION) === 0) return;
    // open, and the filters
    if (companyVisible[company[s]!] === 0) return;
    if ((fl & wantFlags) !== wantFlags) return;
    if (schedule !== -2 && workSchedule[s] !== schedule) return;
    if (minExperience[s]! > experience) return;
    if (!(pay[s]! >= payFloor) && minimumPay !== null) return;
    if (lists3) {
      const start = listStart[s]!;
      if (f.jobTypes.length && !overlaps(start, typeCount[s]!, f.jobTypes)) return;
      if (f.schedules.length && !overlaps(start + typeCount[s]!, scheduleCount[s]!, f.schedules)) return;
      if (f.skills.length && !overlaps(start + typeCount[s]! + scheduleCount[s]!, skillCount[s]!, f.skills)) return;
    }
    if (reported !== null && reported.has(s)) return;
    slots[found] = s;
    dist[found] = d;
    found++;
  };
  const visitList = (l: SlotList) => {
    const items = l.items;
    for (let i = 0, n = l.length; i < n; i++) consider(items[i]!);
  };

  /** Remote jobs were read only as far as the page needed: the map finds its own (see below). */
  let remoteCut = false;
  // Which side to read: the keyword's slots, or the place's.
  const placeBox = q.viewOnly ? viewBox : mode === 'only' ? null : circle;
  let placeSize = 0;
  if (placeBox) forCells(index, placeBox, (cell) => (placeSize += cell.length));
  else if (mode === 'only' || !location) placeSize = mode === 'only' && !q.viewOnly ? index.remote.length : index.size;
  if (halves && !q.viewOnly) placeSize += index.remote.length;
  // With a place and remote jobs included, remote jobs come from their own list: the grid's are skipped.
  const skipRemote = halves && !q.viewOnly;
  const visitGrid = (l: SlotList) => {
    const items = l.items;
    for (let i = 0, n = l.length; i < n; i++) {
      const s = items[i]!;
      if (skipRemote && (flags[s]! & REMOTE) !== 0) continue;
      consider(s);
    }
  };
  const zoom = view ? gridZoomFor(view) : 0;
  // The map alone with no keyword, place or filter: every open job, from the counts each grid cell
  // keeps (a cell the view cuts, or holding a job the seeker reported, is read job by job).
  const unfiltered =
    q.terms === null &&
    mode === 'include' &&
    wantFlags === 0 &&
    schedule === -2 &&
    f.experience == null &&
    minimumPay === null &&
    !lists3 &&
    index.countsByCell;
  const plain = viewOnly && location === null && unfiltered;
  // A search for a place alone with the map's pins: its page is read best first (below), and its
  // map from the counts of the grid cells wholly inside the circle.
  const plainPins = view !== null && !viewOnly && location !== null && unfiltered;
  const reportedCells =
    (plain || plainPins) && reported
      ? new Set([...reported].filter((s) => (flags[s]! & HAS_POSITION) !== 0).map((s) => gridRow(lat[s]!) * GRID_COLS + gridCol(lng[s]!)))
      : null;
  // The map over the grid: at the grid's zoom (9) or coarser, each grid cell lies in one of the
  // map's cells, so jobs are grouped a grid cell at a time; a grid cell wholly inside the view needs
  // no box check per job. Counted (plain), a grid cell wholly inside the view (and the circle, for a
  // place) adds the counts it keeps, split by the map's cells at a finer zoom.
  const mapOverGrid = (counted: boolean) => {
    const map = new MapCells(index, zoom);
    const shift = GRID_ZOOM - zoom;
    forCells(index, viewBox!, (cell, row, col) => {
      const south = row * GRID_DEGREES - 90;
      const west = col * GRID_DEGREES - 180;
      checkView = !(south >= viewBox!.south && south + GRID_DEGREES <= viewBox!.north && inLongitudes(viewBox!, west, west + GRID_DEGREES));
      if (
        counted &&
        !checkView &&
        !(reportedCells !== null && reportedCells.has(row * GRID_COLS + col)) &&
        (!hasLocation || cellInCircle(cLat, cLng, radius, south, west))
      ) {
        const counts = index.cellCounts(cell, nowUs);
        if (counts.count === 0 || (counts.latestPosted <= asOfUs && counts.earliestPosted >= since)) {
          if (shift >= 0) map.addCounts(row >> shift, col >> shift, counts);
          else map.addFine(index.fineCounts(cell, zoom, nowUs));
          return;
        }
      }
      const start = found;
      visitList(cell);
      if (shift >= 0) map.add(row >> shift, col >> shift, slots, start, found);
      else map.addEach(slots, start, found);
      found = start;
    });
    return map;
  };
  if (view && viewOnly && !(matched >= 0 && matched <= placeSize)) {
    const map = mapOverGrid(plain);
    for (let i = 0; i < touchedCount; i++) hits[touched[i]!] = 0;
    return { ids: [], found: map.total, cells: { zoom, cells: map.cells() } };
  }
  const readRemote = () => {
    // Remote jobs follow the nearby ones newest first (the distance sort, relevance without a
    // keyword), or mix with them newest first or best paid first (all at the same distance): read
    // in that order, they stop once the page is certain and the total passes the counting limit.
    // Relevance with a keyword reads them all; so does the map alone.
    const inPostedOrder = q.sort === 'newest' || q.sort === 'distance' || (q.sort === 'relevance' && termCount === 0);
    if ((inPostedOrder || q.sort === 'pay') && q.limit > 0) {
      remoteCut = true;
      index.orderRemote();
      const want = q.offset + q.limit;
      for (let i = index.remoteOrdered; i < index.remote.length; i++) consider(index.remote.items[i]!);
      const order = q.sort === 'pay' ? index.remoteByPay : index.remoteOrder;
      let taken = 0;
      for (let i = 0; i < order.length; i++) {
        const before = found;
        consider(order[i]!);
        if (found > before) taken++;
        if (taken >= want && found > TOTAL_COUNT_LIMIT) break;
      }
    } else visitList(index.remote);
  };
  // The page in an order a grid cell can bound (the nearest, the latest posting or the best pay any
  // of its jobs could have), with no map wanted: cells are read best first, and reading stops once
  // no cell left can hold a job of the page and the total has passed the counting limit.
  const bestFirst =
    circle !== null && placeBox === circle && (view === null || plainPins) && q.limit > 0
      ? q.sort === 'distance' || (q.sort === 'relevance' && termCount === 0)
        ? 'distance'
        : q.sort === 'newest'
          ? 'posted'
          : q.sort === 'pay'
            ? 'pay'
            : null
      : null;
  /**
   * Remote matches best score first (readKeyword): once the page's `want` of them are found, one
   * scoring less comes after all of them, so reading stops there, once the count has passed its
   * limit too. Nearby jobs are all read before, so the page and the total are the same as reading
   * every match.
   */
  const readRemoteByScore = ({ matches, hit }: { matches: RemoteMatches; hit: number }) => {
    const { slots: rs, scores } = matches;
    const order = byScore(matches);
    const want = q.offset + q.limit;
    let taken = 0;
    /** The rank of the want-th found. */
    let last = -Infinity;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      const s = rs[i]!;
      if (taken >= want && found > TOTAL_COUNT_LIMIT && Math.fround(scores[i]! / rankDivisor) < last) break;
      if (alive[s] === 0) continue;
      hits[s] = hit;
      score[s] = scores[i]!;
      touched[touchedCount++] = s;
      const before = found;
      consider(s);
      if (found > before && ++taken === want) last = Math.fround(scores[i]! / rankDivisor);
    }
  };
  const byTouched = matched >= 0 && matched <= placeSize;
  if (remoteByScore && !byTouched) {
    // The place's side is read instead: its remote jobs are told by their hits, as every match.
    readRemoteMatches(remoteByScore.matches, remoteByScore.hit);
    remoteByScore = null;
  }
  // ---- lifted jobs first ----
  // In an order that lifts, the lifted jobs (few: premium boosts) come before every other, each
  // group in the order itself. They are read first, from their own list, and every reading below
  // passes over them: a reading that stops once its page is certain counts only the others, whose
  // page is then at most as deep as without a lift. The total counts both.
  const liftFirst = q.lift && q.limit > 0 && index.lifted.length > 0;
  if (liftFirst) {
    if (remoteByScore) {
      // Remote matches not read yet (read best score first, below): the lifted ones among them are matches now.
      const { slots: rs, scores } = remoteByScore.matches;
      for (let i = 0; i < rs.length; i++) {
        const s = rs[i]!;
        if ((flags[s]! & LIFTED) === 0 || alive[s] === 0) continue;
        hits[s] = remoteByScore.hit;
        score[s] = scores[i]!;
        touched[touchedCount++] = s;
      }
    }
    const lifted = index.lifted;
    for (let i = 0; i < lifted.length; i++) consider(lifted.items[i]!);
    passOver = LIFTED;
  }
  if (byTouched) {
    if (skipRemote && q.limit > 0 && q.sort !== 'relevance') {
      // Many remote jobs hold the keyword: read from their own list in the page's order, as over
      // the grid, they stop once the page and the counting limit are certain.
      let remoteMatched = 0;
      for (let i = 0; i < touchedCount; i++) {
        const s = touched[i]!;
        if ((flags[s]! & REMOTE) === 0) consider(s);
        else if (hits[s] === termCount) remoteMatched++;
      }
      if (remoteMatched * 16 >= index.remote.length) readRemote();
      else for (let i = 0; i < touchedCount; i++) if ((flags[touched[i]!]! & REMOTE) !== 0) consider(touched[i]!);
    } else for (let i = 0; i < touchedCount; i++) consider(touched[i]!);
    if (remoteByScore) readRemoteByScore(remoteByScore);
  } else if (bestFirst) {
    const want = q.offset + q.limit;
    // Higher is better: the distance negated, the posting moment, the pay (none: last).
    const keyOf = (i: number) => {
      if (bestFirst === 'distance') return -dist[i]!;
      const s = slots[i]!;
      if (bestFirst === 'posted') return posted[s]!;
      const p = pay[s]!;
      return Number.isNaN(p) ? -Infinity : p;
    };
    // The best `want` keys found so far, the worst of them at the root.
    const heap = new Float64Array(want);
    let kept = 0;
    const keep = (from: number) => {
      for (let i = from; i < found; i++) {
        const k = keyOf(i);
        let at: number;
        if (kept < want) {
          at = kept++;
          while (at > 0) {
            const parent = (at - 1) >> 1;
            if (heap[parent]! <= k) break;
            heap[at] = heap[parent]!;
            at = parent;
          }
        } else if (k > heap[0]!) {
          at = 0;
          for (;;) {
            const l = 2 * at + 1;
            if (l >= want) break;
            const c = l + 1 < want && heap[l + 1]! < heap[l]! ? l + 1 : l;
            if (heap[c]! >= k) break;
            heap[at] = heap[c]!;
            at = c;
          }
        } else continue;
        heap[at] = k;
      }
    };
    // Remote jobs mixed in by posting or pay: the first `want` of their own order, read first, may
    // be on the page; the ones after them can't, and are only counted.
    let remoteAt = 0;
    const remoteOrder =
      skipRemote && bestFirst !== 'distance' ? (index.orderRemote(), bestFirst === 'pay' ? index.remoteByPay : index.remoteOrder) : null;
    if (remoteOrder) {
      const start = found;
      for (let i = index.remoteOrdered; i < index.remote.length; i++) consider(index.remote.items[i]!);
      for (let taken = 0; remoteAt < remoteOrder.length && taken < want;) {
        const before = found;
        consider(remoteOrder[remoteAt++]!);
        if (found > before) taken++;
      }
      keep(start);
    }
    const cells: GridCell[] = [];
    const bounds: number[] = [];
    forCells(index, circle!, (cell, row, col) => {
      cells.push(cell);
      bounds.push(
        bestFirst === 'distance'
          ? -milesToCell(cLat, cLng, row, col)
          : bestFirst === 'posted'
            ? Math.min(cell.maxPosted, asOfUs)
            : cell.maxPay,
      );
    });
    // Best first (bounds may be -Infinity: a cell without pay).
    const order = cells.map((_, i) => i).sort((a, b) => (bounds[a]! > bounds[b]! ? -1 : bounds[a]! < bounds[b]! ? 1 : 0));
    let stopped = false;
    for (const c of order) {
      // Strictly worse: a job as good as the page's last may still come before it (by posting or id).
      if (found > TOTAL_COUNT_LIMIT && kept === want && bounds[c]! < heap[0]!) {
        stopped = true;
        break;
      }
      const start = found;
      visitGrid(cells[c]!);
      keep(start);
    }
    if (!stopped && skipRemote) {
      if (!remoteOrder) readRemote();
      else while (remoteAt < remoteOrder.length && found <= TOTAL_COUNT_LIMIT) consider(remoteOrder[remoteAt++]!);
    }
  } else if (placeBox) {
    forCells(index, placeBox, visitGrid);
    if (skipRemote) readRemote();
  } else if (mode === 'only') visitList(index.remote);
  else for (let s = 0; s < index.size; s++) consider(s);
  // The map (below) reads lifted jobs as any other.
  passOver = 0;

  // ---- the page ----
  let ids: string[] = [];
  const want = q.offset + q.limit;
  if (q.limit > 0 && found > q.offset) {
    const rankBy = q.sort === 'relevance' && termCount > 0;
    const payBy = q.sort === 'pay';
    for (let i = 0; i < found; i++) {
      const s = slots[i]!;
      keyA[i] = rankBy ? (flatRank ? 0 : Math.fround(score[s]! / rankDivisor)) : payBy ? pay[s]! : 0;
    }
    const useDistance = q.sort !== 'newest' && location !== null;
    const usePosted = q.sort !== 'pay';
    const idw = index.ids;
    const before = (a: number, b: number): number => {
      if (liftFirst) {
        const la = flags[slots[a]!]! & LIFTED;
        const lb = flags[slots[b]!]! & LIFTED;
        if (la !== lb) return la !== 0 ? -1 : 1;
      }
      if (rankBy || payBy) {
        const x = keyA[a]!;
        const y = keyA[b]!;
        // Nulls last, and two nulls tie (desc nulls last).
        if (x !== y && !(Number.isNaN(x) && Number.isNaN(y))) {
          if (Number.isNaN(x)) return 1;
          if (Number.isNaN(y)) return -1;
          return x > y ? -1 : 1;
        }
      }
      if (useDistance) {
        const x = dist[a]!;
        const y = dist[b]!;
        if (x !== y) {
          const xn = Number.isNaN(x);
          const yn = Number.isNaN(y);
          if (!(xn && yn)) {
            if (xn) return 1;
            if (yn) return -1;
            return x < y ? -1 : 1;
          }
        }
      }
      const sa = slots[a]!;
      const sb = slots[b]!;
      if (usePosted && posted[sa] !== posted[sb]) return posted[sa]! > posted[sb]! ? -1 : 1;
      for (let k = 0; k < 4; k++) {
        const x = idw[sa * 4 + k]!;
        const y = idw[sb * 4 + k]!;
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    };
    const top = topOf(found, want, before);
    ids = top.slice(q.offset).map((i) => wordsUuid(idw, slots[i]! * 4));
  }

  // ---- the map ----
  let cells: IndexAnswer['cells'] = null;
  if (view && plainPins) {
    // The circle's jobs and the remote ones inside the view, as below, a grid cell at a time.
    const page = found;
    cells = { zoom, cells: mapOverGrid(true).cells() };
    found = page;
  } else if (view && remoteCut) {
    // The nearby jobs found, and the remote ones inside the view (a remote job's position puts it
    // in the grid), rather than every remote job.
    const total = found;
    let kept = 0;
    for (let i = 0; i < total; i++) if ((flags[slots[i]!]! & REMOTE) === 0) slots[kept++] = slots[i]!;
    found = kept;
    forCells(index, viewBox!, (cell) => {
      const items = cell.items;
      for (let i = 0, n = cell.length; i < n; i++) if ((flags[items[i]!]! & REMOTE) !== 0) consider(items[i]!);
    });
    cells = { zoom, cells: cellsOf(index, view, slots, found) };
    found = total;
  } else if (view) cells = { zoom, cells: cellsOf(index, view, slots, found) };

  for (let i = 0; i < touchedCount; i++) hits[touched[i]!] = 0;
  return { ids, found, cells };
}

/** The first `k` of `n` candidates in order (a bounded heap, then sorted). */
function topOf(n: number, k: number, before: (a: number, b: number) => number): number[] {
  if (k >= n) {
    const all = Array.from({ length: n }, (_, i) => i);
    return all.sort(before);
  }
  // A heap whose root is the last of the kept ones.
  const heap: number[] = [];
  const worse = (a: number, b: number) => before(a, b) > 0;
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(heap[i]!, heap[p]!)) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      up(heap.length - 1);
    } else if (before(i, heap[0]!) < 0) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort(before);
}

/** The found jobs inside the view grouped by the map's grid cell, as clustersOf groups them in SQL. */
function cellsOf(index: JobIndex, view: Viewport, slots: Uint32Array, found: number): IndexCell[] {
  const box = { north: view.north, south: view.south, west: view.west, east: view.east };
  const { flags, lat, lng } = index;
  const map = new MapCells(index, gridZoomFor(view));
  for (let i = 0; i < found; i++) {
    const s = slots[i]!;
    if ((flags[s]! & HAS_POSITION) !== 0 && inBox(box, lat[s]!, lng[s]!)) map.addEach(slots, i, i + 1);
  }
  return map.cells();
}
