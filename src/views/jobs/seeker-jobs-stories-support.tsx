import { fromPromise } from 'xstate';
import {
  applicationStatuses,
  type AppliedJob,
  type JobListCount,
  type MatchedJob,
  type SavedJob,
  type SeekerDashboardCount,
} from '../../contract/jobs.ts';
import type { JobPostListItem } from '../../contract/posting.ts';
import { saveJobMachine } from '../../machines/jobs/save-job.machine.ts';
import { DASHBOARD_MATCHES, seekerDashboardMachine } from '../../machines/jobs/seeker-dashboard.machine.ts';
import {
  seekerJobsMachine,
  type SeekerJob,
  type SeekerJobPage,
  type SeekerJobsContext,
  type SeekerList,
} from '../../machines/jobs/seeker-jobs.machine.ts';
import { after } from '../account/stories-support.tsx';

/** Job seekers' lists as the server answers them, for stories and tests. */

const day = (offset: number) => new Date(Date.UTC(2025, 2, 10, 17) + offset * 86_400_000).toISOString();
const id = (n: number) => `5eec0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const skill = (sid: number, name: string, match: boolean) => ({ id: sid, name, match });

export function listJob(n: number, over: Partial<JobPostListItem> = {}): JobPostListItem {
  return {
    id: id(n),
    title: `Job ${n}`,
    jobType: [{ id: 1, name: 'Full-time' }],
    minimumExperience: 1,
    maximumExperience: 3,
    dateOfPosted: day(-n),
    createdDate: day(-n - 1),
    location: { city: 'Vancouver', state: 'WA' },
    geoLatitude: 45.628,
    geoLongitude: -122.6739,
    compensation: { minimumAmount: 22, maximumAmount: 28, rate: 'Hourly' },
    skills: [skill(1, 'Customer service', true), skill(2, 'Forklift', false)],
    company: { id: 'c-1', name: 'Columbia Logistics' },
    companyName: 'Columbia Logistics',
    type: 'onsite',
    isRemote: false,
    isBoosted: false,
    boostPlacements: [],
    openToMinors: false,
    userActions: { isSaved: false },
    ...over,
  };
}

const titles = [
  'Warehouse Associate',
  'Barista',
  'Front Desk Agent',
  'Delivery Driver',
  'Line Cook',
  'Retail Associate',
  'Dental Receptionist',
  'Data Entry Clerk',
];
const places = [
  { city: 'Vancouver', state: 'WA' },
  { city: 'Portland', state: 'OR' },
  { city: 'Camas', state: 'WA' },
  { city: 'Beaverton', state: 'OR' },
];

/** One application at every status, and a closed, an expired and a removed job among them. */
export const appliedJobs: AppliedJob[] = [
  ...applicationStatuses.map((status, i): AppliedJob => ({
    ...listJob(i + 1, { title: titles[i]!, location: places[i % places.length]!, userActions: { isSaved: i === 1 } }),
    jobStatus: status === 'Hired' ? 'Closed' : status === 'Rejected' ? 'Expired' : 'Active',
    applicationId: `a-${i + 1}`,
    applicationStatus: status,
    appliedDate: day(-i * 3),
    // The company's staff wrote about the applications past Applied.
    conversationUrl: status === 'Applied' ? null : `ch-demo-${i + 1}`,
  })),
  {
    ...listJob(8, { title: titles[7]!, companyName: 'Harbor Dental', company: { id: 'c-2', name: 'Harbor Dental' } }),
    jobStatus: 'Removed',
    applicationId: 'a-8',
    applicationStatus: 'Applied',
    appliedDate: day(-24),
    conversationUrl: null,
  },
];

/** Saved jobs: open ones, a closed and an expired one. */
export const savedJobs: SavedJob[] = [1, 2, 3, 4, 5].map((n): SavedJob => ({
  ...listJob(20 + n, {
    title: titles[n]!,
    location: places[n % places.length]!,
    isBoosted: n === 1,
    boostPlacements: n === 1 ? ['featuredStrip', 'badge'] : [],
    type: n === 4 ? 'remote' : 'onsite',
    isRemote: n === 4,
    userActions: { isSaved: true },
  }),
  jobStatus: n === 3 ? 'Closed' : n === 5 ? 'Expired' : 'Active',
  savedDate: day(-n * 2),
}));

/** Matched jobs, best first: skills in common and miles to the nearest preferred place. */
export const matchedJobs: MatchedJob[] = [1, 2, 3, 4, 5, 6].map((n): MatchedJob => ({
  ...listJob(40 + n, {
    title: titles[n]!,
    location: places[n % places.length]!,
    skills: [skill(1, 'Customer service', true), skill(2, 'Forklift', n < 3), skill(3, 'Inventory', false)],
    userActions: { isSaved: n === 2 },
  }),
  jobStatus: 'Active',
  matchedSkills: n < 3 ? 2 : 1,
  distanceMiles: n === 5 ? null : n * 2.4,
}));

export const sampleCounts = (over: Partial<JobListCount> = {}): JobListCount => ({
  applied: appliedJobs.length,
  saved: savedJobs.length,
  matched: 14,
  ...over,
});

export const sampleDashboardCount = (over: Partial<SeekerDashboardCount> = {}): SeekerDashboardCount => ({
  appliedJobs: appliedJobs.length,
  savedJobs: savedJobs.length,
  matchedJobs: 14,
  applications: { Applied: 2, Reviewed: 1, Interviewing: 1, Offered: 1, Hired: 1, Rejected: 1, Withdrawn: 1 },
  ...over,
});

/** A row of `jobs` as page `page` would repeat it, so a long list can be paged. */
const onPage = <T extends { id: string }>(jobs: T[], page: number): T[] =>
  jobs.map((j) => ({ ...j, id: page === 1 ? j.id : `${j.id}-p${page}` }));

/**
 * A pretend server for a list: `pages` pages of the sample rows (the last one shorter), answered
 * after a moment; unsaving takes the job out of the saved list.
 */
/**
 * A list's stories at a given state: `context` fills in the list's page 1 (its `base` rows and
 * counts), `at` resolves the list's state with the counts loaded.
 */
export function seekerListStates(logic: typeof seekerJobsMachine, base: Pick<SeekerJobsContext, 'list' | 'items' | 'hasMore' | 'counts'>) {
  const context = (c: Partial<SeekerJobsContext> = {}): SeekerJobsContext => ({
    page: 1,
    ascending: false,
    loadError: null,
    notice: null,
    ...base,
    ...c,
  });
  const at = (list: 'loading' | 'loaded' | 'empty' | 'failed', c: Partial<SeekerJobsContext> = {}) =>
    logic.resolveState({ value: { list, counts: 'loaded' }, context: context(c) });
  return { context, at };
}

export function pretendSeekerServer(list: SeekerList, { pages = 2, delay = 500 }: { pages?: number; delay?: number } = {}) {
  const rows: SeekerJob[] = { saved: savedJobs, applied: appliedJobs, matched: matchedJobs }[list];
  const removed = new Set<string>();
  const logic = seekerJobsMachine.provide({
    actors: {
      load: fromPromise<SeekerJobPage, { list: SeekerList; page: number; ascending: boolean }>(({ input }) => {
        const all = Array.from({ length: pages }, (_, i) => onPage(rows, i + 1))
          .flat()
          .filter((j) => !removed.has(j.id));
        const ordered = input.ascending ? [...all].reverse() : all;
        const items = ordered.slice((input.page - 1) * 10, input.page * 10);
        return after(delay, { items, hasMore: ordered.length > input.page * 10 });
      }),
      count: fromPromise<JobListCount>(() => after(delay, sampleCounts({ [list]: rows.length * pages - removed.size }))),
    },
  });
  const saveLogic = saveJobMachine.provide({
    actors: {
      change: fromPromise<boolean, { jobId: string; save: boolean }>(({ input }) => {
        if (input.save) removed.delete(input.jobId);
        else if (list === 'saved') removed.add(input.jobId);
        return after(delay, input.save);
      }),
    },
  });
  return { logic, saveLogic };
}

/** A pretend server for the dashboard. */
export function pretendDashboardServer({ delay = 500 }: { delay?: number } = {}) {
  const logic = seekerDashboardMachine.provide({
    actors: {
      counts: fromPromise<SeekerDashboardCount>(() => after(delay, sampleDashboardCount())),
      matches: fromPromise<MatchedJob[]>(() => after(delay, matchedJobs.slice(0, DASHBOARD_MATCHES))),
    },
  });
  const saveLogic = saveJobMachine.provide({
    actors: { change: fromPromise<boolean, { jobId: string; save: boolean }>(({ input }) => after(delay, input.save)) },
  });
  return { logic, saveLogic };
}
