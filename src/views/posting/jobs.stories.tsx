import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { PostingMessages, type CompanyJob, type JobListRequest, type JobPage } from '../../contract/posting.ts';
import { jobListMachine, type DraftResult, type JobListContext, type StatusResult } from '../../machines/posting/job-list.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import { storyBoostLogic } from '../billing/billing-stories-support.ts';
import { withEmployer, withRecruiter } from '../staff/stories-support.tsx';
import JobsPage from './jobs.view.tsx';
import { DEMO_TOTAL, demoJobs, withToaster } from './jobs-stories-support.tsx';

const [nurse, , support] = demoJobs as [CompanyJob, CompanyJob, CompanyJob, CompanyJob, CompanyJob];

/** A pretend server over the demo jobs: filters, searches, sorts and pages them, and answers each action after a moment. */
function pretendServer() {
  let jobs = [...demoJobs];
  const matches = (req: JobListRequest, j: CompanyJob) =>
    (req.activeFlag === 1 ? j.status === 'Active' : req.activeFlag === 2 ? j.status !== 'Active' : true) &&
    (!req.search || j.title.toLowerCase().includes(String(req.search).toLowerCase()));
  return jobListMachine.provide({
    actors: {
      load: fromPromise<JobPage, JobListRequest>(({ input }) => {
        const found = jobs.filter((j) => matches(input, j));
        const key = { 1: 'clicks', 2: 'applicants' } as const;
        const by = key[input.sortFlag as 1 | 2];
        if (by) found.sort((a, b) => (input.ascending ? a[by] - b[by] : b[by] - a[by]));
        if (input.sortFlag === 3 || input.sortFlag === 4)
          found.sort((a, b) => (a.createdDate < b.createdDate ? -1 : 1) * (input.sortFlag === 3 ? 1 : -1));
        // The first page is the demo rows; the others repeat them, as a long list would go on.
        const total = input.activeFlag === 0 && !input.search ? DEMO_TOTAL : found.length;
        const pageNumber = input.pageNumber as number;
        return after(600, {
          items: found.map((j) => ({ ...j, id: pageNumber === 1 ? j.id : `${j.id}-${pageNumber}` })),
          total,
          pageNumber,
          pageSize: 10,
        });
      }),
      setStatus: fromPromise<StatusResult, { id: string; status: 'Active' | 'Closed' }>(({ input }) => {
        const job = { ...jobs.find((j) => j.id === input.id)!, status: input.status };
        jobs = jobs.map((j) => (j.id === job.id ? job : j));
        return after(700, { job, message: input.status === 'Closed' ? PostingMessages.closed : PostingMessages.reopened });
      }),
      remove: fromPromise<{ message: string }, { id: string }>(({ input }) => {
        jobs = jobs.filter((j) => j.id !== input.id);
        return after(700, { message: PostingMessages.deleted });
      }),
      clone: fromPromise<DraftResult, { id: string }>(() => after(700, { draftId: 'story-clone', message: PostingMessages.cloned })),
      editAsDraft: fromPromise<DraftResult, { id: string }>(() => after(700, { draftId: 'story-edit', message: '' })),
    },
  });
}
const logic = pretendServer();
const waiting = jobListMachine.provide({
  actors: { setStatus: fromPromise(() => never()), remove: fromPromise(() => never()), clone: fromPromise(() => never()) },
});

const context = (c: Partial<JobListContext> = {}): JobListContext => ({
  query: { pageNumber: 1, search: '', companySearch: '', activeFlag: 0, sortFlag: 0, ascending: false },
  typed: { search: '', companySearch: '' },
  jobs: demoJobs,
  total: DEMO_TOTAL,
  loadError: null,
  actionError: null,
  target: null,
  action: null,
  ...c,
});
type Value = {
  typing: 'idle' | 'waiting';
  list: 'loading' | 'failed' | 'ready';
  row: 'idle' | 'confirming' | 'changingStatus' | 'deleting' | 'cloning' | 'openingEdit';
};
const at = (value: Partial<Value>, c: Partial<JobListContext> = {}, machine = logic) =>
  machine.resolveState({ value: { typing: 'idle', list: 'ready', row: 'idle', ...value }, context: context(c) });

const meta = {
  title: 'Posting/Jobs page',
  component: JobsPage,
  decorators: [withEmployer, withToaster],
  // Boost opens the boost dialog over a pretend server (the employer's; recruiters see only the badge).
  args: { logic, boostLogic: storyBoostLogic() },
  parameters: { layout: 'fullscreen', route: '/user/jobs', docs: { story: { height: '720px' } } },
} satisfies Meta<typeof JobsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;
/** 375 px wide: below the 900 px breakpoint, so each job is a card. */
const phone = { viewport: { value: 'iphonese2', isRotated: false } } as const;

