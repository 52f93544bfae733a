import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { FileMessages, MAX_UPLOAD_BYTES, imageTypes } from './files.ts';

/** Profile images are re-encoded to fit within this square, in pixels. */
export const PROFILE_IMAGE_SIZE = 512;

/** The profile photo block's own copy; refusals of a file are FileMessages. */
export const ProfileImageMessages = {
  loading: 'Loading your photo…',
  loadFailed: 'Your photo could not be loaded.',
  uploaded: 'Your photo has been updated.',
  uploadCancelled: 'The upload was cancelled.',
  confirmRemove: 'Your photo will be removed; your initials show instead. This cannot be undone.',
} as const;

export const profileImageSchema = z.object({
  id: z.string(),
  /**
   * A signed address an `<img>` can load without a bearer token. It stays the same for a few
   * hours and works for a few hours more, so the browser can cache it; ask again for a new one.
   */
  url: z.string(),
  /** ISO 8601: when `url` stops working. */
  urlExpiresAt: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** ISO 8601. */
  uploadedAt: z.string(),
});
export type ProfileImage = z.infer<typeof profileImageSchema>;

// ---------- endpoints (spec 2 §7, Common) ----------

const tag = 'common';

export const uploadProfileImage = endpoint({
  method: 'POST',
  path: '/api/Common/UploadProfileImage',
  auth: 'signedIn',
  tag,
  status: 201,
  summary: 'Upload the profile image (JPEG, PNG or WebP, up to 5 MB); it replaces the current one',
  upload: { file: 'file', maxBytes: MAX_UPLOAD_BYTES, accept: imageTypes },
  response: z.object({ image: profileImageSchema }),
});

export const getProfileImages = endpoint({
  method: 'GET',
  path: '/api/Common/GetProfileImages',
  auth: 'signedIn',
  tag,
  summary: "The signed-in user's profile image (none or one), with a signed address to show it",
  response: z.object({ images: z.array(profileImageSchema) }),
});

export const deleteProfileImages = endpoint({
  method: 'POST',
  path: '/api/Common/DeleteProfileImages',
  auth: 'signedIn',
  tag,
  summary: 'Delete the profile image; blobFilename is the id GetProfileImages gives',
  query: z.object({ blobFilename: z.string({ error: FileMessages.imageNotFound }).min(1, FileMessages.imageNotFound).max(200) }),
  response: z.null(),
});

/** What a signed address carries; the server checks the signature and the expiry. */
export const signedImageQuerySchema = z.object({
  expires: z.coerce.number({ error: FileMessages.linkExpired }).int(FileMessages.linkExpired),
  signature: z.string({ error: FileMessages.linkExpired }).regex(/^[A-Za-z0-9_-]{43}$/, FileMessages.linkExpired),
  /** `thumb`: the small copy of a featured image. */
  size: z.enum(['thumb'], { error: FileMessages.imageNotFound }).optional(),
});

export const profileImageFile = endpoint({
  method: 'GET',
  path: '/api/Common/images/:id',
  auth: 'public',
  tag,
  summary:
    'The bytes of an image (a profile image, a company logo or featured image) by the signed address its list gives (no bearer token needed)',
  params: z.object({ id: z.uuid({ error: FileMessages.imageNotFound }) }),
  query: signedImageQuerySchema,
  download: imageTypes,
  response: z.null(),
});
