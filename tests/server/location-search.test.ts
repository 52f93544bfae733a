import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { AccountMessages } from '../../src/contract/account.ts';
import { locationResultSchema, type LocationResult } from '../../src/contract/location.ts';
import { createHttpGeocoder } from '../../server/platform/geocoder.ts';
import { createMemoryRateLimiter } from '../../server/platform/rate-limit.ts';
import { LOCATION_SEARCH_LIMIT } from '../../server/location/routes.ts';
import { createLocationSearch } from '../../server/location/service.ts';

const PATH = '/api/job/location-search';

interface SearchAnswer {
  status: number;
  locations: LocationResult[];
  message: string;
  errors: string[];
}

async function search(app: TestApp, payload: unknown, remoteAddress?: string): Promise<SearchAnswer> {
  const res = await app.inject({ method: 'POST', url: PATH, payload: payload as object, remoteAddress });
  const body = res.json();
  return { status: res.statusCode, locations: body.data?.locations ?? [], message: body.message, errors: body.state?.errors ?? [] };
}

const addresses = (locations: LocationResult[]) => locations.map((l) => l.address.freeformAddress);

describe('location search on the embedded gazetteer', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  it('finds a city by the start of its name, in the contract shape', async () => {
    const res = await search(app, { locationName: 'san fr', type: 1 });
    expect(res.status).toBe(200);
    const first = res.locations[0]!;
    expect(locationResultSchema.parse(first)).toEqual(first);
    expect(first.address).toEqual({ freeformAddress: 'San Francisco, CA', countrySubdivisionName: 'California' });
    expect(first.id).toMatch(/^city:\d+$/);
    expect(first.position.lat).toBeCloseTo(37.77, 1);
    expect(first.position.lng).toBeCloseTo(-122.42, 1);
    expect(addresses(res.locations)).toContain('South San Francisco, CA');
  });

  it('ignores case and accents', async () => {
    for (const locationName of ['CANON CITY', 'cañon c', 'Cañon City']) {
      const res = await search(app, { locationName });
      expect(addresses(res.locations)[0]).toBe('Cañon City, CO');
    }
  });

  it('knows "St." and "Saint" as one word', async () => {
    expect(addresses((await search(app, { locationName: 'saint louis' })).locations)[0]).toBe('St. Louis, MO');
    expect(addresses((await search(app, { locationName: 'st. paul' })).locations)[0]).toBe('Saint Paul, MN');
  });

  it('finds a ZIP code exactly, with its town and state', async () => {
    const res = await search(app, { locationName: '98660' });
    expect(res.locations).toEqual([
      {
        id: 'zip:98660',
        address: { freeformAddress: '98660 Vancouver, WA', countrySubdivisionName: 'Washington' },
        position: { lat: expect.closeTo(45.64, 1), lng: expect.closeTo(-122.68, 1) },
      },
    ]);
    // ZIP+4 and a ZIP after the city name find the same place.
    expect((await search(app, { locationName: '98660-1234' })).locations[0]?.id).toBe('zip:98660');
    expect((await search(app, { locationName: 'Vancouver, WA 98660' })).locations[0]?.id).toBe('zip:98660');
  });

  it('finds ZIP codes by their first digits, the exact one first', async () => {
    const res = await search(app, { locationName: '9866' });
    expect(res.locations.length).toBeGreaterThan(1);
    expect(res.locations[0]!.id).toBe('zip:98660');
    for (const l of res.locations) expect(l.id).toMatch(/^zip:9866\d$/);
  });

  it('ranks the best known places first', async () => {
    const res = await search(app, { locationName: 'port' });
    const list = addresses(res.locations);
    expect(list[0]).toBe('Portland, OR');
    expect(list).toContain('Portland, ME');
    expect(list.indexOf('Portland, OR')).toBeLessThan(list.indexOf('Portland, ME'));
    // A 3-digit ZIP prefix lists the biggest city's ZIP codes first.
    const zips = await search(app, { locationName: '981' });
    expect(zips.locations[0]!.address.freeformAddress).toBe('98101 Seattle, WA');
  });

  it('narrows "city, ST" and "city, state name" to that state', async () => {
    for (const locationName of ['Portland, ME', 'portland, maine', 'Portland, Mai']) {
      const res = await search(app, { locationName });
      expect(res.locations[0]!.address).toEqual({ freeformAddress: 'Portland, ME', countrySubdivisionName: 'Maine' });
      for (const l of res.locations) expect(l.address.countrySubdivisionName).toBe('Maine');
    }
    const withoutComma = await search(app, { locationName: 'portland oregon' });
    expect(addresses(withoutComma.locations)[0]).toBe('Portland, OR');
    const dc = await search(app, { locationName: 'washington, dc' });
    expect(dc.locations[0]!.address).toEqual({ freeformAddress: 'Washington, DC', countrySubdivisionName: 'District of Columbia' });
  });

  it('answers at most 10 places', async () => {
    const res = await search(app, { locationName: 's' });
    expect(res.locations).toHaveLength(10);
  });

  it('answers an empty list for a place it does not know', async () => {
    for (const locationName of ['Zzyzxqv', 'Portland, Atlantis', '00000']) {
      const res = await search(app, { locationName });
      expect(res).toMatchObject({ status: 200, locations: [] });
    }
  });

  it('refuses bad input with a readable message', async () => {
    for (const payload of [{ locationName: '   ' }, {}, { locationName: 'x'.repeat(121) }, { locationName: 42 }]) {
      const res = await search(app, payload);
      expect(res.status).toBe(400);
      expect(res.message).toBe(AccountMessages.locationName);
    }
    const badType = await search(app, { locationName: 'Portland', type: 3 });
    expect(badType.status).toBe(400);
    expect(badType.message).toBe(AccountMessages.locationType);
  });

  it('searches streets in the gazetteer when no geocoder is configured', async () => {
    const res = await search(app, { locationName: 'Seattle', type: 2 });
    expect(addresses(res.locations)[0]).toBe('Seattle, WA');
  });

  it('limits searches per address', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < LOCATION_SEARCH_LIMIT.perIp; i++) expect((await search(app, { locationName: 'Boise' }, ip)).status).toBe(200);
    const refused = await search(app, { locationName: 'Boise' }, ip);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(AccountMessages.tooManyRequests);
    // Someone else is not held back.
    expect((await search(app, { locationName: 'Boise' }, '203.0.113.8')).status).toBe(200);
  });
});

