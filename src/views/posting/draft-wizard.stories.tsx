import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import {
  newJobData,
  PostingMessages,
  todayIso,
  type CompanyJobDetail,
  type Draft,
  type JobData,
  type StepTracking,
} from '../../contract/posting.ts';
import { payRangeReason } from '../../contract/posting-rules.ts';
import {
  wizardMachine,
  type DraftMeta,
  type PublishInput,
  type SaveInput,
  type WizardContext,
  type WizardLoaded,
} from '../../machines/posting/wizard.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import { storyBoostLogic, storyTiersLogic } from '../billing/billing-stories-support.ts';
import { withEmployer, withRecruiter } from '../company/stories-support.tsx';
import { storySearchLogic } from '../location/location-stories-support.ts';
import { DraftWizard } from './draft-wizard.view.tsx';
import { completeJobData, DRAFT_ID, newDraft, reviewTracking, sampleDescription, sampleDraft, sampleLookups } from './stories-support.tsx';

const TODAY = todayIso();

/** A server that answers after a moment: drafts are kept, the writer writes, publishing succeeds. */
const logic = wizardMachine.provide({
  actors: {
    load: fromPromise<WizardLoaded, { draftId: string }>(() => after(600, { draft: sampleDraft(), lookups: sampleLookups, local: null })),
    create: fromPromise(({ input }: { input: { title: string } }) => after(700, { draft: newDraft(input.title), lookups: sampleLookups })),
    save: fromPromise<Draft, SaveInput>(({ input }) => after(700, sampleDraft(input.jobData, input.stepTracking))),
    write: fromPromise<string | null, SaveInput>(() => after(1200, sampleDescription)),
    publish: fromPromise<CompanyJobDetail, PublishInput>(() => never()),
  },
});

const draftMeta: DraftMeta = (({ jobPostDraftId, title, created, createdBy, modified, modifiedBy }: Draft) => ({
  jobPostDraftId,
  title,
  created,
  createdBy,
  modified,
  modifiedBy,
}))(sampleDraft());

const atStep = (currentStep: StepTracking['currentStep'], completed = 0): StepTracking => ({
  currentStep,
  completedSteps: reviewTracking.completedSteps.slice(0, completed),
  stepLastModified: {},
});

const context = (c: Partial<WizardContext> = {}): WizardContext => ({
  draftId: DRAFT_ID,
  today: TODAY,
  title: '',
  titleError: null,
  createError: null,
  loadError: null,
  draft: draftMeta,
  data: completeJobData,
  tracking: atStep('jobDetails'),
  numberText: {},
  touched: [],
  attempted: false,
  serverErrors: {},
  version: 0,
  savedVersion: 0,
  savingVersion: 0,
  saveError: null,
  lookups: sampleLookups,
  offer: null,
  suggestion: null,
  writerError: null,
  publishError: null,
  ...c,
});

type Regions = { editor?: string; autosave?: string; writer?: string };
const ready = ({ editor = 'editing', autosave = 'clean', writer = 'idle' }: Regions = {}) => ({ ready: { editor, autosave, writer } });
const at = (value: string | Record<string, unknown>, c: Partial<WizardContext> = {}) =>
  logic.resolveState({ value: value as never, context: context(c) });

const withDescription = (description: string | null): JobData => ({
  ...completeJobData,
  jobDetails: { ...completeJobData.jobDetails, description },
});

const meta = {
  title: 'Posting/Job post wizard',
  component: DraftWizard,
  decorators: [withRecruiter],
  args: { logic, locationLogic: storySearchLogic, today: TODAY, tiersLogic: storyTiersLogic, boostLogic: storyBoostLogic() },
  parameters: { layout: 'padded', route: '/user/jobs/post-job' },
} satisfies Meta<typeof DraftWizard>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: the title, then the steps of the new draft, saved as you go. */
export const FromTheStart: Story = {};

/** Resuming a draft: loading, then its current step. */
export const Resuming: Story = { args: { draftId: DRAFT_ID } };

/** naming: the title a new job post starts with. */
export const Naming: Story = { args: { snapshot: at('naming', { draftId: null, draft: null }) } };

export const NamingDark: Story = { ...Naming, globals: dark };

/** naming, with a title too short. */
export const NamingInvalid: Story = {
  args: { snapshot: at('naming', { draftId: null, draft: null, title: 'Dock', titleError: PostingMessages.title }) },
};

/** creating: the draft is being made. */
export const Creating: Story = { args: { snapshot: at('creating', { draftId: null, draft: null, title: 'Dock Worker' }) } };

/** loading: the draft and its lists are read. */
export const Loading: Story = { args: { snapshot: at('loading') } };

/** loadFailed: the draft could not be read. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { loadError: PostingMessages.draftNotFound }) } };

/** Step 1, job details. */
export const JobDetails: Story = { args: { snapshot: at(ready()) } };

export const JobDetailsDark: Story = { ...JobDetails, globals: dark };

/** Step 1 of a new draft, Next pressed: everything it lacks is shown by its field. */
export const JobDetailsIncomplete: Story = { args: { snapshot: at(ready(), { data: newJobData('Dock Worker'), attempted: true }) } };

export const JobDetailsIncompleteDark: Story = { ...JobDetailsIncomplete, globals: dark };

/** Step 1, remote: the states the job is open to. */
export const RemoteJob: Story = {
  args: {
    snapshot: at(ready(), {
      data: { ...completeJobData, jobDetails: { ...completeJobData.jobDetails, locationType: 'remote', remoteStates: ['OR', 'WA'] } },
    }),
  },
};

/** Step 2, time requirements. */
export const TimeRequirements: Story = { args: { snapshot: at(ready(), { tracking: atStep('timeRequirements', 1) }) } };

