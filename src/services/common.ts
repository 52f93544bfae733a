import * as ep from '../contract/common.ts';
import type { ProfileImage } from '../contract/common.ts';
import { apiUrl, call } from './http.ts';
import { upload, type UploadOptions } from './transfer.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of the Common area (spec 2 §7): the signed-in user's profile image. */
export const commonService = {
  /** Replaces the profile image, with progress; `options.signal` cancels it. */
  uploadProfileImage: (file: File, options?: UploadOptions) => upload(ep.uploadProfileImage, { file }, options),
  profileImages: (signal?: Signal) => call(ep.getProfileImages, {}, { signal }),
  deleteProfileImage: (id: string, signal?: Signal) =>
    call(ep.deleteProfileImages, { query: { blobFilename: id } }, { signal }),
  /** The `src` of an `<img>`: the signed address on the API's host, loaded without a bearer token. */
  imageSource: (image: Pick<ProfileImage, 'url'>) => apiUrl(image.url),
};
