import { cellSize } from '../../../src/lib/map-grid.ts';
import { parseTsvector } from './text.ts';

/**
 * The search index of one server process: the open jobs' search fields in typed arrays, one slot
 * per job version, with
 * - an inverted index from lexeme to the sorted slots holding it (and what each adds to the rank),
 * - a grid of cells (the map's at zoom 9, about 0.18°) holding the slots of the jobs with a position,
 *   and per cell the counts the map needs,
 * - the remote jobs' slots, and the lifted jobs' (a premium boost's search lift).
 * Once built, slots are numbered in grid order (a cell's jobs side by side in every array). A job
 * written again gets a new slot (appended, so every list stays sorted) and its old slot dies;
 * dead slots are skipped, and the index is rebuilt (and numbered again) once they are many. The database stays the
 * source of truth: the index only chooses ids, the rows are read by primary key.
 */

/** The grid is the map's at zoom 9 (cellSize(9), about 0.18°): a map cell of zoom 9 or less is whole grid cells. */
export const GRID_ZOOM = 9;
export const GRID_DEGREES = 90 / 2 ** GRID_ZOOM;
export const GRID_ROWS = Math.round(180 / GRID_DEGREES);
export const GRID_COLS = Math.round(360 / GRID_DEGREES);

export const gridRow = (lat: number) => Math.min(GRID_ROWS - 1, Math.max(0, Math.floor((lat + 90) / GRID_DEGREES)));
export const gridCol = (lng: number) =>
  Math.min(GRID_COLS - 1, Math.max(0, Math.floor(((lng >= 180 ? lng - 360 : lng) + 180) / GRID_DEGREES)));

/** Flags of a slot. */
export const REMOTE = 1;
export const HAS_POSITION = 2;
export const OPEN_TO_MINORS = 4;
/** The job's boost shows it in the featured strip (its `featuredStrip` placement). */
export const BOOSTED = 8;
/** The job's boost lifts it first in search (its `searchLift` placement, the premium tier). */
export const LIFTED = 16;

/** The array, or a copy at least twice as long holding `size`. */
function doubled<T extends Float32Array | Uint32Array | Uint16Array>(a: T, size: number): T {
  let n = Math.max(1, a.length * 2);
  while (n < size) n *= 2;
  const next = new (a.constructor as new (n: number) => T)(n);
  next.set(a);
  return next;
}

/** A growable list of slots (ascending, as slots are appended in order). */
export class SlotList {
  items: Uint32Array;
  length = 0;
  constructor(capacity = 8) {
    this.items = new Uint32Array(capacity);
  }
  push(slot: number) {
    if (this.length === this.items.length) {
      const next = new Uint32Array(this.items.length * 2);
      next.set(this.items);
      this.items = next;
    }
    this.items[this.length++] = slot;
  }
}

/** In a posting's stream of positions: the first position of an entry carries this bit. */
export const ENTRY_START = 0x8000;
/** An entry without positions (a lexeme of a tsvector written without them). */
export const NO_POSITIONS = 0xffff;
/** Entries per block: where every 32nd entry starts in the stream is kept. */
const BLOCK = 5;

/**
 * The slots holding a lexeme (ascending), what the lexeme adds to each one's rank, and where it
 * stands in each (for phrases). The positions are one stream of 16-bit values, the entries' one
 * after the other, ascending within an entry (PostgreSQL keeps them under 16384): an entry's first
 * carries ENTRY_START, and `blocks` says where every 32nd entry starts; about 2 bytes a position.
 * Every per-entry array lives here, so `remap` alone carries them all along when slots are renumbered.
 */
