/**
 * Rules of posting a job that no database constraint enforces, kept as data (DESIGN §8 "Rules kept
 * as data"). The wizard shows them and the server applies them at publishing, from this one file.
 */

// ---------- pay transparency ----------

/**
 * States and districts whose law requires a pay range in every job posting for work there, with
 * the date each requirement took effect. Sources: the state statutes as summarised by the state
 * labour departments (CO Equal Pay for Equal Work Act; CA SB 1162; WA RCW 49.58.110; NY Labor
 * Law §194-b; HI Act 203; DC Act 25-367; MD HB 649; IL HB 3129; MN HF 3; NJ S2310; VT H.704;
 * MA H.4890). States that require a range only on request (CT, RI, NV) are not listed: their law
 * asks nothing of the posting itself.
 */
export const PAY_TRANSPARENCY_STATES: ReadonlyArray<{ state: string; name: string; effective: string }> = [
  { state: 'CO', name: 'Colorado', effective: '2021-01-01' },
  { state: 'CA', name: 'California', effective: '2023-01-01' },
  { state: 'WA', name: 'Washington', effective: '2023-01-01' },
  { state: 'NY', name: 'New York', effective: '2023-09-17' },
  { state: 'HI', name: 'Hawaii', effective: '2024-01-01' },
  { state: 'DC', name: 'the District of Columbia', effective: '2024-06-30' },
  { state: 'MD', name: 'Maryland', effective: '2024-10-01' },
  { state: 'IL', name: 'Illinois', effective: '2025-01-01' },
  { state: 'MN', name: 'Minnesota', effective: '2025-01-01' },
  { state: 'NJ', name: 'New Jersey', effective: '2025-06-01' },
  { state: 'VT', name: 'Vermont', effective: '2025-07-01' },
  { state: 'MA', name: 'Massachusetts', effective: '2025-10-29' },
];

/** Where a job is done, as far as pay transparency is concerned. */
export interface JobPlace {
  locationType: 'onsite' | 'remote' | 'hybrid' | null | undefined;
  /** Two-letter state of the job's address (on-site and hybrid). */
  state?: string | null;
  /** The states a remote job is open to; empty means anywhere in the United States. */
  remoteStates?: readonly string[] | null;
}

/**
 * The states whose pay-range law covers a job published on `onDate` (YYYY-MM-DD): its own state
 * for on-site and hybrid work; for remote work every covered state it is open to (a remote job
 * open to the whole country is open to all of them).
 */
export function payRangeStates(place: JobPlace, onDate: string): Array<{ state: string; name: string }> {
  const inForce = PAY_TRANSPARENCY_STATES.filter((s) => s.effective <= onDate);
  if (place.locationType === 'remote') {
    const open = place.remoteStates ?? [];
    return inForce.filter((s) => open.length === 0 || open.includes(s.state));
  }
  return inForce.filter((s) => s.state === place.state);
}

/** The wizard's and the server's reason, naming the states (at most three, then "and N more"). */
export function payRangeReason(states: ReadonlyArray<{ name: string }>): string {
  const names = states.map((s) => s.name);
  const shown = names.length > 3 ? [...names.slice(0, 3), `${names.length - 3} more`] : names;
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : shown[0];
  return `The law of ${list} requires a pay range in job posts: please give a minimum and a maximum pay. "Competitive salary" does not replace it.`;
}

// ---------- work by minors ----------

/**
 * The FLSA Hazardous Occupations Orders for non-agricultural work (29 CFR 570.51–570.68): no
 * one under 18 may do these jobs. Each has words that, in a job's title or skills, name it.
 * Source: U.S. Department of Labor, Wage and Hour Division, Fact Sheet #43.
 */
