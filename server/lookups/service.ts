import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AllLookups,
  codeItemSchema,
  degreeSchema,
  fieldOfStudySchema,
  industrySchema,
  LookupItem,
  preferLocationSchema,
  skillSchema,
  University,
  universityPageSchema,
} from '../../src/contract/lookups.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { normalize } from '../location/index.ts';

/**
 * The lookup lists, read from the database once per process and kept in memory: they change only
 * by migration, so a restart (which a migration needs anyway) is the only time they are read again.
 */
export interface Lookups {
  degrees: Array<z.infer<typeof degreeSchema>>;
  fieldsOfStudy: Array<z.infer<typeof fieldOfStudySchema>>;
  skills: Array<z.infer<typeof skillSchema>>;
  jobTypes: LookupItem[];
  schedules: LookupItem[];
  benefits: LookupItem[];
  supplementalPays: LookupItem[];
  industries: Array<z.infer<typeof industrySchema>>;
  preferLocations: Array<z.infer<typeof preferLocationSchema>>;
  countries: Array<z.infer<typeof codeItemSchema>>;
  allowedCountries: Array<z.infer<typeof codeItemSchema>>;
  languages: Array<z.infer<typeof codeItemSchema>>;
  /** GetAllLookups, under the spec's keys. */
  all: AllLookups;
  universityCount: number;
  /** Every institution of the universities lookup, unordered. */
  universities: University[];
  searchUniversities(query: UniversityQuery): z.infer<typeof universityPageSchema>;
}

export interface UniversityQuery {
  search?: string | undefined;
  page: number;
  pageSize: number;
}

// The same order on PGlite and PostgreSQL, whatever collation the database was created with.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name);

/**
 * University search over an index built once: a name matches when it contains the text, ignoring
 * case, accents and punctuation; names that start with it come first, each group alphabetical.
 */
export function createUniversityIndex(rows: readonly University[]) {
  const entries = rows
    .map((u) => ({ university: u, key: normalize(u.name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.university.id - b.university.id));
  return function search({ search, page, pageSize }: UniversityQuery) {
    const text = normalize(search ?? '');
    let matches: typeof entries;
    if (!text) matches = entries;
    else {
      const starting: typeof entries = [];
      const containing: typeof entries = [];
      for (const e of entries) {
        const at = e.key.indexOf(text);
        if (at === 0) starting.push(e);
        else if (at > 0) containing.push(e);
      }
      matches = starting.concat(containing);
    }
    const from = (page - 1) * pageSize;
    return {
      items: matches.slice(from, from + pageSize).map((e) => e.university),
      total: matches.length,
      page,
      pageSize,
    };
  };
}

export async function readLookups(db: Db): Promise<Lookups> {
  const [
    degrees,
    fieldsOfStudy,
    skills,
    jobTypes,
    schedules,
    benefits,
    supplementalPays,
    industries,
    places,
    countries,
    languages,
    universities,
  ] = await Promise.all([
    db
      .select({ id: t.degrees.id, name: t.degrees.name, level: t.degrees.level })
      .from(t.degrees)
      .orderBy(asc(t.degrees.level), asc(t.degrees.id)),
    db
      .select({ id: t.fieldsOfStudy.id, name: t.fieldsOfStudy.name, cipCode: t.fieldsOfStudy.cipCode })
      .from(t.fieldsOfStudy)
      .orderBy(asc(t.fieldsOfStudy.id)),
    db.select({ id: t.skills.id, name: t.skills.name, category: t.skills.category }).from(t.skills),
    db.select({ id: t.jobTypes.id, name: t.jobTypes.name }).from(t.jobTypes).orderBy(asc(t.jobTypes.id)),
    db.select({ id: t.schedules.id, name: t.schedules.name }).from(t.schedules).orderBy(asc(t.schedules.id)),
    db.select({ id: t.benefits.id, name: t.benefits.name }).from(t.benefits).orderBy(asc(t.benefits.id)),
    db.select({ id: t.supplementalPays.id, name: t.supplementalPays.name }).from(t.supplementalPays).orderBy(asc(t.supplementalPays.id)),
    db
      .select({ id: t.industries.id, name: t.industries.name, naicsCode: t.industries.naicsCode })
      .from(t.industries)
      .orderBy(asc(t.industries.id)),
    db.select().from(t.preferLocations),
    db.select().from(t.countries),
    db.select().from(t.languages),
    db
      .select({ id: t.universities.id, name: t.universities.name, city: t.universities.city, state: t.universities.state })
      .from(t.universities),
  ]);

  const preferLocations = places
    .map((p) => ({ id: p.id, name: `${p.name}, ${p.state}`, city: p.name, state: p.state, latitude: p.latitude, longitude: p.longitude }))
    .sort(byName);
  const countryItems = countries.map((c) => ({ id: c.code, name: c.name, allowed: c.allowed })).sort(byName);
  skills.sort(byName);

  const lists = {
    degrees,
    fieldsOfStudy,
    skills,
    jobTypes,
    schedules,
    benefits,
    supplementalPays,
    industries,
    preferLocations,
    countries: countryItems.map(({ id, name }) => ({ id, name })),
    allowedCountries: countryItems.filter((c) => c.allowed).map(({ id, name }) => ({ id, name })),
    languages: languages.map((l) => ({ id: l.code, name: l.name })).sort(byName),
  };
  return {
    ...lists,
    all: {
      jobSkills: skills,
      jobTypes,
      jobEducations: degrees,
      jobBenefits: benefits,
      fieldsOfStudy,
      industries,
      jobSchedules: schedules,
      jobSupplementalPays: supplementalPays,
      preferLocations,
    },
    universityCount: universities.length,
    universities,
    searchUniversities: createUniversityIndex(universities),
  };
}

/** The lookups of one database, read on first use; a failed read is tried again by the next request. */
export function createLookupStore(db: Db) {
  let cached: Promise<Lookups> | undefined;
  return {
    get(): Promise<Lookups> {
      if (!cached) {
        const reading = readLookups(db);
        cached = reading;
        reading.catch(() => {
          if (cached === reading) cached = undefined;
        });
      }
      return cached;
    },
  };
}

const stores = new WeakMap<Db, ReturnType<typeof createLookupStore>>();

/** The one lookup store of a database, shared by the lookup routes and every area that reads names or checks ids. */
export function lookupStoreOf(db: Db): ReturnType<typeof createLookupStore> {
  let store = stores.get(db);
  if (!store) {
    store = createLookupStore(db);
    stores.set(db, store);
  }
  return store;
}