export class Postings extends SlotList {
  ranks: Float32Array;
  positions: Uint16Array;
  /** Values of `positions` used. */
  used = 0;
  blocks: Uint32Array;
  constructor(capacity = 4) {
    super(capacity);
    this.ranks = new Float32Array(capacity);
    this.positions = new Uint16Array(capacity);
    this.blocks = new Uint32Array(1);
  }
  add(slot: number, rank: number, positions: readonly number[]) {
    const i = this.length;
    if (i === this.ranks.length) this.ranks = doubled(this.ranks, i + 1);
    this.ranks[i] = rank;
    if ((i & ((1 << BLOCK) - 1)) === 0) {
      if (i >> BLOCK >= this.blocks.length) this.blocks = doubled(this.blocks, (i >> BLOCK) + 1);
      this.blocks[i >> BLOCK] = this.used;
    }
    const n = Math.max(1, positions.length);
    if (this.used + n > this.positions.length) this.positions = doubled(this.positions, this.used + n);
    if (positions.length === 0) this.positions[this.used++] = NO_POSITIONS;
    else {
      this.positions[this.used++] = positions[0]! | ENTRY_START;
      for (let j = 1; j < positions.length; j++) this.positions[this.used++] = positions[j]!;
    }
    this.push(slot);
  }
  /** Where entry i starts in `positions`. */
  start(i: number): number {
    const pos = this.positions;
    let j = this.blocks[i >> BLOCK]!;
    for (let skip = i & ((1 << BLOCK) - 1); skip > 0; skip--) {
      j++;
      while ((pos[j]! & ENTRY_START) === 0 && j < this.used) j++;
    }
    return j;
  }
  /** Where the entry starting at `from` ends. */
  end(from: number): number {
    const pos = this.positions;
    let j = from + 1;
    while (j < this.used && (pos[j]! & ENTRY_START) === 0) j++;
    return j;
  }
  /** The entry of a slot, or -1. */
  indexOf(slot: number): number {
    const lo = lowerBound(this.items, slot, 0, this.length);
    return lo < this.length && this.items[lo] === slot ? lo : -1;
  }
  /**
   * Renumbers the slots (`newSlotOf[old]`; DEAD_SLOT, or past the map: left out), sorted again by
   * slot. Every per-entry array (ranks, positions and their blocks) is carried along here, and comes
   * out just as long as needed.
   */
  remap(newSlotOf: Uint32Array) {
    const n = this.length;
    const { items, ranks, positions } = this;
    const starts = new Uint32Array(n + 1);
    for (let i = 0, j = 0; i < n; i++) {
      starts[i] = j;
      j = this.end(j);
    }
    starts[n] = this.used;
    const slots = new Uint32Array(Math.max(1, n));
    const from = new Uint32Array(Math.max(1, n));
    let m = 0;
    for (let i = 0; i < n; i++) {
      const to = newSlotOf[items[i]!];
      if (to === undefined || to === DEAD_SLOT) continue;
      slots[m] = to;
      from[m++] = i;
    }
    sortByKey(slots, from, m);
    let total = 0;
    for (let k = 0; k < m; k++) total += starts[from[k]! + 1]! - starts[from[k]!]!;
    const nextRanks = new Float32Array(Math.max(1, m));
    const nextPositions = new Uint16Array(Math.max(1, total));
    const nextBlocks = new Uint32Array(Math.max(1, Math.ceil(m / (1 << BLOCK))));
    let used = 0;
    for (let k = 0; k < m; k++) {
      const i = from[k]!;
      nextRanks[k] = ranks[i]!;
      if ((k & ((1 << BLOCK) - 1)) === 0) nextBlocks[k >> BLOCK] = used;
      nextPositions.set(positions.subarray(starts[i]!, starts[i + 1]!), used);
      used += starts[i + 1]! - starts[i]!;
    }
    this.items = m === slots.length ? slots : slots.slice(0, Math.max(1, m));
    this.ranks = nextRanks;
    this.positions = nextPositions;
    this.blocks = nextBlocks;
    this.used = used;
    this.length = m;
  }
}

