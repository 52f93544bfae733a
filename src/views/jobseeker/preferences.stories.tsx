import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { ProfileMessages, type Preferences } from '../../contract/jobseeker.ts';
import { SUPPLEMENTAL_PAYS, SupplementalPay } from '../../contract/lookups.ts';
import {
  preferencesMachine,
  type PreferenceField,
  type PreferenceLookups,
  type PreferencesContext,
  type PreferencesInput,
} from '../../machines/jobseeker/preferences.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import { storySearchLogic } from '../location/location-stories-support.ts';
import PreferencesPage from './preferences.view.tsx';
import { withJobSeeker } from './stories-support.tsx';

const lookups: PreferenceLookups = {
  jobTypes: [
    { id: 1, name: 'Full-time' },
    { id: 2, name: 'Part-time' },
    { id: 3, name: 'Contract' },
    { id: 4, name: 'Temporary' },
  ],
  jobSchedules: [
    { id: 1, name: 'Day shift' },
    { id: 2, name: 'Night shift' },
    { id: 3, name: 'Weekends' },
  ],
  jobSupplementalPays: [...SUPPLEMENTAL_PAYS],
};
const place = (city: string, state: string, latitude: number, longitude: number) => ({
  name: `${city}, ${state}`,
  city,
  state,
  latitude,
  longitude,
});
const preferences: Preferences = {
  locations: [place('Vancouver', 'WA', 45.6387, -122.6615), place('Portland', 'OR', 45.5152, -122.6784)],
  employmentType: 1,
  employmentTypeName: 'Full-time',
  scheduleType: 1,
  scheduleTypeName: 'Day shift',
  salary: 22,
  salaryType: 'Hourly',
  additionalCompensation: SupplementalPay.OvertimePay | SupplementalPay.PerformanceBonuses,
  findable: true,
};
const values: Record<PreferenceField, string> = {
  employmentType: '1',
  scheduleType: '1',
  salary: '22',
  salaryType: 'Hourly',
  additionalCompensation: '48',
  findable: 'true',
};

/** The server answers after a moment; saving takes a moment too, and keeps what was sent. */
const logic = preferencesMachine.provide({
  actors: {
    load: fromPromise(() => after(600, { preferences, lookups })),
    save: fromPromise<Preferences, PreferencesInput>(({ input }) =>
      after(900, {
        ...preferences,
        locations: input.locations.map((l) => ({ ...l, city: l.city ?? null, state: l.state ?? null })),
        employmentType: input.employmentType ?? null,
        scheduleType: input.scheduleType ?? null,
        salary: input.salary ?? null,
        salaryType: input.salaryType ?? null,
        additionalCompensation: input.additionalCompensation,
        findable: input.findable ?? true,
      }),
    ),
  },
});
const saving = preferencesMachine.provide({ actors: { save: fromPromise(() => never()) } });

const context = (c: Partial<PreferencesContext> = {}): PreferencesContext => ({
  values,
  touched: {},
  errors: {},
  serverErrors: {},
  error: null,
  locations: preferences.locations,
  locationError: null,
  lookups,
  message: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<PreferencesContext> = {}, machine = logic) =>
  machine.resolveState({ value, context: context(c) });

const fivePlaces = [
  ...preferences.locations,
  place('Seattle', 'WA', 47.6062, -122.3321),
  place('Boise', 'ID', 43.615, -116.2023),
  place('Salem', 'OR', 44.9429, -123.0351),
];

const meta = {
  title: 'Job seeker/Preferences',
  component: PreferencesPage,
  decorators: [withJobSeeker],
  args: { logic, searchLogic: storySearchLogic },
  parameters: { layout: 'fullscreen', route: '/user/settings/preferences' },
} satisfies Meta<typeof PreferencesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the form. Type "port" in the place search to add a Portland. */
export const FromTheStart: Story = {};

/** loading: while the preferences and their lists are read. */
export const Loading: Story = {
  args: { snapshot: at('loading', { locations: [], lookups: { jobTypes: [], jobSchedules: [], jobSupplementalPays: [] } }) },
};

/** loadFailed: they could not be read; Try again reads them again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { locations: [] }) } };

/** editing: the stored preferences. */
export const Editing: Story = { args: { snapshot: at({ editing: 'idle' }) } };

export const EditingDark: Story = { ...Editing, globals: dark };

/** editing with nothing chosen yet. */
export const Empty: Story = {
  args: {
    snapshot: at(
      { editing: 'idle' },
      {
        locations: [],
        values: { employmentType: '', scheduleType: '', salary: '', salaryType: '', additionalCompensation: '0', findable: 'true' },
      },
    ),
  },
};

/** editing with five places: the search is disabled until one is removed. */
export const FivePlaces: Story = { args: { snapshot: at({ editing: 'idle' }, { locations: fivePlaces }) } };

export const FivePlacesDark: Story = { ...FivePlaces, globals: dark };

/** editing after picking a place already on the list. */
export const DuplicatePlace: Story = { args: { snapshot: at({ editing: 'idle' }, { locationError: ProfileMessages.locationDuplicate }) } };

/** editing with "None" ticked: it stands alone. */
/** "Let employers find me" switched off: the seeker is not suggested to companies and cannot be invited. */
export const Hidden: Story = { args: { snapshot: at({ editing: 'idle' }, { values: { ...values, findable: 'false' } }) } };
export const HiddenDark: Story = { ...Hidden, globals: { theme: 'dark' } };
export const NoSupplementalPay: Story = {
  args: { snapshot: at({ editing: 'idle' }, { values: { ...values, additionalCompensation: String(SupplementalPay.None) } }) },
};

/** editing with an amount that is not a number, left once: Save is disabled. */
export const Invalid: Story = {
  args: {
    snapshot: at(
      { editing: 'idle' },
      { values: { ...values, salary: 'lots' }, touched: { salary: true }, errors: { salary: ProfileMessages.salary } },
    ),
  },
};

/** saving: Save is busy. */
export const Saving: Story = { args: { logic: saving, snapshot: at('saving', {}, saving) } };

/** saved: the confirmation. */
export const Saved: Story = { args: { snapshot: at({ editing: 'saved' }, { message: ProfileMessages.preferencesSaved }) } };

export const SavedDark: Story = { ...Saved, globals: dark };

/** failed: the server refused the change; what was chosen stays. */
export const Failed: Story = { args: { snapshot: at({ editing: 'failed' }, { error: ProfileMessages.scheduleUnknown }) } };
