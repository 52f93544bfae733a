import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobSeekerSkills, skills } from '../../server/db/schema.ts';
import { hasResume } from '../../server/files/documents.ts';
import type { Documents, UploadedDocument } from '../../src/contract/documents.ts';
import { DOCX_TYPE, FileMessages } from '../../src/contract/files.ts';
import {
  contentTypesXml,
  filesApp,
  makeDocx,
  makeDocxBomb,
  makePdf,
  makeZip,
  rowsOf,
  send,
  uploadFile,
  type Answer,
  type FilesApp,
} from './files-support.ts';

const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';

let f: FilesApp;
beforeAll(async () => {
  f = await filesApp();
  // Only the test's own skills, so what a résumé's text matches is known whatever the seeded taxonomy holds.
  await f.app.database.db.delete(skills);
  await f.skill(9001, 'TypeScript');
  await f.skill(9002, 'Node.js');
  await f.skill(9003, 'C++');
  await f.skill(9004, 'Java');
  await f.skill(9005, 'Project Management');
  await f.skill(9006, 'SQL');
  await f.skill(9007, 'C#');
});
afterAll(async () => f?.stop());

const RESUME = makePdf(['Dana Fields', 'Skills: TypeScript, Node.js, C++ and SQL', 'JavaScript since 2015']);

function expectRefused(answer: Answer, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.body.success).toBe(false);
  expect(answer.body.message).toBe(message);
  expect(answer.body.state.errors).toContain(message);
}

const upload = (
  token: string | undefined,
  data: Buffer,
  options: { filename?: string | Buffer; type?: string; contentType?: string } = {},
) =>
  uploadFile<UploadedDocument>(
    f.app,
    '/api/JobSeeker/documents',
    token,
    { data, filename: options.filename ?? 'resume.pdf', contentType: options.contentType ?? 'application/pdf' },
    { type: options.type ?? '1' },
  );

const list = (token?: string) => send<Documents>(f.app, 'GET', '/api/JobSeeker/documents', token ? { token } : {});

