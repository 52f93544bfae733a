// Shared by the stories of the profile photo, the profile page and the navigation.
import { fromCallback, fromPromise } from 'xstate';
import type { ProfileImage } from '../../contract/common.ts';
import { FileMessages } from '../../contract/files.ts';
import { profileImageMachine, type ProfileImageEvent } from '../../machines/jobseeker/profile-image.machine.ts';
import { after } from '../account/stories-support.tsx';

/** A drawn portrait, so stories need no image server. */
export const storyPortrait = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#a6eaab"/><circle cx="48" cy="38" r="18" fill="#125617"/><path d="M14 96c4-22 18-32 34-32s30 10 34 32z" fill="#125617"/></svg>',
)}`;

export const storyImage: ProfileImage = {
  id: 'img-1',
  url: storyPortrait,
  urlExpiresAt: '2030-01-01T00:00:00.000Z',
  size: 18_432,
  contentType: 'image/webp',
  uploadedAt: '2025-06-01T10:00:00.000Z',
};

/** A story's server: a photo after a moment; an upload reports progress for two seconds, then shows the drawn portrait. */
export const photoLogic = profileImageMachine.provide({
  actors: {
    load: fromPromise<ProfileImage | null>(() => after<ProfileImage | null>(500, storyImage)),
    upload: fromCallback<ProfileImageEvent, { file: File }>(({ input, sendBack }) => {
      let sent = 0;
      const total = input.file.size || 1;
      const timer = setInterval(() => {
        sent = Math.min(total, sent + total / 10);
        sendBack({ type: 'upload.progress', loaded: sent, total });
        if (sent >= total) {
          clearInterval(timer);
          sendBack({ type: 'upload.done', image: { ...storyImage, id: `img-${Date.now()}` } });
        }
      }, 200);
      return () => clearInterval(timer);
    }),
    remove: fromPromise<string, { id: string }>(() => after<string>(600, FileMessages.imageDeleted)),
  },
});
