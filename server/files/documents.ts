import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../context.ts';
import { jobSeekerSkills, skills, storedFiles } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { nameWithExtension, type UploadedFile } from '../http/upload.ts';
import { newStorageKey, type StoredObject } from '../platform/file-store.ts';
import {
  DocumentType,
  MAX_DOCUMENTS_PER_KIND,
  NONE_DOCUMENT,
  type DocumentEntry,
  type DocumentKind,
  type Documents,
  type SuggestedSkill,
  type UploadedDocument,
} from '../../src/contract/documents.ts';
import { DOCX_TYPE, FileMessages, PDF_TYPE } from '../../src/contract/files.ts';
import { DocxLimits, readDocx } from './docx.ts';
import { checkPdfHeader, extractPdfText, PdfLimits } from './pdf.ts';
import { findSkills } from './skill-match.ts';
import { lockActiveUser, limitUploads } from './uploads.ts';
import { isUuid } from '../db/sql.ts';

type StoredFileRow = typeof storedFiles.$inferSelect;
type Reader = Pick<AppContext['db'], 'select'>;

const PURPOSE = { [DocumentType.Resume]: 'resume', [DocumentType.CoverLetter]: 'cover-letter' } as const;
const DOCUMENT_PURPOSES = [PURPOSE[1], PURPOSE[2]];
const TOO_MANY = { [DocumentType.Resume]: FileMessages.tooManyResumes, [DocumentType.CoverLetter]: FileMessages.tooManyCoverLetters };

const documentNotFound = () => notFound(FileMessages.documentNotFound);

function entry(row: Pick<StoredFileRow, 'id' | 'originalName' | 'sizeBytes' | 'createdAt'>): DocumentEntry {
  return { id: row.id, name: row.originalName, size: row.sizeBytes, uploadedAt: row.createdAt.toISOString() };
}

/** The job seeker's resumes and cover letters, newest first, each list ending with the None entry (spec 2 §3). */
export async function listDocuments(ctx: AppContext, userId: string): Promise<Documents> {
  const rows = await ctx.db
    .select({
      id: storedFiles.id,
      purpose: storedFiles.purpose,
      originalName: storedFiles.originalName,
      sizeBytes: storedFiles.sizeBytes,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, userId), inArray(storedFiles.purpose, DOCUMENT_PURPOSES)))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id));
  return {
    resumes: [...rows.filter((r) => r.purpose === 'resume').map(entry), NONE_DOCUMENT],
    coverLetters: [...rows.filter((r) => r.purpose === 'cover-letter').map(entry), NONE_DOCUMENT],
    suggestedSkills: await suggestedSkills(ctx, userId),
  };
}

/** For the profile's completion: the documents part is complete once there is a resume. */
export async function hasResume(ctx: AppContext, userId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, userId), eq(storedFiles.purpose, 'resume')))
    .limit(1);
  return row !== undefined;
}

/** Skills found in the newest resume that the job seeker does not list yet, by name. */
export async function suggestedSkills(ctx: AppContext, userId: string): Promise<SuggestedSkill[]> {
  const [newest] = await ctx.db
    .select({ found: storedFiles.foundSkillIds })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, userId), eq(storedFiles.purpose, 'resume')))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id))
    .limit(1);
  if (!newest?.found.length) return [];
  return ctx.db
    .select({ id: skills.id, name: skills.name })
    .from(skills)
    .where(
      and(
        inArray(skills.id, newest.found),
        sql`not exists (select 1 from ${jobSeekerSkills} where ${jobSeekerSkills.userId} = ${userId} and ${jobSeekerSkills.skillId} = ${skills.id})`,
      ),
    )
    .orderBy(skills.name);
}

interface InspectedDocument {
  contentType: typeof PDF_TYPE | typeof DOCX_TYPE;
  ext: 'pdf' | 'docx';
  text: string;
}

/**
 * Decides what the bytes are, whatever the name or the declared type say: a PDF by the rule of
 * `checkPdfHeader` that pdf.js can open, or a real word-processing DOCX. Anything else is refused.
 */
export async function inspectDocument(bytes: Buffer): Promise<InspectedDocument> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === PDF_TYPE) {
    checkPdfHeader(bytes);
    const result = await extractPdfText(bytes);
    if (result.status === 'unreadable') throw badRequest(FileMessages.pdfUnreadable);
    return { contentType: PDF_TYPE, ext: 'pdf', text: result.status === 'ok' ? result.text : '' };
  }
  if (type?.mime === DOCX_TYPE) return { contentType: DOCX_TYPE, ext: 'docx', text: await readDocx(bytes) };
  throw badRequest(FileMessages.documentType);
}

