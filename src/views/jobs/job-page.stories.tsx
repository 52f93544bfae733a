import type { Meta, StoryObj } from '@storybook/react-vite';
import { jobPageMachine } from '../../machines/jobs/job-page.machine.ts';
import { storyApplication, storyJob, storyPageLogic, storyViewer, waitingPageLogic } from './job-page-stories-support.ts';
import { JobPageView } from './job-page.view.tsx';

const asSeeker = { ...storyJob, viewer: storyViewer() };
const seekerLogic = storyPageLogic(asSeeker);
const visitorLogic = storyPageLogic(storyJob);

const at = (value: string | Record<string, string>, job: typeof storyJob | null, asSeekerInput: boolean, logic = seekerLogic) =>
  logic.resolveState({ value, context: { id: storyJob.id, asSeeker: asSeekerInput, job } });

/** /jobs/:id: a job's page for visitors, job seekers and company staff, in each state of its machine. */
const meta = {
  title: 'Jobs/Job page',
  component: JobPageView,
  args: { id: storyJob.id, role: null, signedIn: false, logic: visitorLogic },
  parameters: { layout: 'fullscreen', route: `/jobs/${storyJob.id}`, docs: { story: { height: '1100px' } } },
} satisfies Meta<typeof JobPageView>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;
const seeker = { role: 'JobSeeker', signedIn: true, logic: seekerLogic } as const;

/** From the start as a job seeker: the job after a moment; Apply, Save and Report work against a story server. */
export const FromTheStart: Story = { args: seeker };

/** loading: while the job is read. */
export const Loading: Story = { args: { logic: waitingPageLogic as typeof jobPageMachine } };

/** failed: the job could not be read; Try again reads it again. */
export const Failed: Story = { args: { snapshot: at('failed', null, false, visitorLogic) } };

export const FailedDark: Story = { ...Failed, globals: dark };

/** notFound: deleted, or its company is not shown. */
export const NotFound: Story = { args: { snapshot: at('notFound', null, false, visitorLogic) } };

export const NotFoundDark: Story = { ...NotFound, globals: dark };

/** loaded, for a visitor: Apply leads to the sign-in page and back. */
export const Visitor: Story = { args: { snapshot: at({ loaded: 'viewing' }, storyJob, false, visitorLogic) } };

export const VisitorDark: Story = { ...Visitor, globals: dark };

/** loaded, for a job seeker: Apply, Save and Report; the skills they have are marked. */
export const Seeker: Story = { args: { ...seeker, snapshot: at({ loaded: 'viewing' }, asSeeker, true) } };

export const SeekerDark: Story = { ...Seeker, globals: dark };

/** loaded, applied and saved: the application's status and day, and the way to the applied jobs. */
export const Applied: Story = {
  args: {
    ...seeker,
    snapshot: at(
      { loaded: 'viewing' },
      {
        ...storyJob,
        viewer: storyViewer({
          isSaved: true,
          hasApplied: true,
          application: { id: storyApplication.id, status: 'Interviewing', appliedDate: storyApplication.appliedDate },
        }),
      },
      true,
    ),
  },
};

export const AppliedDark: Story = { ...Applied, globals: dark };

const reported = { status: 'open', reportedAt: '2025-03-11T09:00:00.000Z', resolvedAt: null } as const;

/** loaded, reported by this seeker: "Reported · Under review"; Report is gone. */
export const Reported: Story = {
  args: {
    ...seeker,
    snapshot: at({ loaded: 'viewing' }, { ...storyJob, viewer: storyViewer({ isReported: true, report: reported }) }, true),
  },
};

/** loaded, reported and reviewed: the page says what the review decided. */
export const ReportReviewed: Story = {
  args: {
    ...seeker,
    snapshot: at(
      { loaded: 'viewing' },
      {
        ...storyJob,
        status: 'Closed',
        isOpen: false,
        viewer: storyViewer({ isReported: true, report: { ...reported, status: 'jobClosed', resolvedAt: '2025-03-12T15:00:00.000Z' } }),
      },
      true,
    ),
  },
};

/** loaded, closed: the notice, and no Apply. */
export const Closed: Story = {
  args: { ...seeker, snapshot: at({ loaded: 'viewing' }, { ...storyJob, status: 'Closed', isOpen: false, viewer: storyViewer() }, true) },
};

export const ClosedDark: Story = { ...Closed, globals: dark };

/** loaded, expired. */
export const Expired: Story = {
  args: { snapshot: at({ loaded: 'viewing' }, { ...storyJob, status: 'Expired', isOpen: false }, false, visitorLogic) },
};

/** loaded, a remote job open to some states, for a company's staff: no Apply, Save or Report. */
export const RemoteForStaff: Story = {
  args: {
    role: 'Employer',
    signedIn: true,
    snapshot: at(
      { loaded: 'viewing' },
      {
        ...storyJob,
        type: 'remote',
        isRemote: true,
        address: null,
        location: null,
        remoteStates: [
          { code: 'OR', name: 'Oregon' },
          { code: 'WA', name: 'Washington' },
        ],
        compensation: { minimumAmount: 0, maximumAmount: 0, rate: null },
        isCompetitiveSalary: true,
        openToMinors: false,
        isBoosted: false,
      },
      false,
      visitorLogic,
    ),
  },
};
