import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '../../src/contract/account.ts';
import { StaffMessages, type Recruiter, type RecruiterProfile } from '../../src/contract/staff.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { expectFailure, get, passwordLogin, post, uniqueEmail } from './account-support.ts';
import {
  act,
  invite,
  joinedRecruiter,
  signedInJobSeeker,
  staffApp,
  staffOf,
  userRow,
  verifiedEmployer,
  type Member,
} from './staff-support.ts';

let app: TestApp;
let employer: Member & { companyId: string };

beforeAll(async () => {
  ({ app } = await staffApp());
  employer = await verifiedEmployer(app, 'Northwind Traders LLC', 'Robin');
});
afterAll(async () => {
  await app.stop();
});

const EXPIRED = 'Your session has expired. Please sign in again.';
const refresh = (m: Member) => post(app, '/api/Account/RefreshToken', { refreshToken: m.refreshToken });
const myDetails = (m: Member) => get<RecruiterProfile>(app, '/api/Recruiter/GetRecruiter', m.token);

describe('RecruiterList', () => {
  it('lists the recruiters by name with their status, then the pending invitations, newest first', async () => {
    const company = await verifiedEmployer(app, 'Contoso Ltd', 'Kim');
    const zoe = await joinedRecruiter(app, company, 'Zoe');
    const amir = await joinedRecruiter(app, company, 'Amir');
    await act(app, '/api/Employer/DeactiveRecruiter', { RecruiterEmail: zoe.email }, company.token);
    const older = uniqueEmail('older');
    const newer = uniqueEmail('newer');
    await invite(app, company, { email: older, firstName: 'Olga' });
    await invite(app, company, { email: newer });
    const removed = await joinedRecruiter(app, company, 'Gone');
    await act(app, '/api/Employer/DeleteRecruiter', { Email: removed.email }, company.token);

    const staff = await staffOf(app, company);
    expect(staff.map((r) => [r.name, r.email, r.status])).toEqual([
      ['Amir Nguyen', amir.email, 'active'],
      ['Zoe Nguyen', zoe.email, 'inactive'],
      ['', newer, 'invited'],
      ['Olga', older, 'invited'],
    ]);
    expect(staff[0]).toMatchObject({ jobTitle: 'Talent Partner', phoneNumber: null, sentAt: null, expiresAt: null, expired: false });
    expect(staff[0]!.joinedAt).toEqual(expect.any(String));
    expect(staff[2]!.sentAt).toEqual(expect.any(String));
  });
});

