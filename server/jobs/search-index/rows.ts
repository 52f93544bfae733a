import type { ListViewRow } from '../../posting/lists.ts';

type CompanyNames = { companyLegalName: string; companyDisplayName: string | null };

/** Rows kept; a page of 20 from each of 1,000 recent searches. */
export const MAX_JOBS = 20_000;

/**
 * The list-view rows of recently found jobs, so a page answered by the search index reads no row
 * it read before. Kept fresh by the same change notes as the index: every written job and company
 * is forgotten before a search that follows the write reads from here. Least recently used rows
 * leave first.
 */
export class ListRows {
  /** Each job's row as read, with its company's names then; the names kept below are the current ones. */
  private readonly jobs = new Map<string, ListViewRow>();
  private readonly companies = new Map<string, CompanyNames>();
  /** Counts forgetting; a row read from the database is kept only if nothing was forgotten meanwhile. */
  private epoch = 0;
  /** Jobs (and companies) kept at most; on PGlite, above the open jobs' number, so every one is kept (sync.ts). */
  bound = MAX_JOBS;
  /** Every open job kept (PGlite): none leaves for being used least, so a read need not note its use. */
  keepsAll = false;

  /** The row of a job with its company's names, when both are kept. */
  get(id: string): ListViewRow | undefined {
    let job = this.jobs.get(id);
    if (!job) return undefined;
    const company = this.companies.get(job.companyId);
    if (!company) return undefined;
    // The row is shared, not copied per search; it is rebuilt only when its company's names changed.
    if (job.companyLegalName !== company.companyLegalName || job.companyDisplayName !== company.companyDisplayName) {
      job = { ...job, ...company };
      this.jobs.set(id, job);
    }
    if (!this.keepsAll) {
      // Most recently used last.
      this.jobs.delete(id);
      this.jobs.set(id, job);
    }
    return job;
  }

  /** The moment to pass to `keep` for rows about to be read. */
  mark(): number {
    return this.epoch;
  }

  /** Keeps rows read since `mark`, unless a note forgot something meanwhile (the rows may predate it). */
  keep(since: number, rows: readonly ListViewRow[]): void {
    if (since !== this.epoch) return;
    for (const row of rows) {
      this.jobs.delete(row.id);
      this.jobs.set(row.id, row);
      this.companies.set(row.companyId, { companyLegalName: row.companyLegalName, companyDisplayName: row.companyDisplayName });
    }
    for (const id of this.jobs.keys()) {
      if (this.jobs.size <= this.bound) break;
      this.jobs.delete(id);
    }
    // Names are small; past the bound they are all read again.
    if (this.companies.size > this.bound) this.companies.clear();
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
