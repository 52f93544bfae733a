import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../src/contract/endpoint.ts';
import { FileMessages, MAX_UPLOAD_BYTES } from '../../src/contract/files.ts';
import { ApiError, configureHttp } from '../../src/services/http.ts';
import { filenameOf, upload, type UploadProgress } from '../../src/services/transfer.ts';
import { documentsService } from '../../src/services/documents.ts';
import { commonService } from '../../src/services/common.ts';

/** A real HTTP server on another origin than the page, as an API host would be (so CORS applies). */
let server: http.Server;
let base: string;
const seen: Array<{ url: string; auth: string | undefined; contentType: string | undefined; body: Buffer }> = [];
let held: http.ServerResponse | null = null;

const envelope = (status: number, data: unknown, message = '', errors: string[] = message ? [message] : []) =>
  JSON.stringify({ data, state: { status, hasError: status >= 400, hasData: data !== null, errors }, success: status < 400, message });

const uploaded = {
  document: { id: 'd1', name: 'cv.pdf', size: 3, uploadedAt: '2025-01-02T03:04:05.000Z' },
  type: 1,
  suggestedSkills: [{ id: 7, name: 'SQL' }],
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'authorization, accept',
      'Access-Control-Allow-Methods': 'GET, POST',
      'Access-Control-Expose-Headers': 'content-disposition',
    };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const url = req.url ?? '';
    const send = (status: number, payload: string | Buffer, type = 'application/json', extra: Record<string, string> = {}) =>
      res.writeHead(status, { ...cors, 'content-type': type, ...extra }).end(payload);
    if (url.startsWith('/api/up/hold')) {
      // Reads nothing and answers nothing until the client gives up.
      held = res;
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ url, auth: req.headers.authorization, contentType: req.headers['content-type'], body });
      if (url === '/api/up/ok') return send(201, envelope(201, { received: body.length }));
      if (url === '/api/JobSeeker/documents') return send(201, envelope(201, uploaded));
      if (url === '/api/up/too-large') return send(413, envelope(413, null, FileMessages.tooLarge));
      if (url === '/api/up/bad') return send(400, envelope(400, null, FileMessages.documentType));
      if (url === '/api/up/expired') return send(401, envelope(401, null, 'Your session has expired.'));
      if (url === '/api/up/boom') return send(500, envelope(500, null, 'Something went wrong!!!'));
      if (url === '/api/up/html') return send(502, '<h1>Bad gateway</h1>', 'text/html');
      if (url === '/api/JobSeeker/documents/d1/download')
        return send(200, Buffer.from('%PDF-1.4 bytes'), 'application/pdf', {
          'content-disposition': `attachment; filename="Zo_ CV.pdf"; filename*=UTF-8''Zo%C3%AB%20CV.pdf`,
        });
      send(404, envelope(404, null, FileMessages.documentNotFound));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Keep-alive connections of the page's requests would hold the server open.
      server.closeAllConnections();
    }),
);

const probe = (path: `/api/${string}`) =>
  endpoint({
    method: 'POST',
    path,
    auth: 'public',
    tag: 't',
    summary: 't',
    upload: { file: 'file', maxBytes: MAX_UPLOAD_BYTES, accept: ['application/pdf'], fields: z.object({ type: z.coerce.number() }) },
    response: z.object({ received: z.number() }),
  });

let notices: string[];
let unauthorized: number;
beforeEach(() => {
  notices = [];
  unauthorized = 0;
  seen.length = 0;
  held = null;
  configureHttp({ baseURL: base, getToken: () => 'token-1', onUnauthorized: () => (unauthorized += 1), notify: (m) => notices.push(m) });
});

const pdf = (size = 64 * 1024) => new File([new Uint8Array(size).fill(0x41)], 'cv.pdf', { type: 'application/pdf' });

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected the upload to fail');
};

