import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { ProfileMessages, type Experience, type ExperienceList, type experienceInputSchema } from '../../contract/jobseeker.ts';
import type { AllLookups } from '../../contract/lookups.ts';
import type { EntriesContext, Loaded } from '../../machines/jobseeker/entries.machine.ts';
import { experience, experienceMachine, type ExperienceField } from '../../machines/jobseeker/experience.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import ExperienceSettingsPage from './experience.view.tsx';
import { withJobSeeker } from './stories-support.tsx';

const lookups: AllLookups = {
  jobSkills: [
    { id: 101, name: 'Carpentry', category: 'Construction and skilled trades' },
    { id: 102, name: 'Customer service', category: 'Sales and service' },
    { id: 103, name: 'Espresso drinks', category: 'Food and hospitality' },
    { id: 104, name: 'Cash handling', category: 'Sales and service' },
    { id: 105, name: 'Forklift operation', category: 'Warehouse and logistics' },
    { id: 106, name: 'Inventory management', category: 'Warehouse and logistics' },
  ],
  jobTypes: [
    { id: 1, name: 'Full-time' },
    { id: 2, name: 'Part-time' },
    { id: 3, name: 'Contract' },
    { id: 4, name: 'Temporary' },
    { id: 5, name: 'Internship' },
  ],
  jobEducations: [],
  jobBenefits: [],
  fieldsOfStudy: [],
  industries: [],
  jobSchedules: [],
  jobSupplementalPays: [],
  preferLocations: [],
};

const entries: Experience[] = [
  {
    id: 'x-2',
    companyName: 'Blue Star Coffee',
    jobTitle: 'Shift lead',
    startDate: '2021-03-01',
    endDate: null,
    currentEmployer: true,
    jobDescription: 'Open the Pearl District café, run the morning shift of four, and train new baristas.',
    salary: 19.75,
    salaryType: 'Hourly',
    salaryTypeName: 'Hourly',
    skills: [
      { id: 104, name: 'Cash handling' },
      { id: 102, name: 'Customer service' },
      { id: 103, name: 'Espresso drinks' },
    ],
    expTypeId: 1,
    expTypeName: 'Full-time',
  },
  {
    id: 'x-1',
    companyName: 'Cascade Builders',
    jobTitle: 'Framing carpenter',
    startDate: '2018-06-15',
    endDate: '2021-02-26',
    currentEmployer: false,
    jobDescription: '',
    salary: 52000,
    salaryType: 'Yearly',
    salaryTypeName: 'Yearly',
    skills: [{ id: 101, name: 'Carpentry' }],
    expTypeId: 3,
    expTypeName: 'Contract',
  },
];
const list = (isFresher: boolean, exps = entries): ExperienceList => ({ isFresher, jobsekerExps: exps });

type Input = z.output<typeof experienceInputSchema>;
const entryOf = (id: string, input: Input): Experience => ({
  id,
  ...input,
  endDate: input.endDate ?? null,
  salary: input.salary ?? null,
  salaryType: input.salaryType ?? null,
  salaryTypeName: input.salaryType ?? null,
  skills: input.skills.map((s) => ({ id: s, name: lookups.jobSkills.find((k) => k.id === s)?.name ?? '' })),
  expTypeId: input.expTypeId ?? null,
  expTypeName: lookups.jobTypes.find((t) => t.id === input.expTypeId)?.name ?? null,
});

/** The server answers after a moment. */
const logic = experienceMachine.provide({
  actors: {
    load: fromPromise<Loaded<ExperienceList>>(() => after(600, { list: list(false), lookups })),
    save: fromPromise<ExperienceList, { id: string | null; input: Input }>(({ input: { id, input } }) =>
      after(900, list(false, [entryOf(id ?? 'x-new', input), ...entries.filter((e) => e.id !== id)])),
    ),
    remove: fromPromise<ExperienceList, { id: string }>(({ input }) =>
      after(
        700,
        list(
          false,
          entries.filter((e) => e.id !== input.id),
        ),
      ),
    ),
    setFlag: fromPromise<ExperienceList, { value: boolean }>(({ input }) => after(500, list(input.value, []))),
  },
});
/** No job listed yet: the fresher switch answers. */
const fresh = logic.provide({
  actors: { load: fromPromise<Loaded<ExperienceList>>(() => after(600, { list: list(false, []), lookups })) },
});
const stuck = experienceMachine.provide({
  actors: { save: fromPromise(() => never()), remove: fromPromise(() => never()), setFlag: fromPromise(() => never()) },
});