/** Sorts the first `n` keys ascending, carrying `values` along (a radix sort: lists of a million slots sort in milliseconds). */
export function sortByKey(keys: Uint32Array, values: Uint32Array, n: number) {
  let sorted = true;
  let max = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && keys[i]! < keys[i - 1]!) sorted = false;
    if (keys[i]! > max) max = keys[i]!;
  }
  if (sorted) return;
  if (n < 64) {
    for (let i = 1; i < n; i++) {
      const k = keys[i]!;
      const v = values[i]!;
      let j = i - 1;
      for (; j >= 0 && keys[j]! > k; j--) {
        keys[j + 1] = keys[j]!;
        values[j + 1] = values[j]!;
      }
      keys[j + 1] = k;
      values[j + 1] = v;
    }
    return;
  }
  const BITS = 11;
  const counts = new Uint32Array(1 << BITS);
  let ka: Uint32Array = keys;
  let va: Uint32Array = values;
  let kb: Uint32Array = new Uint32Array(n);
  let vb: Uint32Array = new Uint32Array(n);
  for (let shift = 0; shift === 0 || max >>> shift > 0; shift += BITS) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(ka[i]! >>> shift) & ((1 << BITS) - 1)]!++;
    let sum = 0;
    for (let b = 0; b < counts.length; b++) {
      const c = counts[b]!;
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const at = counts[(ka[i]! >>> shift) & ((1 << BITS) - 1)]!++;
      kb[at] = ka[i]!;
      vb[at] = va[i]!;
    }
    [ka, kb] = [kb, ka];
    [va, vb] = [vb, va];
    if (shift + BITS >= 32) break;
  }
  if (ka !== keys) {
    keys.set(ka.subarray(0, n));
    values.set(va.subarray(0, n));
  }
}

/** A slot left out when slots are numbered afresh. */
export const DEAD_SLOT = 0xffffffff;

/**
 * A grid cell: its slots, and what the map needs of them kept ahead of time (the jobs counted, the
 * sums of their positions, the smallest id), so a view without keyword or filters reads one entry
 * per cell instead of each job. The counts hold the live jobs of visible companies whose last day
 * is after `asOf`; they are right for a moment `now` while `asOf <= now < expiry` (the earliest last
 * day counted), no job of the cell has left and no company's visibility has changed since.
 */
export class GridCell extends SlotList {
  count = 0;
  sumLat = 0;
  sumLng = 0;
  /** The counted job with the smallest id (-1: none). */
  first = -1;
  asOf = Infinity;
  expiry = -Infinity;
  /** The posting moments counted, first and last (a page's moment or a first day leaves some out). */
  earliestPosted = Infinity;
  latestPosted = -Infinity;
  /** The index's `visibility` when counted; -1: to be counted again. */
  visibility = -1;
  /** The same counts split by the map's cells of a finer zoom (by zoom), while the counts stand. */
  fine: FineCounts[] | null = null;
  /**
   * The latest posting and the best pay of the cell's slots, dead ones included (never lower than
   * any live job's): a search in posting or pay order reads the cells best first and stops early.
   */
  maxPosted = -Infinity;
  maxPay = -Infinity;
  /** Widens the bounds to a job posted at `posted` paying `pay` (NaN: no pay). */
  bound(posted: number, pay: number) {
    if (posted > this.maxPosted) this.maxPosted = posted;
    if (pay > this.maxPay) this.maxPay = pay;
  }
}

/** A grid cell's counts split by the map's cells of a zoom finer than the grid's: per map cell (key, row * columns + column). */
export interface FineCounts {
  keys: number[];
  counts: number[];
  sumLat: number[];
  sumLng: number[];
  /** The counted job with the smallest id. */
  first: number[];
}

/** The map's cell holding a position at a zoom, as row * columns + column (src/lib/map-grid.ts). */
export function mapCellKey(lat: number, lng: number, size: number, rows: number, cols: number): number {
  const row = Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / size)));
  const col = Math.min(cols - 1, Math.max(0, Math.floor(((lng >= 180 ? lng - 360 : lng) + 180) / size)));
  return row * cols + col;
}

