import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../server/db/schema.ts';
import { AccountMessages } from '../../src/contract/account.ts';
import { CompanyMessages, type CompanyDetails, type DashboardCount, type PublicCompany } from '../../src/contract/company.ts';
import type { Employer } from '../../src/contract/employer.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import type { FilesApp } from './files-support.ts';
import { companyApp, companyRow, companyWorld, expectRefused, getJson, postJson, type Caller, type World } from './company-support.ts';

const EXPIRED = 'Your session has expired. Please sign in again.';
const NO_ACCESS = 'You do not have access to this.';

let f: FilesApp;
let w: World;
beforeAll(async () => {
  f = await companyApp();
  w = await companyWorld(f);
});
afterAll(async () => f?.stop());

const details = (caller: Caller) => getJson<CompanyDetails>(f, '/api/Account/CompanyDetails', caller.token);
const update = (caller: Caller, body: unknown) => postJson<CompanyDetails>(f, '/api/Account/UpdateCompanyDetails', body, caller.token);

const vancouver = {
  address: 'Vancouver, WA',
  city: 'Vancouver',
  state: 'WA',
  latitude: 45.6387,
  longitude: -122.6615,
};

const fullDetails = {
  companyName: 'Hale Freight',
  ...vancouver,
  website: 'halefreight.example.com',
  about: 'We move freight across the Pacific Northwest.',
  industryId: 48,
};

describe('who may call which company route', () => {
  // What the company's recruiters may read; the rest only its employer may call.
  const reads: Array<[string, string]> = [
    ['GET', '/api/Account/CompanyDetails'],
    ['GET', '/api/Employer/CountJobPosts'],
    ['GET', '/api/Employer/dashboard-count'],
    ['GET', '/api/Recruiter/DashboardCount'],
    ['GET', '/api/Employer/GetFeaturedImages'],
  ];
  const employerOnly: Array<[string, string, unknown]> = [
    ['POST', '/api/Account/UpdateCompanyDetails', fullDetails],
    ['POST', '/api/Account/DeleteCompanyLogo', undefined],
    ['GET', '/api/Employer/GetEmployer', undefined],
    ['POST', '/api/Employer/ModifyEmployer', { firstName: 'Robin', lastName: 'Hale' }],
    ['POST', '/api/Employer/DeleteFeaturedImages', { id: '6b0c2a36-7d55-4c53-9a55-2d7a0a5a1f10' }],
    ['POST', '/api/Employer/ReorderFeaturedImages', { ids: [] }],
  ];
  const call = (method: string, url: string, caller: Caller, body?: unknown) =>
    method === 'GET' ? getJson(f, url, caller.token) : postJson(f, url, body ?? {}, caller.token);

  it.each([...reads.map(([m, u]) => [m, u, undefined] as const), ...employerOnly])(
    '%s %s: anonymous 401, job seeker 403',
    async (method, url, body) => {
      expectRefused(await call(method, url, w.anonymous, body), 401, EXPIRED);
      expectRefused(await call(method, url, w.seeker, body), 403, NO_ACCESS);
    },
  );

  it.each(reads)("%s %s: the company's recruiter and employer may read", async (method, url) => {
    expect((await call(method, url, w.recruiterX)).status).toBe(200);
    expect((await call(method, url, w.employerX)).status).toBe(200);
  });

  it.each(employerOnly)('%s %s: a recruiter may not (403), and nothing changes', async (method, url, body) => {
    const before = await companyRow(f, w.x.id);
    expectRefused(await call(method, url, w.recruiterX, body), 403, NO_ACCESS);
    expect(await companyRow(f, w.x.id)).toEqual(before);
  });

  it('signs out a switched-off recruiter and a disabled employer at their next call', async () => {
    const off = await w.person('Recruiter', w.x.id, 'switched off', { deactivatedAt: new Date() });
    expectRefused(await details(off), 401, EXPIRED);
    const gone = await w.person('Employer', w.x.id, 'disabled', { disabled: true });
    expectRefused(await details(gone), 401, EXPIRED);
  });

  it('refuses an account that belongs to no company', async () => {
    const loner = await w.person('Employer', null, 'no company');
    expectRefused(await details(loner), 403, CompanyMessages.noCompany);
    expectRefused(await update(loner, fullDetails), 403, CompanyMessages.noCompany);
  });

  it('refuses a token whose role is no longer the account’s', async () => {
    // A recruiter's row with an employer's token (the role changed since it was signed).
    const token = await f.app.ctx.tokens.sign({ userId: w.recruiterX.id!, role: 'Employer' });
    expectRefused(await update({ ...w.recruiterX, token }, fullDetails), 403, NO_ACCESS);
  });
});

