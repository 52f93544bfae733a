import { describe, expect, it } from 'vitest';
import { ListRows } from '../../server/jobs/search-index/rows.ts';
import type { ListViewRow } from '../../server/posting/lists.ts';

const company = '00000000-0000-4000-8000-00000000c001';

/** A job's list-view row; only the id and the company's names matter here. */
function row(n: number, legalName = 'Harbor Freight Co'): ListViewRow {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Job ${n}`,
    locationType: 'onsite',
    isRemote: false,
    city: 'Vancouver',
    state: 'WA',
    latitude: 45.6,
    longitude: -122.6,
    jobTypeIds: [1],
    skillIds: [],
    minPay: 20,
    maxPay: 25,
    payRate: 'Hourly',
    minExperience: 0,
    maxExperience: 2,
    openToMinors: false,
    isBoosted: false,
    boostPlacements: [],
    postedAt: new Date('2026-11-01T00:00:00Z'),
    createdAt: new Date('2026-11-01T00:00:00Z'),
    companyId: company,
    companyLegalName: legalName,
    companyDisplayName: null,
  };
}

describe('the list-view rows kept of found jobs', () => {
  it('leaves the least recently used rows first, down to its bound', () => {
    const rows = new ListRows();
    rows.bound = 8;
    rows.keep(
      rows.mark(),
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => row(n)),
    );
    // Rows 1 and 2 are used again: the oldest are now 3, 4, …
    expect(rows.get(row(1).id)?.title).toBe('Job 1');
    expect(rows.get(row(2).id)?.title).toBe('Job 2');
    // Past the bound by an eighth (9 rows allowed): one more stays, two more make the rows leave.
    rows.keep(rows.mark(), [row(9)]);
    expect(rows.size).toBe(9);
    rows.keep(rows.mark(), [row(10)]);
    expect(rows.size).toBe(8);
    const kept = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((n) => rows.get(row(n).id) !== undefined);
    expect(kept).toEqual([1, 2, 5, 6, 7, 8, 9, 10]);
  });

  it('keeps every row when told every open job is kept', () => {
    const rows = new ListRows();
    rows.bound = 100;
    rows.keepsAll = true;
    rows.keep(
      rows.mark(),
      Array.from({ length: 100 }, (_, i) => row(i)),
    );
    for (let i = 0; i < 100; i++) expect(rows.get(row(i).id)?.id).toBe(row(i).id);
    expect(rows.size).toBe(100);
  });

  it('does not keep rows read while a note forgot something, and forgets written jobs', () => {
    const rows = new ListRows();
    const since = rows.mark();
    rows.forget([row(1).id], []);
    rows.keep(since, [row(1)]);
    expect(rows.get(row(1).id)).toBeUndefined();
    rows.keep(rows.mark(), [row(1), row(2)]);
    rows.forget([row(2).id], []);
    expect(rows.get(row(1).id)?.title).toBe('Job 1');
    expect(rows.get(row(2).id)).toBeUndefined();
  });

  it('answers a kept job with its company’s current names', () => {
    const rows = new ListRows();
    rows.keep(rows.mark(), [row(1)]);
    rows.forget([], [company]);
    // The company's names are gone: the row is not answered until they are read again.
    expect(rows.get(row(1).id)).toBeUndefined();
    rows.keepNames(rows.mark(), [{ id: company, companyLegalName: 'Harbor Tools LLC', companyDisplayName: 'Harbor Tools' }]);
    const again = rows.get(row(1).id);
    expect(again).toMatchObject({ companyLegalName: 'Harbor Tools LLC', companyDisplayName: 'Harbor Tools', title: 'Job 1' });
  });
});
