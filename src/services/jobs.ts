import type { ApplicationInput, ReportInput, SeekerPaging } from '../contract/jobs.ts';
import { contractLoader } from './http.ts';

type Signal = AbortSignal | undefined;

const contract = contractLoader(() => import('../contract/jobs.ts'));

/** Typed calls of a job's page and the job seeker's own lists (spec 2 §7 JobSeeker and Job). */
export const jobsService = {
  /** A job's page; a signed-in job seeker's answer also says what the seeker has done with it. */
  job: (id: string, asSeeker: boolean, signal?: Signal) =>
    asSeeker ? contract.call('seekerJob', { query: { id } }, { signal }) : contract.call('jobPostById', { params: { id } }, { signal }),
  /** Counts a view; its failures are swallowed silently (spec 2 §8): no toast, the caller ignores them. */
  click: (id: string, signal?: Signal) => contract.call('jobClick', { params: { id } }, { signal, quiet: true }),
  /** Counts an application start (Apply pressed), as silently. */
  applyStart: (id: string, signal?: Signal) => contract.call('jobApplyStart', { params: { id } }, { signal, quiet: true }),

  save: (id: string, signal?: Signal) => contract.call('saveJob', { params: { id } }, { signal }),
  unsave: (id: string, signal?: Signal) => contract.call('unsaveJob', { params: { id } }, { signal }),
  apply: (application: ApplicationInput, signal?: Signal) => contract.call('apply', { body: application }, { signal }),
  report: (jobId: string, report: ReportInput, signal?: Signal) =>
    contract.call('reportJob', { query: { JobId: jobId }, body: report }, { signal }),

  saved: (paging: SeekerPaging, signal?: Signal) => contract.call('savedJobs', { body: paging }, { signal }),
  applied: (paging: SeekerPaging, signal?: Signal) => contract.call('appliedList', { body: paging }, { signal }),
  matched: (paging: SeekerPaging, signal?: Signal) => contract.call('matchedList', { body: paging }, { signal }),
  listCount: (signal?: Signal) => contract.call('jobListCount', {}, { signal }),
  dashboardCount: (signal?: Signal) => contract.call('seekerDashboardCount', {}, { signal }),
};
