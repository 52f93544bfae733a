/**
 * A company's jobs as its staff's lists receive them (src/contract/posting.ts companyJobSchema),
 * and the job list machine with every call swapped for a stub the test answers.
 */
import { fromPromise, type AnyStateMachine } from 'xstate';
import type { CompanyJob, JobListRequest, JobPage } from '../../../src/contract/posting.ts';
import type { DraftResult, StatusResult } from '../../../src/machines/posting/job-list.machine.ts';
import { deferred } from './model.ts';

const robin = { id: 'u-robin', name: 'Robin Hale' };
const amir = { id: 'u-amir', name: 'Amir Nguyen' };

export function companyJob(over: Partial<CompanyJob> & Pick<CompanyJob, 'id' | 'title'>): CompanyJob {
  return {
    jobType: [{ id: 1, name: 'Full-time' }],
    minimumExperience: 1,
    maximumExperience: 3,
    dateOfPosted: '2025-03-04T17:00:00.000Z',
    createdDate: '2025-03-03T17:00:00.000Z',
    location: { city: 'Vancouver', state: 'WA' },
    geoLatitude: 45.628,
    geoLongitude: -122.6739,
    compensation: { minimumAmount: 22, maximumAmount: 28, rate: 'Hourly' },
    skills: [],
    company: { id: 'c-1', name: 'Northwind Clinics' },
    companyName: 'Northwind Clinics',
    type: 'onsite',
    isRemote: false,
    isBoosted: false,
    boostPlacements: [],
    openToMinors: false,
    userActions: { isSaved: false },
    status: 'Active',
    validThrough: '2025-04-03T23:59:59.000Z',
    clicks: 0,
    applicants: 0,
    createdBy: robin,
    modifiedBy: null,
    modified: '2025-03-04T17:00:00.000Z',
    editDraftId: null,
    ...over,
  };
}

export const nurse = companyJob({
  id: '0b7f8a52-7a0e-4f7e-9a55-000000000001',
  title: 'Registered Nurse, Night Shift',
  clicks: 148,
  applicants: 12,
  modifiedBy: amir,
  modified: '2025-03-06T10:00:00.000Z',
});
export const analyst = companyJob({
  id: '0b7f8a52-7a0e-4f7e-9a55-000000000002',
  title: 'Data Analyst',
  status: 'Closed',
  type: 'remote',
  isRemote: true,
  location: null,
  geoLatitude: null,
  geoLongitude: null,
  dateOfPosted: '2025-01-15T17:00:00.000Z',
  validThrough: '2025-02-14T23:59:59.000Z',
  clicks: 75,
  applicants: 4,
  editDraftId: '5d7c0c5e-1111-4c3b-8a0e-00000000d001',
});
export const scheduler = companyJob({
  id: '0b7f8a52-7a0e-4f7e-9a55-000000000003',
  title: 'Front Desk Scheduler',
  status: 'Expired',
  type: 'hybrid',
  location: { city: 'Portland', state: 'OR' },
  dateOfPosted: null,
  createdDate: '2024-12-01T17:00:00.000Z',
  validThrough: '2024-12-31T23:59:59.000Z',
  clicks: 9,
  applicants: 0,
});

export const page = (items: CompanyJob[], total: number, pageNumber = 1): JobPage => ({ items, total, pageNumber, pageSize: 10 });

/** The draft ids the wizard opens after a clone or an edit. */
export const clonedDraft: DraftResult = {
  draftId: '5d7c0c5e-1111-4c3b-8a0e-00000000c10e',
  message: 'A copy of the job is ready as a new draft.',
};
export const editDraft: DraftResult = { draftId: '5d7c0c5e-1111-4c3b-8a0e-00000000ed17', message: '' };

export const closedNurse: StatusResult = {
  job: { ...nurse, status: 'Closed', modifiedBy: robin },
  message: 'The job is closed. Job seekers can no longer find or apply to it.',
};
export const reopenedAnalyst: StatusResult = {
  job: { ...analyst, status: 'Active', validThrough: '2025-04-05T23:59:59.000Z' },
  message: 'The job is open again.',
};

type Pending = ReturnType<typeof deferred<never>>;

/** Every call the job list makes, each answered by the test through `pending`. */
export function stubJobServer() {
  const server = {
    loads: [] as JobListRequest[],
    statuses: [] as Array<{ id: string; status: 'Active' | 'Closed' }>,
    removes: [] as string[],
    clones: [] as string[],
    edits: [] as string[],
    pending: {} as Record<string, Pending | undefined>,
  };
  const hold = <T>(id: string) => {
    const d = deferred<T>();
    server.pending[id] = d as unknown as Pending;
    return d.promise;
  };
  const actors = {
    load: fromPromise<JobPage, JobListRequest>(({ input }) => {
      server.loads.push(input);
      return hold('load');
    }),
    setStatus: fromPromise<StatusResult, { id: string; status: 'Active' | 'Closed' }>(({ input }) => {
      server.statuses.push(input);
      return hold('setStatus');
    }),
    remove: fromPromise<{ message: string }, { id: string }>(({ input }) => {
      server.removes.push(input.id);
      return hold('remove');
    }),
    clone: fromPromise<DraftResult, { id: string }>(({ input }) => {
      server.clones.push(input.id);
      return hold('clone');
    }),
    editAsDraft: fromPromise<DraftResult, { id: string }>(({ input }) => {
      server.edits.push(input.id);
      return hold('editAsDraft');
    }),
  };
  return { server, actors };
}

/** `machine` with its calls answered by the test. */
export function stubbedJobList<M extends AnyStateMachine>(machine: M) {
  const { server, actors } = stubJobServer();
  return { server, logic: machine.provide({ actors } as never) as M };
}
