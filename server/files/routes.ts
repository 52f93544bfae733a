import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import * as docs from '../../src/contract/documents.ts';
import * as common from '../../src/contract/common.ts';
import { DocumentType } from '../../src/contract/documents.ts';
import { FileMessages } from '../../src/contract/files.ts';
import { reply, route } from '../http/route.ts';
import { sendStoredFile } from '../http/download.ts';
import { readUpload } from '../http/upload.ts';
import { deleteDocument, listDocuments, openDocument, uploadDocument } from './documents.ts';
import { profileImages } from './profile-images.ts';
import { signedImages } from './signed-images.ts';

const deleted = (message: string) => reply(null, { message });

/** The job seeker's documents (spec 2 §7 JobSeeker) and profile images (Common). Legacy names share the handlers. */
export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  const list = async ({ caller }: { caller: { userId: string } }) => listDocuments(ctx, caller.userId);
  route(app, docs.getDocuments, list);
  route(app, docs.getResumes, list);
  route(app, docs.getCoverLetters, list);
  route(app, docs.getResumesPost, list);
  route(app, docs.getCoverLettersPost, list);

  route(app, docs.uploadDocument, async ({ caller, req }) => {
    const { file, fields } = await readUpload(req, docs.uploadDocument);
    return uploadDocument(ctx, caller.userId, fields.type, file);
  });
  route(app, docs.uploadResume, async ({ caller, req }) => {
    const { file } = await readUpload(req, docs.uploadResume);
    return uploadDocument(ctx, caller.userId, DocumentType.Resume, file);
  });
  route(app, docs.uploadCoverLetter, async ({ caller, req }) => {
    const { file } = await readUpload(req, docs.uploadCoverLetter);
    return uploadDocument(ctx, caller.userId, DocumentType.CoverLetter, file);
  });

  route(app, docs.deleteDocument, async ({ caller, body }) => {
    await deleteDocument(ctx, caller.userId, body.id, body.type);
    return deleted(FileMessages.documentDeleted);
  });
  route(app, docs.deleteFile, async ({ caller, query }) => {
    await deleteDocument(ctx, caller.userId, query.blobFilename);
    return deleted(FileMessages.documentDeleted);
  });
  route(app, docs.deleteCoverLetter, async ({ caller, body }) => {
    await deleteDocument(ctx, caller.userId, body.id, DocumentType.CoverLetter);
    return deleted(FileMessages.documentDeleted);
  });

  route(app, docs.downloadDocument, async ({ caller, params, res }) => {
    const { row, object } = await openDocument(ctx, caller.userId, params.id);
    return sendStoredFile(res, object, { contentType: row.contentType, name: row.originalName, disposition: 'attachment' });
  });

  const images = profileImages(ctx);

  route(app, common.uploadProfileImage, async ({ caller, req }) => {
    const { file } = await readUpload(req, common.uploadProfileImage);
    return { image: await images.upload(caller.userId, file) };
  });
  route(app, common.getProfileImages, async ({ caller }) => ({ images: await images.list(caller.userId) }));
  route(app, common.deleteProfileImages, async ({ caller, query }) => {
    await images.delete(caller.userId, query.blobFilename);
    return deleted(FileMessages.imageDeleted);
  });
  // Every kind of image (profile images, company logos, featured images) by its signed address.
  const signed = signedImages(ctx);
  route(app, common.profileImageFile, async ({ params, query, res }) => {
    const { row, object, maxAgeSeconds } = await signed.open(params.id, query.expires, query.signature, query.size);
    // The bytes behind an id never change (a new image gets a new id), so the browser may keep them until the address expires.
    return sendStoredFile(res, object, {
      contentType: row.contentType,
      name: row.originalName,
      disposition: 'inline',
      cacheControl: `private, max-age=${maxAgeSeconds}, immutable`,
    });
  });
}
