import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { StaffMessages, type RecruiterProfile } from '../../src/contract/staff.ts';
import type { DetailField } from '../../src/machines/staff/edit-recruiter.machine.ts';
import { recruiterProfileMachine } from '../../src/machines/staff/recruiter-profile.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import ProfileSettingsPage from '../../src/views/jobseeker/profile-settings.view.tsx';
import { RecruiterProfileSettings } from '../../src/views/staff/recruiter-profile.view.tsx';
import { SUPPORT_EMAIL, renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const recruiter = storedSessionFor({ id: 'r-1', email: 'casey@example.com', firstName: 'Casey', lastName: 'Nguyen', role: 'Recruiter' });
const stored: RecruiterProfile = {
  email: 'casey@example.com',
  firstName: 'Casey',
  lastName: 'Nguyen',
  jobTitle: 'Talent Partner',
  phoneNumber: '+15035550123',
  company: { id: 'c-1', name: 'Northwind Traders' },
};

function stubbed(save: (input: Record<DetailField, string>) => Promise<{ profile: RecruiterProfile; message: string }>) {
  const load = deferred<RecruiterProfile>();
  const saves: Array<Record<DetailField, string>> = [];
  const logic = recruiterProfileMachine.provide({
    actors: {
      load: fromPromise(() => load.promise),
      save: fromPromise<{ profile: RecruiterProfile; message: string }, Record<DetailField, string>>(({ input }) => {
        saves.push(input);
        return save(input);
      }),
    },
  });
  return { logic, load, saves };
}

describe("the recruiter's profile page", () => {
  it('is what /user/settings/profile shows a recruiter', async () => {
    renderInApp(<ProfileSettingsPage />, { path: '/user/settings/profile', stored: recruiter });
    // No server here: the recruiter's details are asked for, and cannot be read.
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByText('This part of the marketplace is coming soon.')).not.toBeInTheDocument();
  });

  it("sits in the settings frame with the recruiter's own settings pages, this one marked", async () => {
    const { logic, load } = stubbed(async () => ({ profile: stored, message: StaffMessages.profileSaved }));
    renderInApp(<RecruiterProfileSettings logic={logic} />, { path: '/user/settings/profile', stored: recruiter });
    load.resolve(stored);
    await screen.findByLabelText('First Name');
    const settings = screen.getByRole('navigation', { name: 'Settings' });
    // The company's details are the employer's to edit; a recruiter reads them. The staff is the employer's alone.
    expect(
      within(settings)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Profile', 'Company Details', 'Change Password']);
    expect(within(settings).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(settings).getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/user/settings/change-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });

  it('shows the email and company, and the details to edit', async () => {
    const { logic, load } = stubbed(async () => ({ profile: stored, message: StaffMessages.profileSaved }));
    renderInApp(<RecruiterProfileSettings logic={logic} />, { path: '/user/settings/profile', stored: recruiter });
    load.resolve(stored);
    expect(await screen.findByLabelText('First Name')).toHaveValue('Casey');
    expect(screen.getByLabelText('Job Title')).toHaveValue('Talent Partner');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('(503) 555-0123');
    expect(screen.getByText('Northwind Traders')).toBeInTheDocument();
    expect(screen.getByText('casey@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });

  it('saves, says so, and greets the recruiter by the new name', async () => {
    const { logic, load, saves } = stubbed(async (input) => ({
      profile: { ...stored, firstName: input.firstName },
      message: StaffMessages.profileSaved,
    }));
    const app = renderInApp(<RecruiterProfileSettings logic={logic} />, { path: '/user/settings/profile', stored: recruiter });
    load.resolve(stored);
    const first = await screen.findByLabelText('First Name');
    await app.user.clear(first);
    await app.user.type(first, 'Cass');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saves).toEqual([{ firstName: 'Cass', lastName: 'Nguyen', jobTitle: 'Talent Partner', phoneNumber: '(503) 555-0123' }]),
    );
    expect(await screen.findAllByText(StaffMessages.profileSaved)).not.toHaveLength(0);
    await waitFor(() => expect(app.session().getSnapshot().context.session?.user.firstName).toBe('Cass'));
  });

  it('keeps Save disabled while a rule is unmet, and shows it once the field is left', async () => {
    const { logic, load, saves } = stubbed(async () => ({ profile: stored, message: StaffMessages.profileSaved }));
    const app = renderInApp(<RecruiterProfileSettings logic={logic} />, { path: '/user/settings/profile', stored: recruiter });
    load.resolve(stored);
    const phone = await screen.findByLabelText('Phone Number');
    await app.user.clear(phone);
    await app.user.type(phone, '555-01');
    await app.user.tab();
    expect(screen.getByText(StaffMessages.phone)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(saves).toEqual([]);
  });

  it('says "Invalid recruiter data received" when the details do not fit, with a way to try again', async () => {
    const { logic, load } = stubbed(async () => ({ profile: stored, message: StaffMessages.profileSaved }));
    renderInApp(<RecruiterProfileSettings logic={logic} />, { path: '/user/settings/profile', stored: recruiter });
    load.reject(new ApiError('invalid-response', 200, StaffMessages.invalidData));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid recruiter data received');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
