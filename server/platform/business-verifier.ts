import { AccountMessages } from '../../src/contract/account.ts';

export type TinKind = 'EIN' | 'SSN' | 'ITIN';

export type BusinessVerification = { ok: true; kind: TinKind; method: string } | { ok: false; reason: string };

/**
 * Decides whether a business is legally registered in the United States. The embedded
 * default checks the rules below; a KYB provider can take its place in production.
 * `reason` is shown to the user, so it must be product copy.
 */
export interface BusinessVerifier {
  readonly name: string;
  verify(input: { name: string; tin: string }): Promise<BusinessVerification>;
}

/**
 * Prefixes the IRS assigns EINs from (its "Valid EIN Prefixes" list: every campus, the
 * online application and the SBA). 00, 07–09, 17–19, 28, 29, 49, 69, 70, 78, 79, 89, 96
 * and 97 are never issued.
 */
const EIN_PREFIX_RANGES: ReadonlyArray<readonly [number, number]> = [
  [1, 6],
  [10, 16],
  [20, 27],
  [30, 48],
  [50, 68],
  [71, 77],
  [80, 88],
  [90, 95],
  [98, 99],
];

/** ITINs start with 9 and carry one of these group numbers in digits 4–5. */
const ITIN_GROUP_RANGES: ReadonlyArray<readonly [number, number]> = [
  [50, 65],
  [70, 88],
  [90, 92],
  [94, 99],
];

const within = (n: number, ranges: ReadonlyArray<readonly [number, number]>) => ranges.some(([lo, hi]) => n >= lo && n <= hi);

export function isValidEin(tin: string): boolean {
  return /^\d{9}$/.test(tin) && within(Number(tin.slice(0, 2)), EIN_PREFIX_RANGES);
}

export function isValidSsn(tin: string): boolean {
  if (!/^\d{9}$/.test(tin)) return false;
  const area = Number(tin.slice(0, 3));
  const group = Number(tin.slice(3, 5));
  const serial = Number(tin.slice(5));
  return area !== 0 && area !== 666 && area < 900 && group !== 0 && serial !== 0;
}

export function isValidItin(tin: string): boolean {
  return /^9\d{8}$/.test(tin) && within(Number(tin.slice(3, 5)), ITIN_GROUP_RANGES);
}

/**
 * Numbers that fit a pattern but are placeholders: one digit repeated, the counting
 * sequences, and the SSNs the SSA voided after they were printed in advertising.
 */
const PLACEHOLDER_TINS = new Set(['123456789', '987654321', '078051120', '219099999']);

/**
 * The kind of a nine digit TIN, or null when it is none. Several kinds can share a number
 * (12-3456789 is also SSN-shaped); a business most often holds an EIN, so EIN is tried first.
 */
export function classifyTin(raw: string): TinKind | null {
  const tin = raw.replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(tin)) return null;
  if (/^(\d)\1{8}$/.test(tin) || PLACEHOLDER_TINS.has(tin)) return null;
  if (isValidEin(tin)) return 'EIN';
  if (isValidItin(tin)) return 'ITIN';
  if (isValidSsn(tin)) return 'SSN';
  return null;
}

/** Words people type to get past a form; a legal name is never only one of these. */
const JUNK_NAMES = new Set([
  'test',
  'testing',
  'tester',
  'testcompany',
  'testbusiness',
  'asdf',
  'asdfg',
  'asdfgh',
  'asdfghjkl',
  'qwerty',
  'qwert',
  'qwertyuiop',
  'zxcv',
  'zxcvb',
  'zxcvbnm',
  'hjkl',
  'foo',
  'bar',
  'baz',
  'foobar',
  'abc',
  'abcd',
  'abcde',
  'abcdef',
  'xyz',
  'sample',
  'example',
  'dummy',
  'fake',
  'none',
  'na',
  'null',
  'nil',
  'undefined',
  'unknown',
  'lorem',
  'loremipsum',
  'blah',
  'company',
  'business',
  'mycompany',
  'mybusiness',
  'name',
  'businessname',
  'companyname',
  'legalname',
  'hello',
  'helloworld',
  'temp',
  'nothing',
  'anything',
  'whatever',
  'noname',
  'nobody',
]);

/** Legal-form words that say nothing about who the business is. */
const LEGAL_SUFFIXES = /\b(inc|incorporated|llc|llp|lp|ltd|limited|corp|corporation|co|pllc|pc|pa|plc|company)\b\.?/gu;

/** Null when `raw` is a plausible legal business or personal name, else the reason it is not. */
export function checkLegalName(raw: string): string | null {
  const name = raw.normalize('NFKC').trim();
  if (name.length < 2 || name.length > 200) return AccountMessages.businessNameImplausible;
  if (/\p{Cc}/u.test(name)) return AccountMessages.businessNameImplausible;
  const letters = name.match(/\p{L}/gu) ?? [];
  if (letters.length < 2) return AccountMessages.businessNameImplausible;

  const lower = name.toLowerCase();
  const compact = lower.replace(/[^\p{L}\p{N}]/gu, '');
  // "Aaaa", "xxx xxx": one character over and over.
  if (/^(.)\1+$/u.test(compact)) return AccountMessages.businessNameImplausible;
  // "asdasdasd", "testtest": a short run repeated.
  if (/^(.{1,4})\1{2,}$/u.test(compact) || /^(test|asdf|qwer|abc|foo|blah)+$/u.test(compact)) {
    return AccountMessages.businessNameImplausible;
  }
  const core = lower.replace(LEGAL_SUFFIXES, ' ').replace(/[^\p{L}\p{N}]/gu, '');
  if (core.length === 0 || JUNK_NAMES.has(core) || JUNK_NAMES.has(compact)) return AccountMessages.businessNameImplausible;
  if (!/\p{L}/u.test(core)) return AccountMessages.businessNameImplausible;
  return null;
}

/** The embedded verifier: structural rules only, no outside service. */
export function createRulesBusinessVerifier(): BusinessVerifier {
  return {
    name: 'rules',
    async verify({ name, tin }) {
      const nameProblem = checkLegalName(name);
      if (nameProblem) return { ok: false, reason: nameProblem };
      const kind = classifyTin(tin);
      if (!kind) return { ok: false, reason: AccountMessages.tinNotValid };
      return { ok: true, kind, method: `rules:${kind}` };
    },
  };
}