const context = (c: Partial<EntriesContext<Experience, ExperienceField>> = {}): EntriesContext<Experience, ExperienceField> => ({
  ...experience.initialContext,
  entries,
  lookups,
  ...c,
});
const at = (value: string | Record<string, unknown>, c: Partial<EntriesContext<Experience, ExperienceField>> = {}, machine = logic) =>
  machine.resolveState({ value: value as never, context: context(c) });
const dialog = { dialog: { form: 'idle', search: 'idle' } };
const blank = experience.formFor(null);
const editing = experience.formFor(entries[1]!);

const meta = {
  title: 'Job seeker/Experience',
  component: ExperienceSettingsPage,
  decorators: [withJobSeeker],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/user/settings/experience', docs: { story: { height: '760px' } } },
} satisfies Meta<typeof ExperienceSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the list; add, edit and delete all answer. */
export const FromTheStart: Story = {};

/** From the start with no job yet: the "no work experience yet" switch saves. */
export const FromTheStartEmpty: Story = { args: { logic: fresh } };

/** loading: while the jobs and the lookups are read. */
export const Loading: Story = { args: { snapshot: at('loading', { entries: [], lookups: null }) } };

/** loadFailed: the jobs could not be read; Try again reads them again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { entries: [], lookups: null }) } };

/** list, empty: no job yet, and the switch for having none. */
export const Empty: Story = { args: { snapshot: at({ list: 'idle' }, { entries: [] }) } };

/** list, empty, "no work experience yet" ticked: the section counts as complete. */
export const Fresher: Story = { args: { snapshot: at({ list: 'idle' }, { entries: [], flag: true }) } };

/** savingFlag: the switch waits for the server. */
export const SavingFresher: Story = { args: { logic: stuck, snapshot: at('savingFlag', { entries: [] }, stuck) } };

/** list.failed: the switch could not be saved. */
export const FresherFailed: Story = { args: { snapshot: at({ list: 'failed' }, { entries: [], error: 'Something went wrong!!!' }) } };

/** list: newest start first, with months, job type, pay and skills. */
export const List: Story = { args: { snapshot: at({ list: 'idle' }) } };

export const ListDark: Story = { ...List, globals: dark };

/** dialog, adding: a blank form; Save waits for the rules. */
export const DialogAdd: Story = { args: { snapshot: at(dialog, { ...blank, editing: null }) } };

/** dialog, editing: a past job with its end date and skills. */
export const DialogEdit: Story = { args: { snapshot: at(dialog, { ...editing, editing: 'x-1' }) } };

export const DialogEditDark: Story = { ...DialogEdit, globals: dark };

/** dialog, editing the current job: no end date. */
export const DialogEditCurrent: Story = { args: { snapshot: at(dialog, { ...experience.formFor(entries[0]!), editing: 'x-2' }) } };

/** dialog, with the date rules unmet on fields the user left. */
export const DialogInvalid: Story = {
  args: {
    snapshot: at(dialog, {
      ...editing,
      editing: 'x-1',
      values: { ...editing.values, endDate: '2017-12-31' },
      errors: { endDate: ProfileMessages.endDate },
      touched: { endDate: true },
    }),
  },
};

/** saving: the dialog waits for the server, its fields held. */
export const Saving: Story = { args: { logic: stuck, snapshot: at('saving', { ...editing, editing: 'x-1' }, stuck) } };

/** failed: the server refused; the dialog keeps what was typed and says why. */
export const Failed: Story = {
  args: {
    snapshot: at({ dialog: { form: 'failed', search: 'idle' } }, { ...editing, editing: 'x-1', error: ProfileMessages.entryMissing }),
  },
};

/** confirming: the user is asked before a job is deleted. */
export const ConfirmDelete: Story = { args: { snapshot: at('confirming', { removing: entries[1]! }) } };

/** deleting: the confirmation waits for the server. */
export const Deleting: Story = { args: { logic: stuck, snapshot: at('deleting', { removing: entries[1]! }, stuck) } };
