import { checkedValidatorCompiler, unstorableField, unstorableTextError } from './storable-text.ts';
import type { FastifyRequest, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { EndpointDef, FieldsOf, UploadDef } from '../../src/contract/endpoint.ts';
import { FileMessages } from '../../src/contract/files.ts';
import { HttpError, badRequest } from './errors.ts';

/** One uploaded file, read whole into memory (uploads are a few MB at most). */
export interface UploadedFile {
  data: Buffer;
  /** The uploaded name, cleaned for display: no folders, control or direction characters. */
  name: string;
  /** What the browser claimed; never trusted, the bytes decide. */
  declaredType: string;
}

export const tooLarge = () => new HttpError(413, FileMessages.tooLarge);

/** Multipart errors of @fastify/multipart and busboy, by code, as product messages. */
function uploadError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string })?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return badRequest(FileMessages.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(FileMessages.tooManyFields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, FileMessages.notMultipart);
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest(FileMessages.unreadableUpload);
  }
  // busboy's own parse errors (a malformed part, a missing boundary, a truncated body).
  const message = (err as Error)?.message ?? '';
  if (/multipart|part header|boundary|end of form|terminated early/i.test(message)) return badRequest(FileMessages.unreadableUpload);
  return null;
}

/**
 * Reads the one file of a multipart upload and its other form fields, as the endpoint's
 * `upload` declares them: the size limit (413), one file per request, the file's form field,
 * a non-empty file with a safe name, and the fields validated with their zod schema (400).
 * Nothing is stored here, so a refused upload leaves nothing behind.
 */
export async function readUpload<E extends EndpointDef & { upload: UploadDef }>(
  req: FastifyRequest,
  ep: E,
): Promise<{ file: UploadedFile; fields: FieldsOf<E> }> {
  const upload = ep.upload;
  if (!req.isMultipart()) throw new HttpError(415, FileMessages.notMultipart);
  const declared = upload.fields ? Object.keys(upload.fields.shape).length : 0;
  const raw: Record<string, string> = {};
  let file: { data: Buffer; filename: string; mimetype: string } | null = null;
  let wrongField = false;
  try {
    const parts = req.parts({
      // Names as sent, folders included, so a name with `../` is refused rather than quietly trimmed.
      preservePath: true,
      limits: {
        fileSize: upload.maxBytes,
        files: 1,
        fields: declared + 4,
        parts: declared + 5,
        fieldSize: 1024,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== upload.file) {
          wrongField = true;
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        file = { data, filename: part.filename, mimetype: part.mimetype };
      } else {
        if (part.valueTruncated) throw badRequest(FileMessages.tooManyFields);
        raw[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw uploadError(err) ?? err;
  }
  if (!file) throw badRequest(wrongField ? FileMessages.fileField(upload.file) : FileMessages.noFile);
  const name = cleanFileName(file.filename);
  if (file.data.length === 0) throw badRequest(FileMessages.empty);

  let fields = {} as FieldsOf<E>;
  const unstorable = unstorableField(raw);
  if (unstorable !== null) throw unstorableTextError(unstorable);
  if (upload.fields) {
    const parsed = upload.fields.safeParse(raw);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'body'] ??= issue.message;
      const errors = [...new Set(Object.values(fieldErrors))];
      throw badRequest(errors[0] ?? FileMessages.unreadableUpload, { errors, fieldErrors });
    }
    fields = parsed.data as FieldsOf<E>;
  }
  return { file: { data: file.data, name, declaredType: file.mimetype }, fields };
}

// Control characters, and the direction marks that can make `exe.pdf` read as `fdp.exe`.
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The uploaded name for display. A name with a NUL byte or a `..` folder step is refused:
 * nothing honest sends one. Folders are dropped, hidden characters removed, length bounded.
 */
export function cleanFileName(filename: string): string {
  if (filename.includes('\u0000') || /(^|[\\/])\.\.([\\/]|$)/.test(filename)) throw badRequest(FileMessages.badName);
  const base = filename.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[\t\n\v\f\r]/g, ' ')
    .replace(HIDDEN, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (name.length > 150) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, 150 - ext.length).trimEnd() + ext;
  }
  return name || 'file';
}

/** The name to save under: the display name, ending with the extension of the type the bytes showed. */
export function nameWithExtension(name: string, ext: string): string {
  if (name.toLowerCase().endsWith(`.${ext}`)) return name;
  const dot = name.lastIndexOf('.');
  // Replace a short extension that names another type (`cv.txt` holding a PDF becomes `cv.pdf`).
  const stem = dot > 0 && name.length - dot <= 6 ? name.slice(0, dot) : name;
  return `${stem}.${ext}`;
}

// ---------- what route() adds for uploads and downloads ----------

/** The multipart body is read by the handler, after auth, so Fastify validates only the other parts. */
const validatorOutsideBody: FastifySchemaCompiler<z.ZodType> = (req) =>
  req.httpPart === 'body' ? () => ({ value: undefined }) : checkedValidatorCompiler(req);

const binary = () => z.string().meta({ format: 'binary' });

/** Route schema parts that describe an upload or a download in the API docs. */
export function fileRouteSchema(ep: EndpointDef): Record<string, unknown> {
  if (ep.upload) {
    const file = binary().describe(`${ep.upload.accept.join(', ')}; up to ${Math.round(ep.upload.maxBytes / 1024 / 1024)} MB`);
    const body = (ep.upload.fields ?? z.object({})).extend({ [ep.upload.file]: file });
    return { consumes: ['multipart/form-data'], body };
  }
  if (ep.download) {
    const content = Object.fromEntries(ep.download.map((type) => [type, { schema: binary() }]));
    return { response: { [ep.status ?? 200]: { description: 'The file, as an attachment', content } } };
  }
  return {};
}

export function fileRouteOptions(ep: EndpointDef): Partial<RouteOptions> {
  return ep.upload ? { validatorCompiler: validatorOutsideBody as RouteOptions['validatorCompiler'] } : {};
}
