import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { CompletionStatus } from '../../contract/account.ts';
import { profileCompletionMachine } from '../../machines/account/profile-completion.machine.ts';
import { DASHBOARD_MATCHES, type SeekerDashboardContext } from '../../machines/jobs/seeker-dashboard.machine.ts';
import { matchedJobs, pretendDashboardServer, sampleDashboardCount } from '../jobs/seeker-jobs-stories-support.tsx';
import { withJobSeeker } from '../jobseeker/stories-support.tsx';
import { SeekerDashboard } from './seeker-dashboard.view.tsx';
import { seekerInvitationsMachine } from '../../machines/suggestions/seeker-invitations.machine.ts';
import { demoSeekerInvitations } from '../suggestions/suggestions-stories-support.ts';

const half: CompletionStatus = {
  isCompleted: false,
  completedPercentage: 67,
  profileComplete: true,
  educationComplete: true,
  skillsComplete: true,
  experienceComplete: false,
  preferencesComplete: true,
  documentsComplete: false,
};
const completionLogic = profileCompletionMachine.provide({ actors: { load: fromPromise(async () => half) } });
const { logic, saveLogic } = pretendDashboardServer();
/** The seeker's invitations: three, newest first. */
const invitationsLogic = seekerInvitationsMachine.provide({
  actors: { load: fromPromise(async () => ({ items: demoSeekerInvitations, total: 3, pageNumber: 1, pageSize: 5 })) },
});

type Part = 'loading' | 'loaded' | 'failed';
const at = (counts: Part, matches: Part, c: Partial<SeekerDashboardContext> = {}) =>
  logic.resolveState({
    value: { counts, matches },
    context: {
      counts: counts === 'loaded' ? sampleDashboardCount() : null,
      jobs: matches === 'loaded' ? matchedJobs.slice(0, DASHBOARD_MATCHES) : [],
      ...c,
    },
  });

const meta = {
  title: 'Dashboard/Job seeker',
  component: SeekerDashboard,
  decorators: [withJobSeeker],
  args: { logic, saveLogic, completionLogic, invitationsLogic },
  parameters: { layout: 'padded', route: '/user/dashboard', docs: { story: { height: '900px' } } },
} satisfies Meta<typeof SeekerDashboard>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: both parts load side by side. Save a job for you and the saved count follows. */
export const FromTheStart: Story = {};
/** counts.loading, matches.loading. */
export const Loading: Story = { args: { snapshot: at('loading', 'loading') } };
/** Both loaded: counts, applications by status, the profile and five jobs for you. */
export const Loaded: Story = { args: { snapshot: at('loaded', 'loaded') } };
export const LoadedDark: Story = { ...Loaded, globals: dark };
/** A new job seeker: nothing applied to or saved, nothing matches yet. */
export const NewSeeker: Story = {
  args: {
    snapshot: at('loaded', 'loaded', {
      counts: sampleDashboardCount({
        appliedJobs: 0,
        savedJobs: 0,
        matchedJobs: 0,
        applications: { Applied: 0, Reviewed: 0, Interviewing: 0, Offered: 0, Hired: 0, Rejected: 0, Withdrawn: 0 },
      }),
      jobs: [],
    }),
  },
};
export const NewSeekerDark: Story = { ...NewSeeker, globals: dark };
/** counts.failed while the jobs for you show. */
export const CountsFailed: Story = { args: { snapshot: at('failed', 'loaded') } };
/** matches.failed while the counts show. */
export const MatchesFailed: Story = { args: { snapshot: at('loaded', 'failed') } };
export const MatchesFailedDark: Story = { ...MatchesFailed, globals: dark };
/** On a phone. */
export const Phone: Story = { args: { snapshot: at('loaded', 'loaded') }, globals: { viewport: { value: 'iphonese2', isRotated: false } } };
