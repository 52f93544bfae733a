import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromCallback, fromPromise } from 'xstate';
import { ProfileImageMessages, type ProfileImage } from '../../contract/common.ts';
import { FileMessages } from '../../contract/files.ts';
import { profileImageMachine, type ProfileImageContext } from '../../machines/jobseeker/profile-image.machine.ts';
import { never } from '../account/stories-support.tsx';
import { photoLogic, storyImage } from './photo-stories-support.ts';
import { ProfilePhoto } from './profile-image.view.tsx';
import { withJobSeeker } from './stories-support.tsx';

const jpeg = new File([new Uint8Array(3_200_000)], 'Maria at the harbor.jpg', { type: 'image/jpeg' });

/** Every call waits, so a story stays in the state it shows. */
const waiting = profileImageMachine.provide({
  actors: {
    load: fromPromise(() => never<ProfileImage | null>()),
    upload: fromCallback(() => () => {}),
    remove: fromPromise(() => never<string>()),
  },
});

const context = (c: Partial<ProfileImageContext> = {}): ProfileImageContext => ({
  image: storyImage,
  upload: null,
  error: null,
  message: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<ProfileImageContext> = {}, machine = photoLogic) =>
  machine.resolveState({ value, context: context(c) });

const meta = {
  title: 'Job seeker/Profile photo',
  component: ProfilePhoto,
  decorators: [withJobSeeker],
  args: { logic: photoLogic },
  parameters: { layout: 'padded', route: '/user/settings/profile', docs: { story: { height: '260px' } } },
} satisfies Meta<typeof ProfilePhoto>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the photo; upload and remove answer after a moment. */
export const FromTheStart: Story = {};

/** loading: while the photo is read. */
export const Loading: Story = { args: { logic: waiting, snapshot: at('loading', { image: null }, waiting) } };

/** loadFailed: the photo could not be read; Try again reads it again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { image: null }) } };

/** No photo yet: the initials, and Upload photo. */
export const NoPhoto: Story = { args: { snapshot: at({ ready: 'idle' }, { image: null }) } };

/** The current photo, with Upload photo and Remove photo. */
export const WithPhoto: Story = { args: { snapshot: at({ ready: 'idle' }) } };

export const WithPhotoDark: Story = { ...WithPhoto, globals: dark };

/** uploading: the progress of the new photo, and Cancel. */
export const Uploading: Story = {
  args: { logic: waiting, snapshot: at({ ready: 'uploading' }, { upload: { file: jpeg, loaded: 2_080_000, total: 3_200_000 } }, waiting) },
};

export const UploadingDark: Story = { ...Uploading, globals: dark };

/** A file refused before it was sent. */
export const TooLarge: Story = { args: { snapshot: at({ ready: 'idle' }, { image: null, error: FileMessages.tooLarge }) } };

/** The server could not read the image. */
export const UploadFailed: Story = { args: { snapshot: at({ ready: 'idle' }, { error: FileMessages.imageUnreadable }) } };

/** Uploaded: the new photo and the message. */
export const Uploaded: Story = { args: { snapshot: at({ ready: 'idle' }, { message: ProfileImageMessages.uploaded }) } };

/** confirmingRemoval: the confirmation before the photo is removed. */
export const ConfirmRemoval: Story = {
  args: { snapshot: at({ ready: 'confirmingRemoval' }) },
  parameters: { docs: { story: { height: '320px' } } },
};

export const ConfirmRemovalDark: Story = { ...ConfirmRemoval, globals: dark };

/** removing: the confirmation's Remove photo is busy. */
export const Removing: Story = {
  args: { logic: waiting, snapshot: at({ ready: 'removing' }, {}, waiting) },
  parameters: { docs: { story: { height: '320px' } } },
};

/** Removed: the initials again, and the server's message. */
export const Removed: Story = { args: { snapshot: at({ ready: 'idle' }, { image: null, message: FileMessages.imageDeleted }) } };
