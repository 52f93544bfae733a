// Limits and product copy shared by every upload (documents, profile images, later company logos
// and featured images), used word for word by the client and the server.

/** The largest file any upload accepts: 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const documentTypes = [PDF_TYPE, DOCX_TYPE] as const;
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The names the pickers offer and the client checks before sending; the server still decides by the bytes. */
export const documentExtensions = ['.pdf', '.docx'] as const;
export const imageExtensions = ['.jpg', '.jpeg', '.png', '.webp'] as const;

export const FileMessages = {
  noFile: 'Please choose a file to upload.',
  oneFile: 'Please upload one file at a time.',
  fileField: (field: string) => `Please send the file in the form field "${field}".`,
  tooManyFields: 'The upload has too many or too long form fields.',
  unreadableUpload: 'The upload could not be read. Please try again.',
  notMultipart: 'Please send the file as a form upload (multipart/form-data).',
  tooLarge: 'The file is too large. Files can be up to 5 MB.',
  empty: 'The file is empty.',
  badName: 'The file name is not allowed. Please rename the file and try again.',
  documentType: 'Please upload a PDF or a Word (.docx) document.',
  pdfWithMarkup: 'This PDF contains web page markup and cannot be accepted. Please save it again as a PDF.',
  pdfUnreadable: 'This PDF could not be read. It may be damaged or password protected.',
  docxUnreadable: 'This Word document could not be read. Please save it again as .docx.',
  docxTooLarge: 'This Word document is too large once unpacked.',
  tooManyResumes: 'You can keep up to 10 resumes. Please delete one before uploading another.',
  tooManyCoverLetters: 'You can keep up to 10 cover letters. Please delete one before uploading another.',
  documentKind: 'Please choose the kind of document: 1 (resume) or 2 (cover letter).',
  documentId: 'Please choose a document.',
  documentNotFound: 'The document was not found.',
  documentDeleted: 'The document has been deleted.',
  imageType: 'Please upload a JPEG, PNG or WebP image.',
  imageUnreadable: 'This image could not be read.',
  imageNotFound: 'The image was not found.',
  imageDeleted: 'The image has been deleted.',
  linkExpired: 'This image link is invalid or has expired.',
  tooManyUploads: 'Too many uploads. Please wait a few minutes and try again.',
} as const;
