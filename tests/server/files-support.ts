import { crc32, deflateRawSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { skills, storedFiles, users } from '../../server/db/schema.ts';
import { createLocalFileStore } from '../../server/platform/file-store.ts';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import type { Role } from '../../src/contract/roles.ts';

// ---------- files made here, so no binary fixture is needed ----------

const escapePdfText = (s: string) => s.replace(/[()\\]/g, '\\$&');

/**
 * A valid one-page PDF whose text is `lines` (Helvetica, one line each). `padTo` adds an
 * unused binary stream object so the file reaches that many bytes, still with a correct xref.
 */
export function makePdf(lines: string[], options: { padTo?: number; header?: string } = {}): Buffer {
  const content = `BT /F1 12 Tf 72 720 Td ${lines.map((l, i) => `${i ? '0 -16 Td ' : ''}(${escapePdfText(l)}) Tj`).join(' ')} ET`;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const head = Buffer.from(options.header ?? '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const build = (padding: number) => {
    const all = [...objects];
    if (padding > 0) {
      const bytes = randomBytes(padding);
      all.push(Buffer.concat([Buffer.from(`<< /Length ${padding} >>\nstream\n`), bytes, Buffer.from('\nendstream')]));
    }
    const chunks: Buffer[] = [head];
    let size = head.length;
    const offsets: number[] = [];
    all.forEach((body, i) => {
      offsets.push(size);
      const piece = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
      chunks.push(piece);
      size += piece.length;
    });
    const xref =
      `xref\n0 ${all.length + 1}\n0000000000 65535 f \n` +
      offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
      `trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
    chunks.push(Buffer.from(xref));
    return Buffer.concat(chunks);
  };
  const plain = build(0);
  if (!options.padTo || options.padTo <= plain.length) return plain;
  // The padding object adds its own framing; aim, then trim the difference.
  const first = build(options.padTo - plain.length - 64);
  return build(options.padTo - plain.length - 64 + (options.padTo - first.length));
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Store instead of deflate. */
  stored?: boolean;
  /** Claim this uncompressed size in the headers instead of the true one (a lying zip bomb). */
  claimedSize?: number;
}

/** A zip archive, written by hand: local headers, data, central directory, end record. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.stored ? entry.data : deflateRawSync(entry.data, { level: 9 });
    const crc = crc32(entry.data) >>> 0;
    const size = entry.claimedSize ?? entry.data.length;
    const method = entry.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const WORD_MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

export function contentTypesXml(mainType = WORD_MAIN_TYPE) {
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/word/document.xml" ContentType="${mainType}"/>` +
      '</Types>',
  );
}

const RELS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>',
);

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function documentXml(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`).join('');
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${body}</w:body></w:document>`,
  );
}

/** A minimal real DOCX: content types, package relationships and the main document part (and `extra` parts, e.g. media). */
export function makeDocx(paragraphs: string[], options: { mainType?: string; document?: ZipEntry; extra?: ZipEntry[] } = {}): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: contentTypesXml(options.mainType) },
    { name: '_rels/.rels', data: RELS },
    options.document ?? { name: 'word/document.xml', data: documentXml(paragraphs) },
    ...(options.extra ?? []),
  ]);
}

/** A DOCX whose main part unpacks to `bytes` of XML (a zip bomb); `claimedSize` makes its headers lie. */
export function makeDocxBomb(bytes: number, claimedSize?: number): Buffer {
  const open = '<?xml version="1.0"?><w:document xmlns:w="x"><w:body><w:p><w:r><w:t>';
  const data = Buffer.alloc(bytes, 0x20);
  data.write(open, 0);
  return makeDocx([], { document: { name: 'word/document.xml', data, ...(claimedSize ? { claimedSize } : {}) } });
}

// ---------- multipart requests ----------

export interface Part {
  name: string;
  /** A file part when set. A string is sent as a browser sends it: UTF-8, with `"`, CR and LF percent-encoded; bytes are sent as they are (NUL included). */
  filename?: string | Buffer;
  /** Send the name as RFC 5987 `filename*=utf-8''…` instead. */
  encodedFilename?: boolean;
  contentType?: string;
  data: Buffer | string;
}

function filenameParam(part: Part): Buffer {
  if (part.filename === undefined) return Buffer.alloc(0);
  if (Buffer.isBuffer(part.filename)) return Buffer.concat([Buffer.from('; filename="'), part.filename, Buffer.from('"')]);
  if (part.encodedFilename) return Buffer.from(`; filename*=utf-8''${encodeURIComponent(part.filename)}`);
  const escaped = part.filename.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return Buffer.from(`; filename="${escaped}"`, 'utf8');
}

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----jm${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`));
    chunks.push(filenameParam(part));
    chunks.push(Buffer.from(`${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
  raw: Buffer;
}

export async function send<T = unknown>(
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; parts?: Part[]; json?: unknown } = {},
): Promise<Answer<T>> {
  const form = options.parts ? multipart(options.parts) : null;
  const res = await app.inject({
    method,
    url,
    headers: { ...(form?.headers ?? {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(form ? { payload: form.payload } : options.json !== undefined ? { payload: options.json as object } : {}),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
  return { status: res.statusCode, body: (isJson ? res.json() : null) as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

export const uploadFile = <T = unknown>(
  app: TestApp,
  url: string,
  token: string | undefined,
  file: { data: Buffer; filename?: string | Buffer; encodedFilename?: boolean; contentType?: string; field?: string },
  fields: Record<string, string> = {},
) =>
  send<T>(app, 'POST', url, {
    ...(token ? { token } : {}),
    parts: [
      ...Object.entries(fields).map(([name, data]) => ({ name, data })),
      {
        name: file.field ?? 'file',
        filename: file.filename ?? 'resume.pdf',
        encodedFilename: file.encodedFilename ?? false,
        contentType: file.contentType ?? 'application/pdf',
        data: file.data,
      },
    ],
  });

// ---------- an app whose files go to a folder of the test ----------

export interface FilesApp {
  app: TestApp;
  dir: string;
  /** Files under the store's folder. */
  storedFileCount(): number;
  rowCount(): Promise<number>;
  user(role?: Role): Promise<{ id: string; token: string }>;
  skill(id: number, name: string): Promise<void>;
  stop(): Promise<void>;
}

let userSeq = 0;

export async function filesApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<FilesApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jm-files-'));
  const app = await createTestApp({ ...options, adapters: { files: createLocalFileStore(dir), ...options.adapters } });
  const walk = (d: string): number =>
    fs.existsSync(d)
      ? fs.readdirSync(d, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? walk(path.join(d, e.name)) : 1), 0)
      : 0;
  return {
    app,
    dir,
    storedFileCount: () => walk(dir),
    async rowCount() {
      return (await app.database.db.select({ id: storedFiles.id }).from(storedFiles)).length;
    },
    async user(role: Role = 'JobSeeker') {
      userSeq += 1;
      const [row] = await app.database.db
        .insert(users)
        .values({
          email: `files.${role.toLowerCase()}.${Date.now().toString(36)}.${userSeq}@example.com`,
          firstName: 'Dana',
          lastName: 'Fields',
          role,
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      return { id: row!.id, token: await app.ctx.tokens.sign({ userId: row!.id, role }) };
    },
    async skill(id, name) {
      await app.database.db.insert(skills).values({ id, name, category: 'Test' }).onConflictDoNothing();
    },
    async stop() {
      await app.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function rowsOf(app: TestApp, ownerId: string) {
  return app.database.db.select().from(storedFiles).where(eq(storedFiles.ownerId, ownerId));
}