export const HAZARDOUS_OCCUPATIONS: ReadonlyArray<{ id: number; name: string; words: readonly string[] }> = [
  { id: 1, name: 'Manufacturing or storing explosives', words: ['explosive', 'explosives', 'fireworks', 'ammunition', 'blaster'] },
  {
    id: 2,
    name: 'Driving a motor vehicle or working as an outside helper',
    words: ['driver', 'chauffeur', 'cdl', 'truck driver', 'delivery driver'],
  },
  { id: 3, name: 'Coal mining', words: ['coal mine', 'coal mining', 'coal miner'] },
  {
    id: 4,
    name: 'Logging, sawmilling and forest firefighting',
    words: ['logging', 'logger', 'sawmill', 'lumberjack', 'timber faller', 'wildland firefighter'],
  },
  {
    id: 5,
    name: 'Power-driven woodworking machines',
    words: ['woodworking machine', 'table saw', 'jointer', 'planer operator', 'wood shaper'],
  },
  { id: 6, name: 'Exposure to radioactive substances', words: ['radioactive', 'radiation worker', 'nuclear technician'] },
  {
    id: 7,
    name: 'Power-driven hoisting apparatus (forklifts, cranes)',
    words: ['forklift', 'fork lift', 'crane operator', 'crane', 'hoist', 'aerial lift', 'scissor lift', 'reach truck'],
  },
  {
    id: 8,
    name: 'Power-driven metal-forming, punching and shearing machines',
    words: ['punch press', 'press brake', 'metal shear', 'metal forming', 'stamping press'],
  },
  { id: 9, name: 'Mining, other than coal', words: ['miner', 'mining', 'quarry'] },
  {
    id: 10,
    name: 'Meat packing or processing (including power-driven meat slicers)',
    words: ['meat slicer', 'meat cutter', 'butcher', 'slaughter', 'meat packing', 'meat processing'],
  },
  { id: 11, name: 'Power-driven bakery machines', words: ['dough mixer', 'bakery mixer', 'dough sheeter'] },
  { id: 12, name: 'Balers, compactors and paper-products machines', words: ['baler', 'compactor', 'paper cutter', 'guillotine'] },
  { id: 13, name: 'Manufacturing brick, tile and kindred products', words: ['brick manufacturing', 'tile manufacturing', 'kiln'] },
  {
    id: 14,
    name: 'Power-driven circular saws, band saws, chain saws and wood chippers',
    words: ['circular saw', 'band saw', 'chainsaw', 'chain saw', 'wood chipper', 'reciprocating saw', 'abrasive cutting'],
  },
  { id: 15, name: 'Wrecking, demolition and shipbreaking', words: ['demolition', 'wrecking', 'shipbreaking'] },
  { id: 16, name: 'Roofing and work on or about a roof', words: ['roofer', 'roofing', 'roof'] },
  { id: 17, name: 'Trenching and excavation', words: ['excavation', 'excavator', 'trench', 'trenching'] },
];

const normalise = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/** The orders that a job's title or skill names name, by whole words ("Roofer" yes, "Proofreader" no). */
export function hazardsNamed(texts: readonly string[]): Array<{ id: number; name: string; word: string }> {
  const haystacks = texts.map(normalise);
  const found: Array<{ id: number; name: string; word: string }> = [];
  for (const order of HAZARDOUS_OCCUPATIONS) {
    const word = order.words.find((w) => haystacks.some((h) => h.includes(normalise(w))));
    if (word) found.push({ id: order.id, name: order.name, word });
  }
  return found;
}

/** Why a job cannot be opened to 16 and 17 year olds. */
export function minorsReason(found: ReadonlyArray<{ name: string; word: string }>): string {
  const first = found[0] ?? { word: 'this work', name: 'a hazardous occupation' };
  return `This job cannot be opened to applicants aged 16 or 17: "${first.word}" names work federal law forbids them (${first.name}).`;
}

/** The youngest applicant a job open to minors welcomes. */
export const MINOR_APPLICANT_AGE = 16;

/** The most a job may pay, in any period. */
export const MAX_PAY = 10_000_000;
/** Skills a job may ask for. */
export const MAX_JOB_SKILLS = 30;

/** The periods pay is given for: a job's pay and a seeker's expected salary. */
export const salaryTypes = ['Hourly', 'Daily', 'Weekly', 'Monthly', 'Yearly'] as const;

/** Where a job is done. */
export const locationTypes = ['onsite', 'remote', 'hybrid'] as const;
export type LocationType = (typeof locationTypes)[number];
export const LOCATION_TYPE_NAMES: Record<LocationType, string> = { onsite: 'On-site', remote: 'Remote', hybrid: 'Hybrid' };

/** How a job states its pay: a range, an exact amount, a starting or a maximum amount. */
export const compensationTypes = ['Range', 'Exact', 'Starting', 'Maximum'] as const;
export type CompensationType = (typeof compensationTypes)[number];
