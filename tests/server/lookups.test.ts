import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import {
  allLookupsSchema,
  decodeSupplementalPay,
  encodeSupplementalPay,
  LookupMessages,
  SupplementalPay,
  SUPPLEMENTAL_PAY_ALL,
  supplementalPayValueSchema,
  universityPageSchema,
  type University,
} from '../../src/contract/lookups.ts';
import { LOOKUP_CACHE_CONTROL } from '../../server/lookups/routes.ts';
import { lookupSeedSql, sqlLiteral } from '../../server/lookups/data/seed-sql.ts';

const MASTER = '/api/Master';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.stop();
});

async function get<T = unknown>(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { res, status: res.statusCode, body: res.body ? (res.json() as { data: T; message: string; state: { errors: string[] } }) : null };
}
const data = async <T = Array<{ id: number | string; name: string }>>(url: string) => {
  const { status, body } = await get<T>(url);
  expect(status).toBe(200);
  return body!.data;
};

describe('lookup lists (api/Master)', () => {
  it('answers at least 300 skills, each with a category, spanning trades, service, office, health care and tech', async () => {
    const skills = await data<Array<{ id: number; name: string; category: string }>>(`${MASTER}/Skill`);
    expect(skills.length).toBeGreaterThanOrEqual(300);
    const categories = new Set(skills.map((s) => s.category));
    for (const c of [
      'Construction and skilled trades',
      'Food service and hospitality',
      'Office and administration',
      'Health care: clinical',
      'Software development',
    ])
      expect(categories).toContain(c);
    expect(skills.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Forklift operation', 'CDL Class A', 'Phlebotomy', 'TypeScript', 'Cash handling']),
    );
    expect(new Set(skills.map((s) => s.id)).size).toBe(skills.length);
    // Alphabetical, so a picker reads in order.
    const names = skills.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
  });

  it('answers the 20 NAICS 2022 sectors with their codes', async () => {
    const industries = await data<Array<{ id: number; name: string; naicsCode: string }>>(`${MASTER}/Industry`);
    expect(industries).toHaveLength(20);
    expect(industries.map((i) => i.naicsCode)).toEqual([
      '11',
      '21',
      '22',
      '23',
      '31-33',
      '42',
      '44-45',
      '48-49',
      '51',
      '52',
      '53',
      '54',
      '55',
      '56',
      '61',
      '62',
      '71',
      '72',
      '81',
      '92',
    ]);
    expect(industries.find((i) => i.naicsCode === '62')).toEqual({ id: 62, name: 'Health Care and Social Assistance', naicsCode: '62' });
  });

  it('answers the ten supplemental pay flags with their bit values', async () => {
    const pays = await data(`${MASTER}/SupplementalPay`);
    expect(pays).toEqual([
      { id: 1, name: 'Commission' },
      { id: 2, name: 'Hazard pay' },
      { id: 4, name: 'Holiday pay' },
      { id: 8, name: 'On-call pay' },
      { id: 16, name: 'Overtime pay' },
      { id: 32, name: 'Performance bonuses' },
      { id: 64, name: 'Profit sharing' },
      { id: 128, name: 'Shift differential' },
      { id: 256, name: 'Tips' },
      { id: 512, name: 'None' },
    ]);
    expect(pays.filter((p) => p.id !== SupplementalPay.None).reduce((all, p) => all | (p.id as number), 0)).toBe(511);
  });

  it('answers degrees with their levels, high school (1) to doctorate (7)', async () => {
    const degrees = await data<Array<{ id: number; name: string; level: number }>>(`${MASTER}/Degree`);
    expect(degrees.map((d) => [d.name, d.level])).toEqual([
      ['High school diploma or GED', 1],
      ['Certificate or vocational', 2],
      ["Associate's degree", 3],
      ["Bachelor's degree", 4],
      ["Master's degree", 5],
      ['Professional degree (JD, MD, DDS…)', 6],
      ['Doctorate', 7],
    ]);
  });

  it('answers the CIP 2020 families, job types, schedules and benefits', async () => {
    const fields = await data<Array<{ id: number; name: string; cipCode: string }>>(`${MASTER}/FieldOfStudy`);
    expect(fields).toHaveLength(48);
    expect(fields.find((f) => f.cipCode === '11')).toEqual({
      id: 11,
      name: 'Computer and Information Sciences and Support Services',
      cipCode: '11',
    });
    expect(fields[0]!.cipCode).toBe('01');

    expect((await data(`${MASTER}/JobType`)).map((j) => j.name)).toEqual([
      'Full-time',
      'Part-time',
      'Contract',
      'Temporary',
      'Internship',
      'Seasonal',
      'Per diem',
    ]);
    const schedules = (await data(`${MASTER}/Schedule`)).map((s) => s.name);
    expect(schedules).toEqual(
      expect.arrayContaining([
        'Day shift',
        'Night shift',
        'Overnight shift',
        'Monday to Friday',
        '8-hour shift',
        '10-hour shift',
        '12-hour shift',
        'On call',
        'Holidays',
      ]),
    );
    const benefits = (await data(`${MASTER}/Benefits`)).map((b) => b.name);
    expect(benefits).toEqual(
      expect.arrayContaining([
        'Health insurance',
        'Dental insurance',
        'Vision insurance',
        '401(k)',
        '401(k) matching',
        'Paid time off',
        'Tuition reimbursement',
        'Relocation assistance',
      ]),
    );
  });

  it('answers the 100 largest US places with their state and coordinates', async () => {
    const places = await data<Array<{ id: number; name: string; city: string; state: string; latitude: number; longitude: number }>>(
      `${MASTER}/Locations`,
    );
    expect(places).toHaveLength(100);
    expect(places.find((p) => p.name === 'Houston, TX')).toMatchObject({
      id: 4699066,
      city: 'Houston',
      state: 'TX',
      latitude: expect.closeTo(29.76, 1),
      longitude: expect.closeTo(-95.36, 1),
    });
    const names = places.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['New York, NY', 'Washington, DC', 'Los Angeles, CA', 'Spokane, WA']));
    // Boroughs and neighborhoods are part of their city, not places of their own.
    expect(names).not.toContain('Brooklyn, NY');
    expect(names).not.toContain('Lexington-Fayette, KY');
  });

  it('answers ISO countries and languages, and the United States as the only allowed country', async () => {
    const countries = await data(`${MASTER}/Country`);
    expect(countries).toHaveLength(249);
    expect(countries).toContainEqual({ id: 'US', name: 'United States' });
    expect(countries).toContainEqual({ id: 'MX', name: 'Mexico' });
    expect(await data(`${MASTER}/AllowedCountry`)).toEqual([{ id: 'US', name: 'United States' }]);
    const languages = await data(`${MASTER}/Languages`);
    expect(languages.length).toBeGreaterThanOrEqual(180);
    expect(languages).toContainEqual({ id: 'es', name: 'Spanish' });
    expect(languages).toContainEqual({ id: 'en', name: 'English' });
  });

  it('answers every form list at once under the spec keys, each item with an id and a name', async () => {
    const all = await data<Record<string, Array<{ id: number; name: string }>>>(`${MASTER}/GetAllLookups`);
    expect(Object.keys(all).sort()).toEqual(
      [
        'fieldsOfStudy',
        'industries',
        'jobBenefits',
        'jobEducations',
        'jobSchedules',
        'jobSkills',
        'jobSupplementalPays',
        'jobTypes',
        'preferLocations',
      ].sort(),
    );
    expect(allLookupsSchema.parse(all)).toEqual(all);
    for (const list of Object.values(all)) {
      expect(list.length).toBeGreaterThan(0);
      for (const item of list) expect(item).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    }
    expect(all.jobSkills).toEqual(await data(`${MASTER}/Skill`));
    expect(all.jobEducations).toEqual(await data(`${MASTER}/Degree`));
    expect(all.jobSupplementalPays).toEqual(await data(`${MASTER}/SupplementalPay`));
    expect(all.preferLocations).toEqual(await data(`${MASTER}/Locations`));
  });
});