/** Step 3, pay: the job is in Washington, whose law asks for a pay range. */
export const Pay: Story = { args: { snapshot: at(ready(), { tracking: atStep('payDetails', 2) }) } };

export const PayDark: Story = { ...Pay, globals: dark };

/** Step 3 after the server refused to publish without a range. */
export const PayRefused: Story = {
  args: {
    snapshot: at(ready(), {
      tracking: { ...reviewTracking, currentStep: 'payDetails' },
      data: { ...completeJobData, payDetails: { ...completeJobData.payDetails, maxSalary: 0 } },
      serverErrors: { 'payDetails.maxSalary': payRangeReason([{ name: 'Washington' }]) },
      attempted: true,
    }),
  },
};

/** Step 4, industry. */
export const Industry: Story = { args: { snapshot: at(ready(), { tracking: atStep('categorization', 3) }) } };

/** Step 5, candidate requirements, open to applicants aged 16 and 17. */
export const Candidates: Story = {
  args: {
    snapshot: at(ready(), {
      tracking: atStep('candidateRequirements', 4),
      data: { ...completeJobData, candidateRequirements: { ...completeJobData.candidateRequirements, openToMinors: true } },
    }),
  },
};

export const CandidatesDark: Story = { ...Candidates, globals: dark };

/** Step 5: a skill names a hazardous occupation, so minors cannot be welcome. */
export const MinorsBlocked: Story = {
  args: {
    snapshot: at(ready(), {
      tracking: atStep('candidateRequirements', 4),
      data: { ...completeJobData, candidateRequirements: { ...completeJobData.candidateRequirements, skills: [101, 103] } },
    }),
  },
};

/** Step 6, boost: No boost, or a tier and length kept in the draft (a recruiter is told the employer pays). */
export const Boost: Story = { args: { snapshot: at(ready(), { tracking: atStep('subscriptionPlan', 5) }) } };

/** Step 6, boost: Premium for 30 days chosen, priced for display; the employer pays after publishing. */
export const BoostChosen: Story = {
  decorators: [withEmployer],
  args: {
    snapshot: at(ready(), {
      tracking: atStep('subscriptionPlan', 5),
      data: { ...completeJobData, subscriptionPlan: { tier: 'premium', length: 30, price: 168, discountPercentage: 20 } },
    }),
  },
};

export const BoostChosenDark: Story = { ...BoostChosen, globals: dark };

/** Step 7, review: everything in place. */
export const Review: Story = { args: { snapshot: at(ready(), { tracking: reviewTracking }) } };

export const ReviewDark: Story = { ...Review, globals: dark };

/** Step 7 with steps still lacking something: Publish waits. */
export const ReviewIncomplete: Story = {
  args: {
    snapshot: at(ready(), {
      tracking: reviewTracking,
      data: {
        ...completeJobData,
        categorization: { industries: [] },
        timeRequirements: { ...completeJobData.timeRequirements, workSchedule: null },
      },
    }),
  },
};

/** publishing. */
export const Publishing: Story = { args: { snapshot: at(ready({ editor: 'publishing' }), { tracking: reviewTracking }) } };

/** The publish call failed for another reason than the data. */
export const PublishFailed: Story = {
  args: { snapshot: at(ready(), { tracking: reviewTracking, publishError: 'Network Error!, Please check your connection.' }) },
};

/** published: the moment before the active jobs open. */
export const Published: Story = { args: { snapshot: at('published', { tracking: reviewTracking }) } };

/** Autosave: a change waits for a pause in typing. */
export const Unsaved: Story = { args: { snapshot: at(ready({ autosave: 'dirty' }), { version: 1 }) } };

/** Autosave: saving. */
export const Saving: Story = { args: { snapshot: at(ready({ autosave: 'saving' }), { version: 1, savingVersion: 1 }) } };

/** Autosave failed: the changes are kept in the browser; Retry. */
export const SaveFailed: Story = {
  args: { snapshot: at(ready({ autosave: 'failed' }), { version: 1, saveError: 'Network Error!, Please check your connection.' }) },
};

export const SaveFailedDark: Story = { ...SaveFailed, globals: dark };

/** Autosave waits for a value the contract takes. */
export const SaveInvalid: Story = {
  args: {
    snapshot: at(ready({ autosave: 'invalid' }), {
      version: 1,
      data: { ...completeJobData, jobDetails: { ...completeJobData.jobDetails, numberOfHires: 0 } },
      numberText: { 'jobDetails.numberOfHires': '0' },
      touched: ['jobDetails.numberOfHires'],
    }),
  },
};

/** offering: changes this browser kept are offered back. */
export const Offering: Story = {
  args: {
    snapshot: at(ready({ editor: 'offering' }), {
      offer: {
        jobData: { ...completeJobData, jobDetails: { ...completeJobData.jobDetails, title: 'Warehouse Lead' } },
        stepTracking: atStep('payDetails', 2),
        savedAt: '2026-03-01T10:00:00.000Z',
      },
    }),
  },
};

export const OfferingDark: Story = { ...Offering, globals: dark };

/** writing: the description writer is at work. */
export const Writing: Story = { args: { snapshot: at(ready({ writer: 'writing' }), { data: withDescription('<p>Pack boxes.</p>') }) } };

/** The writer's description beside the author's. */
export const Suggestion: Story = {
  args: { snapshot: at(ready(), { data: withDescription('<p>Pack boxes.</p>'), suggestion: sampleDescription }) },
};

export const SuggestionDark: Story = { ...Suggestion, globals: dark };

/** The writer could not write. */
export const WriterFailed: Story = {
  args: { snapshot: at(ready(), { data: withDescription('<p>Pack boxes.</p>'), writerError: PostingMessages.writerUnavailable }) },
};
