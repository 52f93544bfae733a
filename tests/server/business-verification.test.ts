import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { companies, users } from '../../server/db/schema.ts';
import {
  checkLegalName,
  classifyTin,
  createRulesBusinessVerifier,
  type BusinessVerifier,
} from '../../server/platform/business-verifier.ts';
import { AccountMessages } from '../../src/contract/account.ts';

const verifier = createRulesBusinessVerifier();

describe('the rules verifier: TINs', () => {
  it.each([
    ['12-3456780', 'EIN'], // Andover
    ['01-2345678', 'EIN'], // Brookhaven, lowest prefix
    ['20-1234567', 'EIN'], // Internet
    ['31-1234567', 'EIN'], // SBA
    ['47-1234567', 'EIN'],
    ['68-1234567', 'EIN'],
    ['77-1234567', 'EIN'],
    ['88-1234567', 'EIN'],
    ['95-1234567', 'EIN'], // Memphis
    ['98-7654322', 'EIN'],
    ['99-1234567', 'EIN'],
  ])('%s is a valid EIN', async (tin, kind) => {
    expect(classifyTin(tin)).toBe(kind);
    expect(await verifier.verify({ name: 'Acme Widgets LLC', tin })).toEqual({ ok: true, kind, method: `rules:${kind}` });
  });

  it.each(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97'])(
    'prefix %s is never assigned, so it is no EIN',
    (prefix) => {
      // The rest of the number is chosen so it is no SSN or ITIN either (group 00).
      expect(classifyTin(`${prefix}1001234`)).toBeNull();
    },
  );

  it.each([
    ['078-12-3456', 'SSN'], // prefix 07 is no EIN, area 078 is a valid SSN area
    ['170-12-3456', 'SSN'],
    ['289-01-0001', 'SSN'],
    ['490-55-1234', 'SSN'],
    ['699-99-9999', 'SSN'],
    ['709-12-3456', 'SSN'],
    ['899-12-3456', 'SSN'],
  ])('%s is a valid SSN', async (tin, kind) => {
    expect(classifyTin(tin)).toBe(kind);
    expect(await verifier.verify({ name: 'Jane Q. Public', tin })).toMatchObject({ ok: true, kind });
  });

  it.each([
    '000-12-3456', // area 000
    '666-12-3456', // area 666 (prefix 66 is an EIN prefix, so use a non-EIN form below too)
    '078-00-3456', // group 00
    '078-12-0000', // serial 0000
    '170-00-1234',
    '289-12-0000',
  ])('%s is not an SSN', (tin) => {
    const digits = tin.replace(/-/g, '');
    if (digits.startsWith('66')) {
      // 66 is a Philadelphia EIN prefix: the number is an EIN, but never an SSN.
      expect(classifyTin(tin)).toBe('EIN');
    } else {
      expect(classifyTin(tin)).toBeNull();
    }
  });

  it.each([
    ['970-50-1234', 'ITIN'], // prefix 97 is no EIN
    ['970-65-1234', 'ITIN'],
    ['970-70-1234', 'ITIN'],
    ['970-88-1234', 'ITIN'],
    ['970-90-1234', 'ITIN'],
    ['970-92-1234', 'ITIN'],
    ['970-94-1234', 'ITIN'],
    ['960-99-1234', 'ITIN'],
  ])('%s is a valid ITIN', (tin, kind) => {
    expect(classifyTin(tin)).toBe(kind);
  });

  it.each(['970-49-1234', '970-66-1234', '970-69-1234', '970-89-1234', '970-93-1234', '960-00-1234', '970-12-3456'])(
    '%s has no ITIN group and no other kind either',
    (tin) => {
      expect(classifyTin(tin)).toBeNull();
    },
  );

  it.each(['111111111', '999-99-9999', '123456789', '987654321', '12345678', '1234567890', '12-345678a', ''])(
    '%s is refused as a placeholder or malformed',
    async (tin) => {
      expect(classifyTin(tin)).toBeNull();
      expect(await verifier.verify({ name: 'Acme Widgets LLC', tin })).toEqual({ ok: false, reason: AccountMessages.tinNotValid });
    },
  );
});

describe('the rules verifier: names', () => {
  it.each([
    'Acme Widgets LLC',
    'Jane Q. Public',
    "O'Brien & Sons, Inc.",
    'Test Kitchen LLC',
    'Bora Bora Travel',
    'Zoë Café Co.',
    'AB',
    '3M Company',
  ])('%s is a plausible legal name', (name) => {
    expect(checkLegalName(name)).toBeNull();
  });

  it.each([
    'test',
    'Test LLC',
    'asdf',
    'ASDF Inc.',
    'qwerty',
    'aaaa',
    'zzzzzzz',
    'x',
    '12345',
    '!!!---',
    '1 2 3 4',
    'a1',
    'testtest',
    'asdasdasd',
    'n/a',
    'My Company',
    'x'.repeat(201),
    'Acme\u0000Corp',
  ])('%j is refused', async (name) => {
    expect(checkLegalName(name)).toBe(AccountMessages.businessNameImplausible);
    expect(await verifier.verify({ name, tin: '12-3456780' })).toEqual({
      ok: false,
      reason: AccountMessages.businessNameImplausible,
    });
  });
});

