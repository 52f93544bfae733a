import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { FileMessages, MAX_UPLOAD_BYTES, documentTypes } from './files.ts';

/** Upload types (spec 2 §3). */
export const DocumentType = { None: 0, Resume: 1, CoverLetter: 2 } as const;
export type DocumentKind = typeof DocumentType.Resume | typeof DocumentType.CoverLetter;

/** How many documents of each kind a job seeker may keep. */
export const MAX_DOCUMENTS_PER_KIND = 10;

/** The documents page's own copy; refusals of a file are FileMessages. */
export const DocumentMessages = {
  loading: 'Loading your documents…',
  loadFailed: 'Your documents could not be loaded.',
  uploaded: (name: string) => `“${name}” has been uploaded.`,
  uploadCancelled: 'The upload was cancelled.',
  confirmDelete: (name: string) => `“${name}” will be deleted. This cannot be undone.`,
  noResumes: 'No résumés yet.',
  noCoverLetters: 'No cover letters yet.',
} as const;

/** One document in a list; the synthetic "None" entry has a null id and no size or date (spec 2 §3). */
export const documentEntrySchema = z.object({
  id: z.string().nullable(),
  /** The uploaded file's name, cleaned, for display only. */
  name: z.string(),
  size: z.number().int().nullable(),
  /** ISO 8601. */
  uploadedAt: z.string().nullable(),
});
export type DocumentEntry = z.infer<typeof documentEntrySchema>;

export const NONE_DOCUMENT: DocumentEntry = { id: null, name: 'None', size: null, uploadedAt: null };

export const suggestedSkillSchema = z.object({ id: z.number().int(), name: z.string() });
export type SuggestedSkill = z.infer<typeof suggestedSkillSchema>;

export const documentsSchema = z.object({
  /** Newest first, then the "None" entry. */
  resumes: z.array(documentEntrySchema),
  coverLetters: z.array(documentEntrySchema),
  /**
   * Skills found in the newest resume that the job seeker does not list yet, for the skills
   * page to offer; each is added only when the job seeker chooses it.
   */
  suggestedSkills: z.array(suggestedSkillSchema),
});
export type Documents = z.infer<typeof documentsSchema>;

export const uploadedDocumentSchema = z.object({
  document: documentEntrySchema,
  type: z.union([z.literal(DocumentType.Resume), z.literal(DocumentType.CoverLetter)]),
  suggestedSkills: z.array(suggestedSkillSchema),
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;

/** 1 or 2, as a number in JSON or as text in a form field. */
export const documentKindSchema = z.coerce
  .number({ error: FileMessages.documentKind })
  .pipe(z.union([z.literal(DocumentType.Resume), z.literal(DocumentType.CoverLetter)], { error: FileMessages.documentKind }));

const documentIdSchema = z.uuid({ error: FileMessages.documentNotFound });

const documentFile = { maxBytes: MAX_UPLOAD_BYTES, accept: documentTypes } as const;

// ---------- endpoints (spec 2 §7, JobSeeker) ----------

const tag = 'jobseeker';
const jobSeeker = ['JobSeeker'] as const;

export const getDocuments = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/documents',
  auth: jobSeeker,
  tag,
  summary: "The job seeker's resumes and cover letters, each list ending with a None entry, and skills found in the newest resume",
  response: documentsSchema,
});
/** Legacy name of GET documents. */
export const getResumes = endpoint({ ...getDocuments, path: '/api/JobSeeker/GetResumes', summary: 'Legacy name of GET documents' });
/** Legacy name of GET documents. */
export const getCoverLetters = endpoint({
  ...getDocuments,
  path: '/api/JobSeeker/GetCoverLetters',
  summary: 'Legacy name of GET documents',
});
/** Spec 2 §7 names GetResumes and GetCoverLetters without GET, so POSTs too. */
export const getResumesPost = endpoint({ ...getResumes, method: 'POST', summary: 'GetResumes as a POST, as spec 2 §7 names it' });
export const getCoverLettersPost = endpoint({
  ...getCoverLetters,
  method: 'POST',
  summary: 'GetCoverLetters as a POST, as spec 2 §7 names it',
});

export const uploadDocument = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/documents',
  auth: jobSeeker,
  tag,
  status: 201,
  summary: 'Upload a resume (type 1) or a cover letter (type 2): PDF or DOCX, up to 5 MB, 10 of each kind',
  upload: { ...documentFile, file: 'file', fields: z.object({ type: documentKindSchema }) },
  response: uploadedDocumentSchema,
});
/** Legacy name: POST documents with type 1. */
export const uploadResume = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/UploadResume',
  auth: jobSeeker,
  tag,
  status: 201,
  summary: 'Legacy name of POST documents with type 1 (resume)',
  upload: { ...documentFile, file: 'file' },
  response: uploadedDocumentSchema,
});
/** Legacy name: POST documents with type 2; the legacy form field is `files` (one file per request). */
export const uploadCoverLetter = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/UploadCoverLetter',
  auth: jobSeeker,
  tag,
  status: 201,
  summary: 'Legacy name of POST documents with type 2 (cover letter); one file, in the form field "files"',
  upload: { ...documentFile, file: 'files' },
  response: uploadedDocumentSchema,
});

export const deleteDocument = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/delete-documents',
  auth: jobSeeker,
  tag,
  summary: 'Delete one of the job seeker’s resumes (type 1) or cover letters (type 2)',
  body: z.object({ id: documentIdSchema, type: documentKindSchema }),
  response: z.null(),
});
/** Legacy name: delete-documents of either kind; `blobFilename` is the document's id. */
export const deleteFile = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/DeleteFile',
  auth: jobSeeker,
  tag,
  summary: 'Legacy name of delete-documents; blobFilename is the id the document lists give',
  query: z.object({ blobFilename: z.string({ error: FileMessages.documentId }).min(1, FileMessages.documentId).max(200) }),
  response: z.null(),
});
/** Legacy name: delete-documents with type 2. */
export const deleteCoverLetter = endpoint({
  method: 'POST',
  path: '/api/JobSeeker/DeleteCoverLetter',
  auth: jobSeeker,
  tag,
  summary: 'Legacy name of delete-documents with type 2 (cover letter)',
  body: z.object({ id: documentIdSchema }),
  response: z.null(),
});

export const downloadDocument = endpoint({
  method: 'GET',
  path: '/api/JobSeeker/documents/:id/download',
  auth: jobSeeker,
  tag,
  summary: 'The document’s file, as an attachment under its uploaded name',
  params: z.object({ id: documentIdSchema }),
  download: documentTypes,
  response: z.null(),
});
