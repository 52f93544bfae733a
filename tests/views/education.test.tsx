import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { educationMachine } from '../../src/machines/jobseeker/education.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import EducationSettingsPage from '../../src/views/jobseeker/education.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { clark, lookups, osu, psu, psuChoice, stubbedMachine } from '../support/client/entries-fixtures.ts';

const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });

/** The add or edit dialog, once its fields (loaded apart from the page) are there. */
async function formDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(within(dialog).queryByText('Loading the form…')).not.toBeInTheDocument());
  return dialog;
}

function open(list = [psu, clark]) {
  const { server, logic } = stubbedMachine(educationMachine);
  const app = renderInApp(<EducationSettingsPage logic={logic} />, {
    path: '/user/settings/education',
    stored: seeker,
    userOptions: { delay: null },
  });
  const load = async (answer = list) => {
    await waitFor(() => expect(server.pending.load).toBeDefined());
    server.pending.load!.resolve({ list: answer, lookups } as never);
  };
  return { server, app, load };
}

async function choose(app: ReturnType<typeof open>['app'], label: RegExp, option: string) {
  await app.user.click(screen.getByRole('button', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

// Each test walks a dialog through Headless UI widgets key by key, which jsdom renders slowly.
describe('the education page', { timeout: 20_000 }, () => {
  it('lists entries newest completion year first, numbered from 1, with level, field and school', async () => {
    const { load } = open();
    expect(await screen.findByText('Loading your education…')).toBeInTheDocument();
    await load([clark, psu, osu]);
    const list = await screen.findByRole('list', { name: 'Your education' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent?.slice(0, 2))).toEqual(['1.', '2.', '3.']);
    expect(items[0]).toHaveTextContent("Master's degree");
    expect(items[0]).toHaveTextContent('Level 5 of 7');
    expect(items[0]).toHaveTextContent('Oregon State University · 2020');
    expect(items[1]).toHaveTextContent('Business, Management, Marketing, and Related Support Services');
    expect(items[2]).toHaveTextContent('Hudson’s Bay High School · 2012');
  });

  it('says when there is no education yet', async () => {
    const { load } = open();
    await load([]);
    expect(await screen.findByText(ProfileMessages.educationEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your education' })).not.toBeInTheDocument();
  });

  it('adds a degree with its level, a field of study and a university picked from the search', async () => {
    const { server, app, load } = open();
    await load();
    await app.user.click(await screen.findByRole('button', { name: 'Add education' }));
    const dialog = await formDialog('Add education');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await choose(app, /Degree/, "Master's degree");
    expect(within(dialog).getByText('Level 5 of 7')).toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('combobox', { name: 'Field of study' }), 'computer');
    await app.user.click(await screen.findByRole('option', { name: 'Computer and Information Sciences and Support Services' }));
    await app.user.type(within(dialog).getByRole('combobox', { name: 'University' }), 'portland');
    await waitFor(() => expect(server.searches.map((s) => s.query)).toEqual(['portland']));
    server.pending.search!.resolve([psuChoice] as never);
    await app.user.click(await screen.findByRole('option', { name: psuChoice.label }));
    await app.user.type(within(dialog).getByLabelText('Completion year'), '2020');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.saves).toEqual([
        { id: null, input: { degree: 5, focus: 11, university: psuChoice.label, universityId: psuChoice.value, completion: 2020 } },
      ]),
    );
    server.pending.save!.resolve([psu, clark, { ...osu, university: psuChoice.label, universityId: psuChoice.value }] as never);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(ProfileMessages.educationSaved)).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Your education' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(`1.Master's degree`);
  });

  it('keeps a school that is not in the list as typed, with no id', async () => {
    const { server, app, load } = open();
    await load();
    await app.user.click(await screen.findByRole('button', { name: 'Add education' }));
    const dialog = await formDialog('Add education');
    await choose(app, /Degree/, 'High school diploma or GED');
    await app.user.type(within(dialog).getByRole('combobox', { name: 'University' }), 'Mt Hood CC');
    await waitFor(() => expect(server.searches).toHaveLength(1));
    server.pending.search!.resolve([] as never);
    await app.user.click(await screen.findByRole('option', { name: 'Use “Mt Hood CC”' }));
    await app.user.type(within(dialog).getByLabelText('Completion year'), '2010');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.saves).toEqual([
        { id: null, input: { degree: 1, focus: null, university: 'Mt Hood CC', universityId: null, completion: 2010 } },
      ]),
    );
  });

  it('edits an entry from its own named button', async () => {
    const { server, app, load } = open();
    await load();
    await app.user.click(await screen.findByRole('button', { name: "Edit Bachelor's degree, Portland State University" }));
    const dialog = await formDialog('Edit education');
    const year = within(dialog).getByLabelText('Completion year');
    expect(year).toHaveValue(2017);
    expect(within(dialog).getByRole('combobox', { name: 'University' })).toHaveValue('Portland State University');
    await app.user.clear(year);
    await app.user.type(year, '2018');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.saves).toEqual([
        { id: psu.id, input: { degree: 4, focus: 52, university: psu.university, universityId: psu.universityId, completion: 2018 } },
      ]),
    );
  });

  it('deletes an entry only after the user confirms', async () => {
    const { server, app, load } = open();
    await load();
    const remove = await screen.findByRole('button', { name: 'Delete High school diploma or GED, Hudson’s Bay High School' });
    await app.user.click(remove);
    let confirm = await screen.findByRole('dialog', { name: 'Delete this education entry?' });
    expect(confirm).toHaveTextContent('High school diploma or GED, Hudson’s Bay High School will be removed from your profile.');
    await app.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.removes).toEqual([]);
    await app.user.click(remove);
    confirm = await screen.findByRole('dialog', { name: 'Delete this education entry?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.removes).toEqual([clark.id]));
    server.pending.remove!.resolve([psu] as never);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Your education' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const { server, app, load } = open();
    await load();
    await app.user.click(await screen.findByRole('button', { name: "Edit Bachelor's degree, Portland State University" }));
    const dialog = await formDialog('Edit education');
    const year = within(dialog).getByLabelText('Completion year');
    await app.user.clear(year);
    await app.user.type(year, '2016');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.pending.save).toBeDefined());
    server.pending.save!.reject(new ApiError('client', 404, ProfileMessages.entryMissing, [ProfileMessages.entryMissing]));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ProfileMessages.entryMissing);
    expect(within(dialog).getByLabelText('Completion year')).toHaveValue(2016);
  });

  it('shows a rule once the field is left', async () => {
    const { app, load } = open();
    await load();
    await app.user.click(await screen.findByRole('button', { name: 'Add education' }));
    const dialog = await formDialog('Add education');
    await app.user.type(within(dialog).getByLabelText('Completion year'), String(new Date().getFullYear() + 1));
    await app.user.tab();
    expect(within(dialog).getByText(ProfileMessages.completionYear)).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const { server, app } = open();
    await waitFor(() => expect(server.pending.load).toBeDefined());
    server.pending.load!.reject(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your education could not be loaded.');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.loads).toBe(2));
    server.pending.load!.resolve({ list: [psu], lookups } as never);
    expect(await screen.findByRole('list', { name: 'Your education' })).toBeInTheDocument();
  });
});
