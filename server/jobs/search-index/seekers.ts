/** What a seeker's records add to an indexed search: jobs left out, skills matched, jobs saved (null: too many, look up the page's), and whether the account is off. */
export type SeekerRecords = { reported: Set<string>; skills: Set<number>; saved: Set<string> | null; signedOut: boolean };

/** Seekers kept; the least recently searching leave first. */
const MAX_SEEKERS = 10_000;

/**
 * The records of recently searching job seekers (what a search leaves out, matches and marks as
 * saved, and whether the account is off), so their next searches read none. The triggers of
 * migration 0015 note every change to them in `search_changes`, whatever process wrote it, and
 * every search reads the notes before it looks here (SearchIndexSync.fresh): the seeker is
 * forgotten first. Off (nothing kept) until the index is ready.
 */
export class KeptSeekers {
  private readonly kept = new Map<string, SeekerRecords>();
  /** Counts forgetting; records read from the database are kept only if nothing was forgotten meanwhile. */
  private epoch = 0;
  private on = false;

  get(id: string): SeekerRecords | undefined {
    const records = this.kept.get(id);
    if (records === undefined) return undefined;
    // Most recently used last.
    this.kept.delete(id);
    this.kept.set(id, records);
    return records;
  }

  /** The moment to pass to `keep` for records about to be read; null while nothing is kept. */
  mark(): number | null {
    return this.on ? this.epoch : null;
  }

  /** Keeps records read since `mark`, unless a change was heard meanwhile (they may predate it). */
  keep(since: number | null, id: string, records: SeekerRecords): void {
    if (since === null || since !== this.epoch) return;
    this.kept.delete(id);
    this.kept.set(id, records);
    if (this.kept.size > MAX_SEEKERS) this.kept.delete(this.kept.keys().next().value!);
  }

  /** A seeker's records changed: read again next time. */
  forget(id: string): void {
    this.epoch++;
    this.kept.delete(id);
  }

  /** Every search reads the notes from now on: records read from here are kept. */
  begin(): void {
    this.epoch++;
    this.kept.clear();
    this.on = true;
  }
}
