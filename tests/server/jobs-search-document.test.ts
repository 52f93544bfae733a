import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPosts } from '../../server/db/schema.ts';
import { refreshSearchDocuments } from '../../server/db/search-document.ts';
import type { FilesApp } from './files-support.ts';
import { posting, postingApp, SKILL, type PostingWorld } from './posting-support.ts';
import { jobAt, PLACES } from './search-support.ts';

// The keyword search document (job_posts.search_document): written when a job is published or
// republished, rewritten when its company's name changes, and filled for older rows by migration.

let f: FilesApp;
let w: PostingWorld;
let jobId: string;

const db = () => f.app.database.db;
const documentOf = async (id: string) => {
  const [row] = await db()
    .select({ text: sql<string | null>`${jobPosts.searchDocument}::text` })
    .from(jobPosts)
    .where(eq(jobPosts.id, id));
  return row?.text ?? null;
};
/** The job's document matches the query (weights as in "forklift:A"). */
const matches = async (id: string, query: string) => {
  const [row] = await db()
    .select({ ok: sql<boolean>`${jobPosts.searchDocument} @@ to_tsquery('english', ${query})` })
    .from(jobPosts)
    .where(eq(jobPosts.id, id));
  return row?.ok;
};

beforeAll(async () => {
  ({ f, w } = await postingApp());
  const job = await posting(f).newJob(
    w.employerX,
    jobAt(PLACES.vancouver, 'Forklift Operator', 'Load <strong>trailers</strong> &amp; count stock<br>on the dock.', {
      candidateRequirements: { skills: [SKILL.orderPicking] },
    }),
  );
  jobId = job.id;
}, 60_000);
afterAll(async () => f?.stop());

describe('the search document', () => {
  it('is written at publishing: the title weighted A, the company and skills B, the description C', async () => {
    expect(await documentOf(jobId)).not.toBeNull();
    expect(await matches(jobId, 'forklift:A')).toBe(true);
    expect(await matches(jobId, 'hale:B & logistics:B')).toBe(true);
    expect(await matches(jobId, 'order:B & picking:B')).toBe(true);
    expect(await matches(jobId, 'trailers:C & dock:C')).toBe(true);
    expect(await matches(jobId, 'trailers:A')).toBe(false);
    expect(await matches(jobId, 'strong | amp')).toBe(false);
  });

  it('is the same whether written from a job’s values, from its stored row, or by the migration that fills older rows', async () => {
    const published = await documentOf(jobId);
    await refreshSearchDocuments(db(), eq(jobPosts.id, jobId));
    expect(await documentOf(jobId)).toBe(published);

    await db().update(jobPosts).set({ searchDocument: null }).where(eq(jobPosts.id, jobId));
    const migration = fs.readFileSync(
      fileURLToPath(new URL('../../server/db/migrations/0006_search-documents.sql', import.meta.url)),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "job_posts" SET "search_document"'));
    await db().execute(sql.raw(backfill!));
    expect(await documentOf(jobId)).toBe(published);
  });

  it('follows a republished job’s new title and skills', async () => {
    const p = posting(f);
    const draft = (await p.asDraft(w.employerX, jobId)).body.data;
    const jobData = {
      ...draft.jobData,
      jobDetails: { ...draft.jobData.jobDetails, title: 'Reach Truck Driver' },
      candidateRequirements: { ...draft.jobData.candidateRequirements, skills: [SKILL.packing] },
    };
    await p.saveDraft(w.employerX, { jobPostDraftId: draft.jobPostDraftId, jobData });
    expect((await p.republish(w.employerX, draft.jobPostDraftId)).status).toBe(200);
    expect(await matches(jobId, 'reach:A & truck:A')).toBe(true);
    expect(await matches(jobId, 'forklift')).toBe(false);
    expect(await matches(jobId, 'packing:B')).toBe(true);
    expect(await matches(jobId, 'picking')).toBe(false);
  });

  it('follows the company’s new name, for each of its jobs and no other company’s', async () => {
    const other = await posting(f).newJob(
      w.employerY,
      jobAt(PLACES.portland, 'Line Cook', 'Cook breakfast and lunch for a busy neighbourhood diner.'),
    );
    const before = await documentOf(other.id);
    const renamed = await f.app.inject({
      method: 'POST',
      url: '/api/Account/UpdateCompanyDetails',
      headers: { authorization: `Bearer ${w.employerX.token}` },
      payload: { companyName: 'Harbor Hauling' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await matches(jobId, 'harbor:B & hauling:B')).toBe(true);
    expect(await matches(jobId, 'hale')).toBe(false);
    expect(await documentOf(other.id)).toBe(before);
  });
});
