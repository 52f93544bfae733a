import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_MAP_LIMIT, ANONYMOUS_SEARCH_LIMIT } from '../../server/jobs/routes.ts';
import { SearchMessages } from '../../src/contract/search.ts';
import type { FilesApp } from './files-support.ts';
import { postingApp, type PostingWorld } from './posting-support.ts';
import { searchApi } from './search-support.ts';

// Anonymous searching is limited per address (the embedded in-memory limiter); signed-in job
// seekers are not, and the map has its own budget.

let f: FilesApp;
let w: PostingWorld;
let api: ReturnType<typeof searchApi>;

beforeAll(async () => {
  ({ f, w } = await postingApp());
  api = searchApi(f);
}, 60_000);
afterAll(async () => f?.stop());

const view = { north: 46, south: 45, west: -123, east: -122, zoom: 9 };

describe('anonymous search limits', () => {
  it(`answers ${ANONYMOUS_SEARCH_LIMIT.perIp} searches a minute from one address, then 429 with a clear message`, async () => {
    for (let i = 0; i < ANONYMOUS_SEARCH_LIMIT.perIp; i++)
      expect((await api.simple({ paging: { pageNumber: 1 + (i % 5) } })).status).toBe(200);
    const refused = await api.simple({});
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SearchMessages.tooMany);
    expect(refused.body.state.code).toBe('rate.limited');
    expect(refused.headers['retry-after']).toBeDefined();
    // The legacy calls share the budget.
    expect((await api.post('/api/job/JobsByCoordinates', { latitude: 45.6, longitude: -122.6 })).status).toBe(429);
  });

  it('leaves a signed-in job seeker and the map’s own budget alone', async () => {
    expect((await api.enhanced({}, w.seeker.token)).status).toBe(200);
    expect((await api.simple({}, w.seeker.token)).status).toBe(200);
    expect((await api.clusters({ viewport: view })).status).toBe(200);
  });

  it(`answers the map ${ANONYMOUS_MAP_LIMIT.perIp} times a minute from one address`, async () => {
    for (let i = 1; i < ANONYMOUS_MAP_LIMIT.perIp; i++) expect((await api.clusters({ viewport: view })).status).toBe(200);
    expect((await api.clusters({ viewport: view })).status).toBe(429);
  });
});