describe('uploading a file (XMLHttpRequest)', () => {
  it('sends the file and the fields as multipart with the bearer token, reports progress and returns the envelope', async () => {
    const progress: UploadProgress[] = [];
    const file = pdf(300 * 1024);
    const result = await upload(probe('/api/up/ok'), { file, fields: { type: 1 } }, { onProgress: (p) => progress.push(p) });
    expect(result.status).toBe(201);
    const request = seen[0]!;
    expect(request.auth).toBe('Bearer token-1');
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const text = request.body.toString('latin1');
    expect(text).toContain('name="type"\r\n\r\n1\r\n');
    expect(text).toContain('name="file"; filename="cv.pdf"');
    expect(result.data.received).toBe(request.body.length);
    // Progress counts the whole request and ends with all of it sent.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual({ loaded: request.body.length, total: request.body.length });
    for (let i = 1; i < progress.length; i += 1) expect(progress[i]!.loaded).toBeGreaterThanOrEqual(progress[i - 1]!.loaded);
  });

  it('passes 4xx to the caller with the server’s message, and no toast', async () => {
    const tooLarge = await failure(upload(probe('/api/up/too-large'), { file: pdf(), fields: { type: 1 } }));
    expect(tooLarge).toMatchObject({ kind: 'client', status: 413, message: FileMessages.tooLarge });
    const bad = await failure(upload(probe('/api/up/bad'), { file: pdf(), fields: { type: 1 } }));
    expect(bad).toMatchObject({ kind: 'client', status: 400, errors: [FileMessages.documentType] });
    expect(notices).toEqual([]);
    expect(unauthorized).toBe(0);
  });

  it('refuses a file over the endpoint’s limit before sending a byte', async () => {
    const err = await failure(upload(probe('/api/up/ok'), { file: pdf(MAX_UPLOAD_BYTES + 1), fields: { type: 1 } }));
    expect(err).toMatchObject({ kind: 'client', status: 413, message: FileMessages.tooLarge });
    expect(seen).toEqual([]);
  });

  it('sends a 401 to the session', async () => {
    const err = await failure(upload(probe('/api/up/expired'), { file: pdf(), fields: { type: 1 } }));
    expect(err.kind).toBe('unauthorized');
    expect(unauthorized).toBe(1);
  });

  it('toasts a 5xx, with the server’s message or the fallback', async () => {
    expect((await failure(upload(probe('/api/up/boom'), { file: pdf(), fields: { type: 1 } }))).kind).toBe('server');
    await failure(upload(probe('/api/up/html'), { file: pdf(), fields: { type: 1 } }));
    expect(notices).toEqual(['Something went wrong!!!', 'Something went wrong!!!']);
  });

  it('says "Network Error!, Please check your connection." when the server cannot be reached', async () => {
    configureHttp({ baseURL: 'http://127.0.0.1:9' });
    const err = await failure(upload(probe('/api/up/ok'), { file: pdf(), fields: { type: 1 } }));
    expect(err.kind).toBe('network');
    expect(notices).toEqual(['Network Error!, Please check your connection.']);
  });

  it('is cancelled by its signal: the request is dropped and the promise rejects quietly', async () => {
    const controller = new AbortController();
    const pending = upload(probe('/api/up/hold'), { file: pdf(1024 * 1024), fields: { type: 1 } }, { signal: controller.signal });
    const outcome = pending.then(
      () => 'resolved',
      (err: unknown) => err,
    );
    await expect.poll(() => held).not.toBeNull();
    controller.abort();
    const err = await outcome;
    expect((err as Error).name).toBe('AbortError');
    // An answer arriving after the cancellation changes nothing.
    held!.writeHead(201, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(envelope(201, { received: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notices).toEqual([]);
    // Already cancelled: nothing is sent.
    await expect(upload(probe('/api/up/ok'), { file: pdf(), fields: { type: 1 } }, { signal: controller.signal })).rejects.toBeTruthy();
    expect(seen).toEqual([]);
  });
});

describe('the documents and common services', () => {
  it('upload a document with its kind and parse the answer with the contract', async () => {
    const progress: UploadProgress[] = [];
    const result = await documentsService.upload(2, pdf(), { onProgress: (p) => progress.push(p) });
    expect(result.data).toEqual(uploaded);
    expect(seen[0]!.url).toBe('/api/JobSeeker/documents');
    expect(seen[0]!.body.toString('latin1')).toContain('name="type"\r\n\r\n2\r\n');
    expect(progress.at(-1)?.loaded).toBe(seen[0]!.body.length);
  });

  it('download a document as a blob under its exact name', async () => {
    const file = await documentsService.download('d1');
    expect(file.filename).toBe('Zoë CV.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.4 bytes');
    const missing = await failure(documentsService.download('nope'));
    expect(missing).toMatchObject({ kind: 'client', status: 404, message: FileMessages.documentNotFound });
  });

  it('give an <img> the signed address on the API host', () => {
    expect(commonService.imageSource({ url: '/api/Common/images/x?expires=1&signature=s' })).toBe(
      `${base}/api/Common/images/x?expires=1&signature=s`,
    );
  });

  it('read file names from Content-Disposition', () => {
    expect(filenameOf(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%E2%80%93b.pdf`)).toBe('a–b.pdf');
    expect(filenameOf('attachment; filename="plain.pdf"')).toBe('plain.pdf');
    expect(filenameOf(`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('x.pdf');
    expect(filenameOf(null)).toBe('download');
  });
});
