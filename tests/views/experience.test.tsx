import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileMessages, type ExperienceList } from '../../src/contract/jobseeker.ts';
import { experienceMachine } from '../../src/machines/jobseeker/experience.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import ExperienceSettingsPage from '../../src/views/jobseeker/experience.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { barista, framer, jobs, lookups, stubbedMachine } from '../support/client/entries-fixtures.ts';

const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });

/** The add or edit dialog, once its fields (loaded apart from the page) are there. */
async function formDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(within(dialog).queryByText('Loading the form…')).not.toBeInTheDocument());
  return dialog;
}

function open() {
  const { server, logic } = stubbedMachine(experienceMachine);
  const app = renderInApp(<ExperienceSettingsPage logic={logic} />, {
    path: '/user/settings/experience',
    stored: seeker,
    userOptions: { delay: null },
  });
  const load = async (list: ExperienceList) => {
    await waitFor(() => expect(server.pending.load).toBeDefined());
    server.pending.load!.resolve({ list, lookups } as never);
  };
  return { server, app, load };
}

// Each test walks a dialog through Headless UI widgets key by key, which jsdom renders slowly.
describe('the experience page', { timeout: 20_000 }, () => {
  it('lists jobs newest start first with dates, job type, pay and skills', async () => {
    const { load } = open();
    expect(await screen.findByText('Loading your experience…')).toBeInTheDocument();
    await load(jobs(false, framer, barista));
    // The list's own items, not the skill chips inside them.
    const jobsShown = Array.from((await screen.findByRole('list', { name: 'Your work experience' })).children) as HTMLElement[];
    expect(jobsShown).toHaveLength(2);
    expect(jobsShown[0]).toHaveTextContent('Barista');
    expect(jobsShown[0]).toHaveTextContent('Blue Star Coffee');
    expect(jobsShown[0]).toHaveTextContent('Mar 2021 – Present · Part-time');
    expect(jobsShown[0]).toHaveTextContent('$18.50 · Hourly');
    const skills = within(jobsShown[0]!).getByRole('list', { name: 'Skills used at Blue Star Coffee' });
    expect(
      within(skills)
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['Customer service', 'Espresso drinks']);
    expect(jobsShown[1]).toHaveTextContent('Jun 2018 – Feb 2021 · Full-time');
    expect(jobsShown[1]).toHaveTextContent('$52,000 · Yearly');
    // With jobs listed there is nothing to say about having none.
    expect(screen.queryByRole('checkbox', { name: 'I have no work experience yet' })).not.toBeInTheDocument();
  });

  it('offers "no work experience yet" while the list is empty, and saves it', async () => {
    const { server, app, load } = open();
    await load(jobs(false));
    expect(await screen.findByText(ProfileMessages.experienceEmpty)).toBeInTheDocument();
    const fresher = screen.getByRole('checkbox', { name: 'I have no work experience yet' });
    expect(fresher).not.toBeChecked();
    await app.user.click(fresher);
    await waitFor(() => expect(server.flags).toEqual([true]));
    expect(fresher).toBeDisabled();
    server.pending.setFlag!.resolve(jobs(true) as never);
    await waitFor(() => expect(fresher).toBeChecked());
    expect(fresher).toBeEnabled();
  });

  it('adds a current job: no end date, pay, job type and skills chosen as removable chips', async () => {
    const { server, app, load } = open();
    await load(jobs(true));
    await app.user.click(await screen.findByRole('button', { name: 'Add experience' }));
    const dialog = await formDialog('Add experience');
    await app.user.type(within(dialog).getByLabelText('Company name'), 'Blue Star Coffee');
    await app.user.type(within(dialog).getByLabelText('Job title'), 'Barista');
    await app.user.type(within(dialog).getByLabelText('Start date'), '2021-03-01');
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'I currently work here' }));
    expect(within(dialog).getByLabelText('End date')).toBeDisabled();
    await app.user.type(within(dialog).getByLabelText('Salary'), '18.5');
    await app.user.click(within(dialog).getByRole('button', { name: /Salary type/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Hourly' }));
    await app.user.click(within(dialog).getByRole('button', { name: /Job type/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Part-time' }));
    const skills = within(dialog).getByRole('combobox', { name: 'Skills' });
    await app.user.type(skills, 'esp');
    await app.user.click(await screen.findByRole('option', { name: 'Espresso drinks' }));
    await app.user.type(skills, 'cust');
    await app.user.click(await screen.findByRole('option', { name: 'Customer service' }));
    await app.user.type(skills, 'carp');
    await app.user.click(await screen.findByRole('option', { name: 'Carpentry' }));
    const chosen = within(dialog).getByRole('list', { name: 'Chosen skills' });
    await app.user.click(within(chosen).getByRole('button', { name: 'Remove Carpentry' }));
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((c) => c.textContent?.replace('×', '')),
    ).toEqual(['Espresso drinks', 'Customer service']);
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.saves).toEqual([
        {
          id: null,
          input: {
            companyName: 'Blue Star Coffee',
            jobTitle: 'Barista',
            startDate: '2021-03-01',
            endDate: null,
            currentEmployer: true,
            jobDescription: '',
            salary: 18.5,
            salaryType: 'Hourly',
            expTypeId: 2,
            skills: [103, 102],
          },
        },
      ]),
    );
    server.pending.save!.resolve(jobs(false, barista) as never);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(ProfileMessages.experienceSaved)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your work experience' })).toHaveTextContent('Barista');
  });

  it("edits a job, and shows the server's word next to its field while keeping the input", async () => {
    const { server, app, load } = open();
    await load(jobs(false, framer, barista));
    await app.user.click(await screen.findByRole('button', { name: 'Edit Framing carpenter, Cascade Builders' }));
    const dialog = await formDialog('Edit experience');
    expect(within(dialog).getByLabelText('End date')).toHaveValue('2021-02-26');
    const title = within(dialog).getByLabelText('Job title');
    await app.user.clear(title);
    await app.user.type(title, 'Lead carpenter');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0]).toMatchObject({ id: framer.id, input: { jobTitle: 'Lead carpenter', endDate: '2021-02-26', skills: [101] } });
    server.pending.save!.reject(
      new ApiError('client', 400, ProfileMessages.endDate, [ProfileMessages.endDate], { endDate: ProfileMessages.endDate }),
    );
    expect(await within(dialog).findByText(ProfileMessages.endDate)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Job title')).toHaveValue('Lead carpenter');
  });

  it('deletes a job only after the user confirms, and says why when it cannot', async () => {
    const { server, app, load } = open();
    await load(jobs(false, framer, barista));
    await app.user.click(await screen.findByRole('button', { name: 'Delete Barista, Blue Star Coffee' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this job?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.removes).toEqual([barista.id]));
    server.pending.remove!.reject(new ApiError('client', 404, ProfileMessages.entryMissing, [ProfileMessages.entryMissing]));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(ProfileMessages.entryMissing);
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.removes).toHaveLength(2));
    server.pending.remove!.resolve(jobs(false, framer) as never);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Your work experience' })).not.toHaveTextContent('Barista');
    expect(await screen.findByText(ProfileMessages.experienceDeleted)).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const { server, app } = open();
    await waitFor(() => expect(server.pending.load).toBeDefined());
    server.pending.load!.reject(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your experience could not be loaded.');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.loads).toBe(2));
    server.pending.load!.resolve({ list: jobs(false), lookups } as never);
    expect(await screen.findByText(ProfileMessages.experienceEmpty)).toBeInTheDocument();
  });
});
