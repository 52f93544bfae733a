import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AllLookups } from '../../src/contract/lookups.ts';
import { ApiError, configureHttp } from '../../src/services/http.ts';
import { forgetLookups, loadLookups, lookupsService } from '../../src/services/lookups.ts';

const LOOKUPS: AllLookups = {
  jobSkills: [{ id: 101, name: 'Carpentry', category: 'Construction and skilled trades' }],
  jobTypes: [{ id: 1, name: 'Full-time' }],
  jobEducations: [{ id: 4, name: "Bachelor's degree", level: 4 }],
  jobBenefits: [{ id: 1, name: 'Health insurance' }],
  fieldsOfStudy: [{ id: 11, name: 'Computer and Information Sciences and Support Services', cipCode: '11' }],
  industries: [{ id: 23, name: 'Construction', naicsCode: '23' }],
  jobSchedules: [{ id: 1, name: 'Day shift' }],
  jobSupplementalPays: [{ id: 256, name: 'Tips' }],
  preferLocations: [{ id: 4699066, name: 'Houston, TX', city: 'Houston', state: 'TX', latitude: 29.76, longitude: -95.36 }],
};

const envelope = (status: number, data: unknown, message = '') =>
  JSON.stringify({
    data,
    state: { status, hasError: status >= 400, hasData: data !== null, errors: message ? [message] : [] },
    success: status < 400,
    message,
  });

/** A real HTTP server standing in for the API: counts requests, and fails the next ones when told. */
let server: http.Server;
const seen: string[] = [];
let failNext = 0;
let release: (() => void) | null = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (req.url?.startsWith('/api/Master/GetAllLookups')) {
      if (failNext > 0) {
        failNext -= 1;
        return send(503, envelope(503, null, 'Down for a moment'));
      }
      // Held until the test lets it go, so callers overlap for certain.
      const answer = () => send(200, envelope(200, LOOKUPS));
      if (release === null) return answer();
      const previous = release;
      release = () => {
        previous();
        answer();
      };
      return;
    }
    if (req.url?.startsWith('/api/Master/University')) {
      return send(
        200,
        envelope(200, {
          items: [{ id: 243744, name: 'Stanford University', city: 'Stanford', state: 'CA' }],
          total: 1,
          page: 2,
          pageSize: 5,
        }),
      );
    }
    send(404, envelope(404, null, 'Not found.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureHttp({
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    getToken: () => null,
    onUnauthorized: () => {},
    notify: () => {},
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  forgetLookups();
  seen.length = 0;
  failNext = 0;
  release = null;
});

const lookupRequests = () => seen.filter((u) => u.startsWith('/api/Master/GetAllLookups')).length;

describe('loadLookups', () => {
  it('gives every caller of a page load the same request and answer', async () => {
    release = () => {};
    const first = loadLookups();
    const second = loadLookups();
    expect(second).toBe(first);
    while (lookupRequests() === 0) await new Promise((r) => setTimeout(r, 5));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(LOOKUPS);
    expect(b).toBe(a);
    // A form opened later still shares it.
    expect(await loadLookups()).toBe(a);
    expect(lookupRequests()).toBe(1);
  });

  it('forgets a failed load, so the next caller tries again', async () => {
    failNext = 1;
    const [a, b] = await Promise.allSettled([loadLookups(), loadLookups()]);
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('rejected');
    expect((a as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(lookupRequests()).toBe(1);

    expect(await loadLookups()).toEqual(LOOKUPS);
    expect(await loadLookups()).toEqual(LOOKUPS);
    expect(lookupRequests()).toBe(2);
  });
});

describe('university search', () => {
  it('asks the server for each query, with its page', async () => {
    const page = await lookupsService.searchUniversities('stanford', { page: 2, pageSize: 5 });
    expect(page.items[0]!.name).toBe('Stanford University');
    await lookupsService.searchUniversities('stanford', { page: 2, pageSize: 5 });
    const searches = seen.filter((u) => u.startsWith('/api/Master/University'));
    expect(searches).toHaveLength(2);
    expect(new URL(searches[0]!, 'http://x').searchParams.toString()).toBe('search=stanford&page=2&pageSize=5');
  });
});
