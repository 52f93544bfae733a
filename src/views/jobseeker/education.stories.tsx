import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { ProfileMessages, type Education, type educationInputSchema } from '../../contract/jobseeker.ts';
import type { AllLookups } from '../../contract/lookups.ts';
import { education, educationMachine, type EducationField } from '../../machines/jobseeker/education.machine.ts';
import type { Choice, EntriesContext, Loaded } from '../../machines/jobseeker/entries.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import EducationSettingsPage from './education.view.tsx';
import { withJobSeeker } from './stories-support.tsx';

const lookups: AllLookups = {
  jobSkills: [],
  jobTypes: [],
  jobEducations: [
    { id: 1, name: 'High school diploma or GED', level: 1 },
    { id: 2, name: 'Certificate or vocational', level: 2 },
    { id: 3, name: "Associate's degree", level: 3 },
    { id: 4, name: "Bachelor's degree", level: 4 },
    { id: 5, name: "Master's degree", level: 5 },
    { id: 6, name: 'Professional degree (JD, MD, DDS…)', level: 6 },
    { id: 7, name: 'Doctorate', level: 7 },
  ],
  jobBenefits: [],
  fieldsOfStudy: [
    { id: 11, name: 'Computer and Information Sciences and Support Services', cipCode: '11' },
    { id: 14, name: 'Engineering', cipCode: '14' },
    { id: 51, name: 'Health Professions and Related Programs', cipCode: '51' },
    { id: 52, name: 'Business, Management, Marketing, and Related Support Services', cipCode: '52' },
  ],
  industries: [],
  jobSchedules: [],
  jobSupplementalPays: [],
  preferLocations: [],
};

const entries: Education[] = [
  {
    id: 'e-2',
    degreeId: 5,
    degree: "Master's degree",
    level: 5,
    completion: 2020,
    universityId: 209542,
    university: 'Oregon State University',
    focusId: 11,
    focus: 'Computer and Information Sciences and Support Services',
  },
  {
    id: 'e-1',
    degreeId: 4,
    degree: "Bachelor's degree",
    level: 4,
    completion: 2017,
    universityId: 209807,
    university: 'Portland State University',
    focusId: 52,
    focus: 'Business, Management, Marketing, and Related Support Services',
  },
  {
    id: 'e-0',
    degreeId: 1,
    degree: 'High school diploma or GED',
    level: 1,
    completion: 2013,
    universityId: null,
    university: 'Hudson’s Bay High School',
    focusId: null,
    focus: null,
  },
];

const schools: Choice[] = [
  { value: 209807, label: 'Portland State University' },
  { value: 209542, label: 'Oregon State University' },
  { value: 209551, label: 'University of Oregon' },
  { value: 209065, label: 'Portland Community College' },
  { value: 209922, label: 'Reed College' },
];

/** The server answers after a moment, and searches a handful of Oregon schools. */
const logic = educationMachine.provide({
  actors: {
    load: fromPromise<Loaded<Education[]>>(() => after(600, { list: entries, lookups })),
    save: fromPromise<Education[], { id: string | null; input: z.output<typeof educationInputSchema> }>(({ input: { id, input } }) => {
      const degree = lookups.jobEducations.find((d) => d.id === input.degree)!;
      const saved: Education = {
        id: id ?? 'e-new',
        degreeId: degree.id,
        degree: degree.name,
        level: degree.level,
        completion: input.completion,
        universityId: input.universityId ?? null,
        university: input.university,
        focusId: input.focus ?? null,
        focus: lookups.fieldsOfStudy.find((f) => f.id === input.focus)?.name ?? null,
      };
      return after(900, [...entries.filter((e) => e.id !== id), saved]);
    }),
    remove: fromPromise<Education[], { id: string }>(({ input }) =>
      after(
        700,
        entries.filter((e) => e.id !== input.id),
      ),
    ),
    search: fromPromise<Choice[], { query: string }>(({ input }) =>
      after(
        400,
        schools.filter((s) => s.label.toLowerCase().includes(input.query.toLowerCase())),
      ),
    ),
  },
});
const stuck = educationMachine.provide({ actors: { save: fromPromise(() => never()), remove: fromPromise(() => never()) } });

const context = (c: Partial<EntriesContext<Education, EducationField>> = {}): EntriesContext<Education, EducationField> => ({
  ...education.initialContext,
  entries,
  lookups,
  ...c,
});
const blank = education.formFor(null);
const editing = education.formFor(entries[1]!);

const at = (value: string | Record<string, unknown>, c: Partial<EntriesContext<Education, EducationField>> = {}, machine = logic) =>
  machine.resolveState({ value: value as never, context: context(c) });
const dialog = { dialog: { form: 'idle', search: 'idle' } };

const meta = {
  title: 'Job seeker/Education',
  component: EducationSettingsPage,
  decorators: [withJobSeeker],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/user/settings/education', docs: { story: { height: '640px' } } },
} satisfies Meta<typeof EducationSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the list; add, edit and delete all answer. */
export const FromTheStart: Story = {};

/** loading: while the list and the lookups are read. */
export const Loading: Story = { args: { snapshot: at('loading', { entries: [], lookups: null }) } };

/** loadFailed: the list could not be read; Try again reads it again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { entries: [], lookups: null }) } };

/** list, empty: nothing added yet. */
export const Empty: Story = { args: { snapshot: at({ list: 'idle' }, { entries: [] }) } };

/** list: newest completion year first, numbered from 1. */
export const List: Story = { args: { snapshot: at({ list: 'idle' }) } };

export const ListDark: Story = { ...List, globals: dark };

/** dialog, adding: a blank form; Save waits for the rules. */
export const DialogAdd: Story = { args: { snapshot: at(dialog, { ...blank, editing: null }) } };

/** dialog, editing: the entry's values, the degree's level under it. */
export const DialogEdit: Story = { args: { snapshot: at(dialog, { ...editing, editing: 'e-1' }) } };

export const DialogEditDark: Story = { ...DialogEdit, globals: dark };

/** dialog, with the rules unmet on fields the user left. */
export const DialogInvalid: Story = {
  args: {
    snapshot: at(dialog, {
      editing: null,
      values: { ...blank.values, degree: '4', completion: '2031' },
      errors: { university: ProfileMessages.university, completion: ProfileMessages.completionYear },
      touched: { university: true, completion: true },
    }),
  },
};

/** saving: the dialog waits for the server, its fields held. */
export const Saving: Story = { args: { logic: stuck, snapshot: at('saving', { ...editing, editing: 'e-1' }, stuck) } };

/** failed: the server refused; the dialog keeps what was typed and says why. */
export const Failed: Story = {
  args: {
    snapshot: at(
      { dialog: { form: 'failed', search: 'idle' } },
      { ...editing, editing: 'e-1', values: { ...editing.values, completion: '2016' }, error: ProfileMessages.entryMissing },
    ),
  },
};

/** confirming: the user is asked before an entry is deleted. */
export const ConfirmDelete: Story = { args: { snapshot: at('confirming', { removing: entries[2]! }) } };

/** deleting: the confirmation waits for the server. */
export const Deleting: Story = { args: { logic: stuck, snapshot: at('deleting', { removing: entries[2]! }, stuck) } };

/** confirming after a failed delete: the server's words. */
export const DeleteFailed: Story = { args: { snapshot: at('confirming', { removing: entries[2]!, error: ProfileMessages.entryMissing }) } };
