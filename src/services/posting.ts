import * as ep from '../contract/posting.ts';
import type { DraftInput, JobDataInput, JobListRequest } from '../contract/posting.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of posting (spec 2 §7: the Job draft and job post calls, Recruiter and Employer job lists). */
export const postingService = {
  /** Creates (no id) or saves a draft; `useAi` also asks for a written description. */
  saveDraft: (draft: DraftInput, useAi = false, signal?: Signal) =>
    call(ep.draftUpdate, { body: { Draft: draft, UseAi: useAi } }, { signal }),
  draft: (id: string, signal?: Signal) => call(ep.getDraft, { params: { id } }, { signal }),
  drafts: (query: { page?: number; pageSize?: number; search?: string | null }, signal?: Signal) =>
    call(ep.draftList, { query }, { signal }),
  deleteDraft: (id: string, signal?: Signal) => call(ep.deleteDraft, { params: { id } }, { signal }),

  /** Publishes a draft: a new job, or (a draft of a live job) its new version. */
  publish: (draftId: string, editsLiveJob: boolean, signal?: Signal) =>
    call(editsLiveJob ? ep.jobPostUpdate : ep.jobPostCreate, { body: { DraftId: draftId } }, { signal }),
  publishData: (jobData: JobDataInput, signal?: Signal) => call(ep.jobPost, { body: { jobData } }, { signal }),
  /** A draft to edit a live job (the open one, if any). */
  editAsDraft: (jobId: string, signal?: Signal) => call(ep.jobPostAsDraft, { query: { id: jobId } }, { signal }),
  clone: (jobId: string, signal?: Signal) => call(ep.jobPostClone, { body: { id: jobId } }, { signal }),

  jobs: (request: JobListRequest, signal?: Signal) => call(ep.employerJobPosts, { body: request }, { signal }),
  job: (jobId: string, signal?: Signal) => call(ep.getJobPostById, { query: { JobId: jobId } }, { signal }),
  setStatus: (jobId: string, status: 'Active' | 'Closed', signal?: Signal) =>
    call(ep.updateStatus, { body: { JobPostId: jobId, Status: status } }, { signal }),
  deleteJob: (jobId: string, signal?: Signal) => call(ep.deleteJobPost, { body: { id: jobId } }, { signal }),
};
