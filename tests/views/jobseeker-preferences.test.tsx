import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { SuggestionMessages } from '../../src/contract/suggestions.ts';
import { ProfileMessages, type Preferences } from '../../src/contract/jobseeker.ts';
import type { LocationResult } from '../../src/contract/location.ts';
import { SUPPLEMENTAL_PAYS, SupplementalPay } from '../../src/contract/lookups.ts';
import {
  preferencesMachine,
  type PreferenceLookups,
  type PreferencesInput,
  type PreferencesLoaded,
} from '../../src/machines/jobseeker/preferences.machine.ts';
import { locationSearchMachine, type SearchType } from '../../src/machines/location/location-search.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import PreferencesPage from '../../src/views/jobseeker/preferences.view.tsx';
import { renderApp, renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const PATH = '/user/settings/preferences';

const place = (city: string, state: string, latitude: number, longitude: number) => ({
  name: `${city}, ${state}`,
  city,
  state,
  latitude,
  longitude,
});
const found = (freeform: string, subdivision: string, lat: number, lng: number): LocationResult => ({
  id: `city:${freeform}`,
  address: { freeformAddress: freeform, countrySubdivisionName: subdivision },
  position: { lat, lng },
});
const PLACES = [
  found('Portland, OR', 'Oregon', 45.52345, -122.67621),
  found('Boston, MA', 'Massachusetts', 42.3601, -71.0589),
  found('Denver, CO', 'Colorado', 39.7392, -104.9903),
];

const lookups: PreferenceLookups = {
  jobTypes: [
    { id: 1, name: 'Full-time' },
    { id: 2, name: 'Part-time' },
  ],
  jobSchedules: [
    { id: 3, name: 'Day shift' },
    { id: 4, name: 'Night shift' },
  ],
  jobSupplementalPays: [...SUPPLEMENTAL_PAYS],
};
const stored: Preferences = {
  locations: [
    place('Vancouver', 'WA', 45.6387, -122.6615),
    place('Portland', 'OR', 45.5152, -122.6784),
    place('Seattle', 'WA', 47.6062, -122.3321),
  ],
  employmentType: 1,
  employmentTypeName: 'Full-time',
  scheduleType: 3,
  scheduleTypeName: 'Day shift',
  salary: 22,
  salaryType: 'Hourly',
  additionalCompensation: SupplementalPay.OvertimePay | SupplementalPay.PerformanceBonuses,
  findable: true,
};

/** The page's machine and its location search with the server in the test's hands. */
function stubbed(
  save: (input: PreferencesInput) => Promise<Preferences> = async (input) =>
    ({ ...stored, ...input, locations: input.locations }) as Preferences,
) {
  const loads: Array<ReturnType<typeof deferred<PreferencesLoaded>>> = [];
  const saves: PreferencesInput[] = [];
  const logic = preferencesMachine.provide({
    actors: {
      load: fromPromise<PreferencesLoaded>(() => {
        const d = deferred<PreferencesLoaded>();
        loads.push(d);
        return d.promise;
      }),
      save: fromPromise<Preferences, PreferencesInput>(({ input }) => {
        saves.push(input);
        return save(input);
      }),
    },
  });
  const searchLogic = locationSearchMachine.provide({
    actors: {
      search: fromPromise<LocationResult[], { text: string; type: SearchType }>(async ({ input }) =>
        PLACES.filter((p) => p.address.freeformAddress.toLowerCase().startsWith(input.text.toLowerCase())),
      ),
    },
    delays: { searchDelay: 10 },
  });
  return { logic, searchLogic, loads, saves };
}

async function opened(preferences: Preferences = stored, save?: Parameters<typeof stubbed>[0]) {
  const sut = stubbed(save);
  const app = renderInApp(<PreferencesPage logic={sut.logic} searchLogic={sut.searchLogic} />, { path: PATH, stored: seeker });
  expect(await screen.findByText('Loading your preferences…')).toBeInTheDocument();
  sut.loads[0]!.resolve({ preferences, lookups });
  await screen.findByRole('button', { name: 'Save' });
  return { ...sut, app };
}

const places = () =>
  within(screen.getByRole('list', { name: 'Preferred locations' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace('×', ''));
const search = () => screen.getByRole('combobox', { name: 'Add a place' });
const box = (name: string) => screen.getByRole('checkbox', { name });
const payBoxes = () =>
  SUPPLEMENTAL_PAYS.map((p) => [p.name, (box(p.name) as HTMLInputElement).checked] as const)
    .filter(([, on]) => on)
    .map(([name]) => name);

async function pick(user: ReturnType<typeof renderInApp>['user'], typed: string, option: RegExp) {
  await user.type(search(), typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the job seeker preferences page', () => {
  it('shows the stored preferences', async () => {
    await opened();
    expect(places()).toEqual(['Vancouver, WA', 'Portland, OR', 'Seattle, WA']);
    expect(screen.getByRole('button', { name: /Employment type/ })).toHaveTextContent('Full-time');
    expect(screen.getByRole('button', { name: /Schedule/ })).toHaveTextContent('Day shift');
    expect(screen.getByLabelText('Desired pay (USD)')).toHaveValue('22');
    expect(screen.getByRole('button', { name: /Pay period/ })).toHaveTextContent('Hourly');
    expect(screen.getByRole('group', { name: 'Supplemental pay' })).toBeInTheDocument();
    expect(payBoxes()).toEqual(['Overtime pay', 'Performance bonuses']);
    expect(box('All of these')).not.toBeChecked();
  });

  it('adds places picked in the location search, each once, and disables the search at 5', async () => {
    const { app } = await opened();
    await pick(app.user, 'bos', /Boston, MA/);
    expect(places()).toEqual(['Vancouver, WA', 'Portland, OR', 'Seattle, WA', 'Boston, MA']);
    expect(search()).toHaveValue('');
    expect(search()).toHaveFocus();

    await pick(app.user, 'port', /Portland, OR/);
    expect(screen.getByRole('alert')).toHaveTextContent(ProfileMessages.locationDuplicate);
    expect(places()).toHaveLength(4);

    await app.user.clear(search());
    await pick(app.user, 'den', /Denver, CO/);
    expect(places()).toEqual(['Vancouver, WA', 'Portland, OR', 'Seattle, WA', 'Boston, MA', 'Denver, CO']);
    expect(screen.queryByText(ProfileMessages.locationDuplicate)).not.toBeInTheDocument();
    expect(search()).toBeDisabled();
    expect(search()).toHaveAccessibleDescription(ProfileMessages.locations);
    // The search it was in is disabled: the focus stays with the places.
    expect(screen.getByRole('button', { name: 'Remove Denver, CO' })).toHaveFocus();
  });

  it('removes a place, and the search opens again below 5', async () => {
    const full = {
      ...stored,
      locations: [...stored.locations, place('Boston', 'MA', 42.36, -71.06), place('Denver', 'CO', 39.74, -104.99)],
    };
    const { app } = await opened(full);
    expect(search()).toBeDisabled();
    await app.user.click(screen.getByRole('button', { name: 'Remove Portland, OR' }));
    expect(places()).toEqual(['Vancouver, WA', 'Seattle, WA', 'Boston, MA', 'Denver, CO']);
    expect(screen.getByRole('button', { name: 'Remove Seattle, WA' })).toHaveFocus();
    expect(search()).toBeEnabled();
  });

  it('lets "None" stand alone among the supplemental pay boxes', async () => {
    const { app } = await opened();
    await app.user.click(box('None'));
    expect(payBoxes()).toEqual(['None']);
    await app.user.click(box('Tips'));
    expect(payBoxes()).toEqual(['Tips']);
  });

  it('ticks all nine kinds of pay with "All of these", and clears them with it', async () => {
    const { app } = await opened({ ...stored, additionalCompensation: SupplementalPay.None });
    await app.user.click(box('All of these'));
    expect(payBoxes()).toEqual(SUPPLEMENTAL_PAYS.filter((p) => p.id !== SupplementalPay.None).map((p) => p.name));
    expect(box('All of these')).toBeChecked();
    await app.user.click(box('Commission'));
    expect(box('All of these')).not.toBeChecked();
    await app.user.click(box('All of these'));
    await app.user.click(box('All of these'));
    expect(payBoxes()).toEqual([]);
  });

  it('saves the choices with the supplemental pay as bit flags, says so and tells the completion meter', async () => {
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    const { app, saves } = await opened();
    await app.user.click(screen.getByRole('button', { name: /Employment type/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Any' }));
    await app.user.click(screen.getByRole('button', { name: /Schedule/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Night shift' }));
    const pay = screen.getByLabelText('Desired pay (USD)');
    await app.user.clear(pay);
    await app.user.type(pay, '48000');
    await app.user.click(screen.getByRole('button', { name: /Pay period/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Yearly' }));
    await app.user.click(box('Commission'));
    await app.user.click(box('Tips'));
    await app.user.click(box('Overtime pay'));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saves).toEqual([
        {
          locations: stored.locations,
          employmentType: null,
          scheduleType: 4,
          salary: 48000,
          salaryType: 'Yearly',
          additionalCompensation: SupplementalPay.Commission | SupplementalPay.PerformanceBonuses | SupplementalPay.Tips,
          findable: true,
        },
      ]),
    );
    expect(saves[0]!.additionalCompensation).toBe(289);
    expect(await screen.findAllByText(ProfileMessages.preferencesSaved)).toHaveLength(2);
    expect(changes).toBe(1);
    stop();
  });

  it('offers “Let employers find me”, on by default with what it means, and saves it switched off', async () => {
    const { app, saves } = await opened();
    const toggle = screen.getByRole('switch', { name: /Let employers find me/ });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(SuggestionMessages.findableHint);
    expect(toggle).toHaveAccessibleName('Let employers find me (On)');
    toggle.focus();
    await app.user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleName('Let employers find me (Off)');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves.map((s) => s.findable)).toEqual([false]));
    expect(await screen.findAllByText(ProfileMessages.preferencesSaved)).toHaveLength(2);
    expect(screen.getByRole('switch', { name: /Let employers find me/ })).not.toBeChecked();
  });

  it('keeps Save disabled while the pay amount is not a number', async () => {
    const { app, saves } = await opened();
    const pay = screen.getByLabelText('Desired pay (USD)');
    await app.user.clear(pay);
    await app.user.type(pay, 'lots');
    await app.user.tab();
    expect(screen.getByText(ProfileMessages.salary)).toBeInTheDocument();
    expect(pay).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(saves).toEqual([]);
  });

  it("shows the server's refusal and keeps what was chosen", async () => {
    const { app } = await opened(stored, async () => {
      throw new ApiError('client', 400, ProfileMessages.scheduleUnknown, [ProfileMessages.scheduleUnknown, ProfileMessages.locations]);
    });
    await app.user.click(screen.getByRole('button', { name: 'Remove Seattle, WA' }));
    await app.user.click(box('Tips'));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${ProfileMessages.scheduleUnknown} ${ProfileMessages.locations}`);
    expect(places()).toEqual(['Vancouver, WA', 'Portland, OR']);
    expect(box('Tips')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('offers to try again when the preferences cannot be loaded', async () => {
    const { logic, searchLogic, loads } = stubbed();
    const app = renderInApp(<PreferencesPage logic={logic} searchLogic={searchLogic} />, { path: PATH, stored: seeker });
    await waitFor(() => expect(loads).toHaveLength(1));
    loads[0]!.reject(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your preferences could not be loaded.');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading your preferences…')).toBeInTheDocument();
    loads[1]!.resolve({ preferences: stored, lookups });
    expect(await screen.findByRole('button', { name: 'Remove Portland, OR' })).toBeInTheDocument();
  });

  it('is for job seekers: an employer is sent to their dashboard before anything is read', async () => {
    const employer = storedSessionFor({ id: 'em-1', email: 'boss@example.com', firstName: 'Bo', lastName: 'Ss', role: 'Employer' });
    const app = renderApp({ path: PATH, stored: employer });
    await waitFor(() => expect(app.location.history!.at(-1)).toBe('/user/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Preferences' })).not.toBeInTheDocument();
  });
});
