import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { JobSeekerProfile } from '../../src/contract/account.ts';
import type { ProfileImage } from '../../src/contract/common.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { profileImageMachine } from '../../src/machines/jobseeker/profile-image.machine.ts';
import { profileMachine, type ProfileField } from '../../src/machines/jobseeker/profile.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import ProfileSettingsPage from '../../src/views/jobseeker/profile-settings.view.tsx';
import { SUPPORT_EMAIL, renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const stored: JobSeekerProfile = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  pendingEmail: null,
  phoneNumber: '+15035550123',
  dateOfBirth: '1996-02-03',
};

function stubbed(save: (input: Record<ProfileField, string>) => Promise<{ profile: JobSeekerProfile; message: string }>) {
  const load = deferred<JobSeekerProfile>();
  const saves: Array<Record<ProfileField, string>> = [];
  const logic = profileMachine.provide({
    actors: {
      load: fromPromise(() => load.promise),
      save: fromPromise<{ profile: JobSeekerProfile; message: string }, Record<ProfileField, string>>(({ input }) => {
        saves.push(input);
        return save(input);
      }),
    },
  });
  // The photo block above the form: no photo yet (its own tests are in profile-image.test.tsx).
  const photoLogic = profileImageMachine.provide({ actors: { load: fromPromise<ProfileImage | null>(async () => null) } });
  return { logic, photoLogic, load, saves };
}

describe('the job seeker profile page', () => {
  it('loads the profile, shows the date of birth year-month-day and how to correct it', async () => {
    const { logic, photoLogic, load } = stubbed(async () => ({ profile: stored, message: ProfileMessages.profileSaved }));
    renderInApp(<ProfileSettingsPage logic={logic} photoLogic={photoLogic} />, { path: '/user/settings/profile', stored: seeker });
    expect(await screen.findByText('Loading your profile…')).toBeInTheDocument();
    load.resolve(stored);
    expect(await screen.findByLabelText('First Name')).toHaveValue('Maria');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('(503) 555-0123');
    expect(screen.getByText('1996-02-03')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });

  it('sits in the settings frame with every profile section, this one marked', async () => {
    const { logic, photoLogic, load } = stubbed(async () => ({ profile: stored, message: ProfileMessages.profileSaved }));
    renderInApp(<ProfileSettingsPage logic={logic} photoLogic={photoLogic} />, { path: '/user/settings/profile', stored: seeker });
    load.resolve(stored);
    await screen.findByLabelText('First Name');
    const settings = screen.getByRole('navigation', { name: 'Settings' });
    expect(
      within(settings)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Profile', 'Education', 'Skills', 'Experience', 'Preferences', 'Documents', 'Job alerts', 'Change Password']);
    expect(within(settings).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('saves, says so, and greets the user by the new name in the session', async () => {
    const { logic, photoLogic, load, saves } = stubbed(async (input) => ({
      profile: { ...stored, firstName: input.firstName },
      message: ProfileMessages.profileSaved,
    }));
    const app = renderInApp(<ProfileSettingsPage logic={logic} photoLogic={photoLogic} />, {
      path: '/user/settings/profile',
      stored: seeker,
    });
    load.resolve(stored);
    const first = await screen.findByLabelText('First Name');
    await app.user.clear(first);
    await app.user.type(first, 'Mara');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saves).toEqual([{ firstName: 'Mara', lastName: 'Lopez', email: 'maria@example.com', phoneNumber: '(503) 555-0123' }]),
    );
    expect(await screen.findAllByText(ProfileMessages.profileSaved)).not.toHaveLength(0);
    await waitFor(() => expect(app.session().getSnapshot().context.session?.user.firstName).toBe('Mara'));
  });

  it('shows the rules after a field is left, and keeps Save disabled while one is unmet', async () => {
    const { logic, photoLogic, load, saves } = stubbed(async () => ({ profile: stored, message: ProfileMessages.profileSaved }));
    const app = renderInApp(<ProfileSettingsPage logic={logic} photoLogic={photoLogic} />, {
      path: '/user/settings/profile',
      stored: seeker,
    });
    load.resolve(stored);
    const phone = await screen.findByLabelText('Phone Number');
    await app.user.clear(phone);
    await app.user.type(phone, '555-01');
    await app.user.tab();
    expect(screen.getByText(ProfileMessages.phone)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(saves).toEqual([]);
  });

  it('tells a new email is pending until its link is opened', async () => {
    const next = 'mara@example.org';
    const { logic, photoLogic, load } = stubbed(async () => ({
      profile: { ...stored, pendingEmail: next },
      message: ProfileMessages.emailChangeSent(next),
    }));
    const app = renderInApp(<ProfileSettingsPage logic={logic} photoLogic={photoLogic} />, {
      path: '/user/settings/profile',
      stored: seeker,
    });
    load.resolve(stored);
    const email = await screen.findByLabelText('Email');
    await app.user.clear(email);
    await app.user.type(email, next);
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByText(`${ProfileMessages.emailChangeSent(next)} Until then your email is maria@example.com.`);
    expect(notice).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(next);
  });

  it("shows the server's refusal", async () => {
    const { logic, photoLogic, load } = stubbed(async () => {
      throw new ApiError('client', 409, ProfileMessages.emailTaken, [ProfileMessages.emailTaken]);
    });
    const app = renderInApp(<ProfileSettingsPage logic={logic} photoLogic={photoLogic} />, {
      path: '/user/settings/profile',
      stored: seeker,
    });
    load.resolve(stored);
    await app.user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ProfileMessages.emailTaken);
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    const { logic, photoLogic, load } = stubbed(async () => ({ profile: stored, message: ProfileMessages.profileSaved }));
    renderInApp(<ProfileSettingsPage logic={logic} photoLogic={photoLogic} />, { path: '/user/settings/profile', stored: seeker });
    load.reject(new ApiError('server', 500, 'Something went wrong!!!'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your profile could not be loaded.');
    expect(within(alert.parentElement!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
