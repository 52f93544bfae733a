import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollegeMessages, COLLEGE_RESULTS, collegeSchema, type College } from '../../src/contract/colleges.ts';
import { COLLEGE_SEARCH_LIMIT } from '../../server/lookups/colleges.ts';
import { readUniversities, readUniversityPlaces } from '../../server/lookups/data/universities.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.stop();
});

async function find(q: string, ip = '198.51.100.1') {
  const res = await app.inject({ method: 'GET', url: `/api/Common/colleges?q=${encodeURIComponent(q)}`, remoteAddress: ip });
  const body = res.json() as { data: { colleges: College[] } | null; message: string; state: { errors: string[] } };
  return { status: res.statusCode, res, body };
}

describe('GET /api/Common/colleges', () => {
  it('finds a college by part of its name, names starting with the text first, with its campus city’s coordinates', async () => {
    const { status, body, res } = await find('university of california-berk');
    expect(status).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const [berkeley] = body.data!.colleges;
    expect(collegeSchema.parse(berkeley)).toMatchObject({
      id: 110635,
      name: 'University of California-Berkeley',
      city: 'Berkeley',
      state: 'CA',
    });
    // Berkeley's city hall is at 37.8703, -122.2727: the campus is within a few miles of the point given.
    expect(haversineMiles(berkeley!.latitude, berkeley!.longitude, 37.8703, -122.2727)).toBeLessThan(3);

    const harvard = (await find('harvard')).body.data!.colleges;
    expect(harvard[0]).toMatchObject({ name: 'Harvard University', city: 'Cambridge', state: 'MA' });
    expect(haversineMiles(harvard[0]!.latitude, harvard[0]!.longitude, 42.3736, -71.1097)).toBeLessThan(3);
  });

  it('answers at most a combobox’s worth, and nothing for a name no college has', async () => {
    const many = await find('college');
    expect(many.body.data!.colleges).toHaveLength(COLLEGE_RESULTS);
    for (const c of many.body.data!.colleges) expect(c.name.toLowerCase()).toContain('college');
    expect((await find('zzzqqq')).body.data!.colleges).toEqual([]);
  });

  it('places nearly every seeded institution (the others have a city the gazetteer does not know)', () => {
    const places = readUniversityPlaces();
    const universities = readUniversities();
    const placed = universities.filter((u) => places.has(u.id));
    expect(placed.length / universities.length).toBeGreaterThan(0.99);
    for (const p of places.values()) {
      // Inside the states and territories: between American Samoa / Guam and Maine, Hawaii and Alaska.
      expect(p.latitude).toBeGreaterThan(-15);
      expect(p.latitude).toBeLessThan(72);
      expect(p.longitude).toBeGreaterThan(-180);
      expect(p.longitude).toBeLessThan(146);
    }
  });

  it('refuses a text too short or too long with one message', async () => {
    for (const q of ['a', ' ', 'x'.repeat(101)]) {
      const { status, body } = await find(q);
      expect(status).toBe(400);
      expect(body.state.errors).toEqual([CollegeMessages.query]);
    }
  });

  it('limits searches per address', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < COLLEGE_SEARCH_LIMIT.perIp; i++) expect((await find('boise', ip)).status).toBe(200);
    const refused = await find('boise', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(CollegeMessages.tooMany);
    // Someone else is not held back.
    expect((await find('boise', '203.0.113.10')).status).toBe(200);
  });
});
