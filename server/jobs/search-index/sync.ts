import { chosenEngine } from '../search-engine.ts';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { rowsOf, uuidIn } from '../../db/sql.ts';
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
 *   the searches waiting at the same moment). Notes are read in commit order, not by sequence
 *   number (see `Position`): a search therefore sees every write committed before it started, in
 *   every process, even one that took its number early and committed late. On PGlite, whose one
 *   process makes every write, the notes' trigger notifies it at commit, and the look is skipped
 *   while nothing was noted.
 * - The same notes forget the list-view rows kept of the jobs and companies written (rows.ts), and
 *   the records kept of the searching seekers whose records changed (seekers.ts; noted by the
 *   triggers of migration 0015). On PGlite, the rows of every open job are kept (read after the
 *   build, and again as notes come): a search there runs no statement at all.
 * - Every minute, a safety pass: the notes are read (an idle process stays close behind), the
 *   companies' visibility is re-read, notes older than an hour are dropped, and the index is built
 *   afresh once most of its slots are dead. A failed pass is logged and tried again with a growing
 *   wait (up to the minute), for as long as the process runs; `health()` says how far behind the
 *   index is, for /api/health.
 * - A job past its last day is left out at query time (its last day is in the index), so expiry
 *   needs no write at all.
 * SEARCH_ENGINE=postgres turns the index off: every search runs in PostgreSQL (search-postgres.ts).
 */

const BATCH = 1000;
/** A batch's work is cut short to give the event loop back after this long. */
const SLICE_MS = 8;
export const SAFETY_EVERY_MS = 60_000;
/** The first wait after a failed safety pass; it doubles with every failure, up to SAFETY_EVERY_MS. */
export const SAFETY_RETRY_FIRST_MS = 1_000;
/** Notes read per statement. */
const NOTES_PAGE = 5000;

/**
 * How far the index has read the notes: a PostgreSQL snapshot (`pg_current_snapshot()`, as text),
 * taken by the statement that read them. The index holds every note visible in it.
 *
 * Why a snapshot and not the last sequence number: numbers are taken when a note is written, not
 * when its transaction commits. A writer A can take 10, a writer B take 11 and commit, a reader
 * apply 11 and move past it, and only then A commit: "after 11" never finds 10. Each note instead
 * records its transaction (`xid`, migration 0024), and a look reads, in one statement, the
 * current snapshot S and the notes visible in S that were not visible in the position P:
 *   xid >= xmin(P) and not visible(xid, P)   (visible(xid, S) by being read under S)
 * A transaction below xmin(P) had ended before P was taken, so its notes were visible in P and
 * already read; one visible in P was read then. What remains are exactly the transactions that
 * were running at P or began after it and have committed since: their notes are read now,
 * whatever their numbers, and S becomes the position. By induction the index holds every note
 * visible in its position; a search reads the notes after it arrived, so a write committed before
 * the search started is visible in S and applied before it answers. A transaction still running at
 * S is invisible in S and so not visible in the new position either: it is read by a later look.
 *
 * Reading only the notes of transactions below S's xmin (everything older than the oldest one
 * running) would be right too, but one long transaction would then hide every later write from
 * search until it ended; the difference of two snapshots has no such wait.
 * (docs/decisions/0007-search-changes-commit-order.md)
 */
type Position = string;