describe('EditRecruiter', () => {
  it('saves the name, title and phone (stored as E.164); empty title and phone mean none', async () => {
    const recruiter = await joinedRecruiter(app, employer, 'Eddie');
    const saved = await post<{ recruiter: Recruiter }>(
      app,
      '/api/Employer/EditRecruiter',
      {
        email: recruiter.email.toUpperCase(),
        firstName: 'Edwina',
        lastName: 'Ray',
        jobTitle: 'Lead Recruiter',
        phoneNumber: '(503) 555-0123',
      },
      { token: employer.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(StaffMessages.recruiterSaved);
    expect(saved.body.data.recruiter).toMatchObject({
      name: 'Edwina Ray',
      jobTitle: 'Lead Recruiter',
      phoneNumber: '+15035550123',
      status: 'active',
    });
    expect((await myDetails(recruiter)).body.data).toMatchObject({
      firstName: 'Edwina',
      lastName: 'Ray',
      jobTitle: 'Lead Recruiter',
      phoneNumber: '+15035550123',
    });

    const cleared = await post<{ recruiter: Recruiter }>(
      app,
      '/api/Employer/EditRecruiter',
      { email: recruiter.email, firstName: 'Edwina', lastName: 'Ray', jobTitle: ' ', phoneNumber: '' },
      { token: employer.token },
    );
    expect(cleared.body.data.recruiter).toMatchObject({ jobTitle: null, phoneNumber: null });
  });

  it('refuses a bad phone or an empty name, and an email that is not on the staff', async () => {
    const recruiter = await joinedRecruiter(app, employer, 'Fern');
    const bad = await post(
      app,
      '/api/Employer/EditRecruiter',
      { email: recruiter.email, firstName: '', lastName: 'Ray', jobTitle: '', phoneNumber: '555-01' },
      { token: employer.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.state.fieldErrors).toMatchObject({ firstName: StaffMessages.firstName, phoneNumber: StaffMessages.phone });
    expect((await userRow(app, recruiter.email))!.firstName).toBe('Fern');
    const nobody = await post(
      app,
      '/api/Employer/EditRecruiter',
      { email: uniqueEmail('nobody'), firstName: 'A', lastName: 'B', jobTitle: '', phoneNumber: '' },
      { token: employer.token },
    );
    expectFailure(nobody, 404, StaffMessages.noRecruiter);
  });
});

describe('deactivating and activating', () => {
  it('signs a deactivated recruiter out at once: the access token answers 401, refresh fails, sign-in is refused', async () => {
    const recruiter = await joinedRecruiter(app, employer, 'Dee');
    expect((await myDetails(recruiter)).status).toBe(200);

    const off = await act(app, '/api/Employer/DeactiveRecruiter', { RecruiterEmail: recruiter.email }, employer.token);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(StaffMessages.deactivated('Dee Nguyen'));
    expect(off.body.data!.recruiter.status).toBe('inactive');
    expect((await userRow(app, recruiter.email))!.deactivatedAt).toBeInstanceOf(Date);

    // The access token issued before is still unexpired, and no longer works.
    expectFailure(await myDetails(recruiter), 401, EXPIRED);
    expectFailure(await get(app, '/api/Account/User', recruiter.token), 401, EXPIRED);
    expectFailure(await refresh(recruiter), 401, EXPIRED);
    expectFailure(await passwordLogin(app, recruiter.email), 403, AccountMessages.accountDeactivated);
    // Switching off again changes nothing.
    expect((await act(app, '/api/Employer/DeactiveRecruiter', { RecruiterEmail: recruiter.email }, employer.token)).status).toBe(200);

    const on = await act(app, '/api/Employer/ActiveRecruiter', { RecruiterEmail: recruiter.email }, employer.token);
    expect(on.status).toBe(200);
    expect(on.body.message).toBe(StaffMessages.activated('Dee Nguyen'));
    expect(on.body.data!.recruiter.status).toBe('active');
    // The old sign-in stays ended; a new one works.
    expectFailure(await refresh(recruiter), 401, EXPIRED);
    const again = await passwordLogin(app, recruiter.email);
    expect(again.status).toBe(200);
    expect((await get(app, '/api/Recruiter/GetRecruiter', again.body.data.accessToken)).status).toBe(200);
  });

  it('toggles: off when active, on when inactive', async () => {
    const recruiter = await joinedRecruiter(app, employer, 'Toby');
    const first = await act(app, '/api/Employer/ToggleForRecruiter', { RecruiterEmail: recruiter.email }, employer.token);
    expect(first.body.data!.recruiter.status).toBe('inactive');
    expectFailure(await myDetails(recruiter), 401, EXPIRED);
    const second = await act(app, '/api/Employer/ToggleForRecruiter', { RecruiterEmail: recruiter.email }, employer.token);
    expect(second.body.data!.recruiter.status).toBe('active');
    expect((await passwordLogin(app, recruiter.email)).status).toBe(200);
  });
});

describe('DeleteRecruiter', () => {
  it('disables the account (not erased), signs it out and takes it off the list', async () => {
    const recruiter = await joinedRecruiter(app, employer, 'Dale');
    const answer = await act(app, '/api/Employer/DeleteRecruiter', { Email: recruiter.email }, employer.token);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(StaffMessages.deleted('Dale Nguyen'));
    expect(await userRow(app, recruiter.email)).toMatchObject({ disabled: true, role: 'Recruiter', companyId: employer.companyId });
    expect((await staffOf(app, employer)).map((r) => r.email)).not.toContain(recruiter.email);
    expectFailure(await myDetails(recruiter), 401, EXPIRED);
    expectFailure(await refresh(recruiter), 401, EXPIRED);
    expectFailure(await passwordLogin(app, recruiter.email), 403, AccountMessages.accountDisabled);
    expectFailure(
      await act(app, '/api/Employer/DeleteRecruiter', { Email: recruiter.email }, employer.token),
      404,
      StaffMessages.noRecruiter,
    );
    expectFailure(
      await act(app, '/api/Employer/ActiveRecruiter', { RecruiterEmail: recruiter.email }, employer.token),
      404,
      StaffMessages.noRecruiter,
    );
  });
});

describe("the recruiter's own details", () => {
  it('reads and saves name, title and phone; the email and company stay', async () => {
    const recruiter = await joinedRecruiter(app, employer, 'Pat');
    const saved = await post<RecruiterProfile>(
      app,
      '/api/Recruiter/UpdateRecruiter',
      { firstName: 'Patricia', lastName: 'Lee', jobTitle: 'Campus Recruiter', phoneNumber: '360 555 0142' },
      { token: recruiter.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(StaffMessages.profileSaved);
    expect(saved.body.data).toEqual({
      email: recruiter.email,
      firstName: 'Patricia',
      lastName: 'Lee',
      jobTitle: 'Campus Recruiter',
      phoneNumber: '+13605550142',
      company: { id: employer.companyId, name: 'Northwind Traders LLC' },
    });
    expect((await staffOf(app, employer)).find((r) => r.email === recruiter.email)).toMatchObject({
      name: 'Patricia Lee',
      jobTitle: 'Campus Recruiter',
    });
    const bad = await post(
      app,
      '/api/Recruiter/UpdateRecruiter',
      { firstName: 'P', lastName: '', jobTitle: 'x'.repeat(101), phoneNumber: '12' },
      { token: recruiter.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.state.fieldErrors).toEqual({
      lastName: StaffMessages.lastName,
      jobTitle: StaffMessages.jobTitle,
      phoneNumber: StaffMessages.phone,
    });
  });
});

describe('who may do what', () => {
  let x: Member & { companyId: string };
  let y: Member & { companyId: string };
  let xRecruiter: Member;
  let xInactive: Member;
  let xInvited: string;
  let seeker: Member;

  beforeAll(async () => {
    x = await verifiedEmployer(app, 'Xylo Freight Inc', 'Xena');
    y = await verifiedEmployer(app, 'Yonder Foods LLC', 'Yuri');
    xRecruiter = await joinedRecruiter(app, x, 'Rex');
    xInactive = await joinedRecruiter(app, x, 'Ina');
    await act(app, '/api/Employer/DeactiveRecruiter', { RecruiterEmail: xInactive.email }, x.token);
    xInvited = uniqueEmail('x-invited');
    await invite(app, x, { email: xInvited });
    seeker = await signedInJobSeeker(app);
  });

  const editBody = (email: string) => ({ email, firstName: 'Hacked', lastName: 'Name', jobTitle: '', phoneNumber: '' });
  /** Every call of the employer, aimed at X's staff. */
  const employerCalls = (): Array<[string, (token?: string) => ReturnType<typeof post>]> => [
    ['RecruiterList', (token) => get(app, '/api/Employer/RecruiterList', token)],
    ['InviteRecruiter', (token) => post(app, '/api/Employer/InviteRecruiter', { email: xInvited }, token ? { token } : {})],
    ['RevokeInvitation', (token) => act(app, '/api/Employer/RevokeInvitation', { Email: xInvited }, token)],
    ['DeleteRecruiter', (token) => act(app, '/api/Employer/DeleteRecruiter', { Email: xRecruiter.email }, token)],
    ['EditRecruiter', (token) => post(app, '/api/Employer/EditRecruiter', editBody(xRecruiter.email), token ? { token } : {})],
    ['ActiveRecruiter', (token) => act(app, '/api/Employer/ActiveRecruiter', { RecruiterEmail: xInactive.email }, token)],
    ['DeactiveRecruiter', (token) => act(app, '/api/Employer/DeactiveRecruiter', { RecruiterEmail: xRecruiter.email }, token)],
    ['ToggleForRecruiter', (token) => act(app, '/api/Employer/ToggleForRecruiter', { RecruiterEmail: xRecruiter.email }, token)],
  ];

  /** X's staff exactly as set up: nobody outside X changed it. */
  async function xUnchanged() {
    const staff = await staffOf(app, x);
    expect(staff.map((r) => [r.email, r.status, r.name])).toEqual([
      [xInactive.email, 'inactive', 'Ina Nguyen'],
      [xRecruiter.email, 'active', 'Rex Nguyen'],
      [xInvited, 'invited', ''],
    ]);
    expect((await myDetails(xRecruiter)).status).toBe(200);
  }

  it('answers 401 to anonymous callers of every staff call', async () => {
    for (const [, call] of employerCalls()) expectFailure(await call(), 401, EXPIRED);
    expectFailure(await get(app, '/api/Recruiter/GetRecruiter'), 401, EXPIRED);
    expectFailure(
      await post(app, '/api/Recruiter/UpdateRecruiter', { firstName: 'A', lastName: 'B', jobTitle: '', phoneNumber: '' }),
      401,
      EXPIRED,
    );
    await xUnchanged();
  });

  it('answers 403 to a job seeker, and to a recruiter of X, on every staff management call', async () => {
    for (const who of [seeker, xRecruiter]) {
      for (const [name, call] of employerCalls()) expect((await call(who.token)).status, `${name}`).toBe(403);
    }
    await xUnchanged();
  });

  it('answers 403 to employers and job seekers on the recruiter’s own calls', async () => {
    for (const who of [x, seeker]) {
      expect((await get(app, '/api/Recruiter/GetRecruiter', who.token)).status).toBe(403);
      expect(
        (
          await post(
            app,
            '/api/Recruiter/UpdateRecruiter',
            { firstName: 'A', lastName: 'B', jobTitle: '', phoneNumber: '' },
            { token: who.token },
          )
        ).status,
      ).toBe(403);
    }
  });

  it("never shows or changes X's staff to the employer of Y", async () => {
    expect(await staffOf(app, y)).toEqual([]);
    expectFailure(await act(app, '/api/Employer/RevokeInvitation', { Email: xInvited }, y.token), 404, StaffMessages.noInvitation);
    for (const [path, query] of [
      ['/api/Employer/DeleteRecruiter', { Email: xRecruiter.email }],
      ['/api/Employer/ActiveRecruiter', { RecruiterEmail: xInactive.email }],
      ['/api/Employer/DeactiveRecruiter', { RecruiterEmail: xRecruiter.email }],
      ['/api/Employer/ToggleForRecruiter', { RecruiterEmail: xRecruiter.email }],
    ] as const) {
      expectFailure(await act(app, path, query, y.token), 404, StaffMessages.noRecruiter);
    }
    expectFailure(
      await post(app, '/api/Employer/EditRecruiter', editBody(xRecruiter.email), { token: y.token }),
      404,
      StaffMessages.noRecruiter,
    );
    // X's recruiter has an account: Y cannot invite them away.
    expectFailure(await invite(app, y, { email: xRecruiter.email }), 409, StaffMessages.emailHasAccount);
    await xUnchanged();
  });

  it("lets Y invite an address X has invited, as an invitation of Y's own that leaves X's alone", async () => {
    const answer = await invite(app, y, { email: xInvited });
    expect(answer.status).toBe(200);
    expect(answer.body.data.resent).toBe(false);
    expect((await staffOf(app, y)).map((r) => r.email)).toEqual([xInvited]);
    await xUnchanged();
    // Y withdraws its own; X's stays.
    expect((await act(app, '/api/Employer/RevokeInvitation', { Email: xInvited }, y.token)).status).toBe(200);
    await xUnchanged();
  });

  it('lets the employer of X do every call on its own staff', async () => {
    expect((await get(app, '/api/Employer/RecruiterList', x.token)).status).toBe(200);
    expect(
      (await post(app, '/api/Employer/EditRecruiter', { ...editBody(xRecruiter.email), firstName: 'Rex' }, { token: x.token })).status,
    ).toBe(200);
    expect((await act(app, '/api/Employer/ToggleForRecruiter', { RecruiterEmail: xInactive.email }, x.token)).status).toBe(200);
    expect((await act(app, '/api/Employer/DeactiveRecruiter', { RecruiterEmail: xInactive.email }, x.token)).status).toBe(200);
    expect((await act(app, '/api/Employer/ActiveRecruiter', { RecruiterEmail: xInactive.email }, x.token)).status).toBe(200);
    expect((await invite(app, x, { email: xInvited })).body.data.resent).toBe(true);
    expect((await act(app, '/api/Employer/RevokeInvitation', { Email: xInvited }, x.token)).status).toBe(200);
    expect((await act(app, '/api/Employer/DeleteRecruiter', { Email: xInactive.email }, x.token)).status).toBe(200);
    expect((await staffOf(app, x)).map((r) => [r.email, r.status, r.name])).toEqual([[xRecruiter.email, 'active', 'Rex Name']]);
  });
});
