import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../src/contract/endpoint.ts';
import { ApiError, HttpMessages, call, configureHttp, contractLoader } from '../../src/services/http.ts';

/** A real HTTP server answering canned envelopes, one path per behaviour. */
let server: http.Server;
let base: string;
const seen: Array<{ url: string; auth: string | undefined; body: string }> = [];

const envelope = (status: number, data: unknown, message = '', errors: string[] = []) =>
  JSON.stringify({ data, state: { status, hasError: status >= 400, hasData: data !== null, errors }, success: status < 400, message });

/** The same envelope with an outcome code in its state. */
const withCode = (body: string, code: string) => {
  const env = JSON.parse(body);
  return JSON.stringify({ ...env, state: { ...env.state, code } });
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body });
      const send = (status: number, payload: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(payload);
      if (req.url?.startsWith('/api/ok')) return send(200, envelope(200, { name: 'Ada' }, 'Fine'));
      if (req.url === '/api/created') return send(201, envelope(201, null, 'Created'));
      if (req.url === '/api/bad')
        return send(400, envelope(400, null, 'Please enter a valid email', ['Please enter a valid email', 'Please enter a password']));
      if (req.url === '/api/unverified')
        return send(403, JSON.stringify({ ...JSON.parse(envelope(403, null, 'Uh oh!', ['Uh oh!'])), request: { email: 'a@b.co' } }));
      if (req.url === '/api/closed-job')
        return send(409, withCode(envelope(409, null, 'This job is closed.', ['This job is closed.']), 'job.closed'));
      if (req.url === '/api/applied-before')
        return send(200, withCode(envelope(200, { name: 'Ada' }, 'Applied before'), 'application.alreadyApplied'));
      if (req.url === '/api/expired') return send(401, envelope(401, null, 'Session expired', ['Session expired']));
      if (req.url === '/api/boom') return send(500, envelope(500, null, 'Database is down'));
      if (req.url === '/api/html') return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      if (req.url === '/api/wrong-shape') return send(200, JSON.stringify({ hello: 'world' }));
      send(404, envelope(404, null, 'Not found.'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: `/api/${string}`) =>
  endpoint({ method: 'GET', path, auth: 'public', tag: 't', summary: 't', response: z.object({ name: z.string() }) });
const post = (path: `/api/${string}`) =>
  endpoint({ method: 'POST', path, auth: 'public', tag: 't', summary: 't', body: z.object({ email: z.string() }), response: z.null() });

let notices: string[];
let unauthorized: number;
beforeEach(() => {
  notices = [];
  unauthorized = 0;
  seen.length = 0;
  configureHttp({
    baseURL: base,
    getToken: () => 'token-1',
    onUnauthorized: () => (unauthorized += 1),
    notify: (m) => notices.push(m),
  });
});

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
};

describe('the HTTP client (spec 2 §8)', () => {
  it('sends the bearer token and the body, and returns the parsed envelope', async () => {
    const res = await call(get('/api/ok'), {});
    expect(res).toMatchObject({ data: { name: 'Ada' }, status: 200, message: 'Fine' });
    const created = await call(post('/api/created'), { body: { email: 'a@b.co' } });
    expect(created.status).toBe(201);
    expect(seen[0]!.auth).toBe('Bearer token-1');
    expect(JSON.parse(seen[1]!.body)).toEqual({ email: 'a@b.co' });
  });

  it('hands the outcome code on, with a refusal and with a success', async () => {
    const err = await failure(call(post('/api/closed-job'), { body: { email: 'a@b.co' } }));
    expect(err).toMatchObject({ kind: 'client', status: 409, code: 'job.closed', message: 'This job is closed.' });
    expect(notices).toEqual([]);
    const res = await call(get('/api/applied-before'), {});
    expect(res).toMatchObject({ data: { name: 'Ada' }, code: 'application.alreadyApplied' });
    expect((await call(get('/api/ok'), {})).code).toBeUndefined();
  });

  it('passes other 4xx to the caller with every message and no toast', async () => {
    const err = await failure(call(post('/api/bad'), { body: { email: 'x' } }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('client');
    expect(err.status).toBe(400);
    expect(err.errors).toEqual(['Please enter a valid email', 'Please enter a password']);
    expect(notices).toEqual([]);
    expect(unauthorized).toBe(0);
  });

  it('carries the follow-up request the server attaches', async () => {
    const err = await failure(call(get('/api/unverified'), {}));
    expect(err.request).toEqual({ email: 'a@b.co' });
  });

  it('sends every 401 to the session', async () => {
    const err = await failure(call(get('/api/expired'), {}));
    expect(err.kind).toBe('unauthorized');
    expect(unauthorized).toBe(1);
  });

  it('shows the server message of a 5xx in a toast', async () => {
    const err = await failure(call(get('/api/boom'), {}));
    expect(err.kind).toBe('server');
    expect(notices).toEqual(['Database is down']);
  });

  it('falls back to "Something went wrong!!!" when a 5xx has no envelope', async () => {
    await failure(call(get('/api/html'), {}));
    expect(notices).toEqual([HttpMessages.failed]);
  });

  it('treats a success in the wrong shape as an unexpected error', async () => {
    const err = await failure(call(get('/api/wrong-shape'), {}));
    expect(err.kind).toBe('invalid-response');
    expect(err.message).toBe('An unexpected error occurred.');
  });

  it('says "Network Error!, Please check your connection." when the server cannot be reached', async () => {
    configureHttp({ baseURL: 'http://127.0.0.1:9' });
    const err = await failure(call(get('/api/ok'), {}));
    expect(err.kind).toBe('network');
    expect(notices).toEqual(['Network Error!, Please check your connection.']);
  });

  it('tells nobody of a quiet call’s failure, as job view counts ask (spec 2 §8)', async () => {
    const down = await failure(call(get('/api/boom'), {}, { quiet: true }));
    expect(down.kind).toBe('server');
    configureHttp({ baseURL: 'http://127.0.0.1:9' });
    const unreachable = await failure(call(get('/api/ok'), {}, { quiet: true }));
    expect(unreachable.kind).toBe('network');
    expect(notices).toEqual([]);
  });

  it('calls through a contract loaded with the first call; one that cannot load is a network error, tried again next time', async () => {
    let imports = 0;
    let reachable = false;
    const contract = contractLoader(async () => {
      imports += 1;
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
      return { ok: get('/api/ok') };
    });
    const err = await failure(contract.call('ok', {}));
    expect(err.kind).toBe('network');
    expect(notices).toEqual(['Network Error!, Please check your connection.']);
    reachable = true;
    const res = await contract.call('ok', {});
    expect(res.data).toEqual({ name: 'Ada' });
    // Loaded once it worked, not again for each call.
    await contract.call('ok', {});
    expect(imports).toBe(2);
  });

  it('lets an aborted call end quietly', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(call(get('/api/ok'), {}, { signal: controller.signal })).rejects.toBeTruthy();
    expect(notices).toEqual([]);
  });
});