/** What the notes pending for the index amount to (`health`). */
export interface SearchIndexHealth {
  /** off: SEARCH_ENGINE=postgres; idle: built at the first search; building: SQL answers meanwhile. */
  state: 'off' | 'idle' | 'building' | 'ready';
  /** Notes committed that the index has not read yet. */
  pendingNotes: number;
  /** Since the oldest of them was written (0 when none): how far behind the index runs. */
  behindMs: number;
  /** Safety passes failed in a row (retried with a growing wait). */
  failures: number;
}

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
  /** How far the notes are applied (see Position); null until the index is built. */
  private position: Position | null = null;
  private building: Promise<void> | null = null;
  private current: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Where the safety pass tells of its failures and of how far behind the index ran. */
  log: Pick<FastifyBaseLogger, 'info' | 'warn'> | null = null;
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
        .then(async ({ index, position }) => {
          this.index = index;
          this.position = position;
          this.noted = true;
          // Every search reads the notes before the records, from the build's first note on.
          this.seekers.begin();
          this.scheduleSafety(SAFETY_EVERY_MS);
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

  /** Ends the safety passes (the app is closing). */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private scheduleSafety(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.safety(), ms);
    this.timer.unref();
  }

  private async build(): Promise<{ index: JobIndex; position: Position }> {
    const started = performance.now();
    const index = new JobIndex();
    // Taken before any row is read: the notes not visible in it are applied after the build, so none is missed.
    const position = await this.snapshotNow();
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
    return { index, position };
  }

  private async snapshotNow(): Promise<Position> {
    const [row] = rowsOf<{ snapshot: string }>(await this.db.execute(sql`select pg_current_snapshot()::text as snapshot`));
    return row!.snapshot;
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

  /**
   * Applies the notes committed since the position (see Position), a page at a time: the first
   * statement takes the new snapshot, the next pages read the same set (visible in it) in
   * (xid, seq) order. The position moves when every page is applied.
   */
  private async readNotes(): Promise<void> {
    const from = this.position;
    if (from === null) return;
    let upTo: Position | null = null;
    let after: { xid: string; seq: number } | null = null;
    for (;;) {
      const [page]: NotesPage[] = rowsOf<NotesPage>(
        await this.db.execute(sql`
          select pg_current_snapshot()::text as snapshot, (
            select json_agg(n) from (
              select ${searchChanges.xid}::text as xid, ${searchChanges.seq} as seq, ${searchChanges.jobPostId} as "jobPostId",
                ${searchChanges.companyId} as "companyId", ${searchChanges.userId} as "userId"
              from ${searchChanges}
              where ${unappliedSince(from)}
                ${upTo === null ? sql`` : sql`and pg_visible_in_snapshot(${searchChanges.xid}, ${upTo}::pg_snapshot)`}
                ${after === null ? sql`` : sql`and (${searchChanges.xid}, ${searchChanges.seq}) > (${after.xid}::xid8, ${after.seq})`}
              order by ${searchChanges.xid}, ${searchChanges.seq}
              limit ${NOTES_PAGE}
            ) n
          ) as notes`),
      );
      upTo ??= page!.snapshot;
      const notes: NoteRow[] = typeof page!.notes === 'string' ? (JSON.parse(page!.notes) as NoteRow[]) : (page!.notes ?? []);
      if (notes.length) {
        this.forgetSeekers(notes);
        await this.reread(
          notes.flatMap((n) => (n.jobPostId ? [n.jobPostId] : [])),
          notes.flatMap((n) => (n.companyId ? [n.companyId] : [])),
        );
      }
      if (notes.length < NOTES_PAGE) break;
      const last = notes[notes.length - 1]!;
      after = { xid: last.xid, seq: Number(last.seq) };
    }
    this.position = upTo;
    this.appliedAt = Date.now();
  }

  /** When the notes were last read, all of them applied (ms since the epoch). */
  private appliedAt = 0;

  /** How far behind the index runs: the notes committed that it has not read yet (one indexed count). */
  async health(): Promise<SearchIndexHealth> {
    const state = this.index && this.position !== null ? 'ready' : this.building ? 'building' : 'idle';
    if (state !== 'ready') return { state, pendingNotes: 0, behindMs: 0, failures: this.failures };
    const [row] = rowsOf<{ pending: number | string; behindMs: number | string | null }>(
      await this.db.execute(sql`
        select count(*) as pending, extract(epoch from now() - min(${searchChanges.changedAt})) * 1000 as "behindMs"
        from ${searchChanges} where ${unappliedSince(this.position!)}`),
    );
    return {
      state,
      pendingNotes: Number(row?.pending ?? 0),
      behindMs: Math.max(0, Math.round(Number(row?.behindMs ?? 0))),
      failures: this.failures,
    };
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
   * A new build holds every note visible in its position; those the old index had not applied yet
   * never reach `reread`, so the rows and seekers' records they wrote are forgotten here.
   */
  private async forgetUnapplied(position: Position): Promise<void> {
    if (this.position === null) return;
    const notes = await this.db
      .select({ jobPostId: searchChanges.jobPostId, companyId: searchChanges.companyId, userId: searchChanges.userId })
      .from(searchChanges)
      .where(and(unappliedSince(this.position), sql`pg_visible_in_snapshot(${searchChanges.xid}, ${position}::pg_snapshot)`));
    const jobIds = notes.flatMap((n) => (n.jobPostId ? [n.jobPostId] : []));
    const companyIds = notes.flatMap((n) => (n.companyId ? [n.companyId] : []));
    this.forgetSeekers(notes);
    this.rows.forget(jobIds, companyIds);
    await this.keepWritten(jobIds, companyIds);
  }

  /**
   * The minute's safety pass. It never gives up: a failure (the database away) is logged and the
   * pass tried again after 1 s, 2 s, 4 s… up to the minute, for as long as the process runs.
   */
  async safety(): Promise<void> {
    if (this.stopped) return;
    try {
      const before = await this.health();
      if (before.pendingNotes > 0 && this.log)
        this.log.info(
          { searchIndex: { pendingNotes: before.pendingNotes, behindMs: before.behindMs } },
          `search index: ${before.pendingNotes} notes to read, ${before.behindMs} ms behind`,
        );
      await this.sync();
      // Belt and braces for a company whose visibility changed outside its triggers (restored from a backup).
      await this.exclusive(() => this.reread([], 'all'));
      await this.db.delete(searchChanges).where(sql`${searchChanges.changedAt} < now() - interval '1 hour'`);
      if (this.index?.wasteful) {
        const { index, position } = await this.build();
        // Swapped between two looks, so none of them moves the old index's position onto the new one.
        await this.exclusive(async () => {
          await this.forgetUnapplied(position);
          this.index = index;
          this.position = position;
          this.noted = true;
        });
        await this.sync();
      }
      if (this.failures > 0) this.log?.info({ searchIndex: { failures: this.failures } }, 'search index: the safety pass works again');
      this.failures = 0;
      this.scheduleSafety(SAFETY_EVERY_MS);
    } catch (err) {
      this.failures++;
      const wait = safetyRetryDelay(this.failures);
      if (!this.stopped)
        this.log?.warn(
          { err, searchIndex: { failures: this.failures, retryInMs: wait } },
          `search index: the safety pass failed (${this.failures} in a row); trying again in ${wait} ms`,
        );
      this.scheduleSafety(wait);
    }
  }
}

/** One statement of a look: its snapshot and a page of notes (json). */
type NotesPage = { snapshot: string; notes: NoteRow[] | string | null };

/** A note as a look reads it (json: the transaction id as text). */
interface NoteRow {
  xid: string;
  seq: number | string;
  jobPostId: string | null;
  companyId: string | null;
  userId: string | null;
}

/** The notes not visible in the position: of transactions that committed after it was taken (see Position). */
const unappliedSince = (position: Position): SQL =>
  sql`${searchChanges.xid} >= pg_snapshot_xmin(${position}::pg_snapshot) and not pg_visible_in_snapshot(${searchChanges.xid}, ${position}::pg_snapshot)`;

/** The wait before the next try after `failures` failed safety passes in a row: 1 s, doubling, at most a minute. */
export const safetyRetryDelay = (failures: number): number =>
  Math.min(SAFETY_EVERY_MS, SAFETY_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));

const syncs = new WeakMap<Db, SearchIndexSync>();

/**
 * The search index of a database in this process; null when turned off (SEARCH_ENGINE=postgres). Given a
 * logger, the safety pass tells it of failures and of how far behind the index ran.
 */
export function searchIndexSync(db: Db, log?: SearchIndexSync['log']): SearchIndexSync | null {
  if (chosenEngine() !== 'index') return null;
  let s = syncs.get(db);
  if (!s) syncs.set(db, (s = new SearchIndexSync(db)));
  if (log && !s.log) s.log = log;
  return s;
}

/** Ends the safety passes of the database's index, if it has one (the app is closing). */
export function stopSearchIndex(db: Db): void {
  syncs.get(db)?.stop();
}

/** The index's state and how far behind it runs, for /api/health; 'off' when turned off. */
export async function searchIndexHealth(db: Db): Promise<SearchIndexHealth> {
  const s = searchIndexSync(db);
  return s ? s.health() : { state: 'off', pendingNotes: 0, behindMs: 0, failures: 0 };
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