/** A job as the index reads it from the database. */
export interface IndexedJob {
  id: string;
  companyId: string;
  isRemote: boolean;
  latitude: number | null;
  longitude: number | null;
  /** Microseconds since 1970, as PostgreSQL keeps them. */
  postedUs: number;
  validUs: number;
  /** Top pay over a year; null without a pay period. */
  yearlyPay: number | null;
  minExperience: number;
  workSchedule: number | null;
  openToMinors: boolean;
  /** Where its boost shows it (boostPlacements of the contract; none when not boosted). */
  boostPlacements: readonly string[];
  jobTypeIds: readonly number[];
  scheduleIds: readonly number[];
  skillIds: readonly number[];
  /** search_document as text. */
  document: string | null;
}

function grow<T extends Float64Array | Float32Array | Uint32Array | Int32Array | Uint8Array | Uint16Array | Int16Array>(
  a: T,
  size: number,
): T {
  if (a.length >= size) return a;
  let n = Math.max(16, a.length);
  while (n < size) n *= 2;
  const next = new (a.constructor as new (n: number) => T)(n);
  next.set(a);
  return next;
}

/** A uuid as four 32-bit words, so ids compare (as PostgreSQL compares uuids) without strings. */
export function uuidWords(id: string, into: Uint32Array, at: number) {
  const hex = id.replace(/-/g, '');
  for (let k = 0; k < 4; k++) into[at + k] = parseInt(hex.slice(k * 8, k * 8 + 8), 16) >>> 0;
}

