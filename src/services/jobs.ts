import * as ep from '../contract/jobs.ts';
import type { ApplicationInput, ReportInput, SeekerPaging } from '../contract/jobs.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of a job's page and the job seeker's own lists (spec 2 §7 JobSeeker and Job). */
export const jobsService = {
  /** A job's page; a signed-in job seeker's answer also says what the seeker has done with it. */
  job: (id: string, asSeeker: boolean, signal?: Signal) =>
    asSeeker ? call(ep.seekerJob, { query: { id } }, { signal }) : call(ep.jobPostById, { params: { id } }, { signal }),
  /** Counts a view; its failures are swallowed silently (spec 2 §8): no toast, the caller ignores them. */
  click: (id: string, signal?: Signal) => call(ep.jobClick, { params: { id } }, { signal, quiet: true }),
  /** Counts an application start (Apply pressed), as silently. */
  applyStart: (id: string, signal?: Signal) => call(ep.jobApplyStart, { params: { id } }, { signal, quiet: true }),

  save: (id: string, signal?: Signal) => call(ep.saveJob, { params: { id } }, { signal }),
  unsave: (id: string, signal?: Signal) => call(ep.unsaveJob, { params: { id } }, { signal }),
  apply: (application: ApplicationInput, signal?: Signal) => call(ep.apply, { body: application }, { signal }),
  report: (jobId: string, report: ReportInput, signal?: Signal) =>
    call(ep.reportJob, { query: { JobId: jobId }, body: report }, { signal }),

  saved: (paging: SeekerPaging, signal?: Signal) => call(ep.savedJobs, { body: paging }, { signal }),
  applied: (paging: SeekerPaging, signal?: Signal) => call(ep.appliedList, { body: paging }, { signal }),
  matched: (paging: SeekerPaging, signal?: Signal) => call(ep.matchedList, { body: paging }, { signal }),
  listCount: (signal?: Signal) => call(ep.jobListCount, {}, { signal }),
  dashboardCount: (signal?: Signal) => call(ep.seekerDashboardCount, {}, { signal }),
};
