import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { CompletionStatus } from '../../contract/account.ts';
import { profileCompletionMachine } from '../../machines/account/profile-completion.machine.ts';
import { ProfileCompletion } from './profile-completion.view.tsx';

const half: CompletionStatus = {
  isCompleted: false,
  completedPercentage: 50,
  profileComplete: true,
  educationComplete: false,
  skillsComplete: true,
  experienceComplete: true,
  preferencesComplete: false,
  documentsComplete: false,
};
const full: CompletionStatus = {
  ...half,
  isCompleted: true,
  completedPercentage: 100,
  educationComplete: true,
  preferencesComplete: true,
  documentsComplete: true,
};

/** The server answers at once, with a half-complete profile. */
const logic = profileCompletionMachine.provide({ actors: { load: fromPromise(async () => half) } });

const at = (value: 'loading' | 'loaded' | 'failed', status: CompletionStatus | null = null) =>
  logic.resolveState({ value, context: { status } });

const meta = {
  title: 'Job seeker/Profile completion',
  component: ProfileCompletion,
  args: { logic },
  parameters: { route: '/user/dashboard' },
} satisfies Meta<typeof ProfileCompletion>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** loading: while the status is read. */
export const Loading: Story = { args: { snapshot: at('loading') } };

/** loaded: the percentage, what is missing and a link to each section. */
export const HalfComplete: Story = { args: { snapshot: at('loaded', half) } };

export const HalfCompleteDark: Story = { ...HalfComplete, globals: dark };

/** loaded, all six sections done. */
export const Complete: Story = { args: { snapshot: at('loaded', full) } };

export const CompleteDark: Story = { ...Complete, globals: dark };

/** failed: the status could not be read; Try again reads it again. */
export const Failed: Story = { args: { snapshot: at('failed') } };