describe('university search', () => {
  const search = async (query: string, path = `${MASTER}/University`) => {
    const { status, body } = await get<{ items: University[]; total: number; page: number; pageSize: number }>(`${path}?${query}`);
    expect(status).toBe(200);
    return universityPageSchema.parse(body!.data);
  };

  it('holds at least 2,000 US institutions with their city and state', async () => {
    const all = await search('');
    expect(all.total).toBeGreaterThanOrEqual(2000);
    expect(all).toMatchObject({ page: 1, pageSize: 20 });
    expect(all.items).toHaveLength(20);
    for (const u of all.items)
      expect(u).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        city: expect.any(String),
        state: expect.stringMatching(/^[A-Z]{2}$/),
      });
  });

  it('finds names containing the text, ignoring case, those starting with it first, each group alphabetical', async () => {
    const stanford = await search('search=StAnFoRd');
    expect(stanford.items[0]).toEqual({ id: 243744, name: 'Stanford University', city: 'Stanford', state: 'CA' });

    const page = await search('search=MESA&pageSize=100');
    const names = page.items.map((u) => u.name);
    expect(page.total).toBe(names.length);
    for (const name of names) expect(name.toLowerCase()).toContain('mesa');
    const starting = names.filter((n) => n.toLowerCase().startsWith('mesa'));
    expect(starting).toEqual(['Mesa Community College', 'Mesalands Community College']);
    const rest = names.slice(starting.length);
    expect(rest).toEqual(
      expect.arrayContaining(['Colorado Mesa University', 'San Diego Mesa College', 'Paul Mitchell the School-Costa Mesa']),
    );
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('matches anywhere in the name, punctuation aside', async () => {
    const berkeley = await search('search=california%20berkeley');
    expect(berkeley.items.map((u) => u.name)).toEqual(['University of California-Berkeley']);
    const aAndM = (await search('search=texas%20a%26m')).items.map((u) => u.name);
    expect(aAndM[0]).toBe('Texas A & M International University');
    expect(aAndM).toContain('Texas A & M University-College Station');
    expect(aAndM.at(-1)).toBe('West Texas A & M University');
  });

  it('pages through the matches with a stable total', async () => {
    const first = await search('search=community%20college&pageSize=25');
    const second = await search('search=community%20college&page=2&pageSize=25');
    expect(first.total).toBeGreaterThan(50);
    expect(second.total).toBe(first.total);
    expect(second).toMatchObject({ page: 2, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    const ids = new Set(first.items.map((u) => u.id));
    for (const u of second.items) expect(ids.has(u.id)).toBe(false);
    const whole = await search('search=community%20college&pageSize=50');
    expect(whole.items).toEqual([...first.items, ...second.items]);
    const past = await search(`search=community%20college&page=1000&pageSize=25`);
    expect(past).toMatchObject({ items: [], total: first.total });
  });

  it('answers an empty page for a name no institution has', async () => {
    expect(await search('search=zzqxv')).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('is served the same under Account/UniversitySearch', async () => {
    for (const q of ['search=stanford', 'search=college&page=3&pageSize=7', '']) {
      expect(await search(q, '/api/Account/UniversitySearch')).toEqual(await search(q));
    }
  });

  it('refuses a bad query with a readable message', async () => {
    for (const [query, message] of [
      ['pageSize=0', LookupMessages.pageSize],
      ['pageSize=1000', LookupMessages.pageSize],
      ['pageSize=ten', LookupMessages.pageSize],
      ['page=0', LookupMessages.page],
      ['page=1.5', LookupMessages.page],
      [`search=${'x'.repeat(101)}`, LookupMessages.search],
    ] as const) {
      for (const path of [`${MASTER}/University`, '/api/Account/UniversitySearch']) {
        const { status, body, res } = await get(`${path}?${query}`);
        expect(status, `${path}?${query}`).toBe(400);
        expect(body!.message).toBe(message);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers.etag).toBeUndefined();
      }
    }
  });
});

describe('caching', () => {
  const paths = [
    'Degree',
    'FieldOfStudy',
    'University?search=state',
    'Skill',
    'JobType',
    'Schedule',
    'Locations',
    'Industry',
    'Country',
    'AllowedCountry',
    'Languages',
    'SupplementalPay',
    'Benefits',
    'GetAllLookups',
  ]
    .map((p) => `${MASTER}/${p}`)
    .concat('/api/Account/UniversitySearch?search=state');

  it('every lookup answer is public for an hour with a strong ETag', async () => {
    for (const path of paths) {
      const { res } = await get(path);
      expect(res.headers['cache-control'], path).toBe(LOOKUP_CACHE_CONTROL);
      expect(res.headers.etag, path).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    }
    // Other API answers stay private and uncached.
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it('the ETag follows the content: one per answer, the same on every request', async () => {
    const a = (await get(`${MASTER}/Skill`)).res.headers.etag;
    expect((await get(`${MASTER}/Skill`)).res.headers.etag).toBe(a);
    expect((await get(`${MASTER}/Degree`)).res.headers.etag).not.toBe(a);
    const p1 = (await get(`${MASTER}/University?search=state&page=1`)).res.headers.etag;
    const p2 = (await get(`${MASTER}/University?search=state&page=2`)).res.headers.etag;
    expect(p1).not.toBe(p2);
  });

  it('answers 304 with no body when If-None-Match names the current ETag', async () => {
    for (const path of paths) {
      const first = await get(path);
      const etag = first.res.headers.etag as string;
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await app.inject({ method: 'GET', url: path, headers: { 'if-none-match': header } });
        expect(again.statusCode, `${path} ${header}`).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(LOOKUP_CACHE_CONTROL);
      }
      const stale = await app.inject({ method: 'GET', url: path, headers: { 'if-none-match': '"stale"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.res.body);
    }
  });
});

describe('supplemental pay flags in the contract', () => {
  it('"all" is the union of the first nine flags', () => {
    expect(SUPPLEMENTAL_PAY_ALL).toBe(511);
    expect(decodeSupplementalPay(SUPPLEMENTAL_PAY_ALL)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
  });

  it('encodes and decodes sets of flags', () => {
    expect(encodeSupplementalPay([SupplementalPay.Tips, SupplementalPay.OvertimePay])).toBe(272);
    expect(decodeSupplementalPay(272)).toEqual([16, 256]);
    expect(encodeSupplementalPay([])).toBe(0);
    expect(decodeSupplementalPay(0)).toEqual([]);
    expect(encodeSupplementalPay([SupplementalPay.None])).toBe(512);
    expect(decodeSupplementalPay(512)).toEqual([512]);
    // "None" next to a real flag means nothing.
    expect(encodeSupplementalPay([SupplementalPay.None, SupplementalPay.Commission])).toBe(1);
    expect(decodeSupplementalPay(1024 | 4)).toEqual([4]);
    expect(() => encodeSupplementalPay([3])).toThrow(RangeError);
    expect(() => encodeSupplementalPay([1024])).toThrow(RangeError);
  });

  it('validates a stored value', () => {
    for (const v of [0, 1, 272, 511, 512]) expect(supplementalPayValueSchema.safeParse(v).success).toBe(true);
    for (const v of [-1, 513, 1024, 1.5]) expect(supplementalPayValueSchema.safeParse(v).success).toBe(false);
  });
});

describe('the seed migration', () => {
  it('is what the data files produce, so neither is changed without the other', () => {
    const migration = fs.readFileSync(new URL('../../server/db/migrations/0002_seed-lookups.sql', import.meta.url), 'utf8');
    expect(migration === lookupSeedSql(), 'run npm run db:seed-lookups after changing server/lookups/data').toBe(true);
  });

  it('writes literals that survive quotes and backslashes', async () => {
    expect(sqlLiteral("St. John's")).toBe("'St. John''s'");
    const tricky = `O'Brien's "College" \\ back'slash'; DROP TABLE x; --`;
    // The literals are the code under test: they go into the statement as the migration writes them.
    const result: unknown = await app.database.db.execute(
      sql.raw(`select ${sqlLiteral(tricky)} as v, ${sqlLiteral(null)} as n, ${sqlLiteral(2.5)} as d, ${sqlLiteral(true)} as b`),
    );
    // PGlite answers { rows }, postgres.js the rows themselves.
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    const row = rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({ v: tricky, n: null, b: true });
    expect(Number(row.d)).toBe(2.5);
  });
});
