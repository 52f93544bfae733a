import * as ep from '../contract/common.ts';
import type { ProfileImage } from '../contract/common.ts';
import { apiUrl, call } from './http.ts';
import type { ProfilePhoto } from './profile-changes.ts';
import { upload, type UploadOptions } from './transfer.ts';

type Signal = AbortSignal | undefined;

/** An image as the navigation shows it. */
const photoOf = (image: Pick<ProfileImage, 'url' | 'urlExpiresAt'>): ProfilePhoto => ({
  src: apiUrl(image.url),
  expiresAt: image.urlExpiresAt,
});

/** Typed calls of the Common area (spec 2 §7): the signed-in user's profile image. */
export const commonService = {
  /** Replaces the profile image, with progress; `options.signal` cancels it. */
  uploadProfileImage: (file: File, options?: UploadOptions) => upload(ep.uploadProfileImage, { file }, options),
  profileImages: (signal?: Signal) => call(ep.getProfileImages, {}, { signal }),
  deleteProfileImage: (id: string, signal?: Signal) => call(ep.deleteProfileImages, { query: { blobFilename: id } }, { signal }),
  /** The `src` of an `<img>`: the signed address on the API's host, loaded without a bearer token. */
  imageSource: (image: Pick<ProfileImage, 'url'>) => apiUrl(image.url),
  photoOf,
  /** The current profile photo, or null when there is none. */
  profilePhoto: async (signal?: Signal): Promise<ProfilePhoto | null> => {
    const [image] = (await call(ep.getProfileImages, {}, { signal })).data.images;
    return image ? photoOf(image) : null;
  },
};