describe(`uploading documents (${database})`, () => {
  it('stores a PDF resume under a generated key, keeps its name for display and lists it before the None entry', async () => {
    const seeker = await f.user();
    const answer = await upload(seeker.token, RESUME, { filename: 'Dana Fields – CV.pdf' });
    expect(answer.status).toBe(201);
    const doc = answer.body.data.document;
    expect(doc).toMatchObject({ name: 'Dana Fields – CV.pdf', size: RESUME.length });
    expect(answer.body.data.type).toBe(1);

    const [row] = await rowsOf(f.app, seeker.id);
    expect(row).toMatchObject({ purpose: 'resume', contentType: 'application/pdf', originalName: 'Dana Fields – CV.pdf' });
    expect(row!.storageKey).toMatch(/^resume\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(row!.storageKey).not.toContain('Dana');
    expect(await f.app.ctx.adapters.files.exists(row!.storageKey)).toBe(true);

    const listed = await list(seeker.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.resumes).toEqual([
      { id: doc.id, name: 'Dana Fields – CV.pdf', size: RESUME.length, uploadedAt: doc.uploadedAt },
      { id: null, name: 'None', size: null, uploadedAt: null },
    ]);
    expect(listed.body.data.coverLetters).toEqual([{ id: null, name: 'None', size: null, uploadedAt: null }]);
  });

  it('stores a DOCX cover letter, checked as a real word-processing document', async () => {
    const seeker = await f.user();
    const docx = makeDocx(['Dear hiring manager,', 'I write Java.']);
    const answer = await upload(seeker.token, docx, { filename: 'letter.docx', type: '2', contentType: 'application/msword' });
    expect(answer.status).toBe(201);
    expect(answer.body.data.type).toBe(2);
    const [row] = await rowsOf(f.app, seeker.id);
    expect(row).toMatchObject({ purpose: 'cover-letter', contentType: DOCX_TYPE, originalName: 'letter.docx', foundSkillIds: [] });
    expect((await list(seeker.token)).body.data.coverLetters.map((d) => d.name)).toEqual(['letter.docx', 'None']);
  });

  it('decides the type by the bytes, not the name or the declared type, and names the file after it', async () => {
    const seeker = await f.user();
    const answer = await upload(seeker.token, RESUME, { filename: 'cv.txt', contentType: 'text/plain' });
    expect(answer.status).toBe(201);
    expect(answer.body.data.document.name).toBe('cv.pdf');
    const docx = await upload(seeker.token, makeDocx(['Resume']), { filename: 'resume', contentType: 'application/pdf' });
    expect(docx.body.data.document.name).toBe('resume.docx');
    expect((await rowsOf(f.app, seeker.id)).map((r) => r.contentType).sort()).toEqual(['application/pdf', DOCX_TYPE]);
  });

  it('cleans the display name: no folders, no control or direction characters', async () => {
    const seeker = await f.user();
    const answer = await upload(seeker.token, RESUME, { filename: 'C:\\Users\\dana\\my\u202Efdp.exe cv.pdf' });
    expect(answer.status).toBe(201);
    expect(answer.body.data.document.name).toBe('myfdp.exe cv.pdf');
  });

  it('lists newest first', async () => {
    const seeker = await f.user();
    await upload(seeker.token, RESUME, { filename: 'first.pdf' });
    await upload(seeker.token, RESUME, { filename: 'second.pdf' });
    expect((await list(seeker.token)).body.data.resumes.map((d) => d.name)).toEqual(['second.pdf', 'first.pdf', 'None']);
  });

  it('serves the legacy names as the same capabilities', async () => {
    const seeker = await f.user();
    const resume = await uploadFile<UploadedDocument>(f.app, '/api/JobSeeker/UploadResume', seeker.token, {
      data: RESUME,
      filename: 'a.pdf',
    });
    expect(resume.status).toBe(201);
    expect(resume.body.data.type).toBe(1);
    const letter = await uploadFile<UploadedDocument>(f.app, '/api/JobSeeker/UploadCoverLetter', seeker.token, {
      data: makeDocx(['Hello']),
      filename: 'b.docx',
      field: 'files',
    });
    expect(letter.status).toBe(201);
    expect(letter.body.data.type).toBe(2);
    const documents = (await list(seeker.token)).body.data;
    expect((await send(f.app, 'GET', '/api/JobSeeker/GetResumes', { token: seeker.token })).body.data).toEqual(documents);
    expect((await send(f.app, 'GET', '/api/JobSeeker/GetCoverLetters', { token: seeker.token })).body.data).toEqual(documents);
    // Spec 2 §7 names both without GET: POSTs answer the same.
    expect((await send(f.app, 'POST', '/api/JobSeeker/GetResumes', { token: seeker.token })).body.data).toEqual(documents);
    expect((await send(f.app, 'POST', '/api/JobSeeker/GetCoverLetters', { token: seeker.token })).body.data).toEqual(documents);
    expect(documents.resumes.map((d) => d.name)).toEqual(['a.pdf', 'None']);
    expect(documents.coverLetters.map((d) => d.name)).toEqual(['b.docx', 'None']);
  });
});

describe('skills found in a resume', () => {
  it('are matched whole-word and case-insensitively, and offered minus the skills the seeker has', async () => {
    const seeker = await f.user();
    await f.app.database.db.insert(jobSeekerSkills).values({ userId: seeker.id, skillId: 9006 });
    const answer = await upload(seeker.token, RESUME);
    // "JavaScript" is not Java; SQL is already on the profile.
    expect(answer.body.data.suggestedSkills).toEqual([
      { id: 9003, name: 'C++' },
      { id: 9002, name: 'Node.js' },
      { id: 9001, name: 'TypeScript' },
    ]);
    const [row] = await rowsOf(f.app, seeker.id);
    expect(row!.foundSkillIds).toEqual([9001, 9002, 9003, 9006]);
    expect((await list(seeker.token)).body.data.suggestedSkills.map((s) => s.id)).toEqual([9003, 9002, 9001]);
    // Adding is the seeker's choice, made elsewhere: nothing was added.
    expect(await f.app.database.db.select().from(jobSeekerSkills).where(eq(jobSeekerSkills.userId, seeker.id))).toHaveLength(1);
  });

  it('come from the newest resume only, and from DOCX text too', async () => {
    const seeker = await f.user();
    await upload(seeker.token, RESUME);
    await upload(seeker.token, makeDocx(['Led projects and the', 'management of a C# team & JAVA services']), { filename: 'new.docx' });
    expect((await list(seeker.token)).body.data.suggestedSkills).toEqual([
      { id: 9007, name: 'C#' },
      { id: 9004, name: 'Java' },
    ]);
    // A phrase may run across a line break.
    await upload(seeker.token, makeDocx(['PROJECT', 'MANAGEMENT']), { filename: 'newest.docx' });
    expect((await list(seeker.token)).body.data.suggestedSkills).toEqual([{ id: 9005, name: 'Project Management' }]);
  });

  it('are not looked for in cover letters', async () => {
    const seeker = await f.user();
    await upload(seeker.token, RESUME, { type: '2' });
    expect((await list(seeker.token)).body.data.suggestedSkills).toEqual([]);
  });
});

describe('refused uploads say why and store nothing', () => {
  let seeker: { id: string; token: string };
  let rowsBefore: number;
  let filesBefore: number;
  beforeEach(async () => {
    seeker = await f.user();
    rowsBefore = await f.rowCount();
    filesBefore = f.storedFileCount();
  });
  const nothingStored = async () => {
    expect(await f.rowCount()).toBe(rowsBefore);
    expect(f.storedFileCount()).toBe(filesBefore);
  };

  it('a .pdf that is really HTML', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
    expectRefused(await upload(seeker.token, html, { filename: 'cv.pdf' }), 400, FileMessages.documentType);
    await nothingStored();
  });

  it('a PDF/HTML polyglot: a PDF whose first KB holds HTML', async () => {
    const polyglot = makePdf(['Dana'], { header: '%PDF-1.4\n%<html><body><script>alert(1)</script></body></html>\n' });
    expectRefused(await upload(seeker.token, polyglot), 400, FileMessages.pdfWithMarkup);
    const svg = makePdf(['Dana'], { header: '%PDF-1.7\n% <svg onload="alert(1)">\n' });
    expectRefused(await upload(seeker.token, svg), 400, FileMessages.pdfWithMarkup);
    await nothingStored();
  });

  it('a file with a PDF header that is not a PDF', async () => {
    const fake = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(2048, 0x20),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    expectRefused(await upload(seeker.token, fake), 400, FileMessages.pdfUnreadable);
    await nothingStored();
  });

  it('a PDF that does not start with %PDF-', async () => {
    const late = Buffer.concat([Buffer.from('junk\n'), makePdf(['Dana'])]);
    expectRefused(await upload(seeker.token, late), 400, FileMessages.documentType);
    await nothingStored();
  });

  it('a 0-byte file', async () => {
    expectRefused(await upload(seeker.token, Buffer.alloc(0)), 400, FileMessages.empty);
    await nothingStored();
  });

  it('a 6 MB file, with 413', async () => {
    expectRefused(await upload(seeker.token, makePdf(['Dana'], { padTo: 6 * 1024 * 1024 })), 413, FileMessages.tooLarge);
    await nothingStored();
  });

  it('a name with ../ or a NUL byte', async () => {
    expectRefused(await upload(seeker.token, RESUME, { filename: '../../etc/cv.pdf' }), 400, FileMessages.badName);
    expectRefused(await upload(seeker.token, RESUME, { filename: '..\\cv.pdf' }), 400, FileMessages.badName);
    expectRefused(await upload(seeker.token, RESUME, { filename: Buffer.from('cv\u0000.pdf', 'latin1') }), 400, FileMessages.badName);
    // The same NUL, percent-encoded in an RFC 5987 name.
    const encoded = await f.app.inject({
      method: 'POST',
      url: '/api/JobSeeker/UploadResume',
      headers: { authorization: `Bearer ${seeker.token}`, 'content-type': 'multipart/form-data; boundary=XX' },
      payload: Buffer.concat([
        Buffer.from(
          `--XX\r\nContent-Disposition: form-data; name="file"; filename*=utf-8''cv%00.pdf\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        RESUME,
        Buffer.from('\r\n--XX--\r\n'),
      ]),
    });
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json().message).toBe(FileMessages.badName);
    await nothingStored();
  });

  it('20 files in one request', async () => {
    const parts = Array.from({ length: 20 }, (_, i) => ({
      name: 'file',
      filename: `cv${i}.pdf`,
      contentType: 'application/pdf',
      data: RESUME,
    }));
    expectRefused(await send(f.app, 'POST', '/api/JobSeeker/UploadResume', { token: seeker.token, parts }), 400, FileMessages.oneFile);
    expectRefused(
      await send(f.app, 'POST', '/api/JobSeeker/documents', { token: seeker.token, parts: [{ name: 'type', data: '1' }, ...parts] }),
      400,
      FileMessages.oneFile,
    );
    await nothingStored();
  });

  it('a DOCX zip bomb, whether its headers tell the truth or lie', async () => {
    const honest = makeDocxBomb(64 * 1024 * 1024);
    expect(honest.length).toBeLessThan(200 * 1024);
    expectRefused(await upload(seeker.token, honest, { filename: 'cv.docx' }), 400, FileMessages.docxTooLarge);
    // Claims 10 MB, which is within the limit, and unpacks to 64 MB: cut off where the claim ends.
    const lying = makeDocxBomb(64 * 1024 * 1024, 10 * 1024 * 1024);
    expectRefused(await upload(seeker.token, lying, { filename: 'cv.docx' }), 400, FileMessages.docxUnreadable);
    await nothingStored();
  });

  it('a zip that is not a word document, and a macro-enabled one', async () => {
    const zip = makeZip([{ name: 'notes.txt', data: Buffer.from('Java') }]);
    expectRefused(await upload(seeker.token, zip, { filename: 'cv.docx' }), 400, FileMessages.documentType);
    const docm = makeDocx(['Hi'], { mainType: 'application/vnd.ms-word.document.macroEnabled.main+xml' });
    expectRefused(await upload(seeker.token, docm, { filename: 'cv.docx' }), 400, FileMessages.documentType);
    await nothingStored();
  });

  it('a DOCX without its main part', async () => {
    const broken = makeZip([
      { name: '[Content_Types].xml', data: contentTypesXml() },
      { name: 'word/styles.xml', data: Buffer.from('<w:styles/>') },
    ]);
    expectRefused(await upload(seeker.token, broken, { filename: 'cv.docx' }), 400, FileMessages.docxUnreadable);
    await nothingStored();
  });

  it('an 11th resume', async () => {
    for (let i = 0; i < 10; i += 1) expect((await upload(seeker.token, RESUME, { filename: `cv${i}.pdf` })).status).toBe(201);
    const rows = await f.rowCount();
    const files = f.storedFileCount();
    expectRefused(await upload(seeker.token, RESUME, { filename: 'cv10.pdf' }), 400, FileMessages.tooManyResumes);
    expectRefused(await uploadFile(f.app, '/api/JobSeeker/UploadResume', seeker.token, { data: RESUME }), 400, FileMessages.tooManyResumes);
    expect(await f.rowCount()).toBe(rows);
    expect(f.storedFileCount()).toBe(files);
    // Cover letters are counted on their own.
    expect((await upload(seeker.token, RESUME, { type: '2' })).status).toBe(201);
  });

  it('no file, a file in another field, a missing or wrong type, a body that is not a form', async () => {
    expectRefused(
      await send(f.app, 'POST', '/api/JobSeeker/documents', { token: seeker.token, parts: [{ name: 'type', data: '1' }] }),
      400,
      FileMessages.noFile,
    );
    expectRefused(
      await uploadFile(f.app, '/api/JobSeeker/UploadResume', seeker.token, { data: RESUME, field: 'files' }),
      400,
      FileMessages.fileField('file'),
    );
    expectRefused(await uploadFile(f.app, '/api/JobSeeker/documents', seeker.token, { data: RESUME }), 400, FileMessages.documentKind);
    expectRefused(await upload(seeker.token, RESUME, { type: '0' }), 400, FileMessages.documentKind);
    expectRefused(
      await send(f.app, 'POST', '/api/JobSeeker/documents', { token: seeker.token, json: { type: 1, file: 'JVBERi0=' } }),
      415,
      FileMessages.notMultipart,
    );
    await nothingStored();
  });
});

describe('who may do what', () => {
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let employer: { id: string; token: string };
  let aResume: string;
  let aLetter: string;
  beforeAll(async () => {
    a = await f.user();
    b = await f.user();
    employer = await f.user('Employer');
    aResume = (await upload(a.token, RESUME, { filename: 'a.pdf' })).body.data.document.id!;
    aLetter = (await upload(a.token, makeDocx(['A']), { filename: 'a.docx', type: '2' })).body.data.document.id!;
    await upload(b.token, RESUME, { filename: 'b.pdf' });
  });
  const aStillHas = async () => expect((await rowsOf(f.app, a.id)).map((r) => r.id).sort()).toEqual([aResume, aLetter].sort());

  const lists = [
    ['GET', '/api/JobSeeker/documents'],
    ['GET', '/api/JobSeeker/GetResumes'],
    ['GET', '/api/JobSeeker/GetCoverLetters'],
    ['POST', '/api/JobSeeker/GetResumes'],
    ['POST', '/api/JobSeeker/GetCoverLetters'],
  ] as const;
  it.each(lists)('%s %s lists only the caller’s documents; anonymous 401, employer 403', async (method, url) => {
    const own = await send<Documents>(f.app, method, url, { token: a.token });
    expect(own.body.data.resumes.map((d) => d.id)).toEqual([aResume, null]);
    const other = await send<Documents>(f.app, method, url, { token: b.token });
    expect(other.body.data.resumes.map((d) => d.name)).toEqual(['b.pdf', 'None']);
    expect(JSON.stringify(other.body.data)).not.toContain(aResume);
    expect((await send(f.app, method, url)).status).toBe(401);
    expect((await send(f.app, method, url, { token: employer.token })).status).toBe(403);
  });

  const uploads = [
    ['/api/JobSeeker/documents', 'file'],
    ['/api/JobSeeker/UploadResume', 'file'],
    ['/api/JobSeeker/UploadCoverLetter', 'files'],
  ] as const;
  it.each(uploads)('POST %s: anonymous 401 before the body is read, employer 403', async (url, field) => {
    const rows = await f.rowCount();
    // A file over the limit: auth answers first, so the size never matters.
    const big = makePdf(['x'], { padTo: 6 * 1024 * 1024 });
    expect((await uploadFile(f.app, url, undefined, { data: big, field }, { type: '1' })).status).toBe(401);
    expect((await uploadFile(f.app, url, employer.token, { data: RESUME, field }, { type: '1' })).status).toBe(403);
    expect(await f.rowCount()).toBe(rows);
  });

  it('download: own 200; another seeker’s 404; anonymous 401; employer 403', async () => {
    const url = (id: string) => `/api/JobSeeker/documents/${id}/download`;
    expect((await send(f.app, 'GET', url(aResume), { token: a.token })).status).toBe(200);
    const other = await send(f.app, 'GET', url(aResume), { token: b.token });
    expectRefused(other, 404, FileMessages.documentNotFound);
    expect((await send(f.app, 'GET', url(aResume))).status).toBe(401);
    expect((await send(f.app, 'GET', url(aResume), { token: employer.token })).status).toBe(403);
    // An unknown id reads the same as another's.
    expectRefused(
      await send(f.app, 'GET', url('00000000-0000-4000-8000-000000000000'), { token: b.token }),
      404,
      FileMessages.documentNotFound,
    );
  });

  it('delete-documents: another seeker’s 404 and kept; anonymous 401; employer 403', async () => {
    const body = { id: aResume, type: 1 };
    expectRefused(
      await send(f.app, 'POST', '/api/JobSeeker/delete-documents', { token: b.token, json: body }),
      404,
      FileMessages.documentNotFound,
    );
    expect((await send(f.app, 'POST', '/api/JobSeeker/delete-documents', { json: body })).status).toBe(401);
    expect((await send(f.app, 'POST', '/api/JobSeeker/delete-documents', { token: employer.token, json: body })).status).toBe(403);
    await aStillHas();
  });

  it('DeleteFile: another seeker’s 404 and kept; anonymous 401; employer 403', async () => {
    const url = `/api/JobSeeker/DeleteFile?blobFilename=${aResume}`;
    expectRefused(await send(f.app, 'POST', url, { token: b.token }), 404, FileMessages.documentNotFound);
    expect((await send(f.app, 'POST', url)).status).toBe(401);
    expect((await send(f.app, 'POST', url, { token: employer.token })).status).toBe(403);
    await aStillHas();
  });

  it('DeleteCoverLetter: another seeker’s 404 and kept; anonymous 401; employer 403', async () => {
    const url = '/api/JobSeeker/DeleteCoverLetter';
    expectRefused(await send(f.app, 'POST', url, { token: b.token, json: { id: aLetter } }), 404, FileMessages.documentNotFound);
    expect((await send(f.app, 'POST', url, { json: { id: aLetter } })).status).toBe(401);
    expect((await send(f.app, 'POST', url, { token: employer.token, json: { id: aLetter } })).status).toBe(403);
    await aStillHas();
  });
});

describe('deleting', () => {
  it('delete-documents removes the row and the file; the type must match', async () => {
    const seeker = await f.user();
    const id = (await upload(seeker.token, RESUME)).body.data.document.id!;
    const [row] = await rowsOf(f.app, seeker.id);
    expectRefused(
      await send(f.app, 'POST', '/api/JobSeeker/delete-documents', { token: seeker.token, json: { id, type: 2 } }),
      404,
      FileMessages.documentNotFound,
    );
    const done = await send(f.app, 'POST', '/api/JobSeeker/delete-documents', { token: seeker.token, json: { id, type: 1 } });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(FileMessages.documentDeleted);
    expect(await rowsOf(f.app, seeker.id)).toEqual([]);
    expect(await f.app.ctx.adapters.files.exists(row!.storageKey)).toBe(false);
    expect((await list(seeker.token)).body.data.resumes).toEqual([{ id: null, name: 'None', size: null, uploadedAt: null }]);
  });

  it('DeleteFile takes either kind by id; DeleteCoverLetter only cover letters', async () => {
    const seeker = await f.user();
    const resume = (await upload(seeker.token, RESUME)).body.data.document.id!;
    const letter = (await upload(seeker.token, RESUME, { type: '2' })).body.data.document.id!;
    expect((await send(f.app, 'POST', '/api/JobSeeker/DeleteCoverLetter', { token: seeker.token, json: { id: resume } })).status).toBe(404);
    expect((await send(f.app, 'POST', '/api/JobSeeker/DeleteCoverLetter', { token: seeker.token, json: { id: letter } })).status).toBe(200);
    expect((await send(f.app, 'POST', `/api/JobSeeker/DeleteFile?blobFilename=${resume}`, { token: seeker.token })).status).toBe(200);
    expect(await rowsOf(f.app, seeker.id)).toEqual([]);
    expectRefused(
      await send(f.app, 'POST', '/api/JobSeeker/DeleteFile?blobFilename=not-a-file.pdf', { token: seeker.token }),
      404,
      FileMessages.documentNotFound,
    );
  });
});

describe('downloading', () => {
  it('answers the bytes as an attachment under the uploaded name, never sniffed', async () => {
    const seeker = await f.user();
    // Sent as RFC 5987 so the quotes, semicolon and tab arrive as they are.
    const sent = 'Zoë "the; best"\tX-Evil: 1 résumé.pdf';
    const uploaded = await uploadFile<UploadedDocument>(
      f.app,
      '/api/JobSeeker/documents',
      seeker.token,
      { data: RESUME, filename: sent, encodedFilename: true },
      { type: '1' },
    );
    expect(uploaded.status).toBe(201);
    const name = 'Zoë "the; best" X-Evil: 1 résumé.pdf';
    expect(uploaded.body.data.document.name).toBe(name);
    const res = await send(f.app, 'GET', `/api/JobSeeker/documents/${uploaded.body.data.document.id}/download`, { token: seeker.token });
    expect(res.status).toBe(200);
    expect(res.raw.equals(RESUME)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(RESUME.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-evil']).toBeUndefined();
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="Zo_ _the_ best_ X-Evil: 1 r_sum_.pdf"; filename*=UTF-8''Zo%C3%AB%20%22the%3B%20best%22%20X-Evil%3A%201%20r%C3%A9sum%C3%A9.pdf`,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(name);
  });

  it('answers a DOCX with its own type', async () => {
    const seeker = await f.user();
    const docx = makeDocx(['Hello']);
    const id = (await upload(seeker.token, docx, { filename: 'cv.docx' })).body.data.document.id!;
    const res = await send(f.app, 'GET', `/api/JobSeeker/documents/${id}/download`, { token: seeker.token });
    expect(res.headers['content-type']).toBe(DOCX_TYPE);
    expect(res.raw.equals(docx)).toBe(true);
  });
});

describe('profile completion', () => {
  it('hasResume: true once the seeker has a resume, and not for cover letters', async () => {
    const seeker = await f.user();
    expect(await hasResume(f.app.ctx, seeker.id)).toBe(false);
    await upload(seeker.token, RESUME, { type: '2' });
    expect(await hasResume(f.app.ctx, seeker.id)).toBe(false);
    const id = (await upload(seeker.token, RESUME)).body.data.document.id!;
    expect(await hasResume(f.app.ctx, seeker.id)).toBe(true);
    await send(f.app, 'POST', '/api/JobSeeker/delete-documents', { token: seeker.token, json: { id, type: 1 } });
    expect(await hasResume(f.app.ctx, seeker.id)).toBe(false);
  });
});

describe('the API docs', () => {
  it('describe uploads as multipart forms and downloads as files', async () => {
    const doc = (await f.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const post = doc.paths['/api/JobSeeker/documents'].post;
    expect(post.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(post.requestBody.content['multipart/form-data'].schema.required).toEqual(['type', 'file']);
    expect(
      doc.paths['/api/JobSeeker/UploadCoverLetter'].post.requestBody.content['multipart/form-data'].schema.properties.files,
    ).toBeDefined();
    const download = doc.paths['/api/JobSeeker/documents/{id}/download'].get;
    expect(Object.keys(download.responses['200'].content)).toEqual(['application/pdf', DOCX_TYPE]);
  });
});
