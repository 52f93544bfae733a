import { and, eq, gt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { uuidIn } from '../../db/sql.ts';
import { companies, jobPosts, searchChanges, yearlyTopPayOf } from '../../db/schema.ts';
import { listViewColumns, type ListViewRow } from '../../posting/index.ts';
import { ListRows, MAX_JOBS } from './rows.ts';
import { KeptSeekers } from './seekers.ts';
import { JobIndex, type IndexedJob } from './store.ts';

/**
 * Keeping each process's search index in step with the database, the source of truth.
 * - Built when first asked for, in batches that give the event loop back between them; SQL search
 *   answers until it is ready.
 * - Fresh on every search: triggers note every written job and company in `search_changes`
 *   (whatever wrote it: the posting code, expiry, the seed, an administrator), and before
 *   answering, the index re-reads the rows noted since it last looked (one small query, shared by
 *   the searches waiting at the same moment). A search therefore sees every write committed before
 *   it started, in every process. On PGlite, whose one process makes every write, the notes'
 *   trigger notifies it at commit, and the look is skipped while nothing was noted.
 * - The same notes forget the list-view rows kept of the jobs and companies written (rows.ts), and
 *   the records kept of the searching seekers whose records changed (seekers.ts; noted by the
 *   triggers of migration 0015). On PGlite, the rows of every open job are kept (read after the
 *   build, and again as notes come): a search there runs no statement at all.
 * - Every minute, a safety pass: the changes of the last five minutes are read again (a writer
 *   that committed late under a lower number), the companies' visibility is re-read, notes older
 *   than an hour are dropped, and the index is built afresh once most of its slots are dead.
 * - A job past its last day is left out at query time (its last day is in the index), so expiry
 *   needs no write at all.
 * SEARCH_INDEX=0 turns the index off: every search runs in SQL.
 */

const BATCH = 1000;
/** A batch's work is cut short to give the event loop back after this long. */
const SLICE_MS = 8;
const SAFETY_EVERY_MS = 60_000;

const indexColumns = {
  id: jobPosts.id,
  companyId: jobPosts.companyId,
  isRemote: jobPosts.isRemote,
  latitude: jobPosts.latitude,
  longitude: jobPosts.longitude,
  postedUs: sql<number>`(extract(epoch from ${jobPosts.postedAt}) * 1000000)::float8`,
  validUs: sql<number>`(extract(epoch from ${jobPosts.validThrough}) * 1000000)::float8`,
  yearlyPay: sql<number | null>`${yearlyTopPayOf(jobPosts)}::float8`,
  minExperience: sql<number>`coalesce(${jobPosts.minExperience}, 0)`,
  workSchedule: jobPosts.workSchedule,
  openToMinors: jobPosts.openToMinors,
  boostPlacements: jobPosts.boostPlacements,
  jobTypeIds: jobPosts.jobTypeIds,
  scheduleIds: jobPosts.scheduleIds,
  skillIds: jobPosts.skillIds,
  document: sql<string | null>`${jobPosts.searchDocument}::text`,
};

const open = sql`${jobPosts.status} = 'Active'`;

function jobOf(r: Record<string, unknown>): IndexedJob {
  return {
    id: r.id as string,
    companyId: r.companyId as string,
    isRemote: r.isRemote as boolean,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    postedUs: Number(r.postedUs),
    validUs: Number(r.validUs),
    yearlyPay: r.yearlyPay === null || r.yearlyPay === undefined ? null : Number(r.yearlyPay),
    minExperience: Number(r.minExperience),
    workSchedule: r.workSchedule === null ? null : Number(r.workSchedule),
    openToMinors: r.openToMinors as boolean,
    boostPlacements: (r.boostPlacements as string[] | null) ?? [],
    jobTypeIds: (r.jobTypeIds as number[] | null) ?? [],
    scheduleIds: (r.scheduleIds as number[] | null) ?? [],
    skillIds: (r.skillIds as number[] | null) ?? [],
    document: (r.document as string | null) ?? null,
  };
}

/** The channel of the notes' trigger (migration 0013). */
const NOTE_CHANNEL = 'search_changes';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The list-view rows (with their company's names) of the jobs `where` picks. */
const listViewRowsWhere = (db: Db, where: SQL | undefined) =>
  db.select(listViewColumns).from(jobPosts).innerJoin(companies, eq(companies.id, jobPosts.companyId)).where(where);

const visibleCompany = sql<boolean>`(${companies.active} and not ${companies.blacklisted})`;

export class SearchIndexSync {
  index: JobIndex | null = null;
  /** The list-view rows of found jobs, forgotten by the same notes that refresh the index. */
  readonly rows = new ListRows();
  /** The searching seekers' records, forgotten by the notes too; kept once the index is ready. */
  readonly seekers = new KeptSeekers();
  /** PGlite: the rows of every open job are kept; `keeping` reads them once. */
  private keepsEveryRow = false;
  private keeping: Promise<void> | null = null;
  /** The last change note applied. */
  private seq = 0;
  private building: Promise<void> | null = null;
  private current: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Re-reads run one after another, so an older read of a row never lands after a newer one. */
  private lock: Promise<unknown> = Promise.resolve();
  private failures = 0;
  /**
   * PGlite: every write goes through this process, and the notes' trigger tells it of each note
   * at its commit, before the writer hears of it. While no note came since the last look began,
   * a search needs no look. Off (always look) on PostgreSQL, whose other processes write too.
   */
  private watching: 'no' | 'starting' | 'yes' = 'no';
  private noted = true;
  /** How long the last build took, in ms. */
  buildMs = 0;
  /** Searches the index answered (the others ran in SQL). */
  answered = 0;

  constructor(private readonly db: Db) {}

  /** Builds the index (once); resolves when it is ready, or when the build failed (the index stays off). */
  start(): Promise<void> {
    if (!this.building) {
      this.building = this.build()
        .then(async ({ index, seq }) => {
          this.index = index;
          this.seq = seq;
          this.noted = true;
          // Every search reads the notes before the records, from the build's first note on.
          this.seekers.begin();
          this.timer = setInterval(() => void this.safety(), SAFETY_EVERY_MS);
          this.timer.unref();
          await this.keepEveryRow();
        })
        .catch(() => {
          // The database could not be read: SQL answers, and the next search tries again.
          this.index = null;
          this.building = null;
        });
    }
    return this.building;
  }

  /** On PGlite, listens for committed notes (see `noted`) and keeps the rows of every open job; nothing on PostgreSQL. */
  watch(database: Database): void {
    if (this.watching !== 'no' || database.kind !== 'pglite') return;
    this.watching = 'starting';
    this.keepsEveryRow = true;
    // Built before: the rows are read now (otherwise once the build is ready).
    void this.keepEveryRow();
    void (async () => {
      await database.listen(NOTE_CHANNEL, () => {
        this.noted = true;
      });
      await this.db.execute(sql`select set_config('search_index.notify', 'on', false)`);
      // Notes committed before the trigger notified are read by the next look.
      this.noted = true;
      this.watching = 'yes';
    })().catch(() => {
      this.watching = 'no';
    });
  }

  /** Kept rows at most: on PGlite, room for every open job (and as many again, as jobs are posted). */
  private bindRows(): void {
    if (!this.keepsEveryRow || !this.index) return;
    this.rows.bound = Math.max(MAX_JOBS, 2 * this.index.live);
    this.rows.keepsAll = true;
  }

  /**
   * PGlite: the list-view rows of every open job, read after the build in batches of its size, so
   * a page reads no row. A batch read while a note forgot something is dropped (its pages read their rows).
   */
  keepEveryRow(): Promise<void> {
    if (!this.keepsEveryRow || !this.index) return Promise.resolve();
    return (this.keeping ??= this.readEveryRow());
  }

  private async readEveryRow(): Promise<void> {
    this.bindRows();
    let after: string | null = null;
    try {
      for (;;) {
        const since = this.rows.mark();
        const rows = (await listViewRowsWhere(this.db, after ? and(open, gt(jobPosts.id, after)) : open)
          .orderBy(jobPosts.id)
          .limit(BATCH)) as ListViewRow[];
        this.rows.keep(since, rows);
        if (rows.length < BATCH) return;
        after = rows[rows.length - 1]!.id;
        await turn();
      }
    } catch {
      // The database is away: pages read their rows, as on PostgreSQL.
    }
  }

  /** Row reads on their way; while one is, the searches asking join the next (one statement for all). */
  private rowReads = 0;
  private nextRowRead: { ids: Set<string>; rows: Promise<ListViewRow[]>; send: () => void } | null = null;

  /**
   * The list-view rows of these jobs (a page, the titles of the map's single pins): the kept ones,
   * the others read by primary key and kept. A job no longer in the database has no row.
   */
  async listRows(ids: readonly string[]): Promise<Map<string, ListViewRow>> {
    const found = new Map<string, ListViewRow>();
    const missing = new Set<string>();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) found.set(id, row);
      else missing.add(id);
    }
    if (missing.size) for (const row of await this.readRows([...missing])) if (missing.has(row.id)) found.set(row.id, row);
    return found;
  }

  /**
   * Concurrent searches share statements: while a read is on its way, the ids asked for wait for
   * the next read, sent when it ends (each statement costs the server a write and a read on its
   * connection, more than the rows themselves).
   */
  private readRows(ids: string[]): Promise<ListViewRow[]> {
    if (this.rowReads === 0 || (this.nextRowRead?.ids.size ?? 0) + ids.length > BATCH) return this.sendRowRead(ids);
    let batch = this.nextRowRead;
    if (!batch) {
      let send!: () => void;
      const sent = new Promise<void>((resolve) => (send = resolve));
      const queued = new Set<string>();
      const rows = sent.then((): Promise<ListViewRow[]> => {
        if (this.nextRowRead?.ids === queued) this.nextRowRead = null;
        return this.sendRowRead([...queued]);
      });
      batch = this.nextRowRead = { ids: queued, rows, send };
    }
    for (const id of ids) batch.ids.add(id);
    return batch.rows;
  }

  private async sendRowRead(ids: string[]): Promise<ListViewRow[]> {
    this.rowReads++;
    const since = this.rows.mark();
    try {
      const rows = (await listViewRowsWhere(this.db, uuidIn(jobPosts.id, ids))) as ListViewRow[];
      this.rows.keep(since, rows);
      return rows;
    } finally {
      if (--this.rowReads === 0) this.nextRowRead?.send();
    }
  }

  /** PGlite: the rows of jobs and the names of companies just written, read again at once. */
  private async keepWritten(jobIds: string[], companyIds: string[]): Promise<void> {
    if (!this.keepsEveryRow) return;
    const since = this.rows.mark();
    const [rows, names] = await Promise.all([
      jobIds.length ? (listViewRowsWhere(this.db, and(open, uuidIn(jobPosts.id, jobIds))) as Promise<ListViewRow[]>) : Promise.resolve([]),
      companyIds.length
        ? this.db
            .select({ id: companies.id, companyLegalName: companies.name, companyDisplayName: companies.displayName })
            .from(companies)
            .where(uuidIn(companies.id, companyIds))
        : Promise.resolve([]),
    ]);
    this.rows.keepNames(since, names);
    this.rows.keep(since, rows);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async build(): Promise<{ index: JobIndex; seq: number }> {
    const started = performance.now();
    const index = new JobIndex();
    // The changes noted from here on are applied after the build, so none is missed.
    const [last] = await this.db.select({ seq: max(searchChanges.seq) }).from(searchChanges);
    const seq = Number(last?.seq ?? 0);
    for (const c of await this.db.select({ id: companies.id, visible: visibleCompany }).from(companies))
      index.setCompany(c.id, Boolean(c.visible));
    let after: string | null = null;
    for (;;) {
      const rows: Record<string, unknown>[] = await this.db
        .select(indexColumns)
        .from(jobPosts)
        .where(after ? and(open, gt(jobPosts.id, after)) : open)
        .orderBy(jobPosts.id)
        .limit(BATCH);
      let sliceStart = performance.now();
      for (const r of rows) {
        index.put(jobOf(r));
        if (performance.now() - sliceStart > SLICE_MS) {
          await turn();
          sliceStart = performance.now();
        }
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id as string;
      await turn();
    }
    // Read in id order; numbered in grid order for the searches (see renumberInGridOrder).
    let sliceStart = performance.now();
    for (const _ of index.renumbering(index.gridOrder())) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await turn();
        sliceStart = performance.now();
      }
    }
    this.buildMs = performance.now() - started;
    return { index, seq };
  }

  /**
   * The index with every change committed before this call applied; null while it is not ready
   * (or when the database cannot be read), for SQL to answer.
   */
  async fresh(): Promise<JobIndex | null> {
    if (!this.index) {
      void this.start();
      return null;
    }
    try {
      await this.sync();
      return this.index;
    } catch {
      return null;
    }
  }

  /** One look at the change notes at a time; a caller arriving meanwhile waits for the next look, which starts after it arrived. */
  private sync(): Promise<void> {
    // Nothing committed since the look in progress (or the last one) began: it covers this caller.
    if (this.watching === 'yes' && !this.noted) return this.current ?? Promise.resolve();
    if (!this.current) {
      this.current = this.applyChanges().finally(() => {
        this.current = null;
      });
      return this.current;
    }
    if (!this.next) {
      this.next = this.current
        .catch(() => {})
        .then(() => {
          this.next = null;
          return this.sync();
        });
    }
    return this.next;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.lock.then(work, work);
    this.lock = run.catch(() => {});
    return run;
  }

  private applyChanges(): Promise<void> {
    return this.exclusive(() => this.applyNotes());
  }

  private async applyNotes(): Promise<void> {
    // A note committed from here on notifies again (PGlite runs statements in order, so it is either read below or noted).
    this.noted = false;
    try {
      await this.readNotes();
    } catch (err) {
      this.noted = true;
      throw err;
    }
  }

  private async readNotes(): Promise<void> {
    for (;;) {
      const notes = await this.db
        .select({
          seq: searchChanges.seq,
          jobPostId: searchChanges.jobPostId,
          companyId: searchChanges.companyId,
          userId: searchChanges.userId,
        })
        .from(searchChanges)
        .where(gt(searchChanges.seq, this.seq))
        .orderBy(searchChanges.seq)
        .limit(5000);
      if (notes.length === 0) return;
      this.forgetSeekers(notes);
      await this.reread(
        notes.flatMap((n) => (n.jobPostId ? [n.jobPostId] : [])),
        notes.flatMap((n) => (n.companyId ? [n.companyId] : [])),
      );
      this.seq = Number(notes[notes.length - 1]!.seq);
      if (notes.length < 5000) return;
    }
  }

  /** Seekers whose records changed: their next search reads them again. */
  private forgetSeekers(notes: { userId: string | null }[]): void {
    for (const { userId } of notes) if (userId) this.seekers.forget(userId);
  }

  /** Reads these jobs and companies again: open jobs are (re)indexed, the others leave it. */
  async reread(jobIds: string[], companyIds: string[] | 'all'): Promise<void> {
    const index = this.index;
    if (!index) return;
    const jobs = [...new Set(jobIds)];
    const cs = companyIds === 'all' ? null : [...new Set(companyIds)];
    if (jobs.length === 0 && cs?.length === 0) return;
    this.rows.forget(jobs, cs ?? []);
    for (let i = 0; i < jobs.length; i += BATCH) {
      const ids = jobs.slice(i, i + BATCH);
      const rows: Record<string, unknown>[] = await this.db
        .select(indexColumns)
        .from(jobPosts)
        .where(and(open, uuidIn(jobPosts.id, ids)));
      const openIds = new Set(rows.map((r) => r.id as string));
      for (const id of ids) if (!openIds.has(id)) index.remove(id);
      for (const r of rows) index.put(jobOf(r));
      await this.keepWritten([...openIds], []);
    }
    if (cs === null || cs.length) {
      const rows = await this.db
        .select({ id: companies.id, visible: visibleCompany })
        .from(companies)
        .where(cs ? uuidIn(companies.id, cs) : undefined);
      for (const c of rows) index.setCompany(c.id, Boolean(c.visible));
    }
    if (cs?.length) await this.keepWritten([], cs);
    this.bindRows();
  }

  /**
   * A new build holds every change noted up to `seq`; those the old index had not applied yet
   * never reach `reread`, so the rows and seekers' records they wrote are forgotten here.
   */
  private async forgetUnapplied(seq: number): Promise<void> {
    if (seq <= this.seq) return;
    const notes = await this.db
      .select({ jobPostId: searchChanges.jobPostId, companyId: searchChanges.companyId, userId: searchChanges.userId })
      .from(searchChanges)
      .where(and(gt(searchChanges.seq, this.seq), lte(searchChanges.seq, seq)));
    const jobIds = notes.flatMap((n) => (n.jobPostId ? [n.jobPostId] : []));
    const companyIds = notes.flatMap((n) => (n.companyId ? [n.companyId] : []));
    this.forgetSeekers(notes);
    this.rows.forget(jobIds, companyIds);
    await this.keepWritten(jobIds, companyIds);
  }

  /** The minute's safety pass. */
  private async safety(): Promise<void> {
    try {
      await this.sync();
      const recent = await this.db
        .select({ jobPostId: searchChanges.jobPostId, companyId: searchChanges.companyId, userId: searchChanges.userId })
        .from(searchChanges)
        .where(sql`${searchChanges.changedAt} > now() - interval '5 minutes'`);
      this.forgetSeekers(recent);
      const written = [...new Set(recent.flatMap((n) => (n.companyId ? [n.companyId] : [])))];
      this.rows.forget([], written);
      await this.exclusive(() => this.keepWritten([], written));
      await this.exclusive(() =>
        this.reread(
          recent.flatMap((n) => (n.jobPostId ? [n.jobPostId] : [])),
          'all',
        ),
      );
      await this.db.delete(searchChanges).where(sql`${searchChanges.changedAt} < now() - interval '1 hour'`);
      if (this.index?.wasteful) {
        const { index, seq } = await this.build();
        await this.forgetUnapplied(seq);
        this.index = index;
        this.seq = seq;
        this.noted = true;
        await this.sync();
      }
      this.failures = 0;
    } catch {
      // The database is away (or closed): try again next minute, and give up after a few tries.
      if (++this.failures >= 3) this.stop();
    }
  }
}

const syncs = new WeakMap<Db, SearchIndexSync>();

/** The search index of a database in this process; null when turned off (SEARCH_INDEX=0). */
export function searchIndexSync(db: Db): SearchIndexSync | null {
  if (process.env.SEARCH_INDEX === '0') return null;
  let s = syncs.get(db);
  if (!s) syncs.set(db, (s = new SearchIndexSync(db)));
  return s;
}

/**
 * Builds the index now (at server start, in tests and benchmarks) and waits until it is ready;
 * given the database, it watches it first (on PGlite, the rows of every open job are then read too).
 */
export async function searchIndexReady(db: Db, database?: Database): Promise<boolean> {
  const s = searchIndexSync(db);
  if (!s) return false;
  if (database) s.watch(database);
  await s.start();
  await s.keepEveryRow();
  return s.index !== null;
}
