import { asc } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { degrees, fieldsOfStudy, jobTypes, schedules, skills, universities } from '../../server/db/schema.ts';

/**
 * Lookup entries for profile tests: the seeded lists' own rows, topped up with rows of the test's
 * own (ids from 900000) where a list has fewer than a test needs.
 */
export async function lookupRows(db: Db) {
  const top = async <T extends { id: number }>(
    read: () => Promise<T[]>,
    need: number,
    insert: (ids: number[]) => Promise<unknown>,
  ): Promise<T[]> => {
    let rows = await read();
    if (rows.length < need) {
      const missing = Array.from({ length: need - rows.length }, (_, i) => 900000 + i);
      await insert(missing);
      rows = await read();
    }
    return rows.slice(0, need);
  };
  return {
    skills: await top(
      () => db.select().from(skills).orderBy(asc(skills.id)).limit(60),
      60,
      (ids) =>
        db
          .insert(skills)
          .values(ids.map((id) => ({ id, name: `Skill ${id}`, category: 'Test' })))
          .onConflictDoNothing(),
    ),
    degrees: await top(
      () => db.select().from(degrees).orderBy(asc(degrees.level)).limit(2),
      2,
      (ids) =>
        db
          .insert(degrees)
          .values(ids.map((id, i) => ({ id, name: `Degree ${id}`, level: 3 + i })))
          .onConflictDoNothing(),
    ),
    fields: await top(
      () => db.select().from(fieldsOfStudy).orderBy(asc(fieldsOfStudy.id)).limit(1),
      1,
      (ids) =>
        db
          .insert(fieldsOfStudy)
          .values(ids.map((id) => ({ id, name: `Field ${id}`, cipCode: '11' })))
          .onConflictDoNothing(),
    ),
    universities: await top(
      () => db.select().from(universities).orderBy(asc(universities.id)).limit(1),
      1,
      (ids) =>
        db
          .insert(universities)
          .values(ids.map((id) => ({ id, name: `University ${id}`, city: 'Portland', state: 'OR' })))
          .onConflictDoNothing(),
    ),
    jobTypes: await top(
      () => db.select().from(jobTypes).orderBy(asc(jobTypes.id)).limit(2),
      2,
      (ids) =>
        db
          .insert(jobTypes)
          .values(ids.map((id) => ({ id, name: `Job type ${id}` })))
          .onConflictDoNothing(),
    ),
    schedules: await top(
      () => db.select().from(schedules).orderBy(asc(schedules.id)).limit(1),
      1,
      (ids) =>
        db
          .insert(schedules)
          .values(ids.map((id) => ({ id, name: `Schedule ${id}` })))
          .onConflictDoNothing(),
    ),
  };
}
