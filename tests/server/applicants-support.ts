import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { applicationStatusChanges, applications, outbox, storedFiles, users } from '../../server/db/schema.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import type {
  DocumentPreview,
  Applicant,
  ApplicantDetail,
  ApplicantListRequest,
  ApplicantPage,
  JobApplicantsRequest,
  JobDetailsResponse,
  JobWithApplicants,
  TaskCount,
} from '../../src/contract/applicants.ts';
import type { Application } from '../../src/contract/jobs.ts';
import { makePdf, type FilesApp } from './files-support.ts';
import { expectOk, jobsApp, type Answer, type Caller } from './jobs-support.ts';

export { expectOk, expectRefused } from './jobs-support.ts';
export type { Answer, Caller };

async function inject<T>(f: FilesApp, method: 'GET' | 'POST', url: string, caller: Caller, json?: unknown): Promise<Answer<T>> {
  const res = await f.app.inject({
    method,
    url,
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
    ...(json !== undefined ? { payload: json as object } : {}),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: (isJson ? res.json() : {}) as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

type Prefix = 'Recruiter' | 'Employer';

/** Every applicant call, as a page would make it; `prefix` picks the Recruiter or Employer path where both exist. */
export function applicantCalls(f: FilesApp) {
  return {
    list: (c: Caller, body: ApplicantListRequest | unknown = {}, prefix: Prefix = 'Recruiter') =>
      inject<ApplicantPage>(f, 'POST', `/api/${prefix}/applicants`, c, body),
    legacyList: (c: Caller, body: ApplicantListRequest | unknown = {}) =>
      inject<ApplicantPage>(f, 'POST', '/api/Recruiter/ApplicantsList', c, body),
    ofJob: (c: Caller, body: JobApplicantsRequest | unknown, path = '/api/Recruiter/job-applicants') =>
      inject<ApplicantPage>(f, 'POST', path, c, body),
    recent: (c: Caller) => inject<{ items: Applicant[] }>(f, 'GET', '/api/Recruiter/RecentApplicants', c),
    byTitle: (c: Caller, jobTitle = '') =>
      inject<{ items: JobWithApplicants[] }>(
        f,
        'GET',
        `/api/Recruiter/ApplicantsByJobTitle${jobTitle ? `?jobTitle=${encodeURIComponent(jobTitle)}` : ''}`,
        c,
      ),
    jobsWith: (c: Caller, prefix: Prefix = 'Recruiter') =>
      inject<{ items: JobWithApplicants[] }>(f, 'GET', `/api/${prefix}/jobs-with-applicants`, c),
    one: (c: Caller, id: string, prefix: Prefix = 'Recruiter') => inject<ApplicantDetail>(f, 'GET', `/api/${prefix}/applicant/${id}`, c),
    allDetails: (c: Caller, id: string) =>
      inject<ApplicantDetail>(f, 'POST', '/api/Recruiter/AllDetailsOfApplicants', c, { applicantId: id }),
    findThroughApplied: (c: Caller, id: string) =>
      inject<ApplicantDetail>(f, 'POST', '/api/Recruiter/FindJobSeekerThroughAppliedID', c, { applicantId: id }),
    seen: (c: Caller, body: unknown, prefix: Prefix = 'Recruiter') =>
      inject<{ seen: number }>(f, 'POST', `/api/${prefix}/SeenApplicantsInJobs`, c, body),
    setStatus: (c: Caller, body: unknown, prefix: Prefix = 'Recruiter') =>
      inject<Applicant>(f, 'POST', `/api/${prefix}/applicant-status`, c, body),
    jobDetails: (c: Caller, id: string, prefix: Prefix = 'Recruiter') =>
      inject<JobDetailsResponse>(f, 'GET', `/api/${prefix}/job-details/${id}`, c),
    tasks: (c: Caller) => inject<TaskCount>(f, 'GET', '/api/Recruiter/AssignTaskCount', c),
    download: (c: Caller, id: string, prefix: Prefix = 'Recruiter') => inject<null>(f, 'GET', `/api/${prefix}/DownloadResume?id=${id}`, c),
    preview: (c: Caller, id: string, prefix: Prefix = 'Recruiter') =>
      inject<DocumentPreview>(f, 'GET', `/api/${prefix}/ResumePreview?id=${id}`, c),
    withdraw: (c: Caller, body: unknown) => inject<Application>(f, 'POST', '/api/JobSeeker/withdraw-application', c, body),
  };
}

/**
 * The jobs world (companies X and Y, seekers A and B) with applicants: each seeker has a stored
 * resume (real PDF bytes) and cover letter; `applyTo` applies through the seeker's own call.
 */
export async function applicantsApp(options: Parameters<typeof jobsApp>[0] = {}) {
  const t = await jobsApp(options);
  const db = t.f.app.database.db;
  const files = t.f.app.ctx.adapters.files;

  /** A resume or cover letter with bytes in the file store. */
  async function storedDocument(owner: Caller, purpose: 'resume' | 'cover-letter', name: string): Promise<string> {
    const key = `test/${randomUUID()}`;
    const bytes = makePdf([`${name} of ${owner.label}`]);
    await files.put(key, bytes, { contentType: 'application/pdf' });
    const [row] = await db
      .insert(storedFiles)
      .values({ purpose, ownerId: owner.id!, storageKey: key, originalName: name, contentType: 'application/pdf', sizeBytes: bytes.length })
      .returning({ id: storedFiles.id });
    return row!.id;
  }

  const docs = {
    resumeA: await storedDocument(t.w.seekerA, 'resume', 'Alex Kim resume.pdf'),
    letterA: await storedDocument(t.w.seekerA, 'cover-letter', 'Alex Kim letter.pdf'),
    resumeB: await storedDocument(t.w.seekerB, 'resume', 'Blake Ortiz resume.pdf'),
  };

  /** The seeker applies to the job (with the seeker's resume, and A's cover letter for A). */
  async function applyTo(seeker: 'seekerA' | 'seekerB', jobId: string): Promise<string> {
    const body =
      seeker === 'seekerA'
        ? { jobId, resumeId: docs.resumeA, coverLetterId: docs.letterA, workAuthorization: true, sponsorship: false }
        : { jobId, resumeId: docs.resumeB, workAuthorization: true };
    return expectOk(await t.calls.apply(t.w[seeker], body), 201).id;
  }

  async function emailOf(caller: Caller): Promise<string> {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.id!));
    return row!.email;
  }

  /** Mails sent while `action` ran. */
  async function mailsDuring(action: () => Promise<unknown>) {
    await t.f.app.ctx.mailer.drain();
    const before = new Set((await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));
    await action();
    await t.f.app.ctx.mailer.drain();
    return (await db.select().from(outbox)).filter((m) => !before.has(m.id));
  }

  /** What the applicant calls store, for "nothing stored" checks. */
  async function rowsOf(ids: string[]) {
    const [apps, history] = await Promise.all([
      db.select().from(applications).where(inArray(applications.id, ids)),
      db.select().from(applicationStatusChanges).where(inArray(applicationStatusChanges.applicationId, ids)),
    ]);
    return { apps: apps.sort((a, b) => a.id.localeCompare(b.id)), history: history.sort((a, b) => a.id.localeCompare(b.id)) };
  }

  return { ...t, db, docs, applyTo, emailOf, mailsDuring, rowsOf, applicants: applicantCalls(t.f) };
}

export type ApplicantsWorld = Awaited<ReturnType<typeof applicantsApp>>;
