import type { ListViewRow } from '../../posting/index.ts';

type CompanyNames = { companyLegalName: string; companyDisplayName: string | null };

/** Rows kept; a page of 20 from each of 1,000 recent searches. */
export const MAX_JOBS = 20_000;

/** A kept row, and when it was last used (a count of uses, increasing). */
type Kept = { row: ListViewRow; used: number };

/**
 * The list-view rows of recently found jobs, so a page answered by the search index reads no row
 * it read before. Kept fresh by the same change notes as the index: every written job and company
 * is forgotten before a search that follows the write reads from here. Least recently used rows
 * leave first: once the rows pass the bound by an eighth, all at once down to the bound. A use
 * writes its moment into the row's entry (rather than moving the entry to the end of the map, a
 * delete and an insert on every use, which made the map's reads a twentieth of a search's time).
 */
export class ListRows {
  /** Each job's row as read, with its company's names then; the names kept below are the current ones. */
  private readonly jobs = new Map<string, Kept>();
  private readonly companies = new Map<string, CompanyNames>();
  /** Uses so far: the moment of the latest use. */
  private uses = 0;
  /** Counts forgetting; a row read from the database is kept only if nothing was forgotten meanwhile. */
  private epoch = 0;
  /** Jobs (and companies) kept; on PGlite, above the open jobs' number, so every one is kept (sync.ts). */
  bound = MAX_JOBS;
  /** Every open job kept (PGlite): none leaves for being used least, so a read need not note its use. */
  keepsAll = false;

  /** The row of a job with its company's names, when both are kept. */
  get(id: string): ListViewRow | undefined {
    const kept = this.jobs.get(id);
    if (!kept) return undefined;
    const company = this.companies.get(kept.row.companyId);
    if (!company) return undefined;
    // The row is shared, not copied per search; it is rebuilt only when its company's names changed.
    const row = kept.row;
    if (row.companyLegalName !== company.companyLegalName || row.companyDisplayName !== company.companyDisplayName)
      kept.row = { ...row, ...company };
    if (!this.keepsAll) kept.used = ++this.uses;
    return kept.row;
  }

  /** The moment to pass to `keep` for rows about to be read. */
  mark(): number {
    return this.epoch;
  }

  /** Keeps rows read since `mark`, unless a note forgot something meanwhile (the rows may predate it). */
  keep(since: number, rows: readonly ListViewRow[]): void {
    if (since !== this.epoch) return;
    for (const row of rows) {
      const kept = this.jobs.get(row.id);
      if (kept) {
        kept.row = row;
        kept.used = ++this.uses;
      } else this.jobs.set(row.id, { row, used: ++this.uses });
      this.companies.set(row.companyId, { companyLegalName: row.companyLegalName, companyDisplayName: row.companyDisplayName });
    }
    if (this.jobs.size > this.bound + (this.bound >> 3)) this.leaveToBound();
    // Names are small; past the bound they are all read again.
    if (this.companies.size > this.bound) this.companies.clear();
  }

  /** The least recently used rows leave, down to the bound. */
  private leaveToBound(): void {
    const moments = Float64Array.from(this.jobs.values(), (k) => k.used).sort();
    // Moments are all different: exactly the rows used before this one leave.
    const last = moments[this.jobs.size - this.bound]!;
    for (const [id, kept] of this.jobs) if (kept.used < last) this.jobs.delete(id);
  }

  /** How many rows are kept. */
  get size(): number {
    return this.jobs.size;
  }

  /** Keeps companies' names read since `mark` (as `keep` does). */
  keepNames(since: number, rows: readonly ({ id: string } & CompanyNames)[]): void {
    if (since !== this.epoch) return;
    for (const { id, ...names } of rows) this.companies.set(id, names);
  }

  /** Written jobs and companies: read again next time. */
  forget(jobIds: Iterable<string>, companyIds: Iterable<string>): void {
    this.epoch++;
    for (const id of jobIds) this.jobs.delete(id);
    for (const id of companyIds) this.companies.delete(id);
  }

  clear(): void {
    this.epoch++;
    this.jobs.clear();
    this.companies.clear();
  }
}
