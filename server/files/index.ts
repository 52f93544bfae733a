// Files: resumes and cover letters, images and their signed addresses.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { fileRoutes } from './routes.ts';
export { documentText, uploadDocument, hasResume } from './documents.ts';
export { acceptImage } from './profile-images.ts';
export { signedImages, thumbnailKey } from './signed-images.ts';
export { limitUploads } from './uploads.ts';
