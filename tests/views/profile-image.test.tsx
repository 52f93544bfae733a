import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type { JobSeekerProfile } from '../../src/contract/account.ts';
import { ProfileImageMessages, type ProfileImage } from '../../src/contract/common.ts';
import { FileMessages, MAX_UPLOAD_BYTES } from '../../src/contract/files.ts';
import { profileImageMachine, type ProfileImageEvent } from '../../src/machines/jobseeker/profile-image.machine.ts';
import { profileMachine } from '../../src/machines/jobseeker/profile.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges, type ProfilePhoto } from '../../src/services/profile-changes.ts';
import ProfileSettingsPage from '../../src/views/jobseeker/profile-settings.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const profile: JobSeekerProfile = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  pendingEmail: null,
  phoneNumber: '+15035550123',
  dateOfBirth: '1996-02-03',
};
const image = (id: string): ProfileImage => ({
  id,
  url: `/api/Common/images/${id}?expires=1&signature=s`,
  urlExpiresAt: '2030-01-01T00:00:00.000Z',
  size: 20_480,
  contentType: 'image/webp',
  uploadedAt: '2025-06-01T10:00:00.000Z',
});
const jpeg = new File([new Uint8Array(4096)], 'me.jpg', { type: 'image/jpeg' });

interface Upload {
  file: File;
  send: (e: ProfileImageEvent) => void;
  aborted: boolean;
}

/** The profile page, its photo calls answered by the test and its details form loaded at once. */
function stubbed({ remove = async () => FileMessages.imageDeleted }: { remove?: () => Promise<string> } = {}) {
  const reads: Array<ReturnType<typeof deferred<ProfileImage | null>>> = [];
  const uploads: Upload[] = [];
  const removes: string[] = [];
  const photoLogic = profileImageMachine.provide({
    actors: {
      load: fromPromise<ProfileImage | null>(() => {
        const read = deferred<ProfileImage | null>();
        reads.push(read);
        return read.promise;
      }),
      upload: fromCallback<ProfileImageEvent, { file: File }>(({ input, sendBack }) => {
        const upload: Upload = { file: input.file, send: (e) => sendBack(e as AnyEventObject), aborted: false };
        uploads.push(upload);
        return () => {
          upload.aborted = true;
        };
      }),
      remove: fromPromise<string, { id: string }>(({ input }) => {
        removes.push(input.id);
        return remove();
      }),
    },
  });
  const logic = profileMachine.provide({ actors: { load: fromPromise(async () => profile) } });
  let answered = 0;
  const answer = async (value: ProfileImage | null | Error) => {
    await waitFor(() => expect(reads.length).toBeGreaterThan(answered));
    const read = reads[answered++]!;
    await act(async () => (value instanceof Error ? read.reject(value) : read.resolve(value)));
  };
  const report = async (e: ProfileImageEvent) => {
    await act(async () => uploads.at(-1)!.send(e));
  };
  const app = renderInApp(<ProfileSettingsPage logic={logic} photoLogic={photoLogic} />, {
    path: '/user/settings/profile',
    stored: seeker,
  });
  return { app, reads, uploads, removes, answer, report };
}

const block = () => screen.getByRole('region', { name: 'Profile photo' });