describe('GET CompanyDetails', () => {
  it("answers the caller's own company: the name seekers see (the legal name until one is chosen), the legal name, the TIN's last four", async () => {
    const answer = await details(w.employerY);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id: w.y.id,
      companyName: 'Yarrow Foods Inc',
      legalName: 'Yarrow Foods Inc',
      tinKind: 'EIN',
      tinLast4: '7890',
      verifiedAt: '2024-03-05T17:00:00.000Z',
      address: null,
      city: null,
      state: null,
      latitude: null,
      longitude: null,
      website: null,
      about: null,
      industryId: null,
      industry: null,
      logo: null,
      canEdit: true,
      updatedAt: null,
    });
    expect(JSON.stringify(answer.body)).not.toContain('274567890');
  });

  it('lets the recruiter read the same company, without the right to change it', async () => {
    const employer = await details(w.employerX);
    const recruiter = await details(w.recruiterX);
    expect(recruiter.body.data).toEqual({ ...employer.body.data, canEdit: false, logo: recruiter.body.data.logo });
    expect(recruiter.body.data.id).toBe(w.x.id);
  });
});

describe('UpdateCompanyDetails', () => {
  it('saves the name seekers see, the place picked, a normalised https website, about and industry', async () => {
    const answer = await update(w.employerX, { ...fullDetails, website: '  HaleFreight.Example.COM/careers/  ' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(CompanyMessages.detailsSaved);
    expect(answer.body.data).toMatchObject({
      companyName: 'Hale Freight',
      legalName: 'Hale Logistics LLC',
      ...vancouver,
      website: 'https://halefreight.example.com/careers/',
      about: 'We move freight across the Pacific Northwest.',
      industryId: 48,
      industry: 'Transportation and Warehousing',
    });
    expect(answer.body.data.updatedAt).not.toBeNull();
    expect((await details(w.recruiterX)).body.data).toMatchObject({
      companyName: 'Hale Freight',
      website: 'https://halefreight.example.com/careers/',
    });
  });

  it('never changes the legal name or the TIN, whatever the body says', async () => {
    const answer = await update(w.employerX, {
      ...fullDetails,
      legalName: 'Other Co',
      name: 'Other Co',
      tin: '999999999',
      companyTin: '999999999',
    });
    expect(answer.status).toBe(200);
    const row = await companyRow(f, w.x.id);
    expect([row.name, row.tin, row.verifiedAt?.toISOString()]).toEqual(['Hale Logistics LLC', '271234567', '2024-03-05T17:00:00.000Z']);
  });

  it.each([
    ['http://halefreight.example.com', CompanyMessages.websiteInsecure],
    ['HTTP://halefreight.example.com', CompanyMessages.websiteInsecure],
    ['javascript:alert(document.cookie)', CompanyMessages.website],
    ['data:text/html,<script>alert(1)</script>', CompanyMessages.website],
    ['ftp://files.example.com', CompanyMessages.website],
    ['https://user:secret@example.com', CompanyMessages.website],
    ['https://10.0.0.1/admin', CompanyMessages.website],
    ['localhost', CompanyMessages.website],
    ['not a website', CompanyMessages.website],
    [`https://example.com/${'a'.repeat(200)}`, CompanyMessages.websiteTooLong],
  ])('refuses the website %s with a clear message on the field', async (website, message) => {
    const answer = await update(w.employerX, { ...fullDetails, website });
    expectRefused(answer, 400, message);
    expect(answer.body.state.fieldErrors).toEqual({ website: message });
  });

  it.each([
    ['a name too long', { companyName: 'N'.repeat(121) }, 'companyName', CompanyMessages.companyName],
    ['a blank name', { companyName: '   ' }, 'companyName', CompanyMessages.companyName],
    ['an about too long', { about: 'a'.repeat(2001) }, 'about', CompanyMessages.about],
    ['an unknown industry', { industryId: 999 }, 'industryId', CompanyMessages.industry],
    ['an address without its position', { latitude: null, longitude: null }, 'address', CompanyMessages.address],
    ['a position without its address', { address: '' }, 'address', CompanyMessages.address],
    ['a state written out', { state: 'Washington' }, 'state', CompanyMessages.address],
    ['a latitude off the globe', { latitude: 123 }, 'latitude', CompanyMessages.address],
    ['an address too long', { address: 'A'.repeat(201) }, 'address', CompanyMessages.address],
  ])('refuses %s and changes nothing', async (_, change, field, message) => {
    const before = await companyRow(f, w.x.id);
    const answer = await update(w.employerX, { ...fullDetails, ...change });
    expectRefused(answer, 400, message);
    expect(answer.body.state.fieldErrors?.[field]).toBe(message);
    expect(await companyRow(f, w.x.id)).toEqual(before);
  });

  it('clears the optional details when they are left empty', async () => {
    const answer = await update(w.employerX, { companyName: 'Hale Freight', address: '', website: '', about: '', industryId: '' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      address: null,
      city: null,
      state: null,
      latitude: null,
      longitude: null,
      website: null,
      about: null,
      industryId: null,
    });
  });

  it("changes only the caller's own company: Y's employer never reaches X", async () => {
    await update(w.employerX, fullDetails);
    const before = await companyRow(f, w.x.id);
    const answer = await update(w.employerY, {
      companyName: 'Yarrow Kitchens',
      website: 'https://yarrow.example.com',
      id: w.x.id,
      companyId: w.x.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.id).toBe(w.y.id);
    expect(await companyRow(f, w.x.id)).toEqual(before);
    expect((await details(w.employerY)).body.data.companyName).toBe('Yarrow Kitchens');
    expect((await details(w.employerX)).body.data.companyName).toBe('Hale Freight');
  });
});

describe('GetEmployer and ModifyEmployer', () => {
  it("answer the employer's own details and company", async () => {
    const answer = await getJson<Employer>(f, '/api/Employer/GetEmployer', w.employerY.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ firstName: 'Robin', lastName: 'Hale', phoneNumber: null, company: { id: w.y.id } });
  });

  it('saves the name and the phone number in E.164; an empty phone removes it', async () => {
    const saved = await postJson<Employer>(
      f,
      '/api/Employer/ModifyEmployer',
      { firstName: ' Morgan ', lastName: 'Lee', phoneNumber: '(360) 555-0142' },
      w.employerY.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(CompanyMessages.employerSaved);
    expect(saved.body.data).toMatchObject({ firstName: 'Morgan', lastName: 'Lee', phoneNumber: '+13605550142' });
    const cleared = await postJson<Employer>(
      f,
      '/api/Employer/ModifyEmployer',
      { firstName: 'Morgan', lastName: 'Lee', phoneNumber: '' },
      w.employerY.token,
    );
    expect(cleared.body.data.phoneNumber).toBeNull();
  });

  it.each([
    [{ firstName: '', lastName: 'Lee' }, 'firstName', AccountMessages.firstName],
    [{ firstName: 'M'.repeat(101), lastName: 'Lee' }, 'firstName', AccountMessages.firstName],
    [{ firstName: 'Morgan', lastName: ' ' }, 'lastName', AccountMessages.lastName],
    [{ firstName: 'Morgan', lastName: 'Lee', phoneNumber: '555-01' }, 'phoneNumber', ProfileMessages.phone],
  ])('refuses %j', async (body, field, message) => {
    const answer = await postJson(f, '/api/Employer/ModifyEmployer', body, w.employerY.token);
    expectRefused(answer, 400, message);
    expect(answer.body.state.fieldErrors?.[field]).toBe(message);
  });

  it('changes only the caller, never the email or another account', async () => {
    const [before] = await f.app.database.db.select().from(users).where(eq(users.id, w.employerX.id!));
    await postJson(
      f,
      '/api/Employer/ModifyEmployer',
      { firstName: 'Other', lastName: 'Person', email: 'taken@example.com', userId: w.employerX.id },
      w.employerY.token,
    );
    const [after] = await f.app.database.db.select().from(users).where(eq(users.id, w.employerX.id!));
    expect(after).toEqual(before);
    const [y] = await f.app.database.db.select().from(users).where(eq(users.id, w.employerY.id!));
    expect(y!.email).not.toBe('taken@example.com');
  });
});

describe('CountJobPosts and dashboard-count', () => {
  const noCounts = { postedJobs: 0, applicants: 0, activeJobs: 0, newApplicants: 0, toReview: 0, interviewing: 0, offered: 0, hired: 0 };
  it('read zero until the company posts a job, for its employer and its recruiters', async () => {
    for (const caller of [w.employerX, w.recruiterX, w.employerY]) {
      expect((await getJson(f, '/api/Employer/CountJobPosts', caller.token)).body.data).toEqual({ total: 0, active: 0, closed: 0 });
      expect((await getJson<DashboardCount>(f, '/api/Employer/dashboard-count', caller.token)).body.data).toEqual(noCounts);
      expect((await getJson<DashboardCount>(f, '/api/Recruiter/DashboardCount', caller.token)).body.data).toEqual(noCounts);
    }
  });
});

describe('the public company page', () => {
  const open = (id: string) => getJson<PublicCompany>(f, `/api/Company/${id}`);

  it('shows anyone a verified company: the name seekers see, about, website, city and state, industry, the verification date', async () => {
    await update(w.employerX, fullDetails);
    const answer = await open(w.x.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id: w.x.id,
      name: 'Hale Freight',
      about: 'We move freight across the Pacific Northwest.',
      website: 'https://halefreight.example.com',
      city: 'Vancouver',
      state: 'WA',
      industry: 'Transportation and Warehousing',
      logoUrl: null,
      featuredImages: [],
      verified: true,
      verifiedAt: '2024-03-05T17:00:00.000Z',
    });
    // Never the legal name, the TIN or the street address.
    expect(JSON.stringify(answer.body)).not.toMatch(/Hale Logistics LLC|271234567|tin|latitude|address/i);
  });

  it('is the same for a signed-in caller of any role', async () => {
    const anonymous = await open(w.x.id);
    for (const caller of [w.seeker, w.employerY, w.recruiterX]) {
      expect((await getJson(f, `/api/Company/${w.x.id}`, caller.token)).body.data).toEqual(anonymous.body.data);
    }
  });

  it('answers 404 for a blacklisted, inactive or unverified company, an unknown id and a malformed one', async () => {
    const blacklisted = await w.company('Shady Deals LLC', '271111111', { blacklisted: true });
    const inactive = await w.company('Closed Doors LLC', '272222222', { active: false });
    const unverified = await w.company('Not Yet LLC', '273333333', { verifiedAt: null });
    for (const id of [blacklisted.id, inactive.id, unverified.id, '6b0c2a36-7d55-4c53-9a55-2d7a0a5a1f10', 'not-an-id', "1' or '1'='1"]) {
      const answer = await open(encodeURIComponent(id));
      expectRefused(answer, 404, CompanyMessages.companyNotFound);
      expect(answer.body.state.code).toBe('company.notFound');
    }
  });

  it('disappears as soon as the company is blacklisted', async () => {
    expect((await open(w.y.id)).status).toBe(200);
    await f.app.database.db.update(companies).set({ blacklisted: true }).where(eq(companies.id, w.y.id));
    expectRefused(await open(w.y.id), 404, CompanyMessages.companyNotFound);
    await f.app.database.db.update(companies).set({ blacklisted: false }).where(eq(companies.id, w.y.id));
  });
});