describe('POST /api/Account/VerifyBusiness', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  let n = 0;
  const fromIp = () => `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;

  /** An employer as registration leaves them: company recorded, not yet verified. */
  async function employer(company: { name?: string; tin?: string; blacklisted?: boolean } = {}) {
    n += 1;
    const email = `owner${n}@example.com`;
    const [row] = await app.database.db
      .insert(companies)
      .values({ name: company.name ?? `Company ${n}`, tin: company.tin ?? '000000000', blacklisted: company.blacklisted ?? false })
      .returning();
    await app.database.db
      .insert(users)
      .values({ email, passwordHash: null, firstName: 'Pat', lastName: 'Owner', role: 'Employer', companyId: row!.id });
    return { email, companyId: row!.id };
  }

  const verify = (body: Record<string, unknown>, ip = fromIp()) =>
    app.inject({ method: 'POST', url: '/api/Account/VerifyBusiness', payload: body, remoteAddress: ip });

  const companyRow = async (id: string) => (await app.database.db.select().from(companies).where(eq(companies.id, id)))[0]!;

  it('verifies an employer with a valid EIN and records how and when', async () => {
    const { email, companyId } = await employer();
    const res = await verify({ email: email.toUpperCase(), businessName: '  Acme   Widgets LLC ', businessTin: '12-3456780' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: AccountMessages.businessVerified, message: AccountMessages.businessVerified, success: true });
    const row = await companyRow(companyId);
    expect(row).toMatchObject({ name: 'Acme Widgets LLC', tin: '123456780', tinKind: 'EIN', verificationMethod: 'rules:EIN' });
    expect(row.verifiedAt).toBeInstanceOf(Date);
  });

  it('accepts an SSN for a sole proprietor and an ITIN', async () => {
    const a = await employer();
    const ssn = await verify({ email: a.email, businessName: 'Jane Q. Public', businessTin: '078-12-3456' });
    expect(ssn.statusCode).toBe(200);
    expect(await companyRow(a.companyId)).toMatchObject({ tinKind: 'SSN', verificationMethod: 'rules:SSN' });

    const b = await employer();
    const itin = await verify({ email: b.email, businessName: 'Juan Pérez', businessTin: '970-88-1234' });
    expect(itin.statusCode).toBe(200);
    expect(await companyRow(b.companyId)).toMatchObject({ tinKind: 'ITIN', verificationMethod: 'rules:ITIN' });
  });

  it('answers success again when the business is already verified', async () => {
    const { email, companyId } = await employer();
    expect((await verify({ email, businessName: 'Second Try Corp', businessTin: '20-1111112' })).statusCode).toBe(200);
    const first = await companyRow(companyId);
    const again = await verify({ email, businessName: 'Second Try Corp', businessTin: '20-1111112' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(AccountMessages.businessVerified);
    expect((await companyRow(companyId)).verifiedAt).toEqual(first.verifiedAt);
  });

  it.each([
    ['a TIN that is no EIN, SSN or ITIN', { businessName: 'Acme Widgets LLC', businessTin: '07-1001234' }, AccountMessages.tinNotValid],
    ['an SSN with group 00', { businessName: 'Acme Widgets LLC', businessTin: '078-00-1234' }, AccountMessages.tinNotValid],
    ['an ITIN with group 93', { businessName: 'Acme Widgets LLC', businessTin: '970-93-1234' }, AccountMessages.tinNotValid],
    ['a junk name', { businessName: 'asdf', businessTin: '12-3456780' }, AccountMessages.businessNameImplausible],
    ['a test name', { businessName: 'Test LLC', businessTin: '12-3456780' }, AccountMessages.businessNameImplausible],
  ])('refuses %s with 400 and the reason', async (_, details, message) => {
    const { email, companyId } = await employer();
    const res = await verify({ email, ...details });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, state: { hasError: true, errors: [message] } });
    expect((await companyRow(companyId)).verifiedAt).toBeNull();
  });

  it('refuses a TIN of the wrong shape and a missing name with the form messages', async () => {
    const { email } = await employer();
    const badShape = await verify({ email, businessName: 'Acme Widgets LLC', businessTin: '12-34' });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().state.errors).toContain(AccountMessages.businessTin);
    const noName = await verify({ email, businessName: '   ', businessTin: '12-3456780' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().state.errors).toContain(AccountMessages.businessName);
  });

  it('gives one TIN to one company: a second company gets 409', async () => {
    const first = await employer();
    expect((await verify({ email: first.email, businessName: 'First Holder Inc', businessTin: '45-6789012' })).statusCode).toBe(200);
    const second = await employer();
    const res = await verify({ email: second.email, businessName: 'Second Holder Inc', businessTin: '456789012' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AccountMessages.tinTaken);
    expect((await companyRow(second.companyId)).verifiedAt).toBeNull();
  });

  it('gives a TIN to only one of two companies verifying it at the same moment', async () => {
    const a = await employer();
    const b = await employer();
    const results = await Promise.all([
      verify({ email: a.email, businessName: 'Racing Alpha LLC', businessTin: '52-7654321' }),
      verify({ email: b.email, businessName: 'Racing Beta LLC', businessTin: '52-7654321' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await app.database.db.select().from(companies).where(eq(companies.tin, '527654321'));
    expect(holders.filter((c) => c.verifiedAt)).toHaveLength(1);
  });

  it('lets the rightful owner verify when only an unverified registration typed the same TIN', async () => {
    await employer({ tin: '561234567' });
    const owner = await employer();
    const res = await verify({ email: owner.email, businessName: 'Rightful Owner LLC', businessTin: '56-1234567' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a blacklisted company, and any company using a blacklisted TIN, with 403', async () => {
    const banned = await employer({ blacklisted: true });
    const own = await verify({ email: banned.email, businessName: 'Banned Co Holdings', businessTin: '33-1234567' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(AccountMessages.businessBlacklisted);

    await employer({ tin: '391234567', blacklisted: true });
    const other = await employer();
    const res = await verify({ email: other.email, businessName: 'Fresh Start LLC', businessTin: '39-1234567' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AccountMessages.businessBlacklisted);
    expect((await companyRow(other.companyId)).verifiedAt).toBeNull();
  });

  it('answers the same 400 for an unknown email and for a user who is no employer', async () => {
    const unknown = await verify({ email: 'nobody@example.com', businessName: 'Acme Widgets LLC', businessTin: '12-3456780' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(AccountMessages.verificationFailed);

    await app.database.db.insert(users).values({
      email: 'seeker@example.com',
      passwordHash: null,
      firstName: 'Sam',
      lastName: 'Seeker',
      role: 'JobSeeker',
      dateOfBirth: '2000-01-01',
    });
    const seeker = await verify({ email: 'seeker@example.com', businessName: 'Acme Widgets LLC', businessTin: '12-3456780' });
    expect(seeker.statusCode).toBe(400);
    expect(seeker.json()).toEqual(unknown.json());
  });

  it('limits attempts per email and per IP with 429', async () => {
    const { email } = await employer();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await verify({ email, businessName: 'asdf', businessTin: '12-3456780' })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await verify({ email, businessName: 'asdf', businessTin: '12-3456780' });
    expect(limited.json().message).toBe(AccountMessages.tooManyRequests);

    const ip = '192.0.2.77';
    const fromOneIp: number[] = [];
    for (let i = 0; i < 31; i++) {
      fromOneIp.push((await verify({ email: `someone${i}@example.com`, businessName: 'asdf', businessTin: '12-3456780' }, ip)).statusCode);
    }
    expect(fromOneIp.at(-1)).toBe(429);
  });

  describe('with another verifier in place of the rules', () => {
    let kyb: TestApp;
    const calls: Array<{ name: string; tin: string }> = [];
    const provider: BusinessVerifier = {
      name: 'kyb-test',
      async verify(input) {
        calls.push(input);
        if (input.name.includes('Unregistered')) return { ok: false, reason: 'The business is not registered.' };
        if (input.name.includes('Outage')) throw new Error('provider down');
        return { ok: true, kind: 'EIN', method: 'registry' };
      },
    };

    beforeAll(async () => {
      kyb = await createTestApp({ adapters: { businessVerifier: provider } });
    });
    afterAll(async () => {
      await kyb.stop();
    });

    async function kybEmployer(email: string) {
      const [row] = await kyb.database.db.insert(companies).values({ name: 'Pending', tin: '000000000' }).returning();
      await kyb.database.db
        .insert(users)
        .values({ email, passwordHash: null, firstName: 'Kim', lastName: 'Lee', role: 'Employer', companyId: row!.id });
      return row!.id;
    }

    it('records the verifier name, shows its refusal and hides its failures', async () => {
      const id = await kybEmployer('kyb@example.com');
      const refused = await kyb.inject({
        method: 'POST',
        url: '/api/Account/VerifyBusiness',
        payload: { email: 'kyb@example.com', businessName: 'Unregistered Things', businessTin: '12-3456780' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('The business is not registered.');

      const outage = await kyb.inject({
        method: 'POST',
        url: '/api/Account/VerifyBusiness',
        payload: { email: 'kyb@example.com', businessName: 'Outage Things', businessTin: '12-3456780' },
      });
      expect(outage.statusCode).toBe(503);
      expect(outage.json().message).toBe(AccountMessages.verificationFailed);

      const ok = await kyb.inject({
        method: 'POST',
        url: '/api/Account/VerifyBusiness',
        payload: { email: 'kyb@example.com', businessName: 'Registered Things', businessTin: '12-3456780' },
      });
      expect(ok.statusCode).toBe(200);
      const [row] = await kyb.database.db.select().from(companies).where(eq(companies.id, id));
      expect(row).toMatchObject({ tinKind: 'EIN', verificationMethod: 'kyb-test:EIN' });
      expect(calls.at(-1)).toEqual({ name: 'Registered Things', tin: '123456780' });
    });
  });
});
