import { createContext, useContext } from 'react';
import type { ApplicationDocument } from '../contract/applicants.ts';
import { applicantsService } from '../services/applicants.ts';
import { errorMessage } from '../services/http.ts';

/** A document sent with an application, read for saving: its bytes and name, or why it could not be read. */
export type DocumentRead = { ok: true; blob: Blob; filename: string } | { ok: false; message: string };

type Fetch = (doc: ApplicationDocument) => Promise<{ blob: Blob; filename: string }>;

/** Reads documents with `fetch`, telling a failure in the words of the API's error. */
export const readingWith =
  (fetch: Fetch) =>
  async (doc: ApplicationDocument): Promise<DocumentRead> => {
    try {
      const file = await fetch(doc);
      return { ok: true, blob: file.blob, filename: file.filename };
    } catch (err) {
      return { ok: false, message: errorMessage(err) };
    }
  };

const readDocument = readingWith((doc) => applicantsService.document(doc.id));

// The API by default; tests and stories may provide their own.
const DocumentsContext = createContext<(doc: ApplicationDocument) => Promise<DocumentRead>>(readDocument);

export const DocumentsProvider = DocumentsContext.Provider;

export const useReadDocument = () => useContext(DocumentsContext);