/**
 * The text of a stored resume or cover letter for a preview: read the same way as at upload, with
 * the same limits. A PDF whose text cannot be read (scanned pages) answers no text.
 */
export async function documentText(bytes: Buffer, contentType: string): Promise<{ text: string; complete: boolean }> {
  if (contentType === PDF_TYPE) {
    const result = await extractPdfText(bytes);
    if (result.status !== 'ok') return { text: '', complete: false };
    return { text: result.text, complete: result.text.length < PdfLimits.maxTextChars && result.pages <= PdfLimits.maxPages };
  }
  const text = await readDocx(bytes);
  return { text, complete: text.length < DocxLimits.maxTextChars };
}

async function countOf(db: Reader, userId: string, kind: DocumentKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, userId), eq(storedFiles.purpose, PURPOSE[kind])));
  return row?.n ?? 0;
}

/**
 * Stores a resume or cover letter: checked by its bytes, kept under a generated key, at most
 * 10 of a kind. A resume's text is matched against the skills taxonomy and the skills found
 * are kept on its row, to be offered, never added, on the skills page.
 */
export async function uploadDocument(ctx: AppContext, userId: string, kind: DocumentKind, file: UploadedFile): Promise<UploadedDocument> {
  await limitUploads(ctx, userId);
  // Refused before any parsing when the list is already full; checked again under a lock below.
  if ((await countOf(ctx.db, userId, kind)) >= MAX_DOCUMENTS_PER_KIND) throw badRequest(TOO_MANY[kind]);
  const inspected = await inspectDocument(file.data);
  const foundSkillIds =
    kind === DocumentType.Resume && inspected.text
      ? findSkills(inspected.text, await ctx.db.select({ id: skills.id, name: skills.name }).from(skills))
      : [];

  const key = newStorageKey(PURPOSE[kind]);
  await ctx.adapters.files.put(key, file.data, { contentType: inspected.contentType });
  let row: StoredFileRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      // One upload at a time per user, so two at once cannot both take the tenth place.
      await lockActiveUser(tx, userId);
      if ((await countOf(tx, userId, kind)) >= MAX_DOCUMENTS_PER_KIND) throw badRequest(TOO_MANY[kind]);
      const [inserted] = await tx
        .insert(storedFiles)
        .values({
          purpose: PURPOSE[kind],
          ownerId: userId,
          storageKey: key,
          originalName: nameWithExtension(file.name, inspected.ext),
          contentType: inspected.contentType,
          sizeBytes: file.data.length,
          foundSkillIds,
        })
        .returning();
      return inserted!;
    });
  } catch (err) {
    await ctx.adapters.files.delete(key).catch((e) => ctx.log.error({ err: e, key }, 'could not remove a refused upload'));
    throw err;
  }
  return { document: entry(row), type: kind, suggestedSkills: await suggestedSkills(ctx, userId) };
}

/**
 * Deletes one of the caller's documents. Another user's document, or one of another kind, is
 * "not found", so ids of others are never confirmed.
 */
export async function deleteDocument(ctx: AppContext, userId: string, id: string, kind?: DocumentKind): Promise<void> {
  if (!isUuid(id)) throw documentNotFound();
  const [row] = await ctx.db
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.id, id),
        eq(storedFiles.ownerId, userId),
        kind ? eq(storedFiles.purpose, PURPOSE[kind]) : inArray(storedFiles.purpose, DOCUMENT_PURPOSES),
      ),
    )
    .returning({ storageKey: storedFiles.storageKey });
  if (!row) throw documentNotFound();
  // The row is gone, so the file is unreachable; a failed delete leaves only an orphan behind.
  await ctx.adapters.files.delete(row.storageKey).catch((err) => ctx.log.error({ err, id }, 'could not delete a stored file'));
}

/** One of the caller's documents with its bytes, for download. */
export async function openDocument(ctx: AppContext, userId: string, id: string): Promise<{ row: StoredFileRow; object: StoredObject }> {
  const [row] = await ctx.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.ownerId, userId), inArray(storedFiles.purpose, DOCUMENT_PURPOSES)));
  if (!row) throw documentNotFound();
  const object = await ctx.adapters.files.get(row.storageKey);
  if (!object) {
    ctx.log.error({ id, key: row.storageKey }, 'a stored document has no file');
    throw documentNotFound();
  }
  return { row, object };
}