describe('the profile photo', () => {
  it('shows the initials without a photo, and offers an upload of JPEG, PNG or WebP', async () => {
    const page = stubbed();
    expect(await screen.findByText(ProfileImageMessages.loading)).toBeInTheDocument();
    await page.answer(null);
    expect(within(block()).getByRole('img', { name: 'Maria Lopez: no profile photo' })).toHaveTextContent('ML');
    const input = within(block()).getByLabelText('Upload photo');
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp');
    expect(input).toHaveAccessibleDescription('JPEG, PNG or WebP, up to 5 MB. It is shown at up to 512 × 512 pixels.');
    expect(within(block()).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    // The details form is there too, below the photo.
    expect(await screen.findByLabelText('First Name')).toHaveValue('Maria');
  });

  it('shows the current photo from its signed address', async () => {
    const page = stubbed();
    await page.answer(image('img-1'));
    expect(within(block()).getByRole('img', { name: 'Profile photo of Maria Lopez' })).toHaveAttribute('src', image('img-1').url);
  });

  it('uploads with a progress bar, shows the new photo and tells the navigation', async () => {
    const photos: Array<ProfilePhoto | null> = [];
    const stop = profileChanges.subscribePhoto((p) => photos.push(p));
    const page = stubbed();
    await page.answer(image('img-1'));
    await page.app.user.upload(within(block()).getByLabelText('Upload photo'), jpeg);
    expect(page.uploads.map((u) => u.file)).toEqual([jpeg]);
    const bar = within(block()).getByRole('progressbar', { name: 'Uploading me.jpg… 0%' });
    await page.report({ type: 'upload.progress', loaded: 3000, total: 4000 });
    expect(bar).toHaveAttribute('aria-valuenow', '75');

    await page.report({ type: 'upload.done', image: image('img-2') });
    expect(within(block()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(block()).getByRole('img', { name: 'Profile photo of Maria Lopez' })).toHaveAttribute('src', image('img-2').url);
    expect(within(block()).getByRole('status')).toHaveTextContent(ProfileImageMessages.uploaded);
    expect(photos).toEqual([{ src: image('img-2').url, expiresAt: image('img-2').urlExpiresAt }]);
    stop();
  });

  it('cancels an upload and keeps the photo it had', async () => {
    const page = stubbed();
    await page.answer(image('img-1'));
    await page.app.user.upload(within(block()).getByLabelText('Upload photo'), jpeg);
    await page.app.user.click(within(block()).getByRole('button', { name: 'Cancel uploading me.jpg' }));
    expect(page.uploads[0]!.aborted).toBe(true);
    expect(within(block()).getByRole('status')).toHaveTextContent(ProfileImageMessages.uploadCancelled);
    expect(within(block()).getByRole('img', { name: 'Profile photo of Maria Lopez' })).toHaveAttribute('src', image('img-1').url);
  });

  it('refuses an image over 5 MB before sending it', async () => {
    const page = stubbed();
    await page.answer(null);
    const huge = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await page.app.user.upload(within(block()).getByLabelText('Upload photo'), huge);
    expect(within(block()).getByRole('alert')).toHaveTextContent(FileMessages.tooLarge);
    expect(page.uploads).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    const page = stubbed();
    await page.answer(null);
    await page.app.user.upload(within(block()).getByLabelText('Upload photo'), jpeg);
    await page.report({ type: 'upload.failed', error: new ApiError('client', 400, FileMessages.imageUnreadable) });
    expect(within(block()).getByRole('alert')).toHaveTextContent(FileMessages.imageUnreadable);
    expect(within(block()).getByLabelText('Upload photo')).toBeEnabled();
  });

  it('removes the photo only after the confirmation, then shows the initials', async () => {
    const photos: Array<ProfilePhoto | null> = [];
    const stop = profileChanges.subscribePhoto((p) => photos.push(p));
    const page = stubbed();
    await page.answer(image('img-1'));

    await page.app.user.click(within(block()).getByRole('button', { name: 'Remove photo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove your photo?' });
    expect(dialog).toHaveTextContent(ProfileImageMessages.confirmRemove);
    await page.app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.removes).toEqual([]);

    await page.app.user.click(within(block()).getByRole('button', { name: 'Remove photo' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove your photo?' });
    await page.app.user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.removes).toEqual(['img-1']);
    expect(within(block()).getByRole('img', { name: 'Maria Lopez: no profile photo' })).toBeInTheDocument();
    expect(within(block()).getByRole('status')).toHaveTextContent(FileMessages.imageDeleted);
    expect(photos).toEqual([null]);
    stop();
  });

  it('offers to try again when the photo cannot be loaded', async () => {
    const page = stubbed();
    await page.answer(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(within(block()).getByRole('alert')).toHaveTextContent(ProfileImageMessages.loadFailed);
    await page.app.user.click(within(block()).getByRole('button', { name: 'Try again' }));
    await page.answer(image('img-1'));
    expect(within(block()).getByRole('img', { name: 'Profile photo of Maria Lopez' })).toBeInTheDocument();
  });
});