/** From the start: the first page is read, then every control and menu works against a pretend server. */
export const FromTheStart: Story = {};

/** list.loading before any row: placeholder rows. */
export const Loading: Story = { args: { snapshot: at({ list: 'loading' }, { jobs: [], total: 0 }) } };

export const LoadingDark: Story = { ...Loading, globals: dark };

/** list.loading with rows: a new filter, sort or page is read; the rows shown stay, dimmed. */
export const Reloading: Story = { args: { snapshot: at({ list: 'loading' }, { query: { ...context().query, pageNumber: 2 } }) } };

/** list.failed: what went wrong, and Try again. */
export const LoadFailed: Story = {
  args: { snapshot: at({ list: 'failed' }, { jobs: [], total: 0, loadError: 'Something went wrong!!!' }) },
};

export const LoadFailedDark: Story = { ...LoadFailed, globals: dark };

/** list.ready: every status, place, date and count (a table on wide screens). */
export const List: Story = { args: { snapshot: at({}) } };

export const ListDark: Story = { ...List, globals: dark };

/** list.ready on a phone: a card per job. */
export const Cards: Story = { ...List, globals: { viewport: phone.viewport } };

export const CardsDark: Story = { ...List, globals: { ...dark, viewport: phone.viewport } };

/** /user/jobs?job=active: the active jobs, on page 2 of 3, sorted by applicants. */
export const ActiveFiltered: Story = {
  parameters: { route: '/user/jobs?job=active' },
  args: {
    snapshot: at(
      {},
      {
        query: { ...context().query, activeFlag: 1, sortFlag: 2, ascending: false, pageNumber: 2 },
        jobs: demoJobs.filter((j) => j.status === 'Active'),
        total: 24,
      },
    ),
  },
};

/** typing.waiting: a search typed, sent after a pause. */
export const SearchTyped: Story = { args: { snapshot: at({ typing: 'waiting' }, { typed: { search: 'nurse', companySearch: '' } }) } };

/** Nothing at all yet: the way to the first job. */
export const Empty: Story = { args: { snapshot: at({}, { jobs: [], total: 0 }) } };

export const EmptyDark: Story = { ...Empty, globals: dark };

/** No active jobs yet (/user/jobs?job=active). */
export const EmptyActive: Story = {
  parameters: { route: '/user/jobs?job=active' },
  args: { snapshot: at({}, { jobs: [], total: 0, query: { ...context().query, activeFlag: 1 } }) },
};

/** No closed or expired jobs (/user/jobs?job=closed). */
export const EmptyClosed: Story = {
  parameters: { route: '/user/jobs?job=closed' },
  args: { snapshot: at({}, { jobs: [], total: 0, query: { ...context().query, activeFlag: 2 } }) },
};

/** A search that finds nothing, with the way back. */
export const NoMatch: Story = {
  args: {
    snapshot: at(
      {},
      { jobs: [], total: 0, query: { ...context().query, search: 'welder' }, typed: { search: 'welder', companySearch: '' } },
    ),
  },
};

/** row.confirming: nothing is deleted until the user says so. */
export const ConfirmDelete: Story = { args: { snapshot: at({ row: 'confirming' }, { target: nurse, action: 'delete' }) } };

export const ConfirmDeleteDark: Story = { ...ConfirmDelete, globals: dark };

/** row.changingStatus: the row being closed is busy; the other menus wait. */
export const Closing: Story = {
  args: { logic: waiting, snapshot: at({ row: 'changingStatus' }, { target: nurse, action: 'close' }, waiting) },
};

/** row.deleting. */
export const Deleting: Story = {
  args: { logic: waiting, snapshot: at({ row: 'deleting' }, { target: nurse, action: 'delete' }, waiting) },
};

/** row.cloning: a copy is made as a draft, then the wizard opens. */
export const Cloning: Story = { args: { logic: waiting, snapshot: at({ row: 'cloning' }, { target: support, action: 'clone' }, waiting) } };

/** row.openingEdit: the job's draft is made, then the wizard opens. */
export const OpeningEdit: Story = {
  args: { logic: waiting, snapshot: at({ row: 'openingEdit' }, { target: nurse, action: 'edit' }, waiting) },
};

/** A change refused: the server's words above the list, which stays as it was. */
export const ActionFailed: Story = { args: { snapshot: at({}, { actionError: PostingMessages.statusUnchanged }) } };

export const ActionFailedDark: Story = { ...ActionFailed, globals: dark };

/** /user/posted-jobs: the employer's posted jobs, with the company search. */
export const PostedJobs: Story = { parameters: { route: '/user/posted-jobs' }, args: { snapshot: at({}) } };

export const PostedJobsDark: Story = { ...PostedJobs, globals: dark };

/** A recruiter sees the company's jobs, shared by all its staff. */
export const AsRecruiter: Story = { decorators: [withRecruiter] };
