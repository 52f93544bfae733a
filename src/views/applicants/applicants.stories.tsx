import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import {
  ApplicantMessages,
  type ApplicantDetail,
  type ApplicantListRequest,
  type ApplicantPage,
  type JobWithApplicants,
  type StaffStatus,
} from '../../contract/applicants.ts';
import { applicantDetailMachine, type StatusResult } from '../../machines/applicants/applicant-detail.machine.ts';
import { applicantListMachine, type ApplicantListContext } from '../../machines/applicants/applicant-list.machine.ts';
import { after } from '../account/stories-support.tsx';
import { withToaster } from '../posting/jobs-stories-support.tsx';
import { withRecruiter } from '../staff/stories-support.tsx';
import ApplicantsPage from './applicants.view.tsx';
import { applicantPage, demoApplicants, demoDetail, demoJobsWithApplicants } from './applicants-stories-support.ts';

/** A pretend server over the demo applicants: filters, searches and orders them; opening one marks it seen, and statuses move. */
function pretendServer() {
  let rows = [...demoApplicants];
  const logic = applicantListMachine.provide({
    actors: {
      load: fromPromise<ApplicantPage, ApplicantListRequest>(({ input }) => {
        const q = String(input.search ?? '').toLowerCase();
        const found = rows.filter(
          (a) =>
            (input.filter === 'All' || !input.filter ? true : input.filter === 'New' ? a.isNew : a.status === input.filter) &&
            (!input.jobId || a.job.id === input.jobId) &&
            (!q || `${a.jobSeeker.name} ${a.jobSeeker.email} ${a.job.title}`.toLowerCase().includes(q)),
        );
        return after(500, applicantPage(found, found.length, input.pageNumber as number));
      }),
      loadJobs: fromPromise<JobWithApplicants[]>(() => after(300, demoJobsWithApplicants)),
    },
  });
  const detailLogic = applicantDetailMachine.provide({
    actors: {
      load: fromPromise<ApplicantDetail, { id: string }>(({ input }) => {
        rows = rows.map((a) => (a.id === input.id ? { ...a, isNew: false } : a));
        return after(400, demoDetail(rows.find((a) => a.id === input.id)!));
      }),
      setStatus: fromPromise<StatusResult, { id: string; status: StaffStatus }>(({ input }) => {
        rows = rows.map((a) => (a.id === input.id ? { ...a, status: input.status, statusChangedAt: new Date().toISOString() } : a));
        return after(600, { applicant: rows.find((a) => a.id === input.id)!, message: ApplicantMessages.statusChanged });
      }),
    },
  });
  return { logic, detailLogic };
}
const { logic, detailLogic } = pretendServer();

const context = (c: Partial<ApplicantListContext> = {}): ApplicantListContext => ({
  query: { pageNumber: 1, search: '', filter: 'All', order: 'date', ascending: false, jobId: null },
  typed: '',
  applicants: demoApplicants,
  total: demoApplicants.length,
  loadError: null,
  jobs: demoJobsWithApplicants,
  ...c,
});
type Value = { typing: 'idle' | 'waiting'; list: 'loading' | 'failed' | 'ready'; jobs: 'loading' | 'done' };
const at = (value: Partial<Value>, c: Partial<ApplicantListContext> = {}) =>
  logic.resolveState({ value: { typing: 'idle', list: 'ready', jobs: 'done', ...value }, context: context(c) });

const meta = {
  title: 'Applicants/Applicants page',
  component: ApplicantsPage,
  decorators: [withRecruiter, withToaster],
  args: { logic, detailLogic, fetchDocument: async (doc) => ({ blob: new Blob(['%PDF-1.4']), filename: doc.name }) },
  parameters: { layout: 'fullscreen', route: '/user/applicants', docs: { story: { height: '720px' } } },
} satisfies Meta<typeof ApplicantsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;
const phone = { viewport: { value: 'iphonese2', isRotated: false } } as const;

/** From the start: every control works against a pretend server; open a name for the applicant panel. */
export const FromTheStart: Story = {};

export const FromTheStartDark: Story = { globals: dark };

/** list.loading before any row. */
export const Loading: Story = { args: { snapshot: at({ list: 'loading' }, { applicants: [], total: 0 }) } };

/** list.failed: what went wrong, and Try again. */
export const LoadFailed: Story = {
  args: { snapshot: at({ list: 'failed' }, { applicants: [], total: 0, loadError: 'Something went wrong!!!' }) },
};

export const LoadFailedDark: Story = { ...LoadFailed, globals: dark };

/** list.ready: New badges, skills matched and status chips (a table on wide screens). */
export const List: Story = { args: { snapshot: at({}) } };

export const ListDark: Story = { ...List, globals: dark };

/** On a phone: a card per applicant. */
export const Cards: Story = { ...List, globals: { viewport: phone.viewport } };

export const CardsDark: Story = { ...List, globals: { ...dark, viewport: phone.viewport } };

/** /user/applicants?jobId=: one job's applicants. */
export const OneJob: Story = {
  parameters: { route: `/user/applicants?jobId=${demoJobsWithApplicants[0]!.jobId}` },
  args: {
    snapshot: at(
      {},
      {
        query: { ...context().query, jobId: demoJobsWithApplicants[0]!.jobId },
        applicants: demoApplicants.filter((a) => a.job.id === demoJobsWithApplicants[0]!.jobId),
      },
    ),
  },
};

/** Nothing yet. */
export const Empty: Story = { args: { snapshot: at({}, { applicants: [], total: 0 }) } };

export const EmptyDark: Story = { ...Empty, globals: dark };

/** A search that finds nothing. */
export const NoMatch: Story = {
  args: { snapshot: at({}, { applicants: [], total: 0, query: { ...context().query, search: 'welder' }, typed: 'welder' }) },
};
