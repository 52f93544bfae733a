import * as ep from '../contract/applicants.ts';
import type { ApplicantListRequest, ApplicantStatusRequest } from '../contract/applicants.ts';
import { call } from './http.ts';
import { download } from './transfer.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of the company's applicant pages (spec 2 §7 Recruiter applicant calls). */
export const applicantsService = {
  /** One page of the company's applicants: search, filter, order, one job. */
  list: (request: ApplicantListRequest, signal?: Signal) => call(ep.applicants, { body: request }, { signal }),
  /** The company's jobs that have applicants, for the job filter. */
  jobs: (signal?: Signal) => call(ep.jobsWithApplicants, {}, { signal }),
  /** One applicant with the application's documents; reading it marks it seen. */
  detail: (id: string, signal?: Signal) => call(ep.applicant, { params: { id } }, { signal }),
  setStatus: (request: ApplicantStatusRequest, signal?: Signal) => call(ep.applicantStatus, { body: request }, { signal }),
  /** A résumé or cover letter chosen for an application (its document id). */
  document: (id: string, signal?: Signal) => download(ep.downloadResume, { query: { id } }, { signal }),
  /** The words of such a document, for the preview. */
  preview: (id: string, signal?: Signal) => call(ep.resumePreview, { query: { id } }, { signal }),
};