/** A stand-in for a TomTom / Azure Maps style search API. */
type Mode = 'ok' | 'error' | 'garbage' | 'hang';

const CANNED = {
  summary: { query: '1600 pennsylvania', numResults: 3 },
  results: [
    {
      type: 'Point Address',
      id: 'US/PAD/p0/1234',
      address: {
        streetNumber: '1600',
        streetName: 'Pennsylvania Avenue NW',
        municipality: 'Washington',
        countrySubdivision: 'DC',
        countrySubdivisionName: 'District of Columbia',
        countryCode: 'US',
        freeformAddress: '1600 Pennsylvania Avenue NW, Washington, DC 20500',
      },
      position: { lat: 38.89768, lon: -77.03655 },
    },
    {
      // No subdivision name, only the code; position as strings.
      id: 4242,
      address: { countrySubdivision: 'PA', countryCode: 'US', freeformAddress: '1600 Pennsylvania Ave, Pittsburgh, PA 15222' },
      position: { lat: '40.44', lon: '-79.99' },
    },
    { id: 'x1', address: { freeformAddress: 'No position here' } },
    { id: 'x2', address: { freeformAddress: '1600 Penn Rd, Toronto', countryCode: 'CA' }, position: { lat: 43.6, lon: -79.4 } },
    'not even an object',
  ],
};

async function startGeocoder() {
  const state = { mode: 'ok' as Mode, requests: [] as URL[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push(url);
    if (state.mode === 'hang') return;
    if (state.mode === 'error') {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}');
      return;
    }
    if (state.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(CANNED));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    base: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('street search through an external geocoder', () => {
  let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
  let app: TestApp;

  beforeAll(async () => {
    geocoder = await startGeocoder();
    app = await createTestApp({
      env: { GEOCODER_URL: `${geocoder.base}/search/2/geocode/{query}.json`, GEOCODER_KEY: 'test-key' },
      adapters: { rateLimiter: createMemoryRateLimiter() },
    });
  });
  afterAll(async () => {
    await app.stop();
    await geocoder.close();
  });
  beforeEach(() => {
    geocoder.state.mode = 'ok';
    geocoder.state.requests.length = 0;
  });

  it('sends street searches to the geocoder and maps its answer', async () => {
    const res = await search(app, { locationName: '1600 Pennsylvania', type: 2 });
    expect(res.status).toBe(200);
    expect(res.locations).toEqual([
      {
        id: 'street:US/PAD/p0/1234',
        address: {
          freeformAddress: '1600 Pennsylvania Avenue NW, Washington, DC 20500',
          countrySubdivisionName: 'District of Columbia',
        },
        position: { lat: 38.89768, lng: -77.03655 },
      },
      {
        id: 'street:4242',
        address: { freeformAddress: '1600 Pennsylvania Ave, Pittsburgh, PA 15222', countrySubdivisionName: 'Pennsylvania' },
        position: { lat: 40.44, lng: -79.99 },
      },
    ]);
    const [request] = geocoder.state.requests;
    expect(decodeURIComponent(request!.pathname)).toBe('/search/2/geocode/1600 Pennsylvania.json');
    expect(request!.searchParams.get('key')).toBe('test-key');
    expect(request!.searchParams.get('countrySet')).toBe('US');
    expect(request!.searchParams.get('limit')).toBe('10');
  });

  it('keeps city searches on the gazetteer', async () => {
    const res = await search(app, { locationName: 'Seattle', type: 1 });
    expect(addresses(res.locations)[0]).toBe('Seattle, WA');
    expect(geocoder.state.requests).toHaveLength(0);
  });

  it('answers an empty list when the geocoder fails', async () => {
    for (const mode of ['error', 'garbage'] as const) {
      geocoder.state.mode = mode;
      const res = await search(app, { locationName: '1600 Pennsylvania', type: 2 });
      expect(res).toMatchObject({ status: 200, locations: [] });
    }
  });

  it('gives up on a geocoder that does not answer', async () => {
    geocoder.state.mode = 'hang';
    const client = createHttpGeocoder({ url: `${geocoder.base}/search`, key: undefined }, { timeoutMs: 200 });
    await expect(client.search('1600 Pennsylvania')).rejects.toThrow();
    // Without a {query} placeholder the query goes in a parameter, and no key is sent when none is set.
    const request = geocoder.state.requests.at(-1)!;
    expect(request.pathname).toBe('/search');
    expect(request.searchParams.get('query')).toBe('1600 Pennsylvania');
    expect(request.searchParams.has('key')).toBe(false);
  });

  it('answers an empty list when the geocoder cannot be reached', async () => {
    const closed = await startGeocoder();
    await closed.close();
    const warnings: object[] = [];
    const searchLocations = createLocationSearch({
      geocoder: createHttpGeocoder({ url: `${closed.base}/search`, key: undefined }),
      log: { warn: (obj) => warnings.push(obj), error: (obj) => warnings.push(obj) },
    });
    expect(await searchLocations('1600 Pennsylvania', 2)).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});
