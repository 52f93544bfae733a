import type { ApplicationInput, ReportInput, SeekerPaging } from '../contract/jobs.ts';
import { call, contractLoader } from './http.ts';

type Signal = AbortSignal | undefined;

const contract = contractLoader(() => import('../contract/jobs.ts'));

/** Typed calls of a job's page and the job seeker's own lists (spec 2 §7 JobSeeker and Job). */
export const jobsService = {
  /** A job's page; a signed-in job seeker's answer also says what the seeker has done with it. */
  job: (id: string, asSeeker: boolean, signal?: Signal) =>
    asSeeker
      ? call(
          contract((ep) => ep.seekerJob),
          { query: { id } },
          { signal },
        )
      : call(
          contract((ep) => ep.jobPostById),
          { params: { id } },
          { signal },
        ),
  /** Counts a view; its failures are swallowed silently (spec 2 §8): no toast, the caller ignores them. */
  click: (id: string, signal?: Signal) =>
    call(
      contract((ep) => ep.jobClick),
      { params: { id } },
      { signal, quiet: true },
    ),
  /** Counts an application start (Apply pressed), as silently. */
  applyStart: (id: string, signal?: Signal) =>
    call(
      contract((ep) => ep.jobApplyStart),
      { params: { id } },
      { signal, quiet: true },
    ),

  save: (id: string, signal?: Signal) =>
    call(
      contract((ep) => ep.saveJob),
      { params: { id } },
      { signal },
    ),
  unsave: (id: string, signal?: Signal) =>
    call(
      contract((ep) => ep.unsaveJob),
      { params: { id } },
      { signal },
    ),
  apply: (application: ApplicationInput, signal?: Signal) =>
    call(
      contract((ep) => ep.apply),
      { body: application },
      { signal },
    ),
  report: (jobId: string, report: ReportInput, signal?: Signal) =>
    call(
      contract((ep) => ep.reportJob),
      { query: { JobId: jobId }, body: report },
      { signal },
    ),

  saved: (paging: SeekerPaging, signal?: Signal) =>
    call(
      contract((ep) => ep.savedJobs),
      { body: paging },
      { signal },
    ),
  applied: (paging: SeekerPaging, signal?: Signal) =>
    call(
      contract((ep) => ep.appliedList),
      { body: paging },
      { signal },
    ),
  matched: (paging: SeekerPaging, signal?: Signal) =>
    call(
      contract((ep) => ep.matchedList),
      { body: paging },
      { signal },
    ),
  listCount: (signal?: Signal) =>
    call(
      contract((ep) => ep.jobListCount),
      {},
      { signal },
    ),
  dashboardCount: (signal?: Signal) =>
    call(
      contract((ep) => ep.seekerDashboardCount),
      {},
      { signal },
    ),
};
