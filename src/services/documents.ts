import * as ep from '../contract/documents.ts';
import type { DocumentKind } from '../contract/documents.ts';
import { call } from './http.ts';
import { download, upload, type UploadOptions } from './transfer.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of the job seeker's documents (spec 2 §7 JobSeeker). */
export const documentsService = {
  /** Resumes and cover letters, each list ending with the None entry, and the skills found in the newest resume. */
  list: (signal?: Signal) => call(ep.getDocuments, {}, { signal }),
  /** Uploads a resume (1) or cover letter (2) with progress; `options.signal` cancels it. */
  upload: (type: DocumentKind, file: File, options?: UploadOptions) => upload(ep.uploadDocument, { file, fields: { type } }, options),
  remove: (id: string, type: DocumentKind, signal?: Signal) => call(ep.deleteDocument, { body: { id, type } }, { signal }),
  /** The file with its name, for the page to save. */
  download: (id: string, signal?: Signal) => download(ep.downloadDocument, { params: { id } }, { signal }),
};
