/**
 * Writes universities.tsv from the IPEDS institutional characteristics directory file
 * (HD<year>.csv, "Institutional Characteristics: Directory information", U.S. Department of
 * Education, National Center for Education Statistics; a U.S. government work, public domain).
 *
 *   npx tsx server/lookups/data/extract-universities.ts path/to/hd2022.csv
 *
 * Kept: institutions active in the collection year (CYACTIVE 1) of sectors 1 to 9, degree-granting
 * or not, since a certificate from a trade or beauty school is an education a job seeker lists.
 * Left out: administrative units of systems (sector 0) and places outside the states, DC and the
 * inhabited territories. The id is the IPEDS UNITID, which stays with an institution across years,
 * so a newer file can replace this one without moving anyone's education to another school.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { US_STATES } from '../../platform/us-states.ts';

/** One CSV line of the IPEDS files: comma separated, double quotes around text, "" inside quotes. */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

const source = process.argv[2];
if (!source) {
  console.error('usage: extract-universities.ts path/to/hdYYYY.csv');
  process.exit(2);
}
// IPEDS files are Latin-1 in some years.
const raw = fs.readFileSync(source);
const text = raw.includes(0xc3) ? raw.toString('utf8') : raw.toString('latin1');
const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim());
const columns = parseCsvLine(header!.replace(/^\uFEFF/, ''));
const at = (name: string) => {
  const i = columns.indexOf(name);
  if (i === -1) throw new Error(`column ${name} missing from ${source}`);
  return i;
};
const [UNITID, INSTNM, CITY, STABBR, SECTOR, CYACTIVE] = ['UNITID', 'INSTNM', 'CITY', 'STABBR', 'SECTOR', 'CYACTIVE'].map(at) as [
  number, number, number, number, number, number,
];

const rows: Array<[number, string, string, string]> = [];
for (const line of lines) {
  const f = parseCsvLine(line);
  const sector = Number(f[SECTOR]);
  if (Number(f[CYACTIVE]) !== 1 || !(sector >= 1 && sector <= 9)) continue;
  const state = clean(f[STABBR]!);
  if (!US_STATES[state]) continue;
  rows.push([Number(f[UNITID]), clean(f[INSTNM]!), clean(f[CITY]!), state]);
}
rows.sort((a, b) => a[0] - b[0]);

const out = fileURLToPath(new URL('./universities.tsv', import.meta.url));
fs.writeFileSync(out, ['id\tname\tcity\tstate', ...rows.map((r) => r.join('\t'))].join('\n') + '\n');
console.log(`${rows.length} institutions written to ${out}`);