export function wordsUuid(from: Uint32Array, at: number): string {
  let hex = '';
  for (let k = 0; k < 4; k++) hex += from[at + k]!.toString(16).padStart(8, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The first place in `a[lo..hi)`, ascending, whose value is `value` or more (hi when none is). */
export function lowerBound<T extends number | string>(a: ArrayLike<T>, value: T, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const idBefore = (ids: Uint32Array, a: number, b: number) => {
  for (let k = 0; k < 4; k++) {
    const x = ids[a * 4 + k]!;
    const y = ids[b * 4 + k]!;
    if (x !== y) return x < y;
  }
  return false;
};

export class JobIndex {
  /** Slots used (dead ones included). */
  size = 0;
  live = 0;
  alive = new Uint8Array(0);
  flags = new Uint8Array(0);
  lat = new Float64Array(0);
  lng = new Float64Array(0);
  posted = new Float64Array(0);
  valid = new Float64Array(0);
  /** NaN: no pay period. */
  pay = new Float64Array(0);
  minExperience = new Int16Array(0);
  /** -1: none. */
  workSchedule = new Int16Array(0);
  company = new Uint32Array(0);
  ids = new Uint32Array(0);
  /** Where a slot's job types, schedules and skills start in `lists`, and how many of each. */
  listStart = new Uint32Array(0);
  typeCount = new Uint8Array(0);
  scheduleCount = new Uint8Array(0);
  skillCount = new Uint8Array(0);
  lists = new Int32Array(1024);
  listsUsed = 0;

  slotOf = new Map<string, number>();
  companyIndex = new Map<string, number>();
  /** 1 when the company may be shown (active, not blacklisted). */
  companyVisible = new Uint8Array(16);

  postings = new Map<string, Postings>();
  /** The lexemes in order, for words typed in part (`forkl`); rebuilt after new lexemes. */
  private sorted: string[] | null = null;
  grid = new Map<number, GridCell>();
  /** The map without keyword or filters reads the cells' counts (off: each job, to compare). */
  countsByCell = true;
  /** Changes whenever a company is shown or hidden: every cell's counts are then counted again. */
  visibility = 0;
  remote = new SlotList(1024);
  /** The slots of lifted jobs (LIFTED; dead ones included): few, read before the others by orders that lift. */
  lifted = new SlotList(16);
  /** Slots below this are in grid order (a cell's, side by side); the ones after were appended since. */
  gridOrdered = 0;
  /** Counts the times slots were numbered afresh: what was kept by slot before is void. */
  numbering = 0;

  private ensure(size: number) {
    if (this.alive.length >= size) return;
    let cap = Math.max(1024, this.alive.length);
    while (cap < size) cap *= 2;
    this.alive = grow(this.alive, cap);
    this.flags = grow(this.flags, cap);
    this.lat = grow(this.lat, cap);
    this.lng = grow(this.lng, cap);
    this.posted = grow(this.posted, cap);
    this.valid = grow(this.valid, cap);
    this.pay = grow(this.pay, cap);
    this.minExperience = grow(this.minExperience, cap);
    this.workSchedule = grow(this.workSchedule, cap);
    this.company = grow(this.company, cap);
    this.ids = grow(this.ids, cap * 4);
    this.listStart = grow(this.listStart, cap);
    this.typeCount = grow(this.typeCount, cap);
    this.scheduleCount = grow(this.scheduleCount, cap);
    this.skillCount = grow(this.skillCount, cap);
  }

  setCompany(id: string, visible: boolean): number {
    let c = this.companyIndex.get(id);
    if (c === undefined) {
      c = this.companyIndex.size;
      this.companyIndex.set(id, c);
      this.companyVisible = grow(this.companyVisible, c + 1);
    } else if (this.companyVisible[c] !== (visible ? 1 : 0)) this.visibility++;
    this.companyVisible[c] = visible ? 1 : 0;
    return c;
  }

  /** The job is no longer found (closed, deleted, or about to be written again). */
  remove(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.live--;
    if ((this.flags[slot]! & HAS_POSITION) !== 0) {
      const cell = this.grid.get(gridRow(this.lat[slot]!) * GRID_COLS + gridCol(this.lng[slot]!));
      if (cell) cell.visibility = -1;
    }
  }

  /** Adds (or replaces) an open job. */
  put(job: IndexedJob) {
    this.remove(job.id);
    const s = this.size++;
    this.ensure(this.size);
    this.alive[s] = 1;
    this.live++;
    this.slotOf.set(job.id, s);
    uuidWords(job.id, this.ids, s * 4);
    const hasPosition = job.latitude !== null && job.longitude !== null;
    const lifted = job.boostPlacements.includes('searchLift');
    if (lifted) this.lifted.push(s);
    this.flags[s] =
      (job.isRemote ? REMOTE : 0) |
      (hasPosition ? HAS_POSITION : 0) |
      (job.openToMinors ? OPEN_TO_MINORS : 0) |
      (job.boostPlacements.includes('featuredStrip') ? BOOSTED : 0) |
      (lifted ? LIFTED : 0);
    this.lat[s] = job.latitude ?? NaN;
    this.lng[s] = job.longitude ?? NaN;
    this.posted[s] = job.postedUs;
    this.valid[s] = job.validUs;
    this.pay[s] = job.yearlyPay ?? NaN;
    this.minExperience[s] = job.minExperience;
    this.workSchedule[s] = job.workSchedule ?? -1;
    let c = this.companyIndex.get(job.companyId);
    if (c === undefined) c = this.setCompany(job.companyId, true);
    this.company[s] = c;
    const n = job.jobTypeIds.length + job.scheduleIds.length + job.skillIds.length;
    this.lists = grow(this.lists, this.listsUsed + n);
    this.listStart[s] = this.listsUsed;
    for (const v of job.jobTypeIds) this.lists[this.listsUsed++] = v;
    for (const v of job.scheduleIds) this.lists[this.listsUsed++] = v;
    for (const v of job.skillIds) this.lists[this.listsUsed++] = v;
    this.typeCount[s] = job.jobTypeIds.length;
    this.scheduleCount[s] = job.scheduleIds.length;
    this.skillCount[s] = job.skillIds.length;
    if (hasPosition) {
      const key = gridRow(job.latitude!) * GRID_COLS + gridCol(job.longitude!);
      let cell = this.grid.get(key);
      if (!cell) this.grid.set(key, (cell = new GridCell(4)));
      cell.push(s);
      cell.fine = null;
      cell.bound(job.postedUs, this.pay[s]!);
      // Appended last, the job adds to the counts as a fresh count would.
      if (cell.visibility !== -1 && this.companyVisible[c] === 1 && job.validUs > cell.asOf) {
        cell.count++;
        cell.sumLat += job.latitude!;
        cell.sumLng += job.longitude!;
        if (job.validUs < cell.expiry) cell.expiry = job.validUs;
        if (job.postedUs > cell.latestPosted) cell.latestPosted = job.postedUs;
        if (job.postedUs < cell.earliestPosted) cell.earliestPosted = job.postedUs;
        if (cell.first < 0 || idBefore(this.ids, s, cell.first)) cell.first = s;
      }
    }
    if (job.isRemote) this.remote.push(s);
    for (const { lexeme, rank, positions } of parseTsvector(job.document)) {
      let p = this.postings.get(lexeme);
      if (!p) {
        this.postings.set(lexeme, (p = new Postings()));
        this.sorted = null;
      }
      p.add(s, rank, positions);
    }
  }

  /**
   * The remote jobs newest first (ties by id), and by pay, as of `remoteOrdered` entries of `remote`; the ones
   * added since are few and read in full. Sorted again once they are many.
   */
  remoteOrder = new Uint32Array(0);
  /** The same, best paid first (no pay last), ties by id. */
  remoteByPay = new Uint32Array(0);
  remoteOrdered = 0;

  orderRemote() {
    if (this.remoteOrder.length > 0 && this.remote.length - this.remoteOrdered <= 2000) return;
    const order: number[] = [];
    for (let i = 0; i < this.remote.length; i++) {
      const s = this.remote.items[i]!;
      if (this.alive[s] === 1) order.push(s);
    }
    const { posted, ids } = this;
    order.sort((a, b) => {
      if (posted[a] !== posted[b]) return posted[a]! > posted[b]! ? -1 : 1;
      for (let k = 0; k < 4; k++) if (ids[a * 4 + k] !== ids[b * 4 + k]) return ids[a * 4 + k]! < ids[b * 4 + k]! ? -1 : 1;
      return 0;
    });
    this.remoteOrder = Uint32Array.from(order);
    const { pay } = this;
    order.sort((a, b) => {
      const x = pay[a]!;
      const y = pay[b]!;
      if (x !== y && !(Number.isNaN(x) && Number.isNaN(y))) return Number.isNaN(x) ? 1 : Number.isNaN(y) ? -1 : x > y ? -1 : 1;
      for (let k = 0; k < 4; k++) if (ids[a * 4 + k] !== ids[b * 4 + k]) return ids[a * 4 + k]! < ids[b * 4 + k]! ? -1 : 1;
      return 0;
    });
    this.remoteByPay = Uint32Array.from(order);
    this.remoteOrdered = this.remote.length;
  }

  /** Every lexeme that starts with `prefix`. */
  lexemesStartingWith(prefix: string): string[] {
    if (!this.sorted) this.sorted = [...this.postings.keys()].sort();
    const all = this.sorted;
    const lo = lowerBound(all, prefix, 0, all.length);
    const out: string[] = [];
    for (let i = lo; i < all.length && all[i]!.startsWith(prefix); i++) out.push(all[i]!);
    return out;
  }

  /**
   * The cell's counts, right for the moment `nowUs`: counted again (each job, in slot order, as the
   * map's reading of each job sums them) when a job left, a company's visibility changed, or a
   * counted job's last day has passed.
   */
  cellCounts(cell: GridCell, nowUs: number): GridCell {
    if (cell.visibility === this.visibility && cell.asOf <= nowUs && nowUs < cell.expiry) return cell;
    const { alive, valid, posted, company, companyVisible, lat, lng, ids } = this;
    let count = 0;
    let la = 0;
    let lo = 0;
    let first = -1;
    let expiry = Infinity;
    let latest = -Infinity;
    let earliest = Infinity;
    const items = cell.items;
    for (let i = 0, n = cell.length; i < n; i++) {
      const s = items[i]!;
      if (alive[s] === 0 || !(valid[s]! > nowUs) || companyVisible[company[s]!] === 0) continue;
      count++;
      la += lat[s]!;
      lo += lng[s]!;
      if (valid[s]! < expiry) expiry = valid[s]!;
      if (posted[s]! > latest) latest = posted[s]!;
      if (posted[s]! < earliest) earliest = posted[s]!;
      if (first < 0 || idBefore(ids, s, first)) first = s;
    }
    cell.count = count;
    cell.sumLat = la;
    cell.sumLng = lo;
    cell.first = first;
    cell.expiry = expiry;
    cell.latestPosted = latest;
    cell.earliestPosted = earliest;
    cell.asOf = nowUs;
    cell.visibility = this.visibility;
    cell.fine = null;
    return cell;
  }

  /**
   * The cell's counts (as `cellCounts` gives them for `nowUs`) split by the map's cells at `zoom`,
   * finer than the grid's: summed in slot order, as reading each job sums them. Kept with the
   * counts, and counted again with them.
   */
  fineCounts(cell: GridCell, zoom: number, nowUs: number): FineCounts {
    this.cellCounts(cell, nowUs);
    const kept = cell.fine?.[zoom];
    if (kept) return kept;
    const { alive, valid, company, companyVisible, lat, lng, ids } = this;
    const size = cellSize(zoom);
    const rows = Math.round(180 / size);
    const cols = Math.round(360 / size);
    const fine: FineCounts = { keys: [], counts: [], sumLat: [], sumLng: [], first: [] };
    const at = new Map<number, number>();
    const items = cell.items;
    for (let i = 0, n = cell.length; i < n; i++) {
      const s = items[i]!;
      if (alive[s] === 0 || !(valid[s]! > nowUs) || companyVisible[company[s]!] === 0) continue;
      const key = mapCellKey(lat[s]!, lng[s]!, size, rows, cols);
      let c = at.get(key);
      if (c === undefined) {
        at.set(key, (c = fine.keys.length));
        fine.keys.push(key);
        fine.counts.push(0);
        fine.sumLat.push(0);
        fine.sumLng.push(0);
        fine.first.push(s);
      }
      fine.counts[c]!++;
      fine.sumLat[c]! += lat[s]!;
      fine.sumLng[c]! += lng[s]!;
      if (idBefore(ids, s, fine.first[c]!)) fine.first[c] = s;
    }
    (cell.fine ??= [])[zoom] = fine;
    return fine;
  }

  /**
   * Numbers the slots afresh in grid order (by grid cell, row by row, then as before; the jobs
   * without a position last), dropping dead slots: the jobs of a cell then lie side by side in
   * every array, and a search reads memory in order instead of missing the caches at every job.
   */
  renumberInGridOrder() {
    for (const _ of this.renumbering(this.gridOrder()));
  }

  /** The live slots in grid order: `order[k]` is the old slot to become slot k. */
  gridOrder(): Uint32Array {
    const keys = new Uint32Array(this.live);
    const order = new Uint32Array(this.live);
    let n = 0;
    const noPosition = GRID_ROWS * GRID_COLS;
    for (let s = 0; s < this.size; s++) {
      if (this.alive[s] === 0) continue;
      keys[n] = (this.flags[s]! & HAS_POSITION) !== 0 ? gridRow(this.lat[s]!) * GRID_COLS + gridCol(this.lng[s]!) : noPosition;
      order[n++] = s;
    }
    // Stable: a cell's slots keep their order.
    sortByKey(keys, order, n);
    return order.subarray(0, n);
  }

  renumber(order: Uint32Array) {
    for (const _ of this.renumbering(order));
  }

  /**
   * Numbers the slots afresh: `order[k]` is the old slot of the new slot k; slots not in it are
   * dropped. A step at a time (each lexeme's postings one), for the build to give the event loop
   * back between them; the index is unusable until the last step.
   */
  *renumbering(order: Uint32Array): Generator<void> {
    const oldSize = this.size;
    const n = order.length;
    this.numbering++;
    const newSlotOf = new Uint32Array(oldSize).fill(DEAD_SLOT);
    for (let k = 0; k < n; k++) newSlotOf[order[k]!] = k;
    const permute = <T extends Float64Array | Uint32Array | Uint8Array | Int16Array>(a: T): T => {
      const next = new (a.constructor as new (n: number) => T)(Math.max(1024, n));
      for (let k = 0; k < n; k++) next[k] = a[order[k]!]!;
      return next;
    };
    this.alive = permute(this.alive);
    this.flags = permute(this.flags);
    this.lat = permute(this.lat);
    this.lng = permute(this.lng);
    this.posted = permute(this.posted);
    this.valid = permute(this.valid);
    this.pay = permute(this.pay);
    this.minExperience = permute(this.minExperience);
    this.workSchedule = permute(this.workSchedule);
    this.company = permute(this.company);
    this.typeCount = permute(this.typeCount);
    this.scheduleCount = permute(this.scheduleCount);
    this.skillCount = permute(this.skillCount);
    const ids = new Uint32Array(Math.max(1024, n) * 4);
    const lists = new Int32Array(Math.max(1024, this.listsUsed));
    const listStart = new Uint32Array(Math.max(1024, n));
    let used = 0;
    for (let k = 0; k < n; k++) {
      const s = order[k]!;
      for (let w = 0; w < 4; w++) ids[k * 4 + w] = this.ids[s * 4 + w]!;
      const start = this.listStart[s]!;
      const len = this.typeCount[k]! + this.scheduleCount[k]! + this.skillCount[k]!;
      listStart[k] = used;
      for (let i = 0; i < len; i++) lists[used++] = this.lists[start + i]!;
    }
    this.ids = ids;
    this.lists = lists;
    this.listStart = listStart;
    this.listsUsed = used;
    yield;
    for (const [id, s] of this.slotOf) this.slotOf.set(id, newSlotOf[s]!);
    const remapList = <L extends SlotList>(l: L) => {
      let m = 0;
      for (let i = 0; i < l.length; i++) {
        const ns = newSlotOf[l.items[i]!]!;
        if (ns !== DEAD_SLOT) l.items[m++] = ns;
      }
      l.length = m;
      l.items.subarray(0, m).sort();
    };
    for (const [key, cell] of this.grid) {
      remapList(cell);
      cell.visibility = -1;
      if (cell.length === 0) this.grid.delete(key);
      cell.maxPosted = -Infinity;
      cell.maxPay = -Infinity;
      for (let i = 0; i < cell.length; i++) cell.bound(this.posted[cell.items[i]!]!, this.pay[cell.items[i]!]!);
    }
    remapList(this.remote);
    remapList(this.lifted);
    yield;
    for (const p of this.postings.values()) {
      p.remap(newSlotOf);
      yield;
    }
    this.size = n;
    this.gridOrdered = n;
    let live = 0;
    for (let k = 0; k < n; k++) live += this.alive[k]!;
    this.live = live;
    this.remoteOrder = new Uint32Array(0);
    this.remoteOrdered = 0;
    this.orderRemote();
  }

  /** Dead slots are many: time to build afresh. */
  get wasteful(): boolean {
    return this.size > 10_000 && this.live < this.size * 0.6;
  }
}
