import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '../../src/contract/account.ts';
import { AdminMessages } from '../../src/contract/admin.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { adminAudit } from '../../server/db/schema.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { MINUTE, codeIn, inbox, lastMail, post } from './account-support.ts';
import {
  adminLogin,
  adminSignedIn,
  expectField,
  expectOk,
  expectRefused,
  officeApp,
  officeCalls,
  officeWorld,
  type OfficeCalls,
  type OfficeWorld,
} from './admin-office-support.ts';

// The administrator's own details: name and phone with an audit entry, and an email change that
// the emailed code confirms.

let app: TestApp;
let clock: Awaited<ReturnType<typeof officeApp>>['clock'];
let w: OfficeWorld;
let office: OfficeCalls;
beforeAll(async () => {
  ({ app, clock } = await officeApp());
  w = await officeWorld(app);
  office = officeCalls(app);
}, 60_000);
afterAll(async () => app?.stop());

const entriesOf = (adminId: string) => app.database.db.select().from(adminAudit).where(eq(adminAudit.adminId, adminId));

describe('GetAdminDetails and UpdateAdminDetails', () => {
  it('answers the signed-in administrator’s own details', async () => {
    const details = expectOk(await office.details(w.superAdmin));
    expect(details).toMatchObject({
      id: w.superAdmin.id,
      email: w.superAdmin.email,
      firstName: 'Morgan',
      lastName: 'Admin',
      phoneNumber: null,
      pendingEmail: null,
    });
    expect(Date.parse(details.createdAt)).not.toBeNaN();
    // Another administrator sees their own.
    expect(expectOk(await office.details(w.otherAdmin)).firstName).toBe('Avery');
  });

  it('changes the name and phone, and the change and its audit entry commit together', async () => {
    const answer = await office.updateDetails(w.superAdmin, { firstName: ' Morgan ', lastName: 'Reyes', phoneNumber: '(360) 555-0142' });
    const { details, message } = expectOk(answer);
    expect(message).toBe(AdminMessages.detailsSaved);
    expect(answer.body.message).toBe(AdminMessages.detailsSaved);
    expect(details).toMatchObject({ firstName: 'Morgan', lastName: 'Reyes', phoneNumber: '+13605550142' });
    expect(expectOk(await office.details(w.superAdmin))).toMatchObject({ lastName: 'Reyes', phoneNumber: '+13605550142' });

    const [entry] = await entriesOf(w.superAdmin.id!);
    expect(entry).toMatchObject({
      action: 'admin.updateDetails',
      targetType: 'admin',
      targetId: w.superAdmin.id,
      targetName: 'Morgan Reyes',
      companyId: null,
      before: { firstName: 'Morgan', lastName: 'Admin', phoneNumber: null },
      after: { firstName: 'Morgan', lastName: 'Reyes', phoneNumber: '+13605550142' },
    });

    // An empty phone removes it.
    expect(
      expectOk(await office.updateDetails(w.superAdmin, { firstName: 'Morgan', lastName: 'Reyes', phoneNumber: '' })).details.phoneNumber,
    ).toBeNull();
    expect(await entriesOf(w.superAdmin.id!)).toHaveLength(2);
  });

  it('refuses a missing or long name and a phone that is not one, with the field named, and changes nothing', async () => {
    const before = expectOk(await office.details(w.otherAdmin));
    expectField(
      await office.updateDetails(w.otherAdmin, { firstName: '', lastName: 'A', phoneNumber: '' }),
      'firstName',
      AdminMessages.firstName,
    );
    expectField(
      await office.updateDetails(w.otherAdmin, { firstName: 'A', lastName: 'x'.repeat(101), phoneNumber: '' }),
      'lastName',
      AdminMessages.lastName,
    );
    const phone = await office.updateDetails(w.otherAdmin, { firstName: 'A', lastName: 'B', phoneNumber: '12' });
    expectRefused(phone, 400, undefined, 'request.invalid');
    expect(Object.keys(phone.body.state.fieldErrors ?? {})).toEqual(['phoneNumber']);
    expect(expectOk(await office.details(w.otherAdmin))).toEqual(before);
    expect(await entriesOf(w.otherAdmin.id!)).toHaveLength(0);
  });
});

describe('changing the administrator’s email', () => {
  it('mails a code to the new address, keeps it pending, and the code changes it: one audit entry, the old address told', async () => {
    const admin = await w.admin('SuperAdmin', 'Quinn');
    const next = `quinn.new.${Date.now()}@example.com`;
    const asked = await office.requestEmail(admin, { email: next.toUpperCase() });
    expect(expectOk(asked)).toBe(AdminMessages.emailCodeSent(next));
    expect(asked.body.message).toBe(AdminMessages.emailCodeSent(next));
    expect(expectOk(await office.details(admin))).toMatchObject({ email: admin.email, pendingEmail: next });
    const mail = await lastMail(app, next);
    expect(mail.subject).toMatch(/email change code/);
    const code = codeIn(mail);

    // The code confirms this change only: it does not sign anyone in with the new address.
    expectRefused(await post(app, '/api/Account/Login', { email: next, password: code, isOtp: true }), 400, AccountMessages.invalidCode);
    const wrong = code === '000000' ? '111111' : '000000';
    expectRefused(await office.confirmEmail(admin, { email: next, code: wrong }), 400, AccountMessages.invalidCode, 'auth.invalidCode');

    const confirmed = await office.confirmEmail(admin, { email: next, code });
    expect(expectOk(confirmed).details).toMatchObject({ email: next, pendingEmail: null });
    expect(confirmed.body.message).toBe(AdminMessages.emailChanged);
    const [entry] = await entriesOf(admin.id!);
    expect(entry).toMatchObject({
      action: 'admin.changeEmail',
      targetType: 'admin',
      targetId: admin.id,
      before: { email: admin.email },
      after: { email: next },
    });
    expect((await lastMail(app, admin.email)).subject).toMatch(/email was changed/);

    // Still signed in; the next sign-in uses the new address (with its code), the old one no longer.
    expect(expectOk(await office.details(admin)).email).toBe(next);
    expect((await adminSignedIn(app, next)).users.email).toBe(next);
    expect((await adminLogin(app, admin.email)).status).toBe(400);
    // The code was used once.
    expectRefused(await office.confirmEmail(admin, { email: next, code }), 400, AccountMessages.invalidCode);
  });

  it('refuses an address another account has (409), the current one, and a code for an address not asked for', async () => {
    const admin = await w.admin('SuperAdmin', 'Sasha');
    expectRefused(await office.requestEmail(admin, { email: w.seeker.email }), 409, ProfileMessages.emailTaken);
    expectRefused(await office.requestEmail(admin, { email: admin.email }), 400, AdminMessages.emailSame);
    expectField(await office.requestEmail(admin, { email: 'not-an-email' }), 'email', AccountMessages.email);
    expect(expectOk(await office.details(admin)).pendingEmail).toBeNull();
    expect(await inbox(app, w.seeker.email)).toHaveLength(0);

    expectRefused(await office.confirmEmail(admin, { email: 'never.asked@example.com', code: '123456' }), 400, AccountMessages.invalidCode);
    expectField(await office.confirmEmail(admin, { email: 'never.asked@example.com', code: '12345' }), 'code', AccountMessages.otp);
    expect(await entriesOf(admin.id!)).toHaveLength(0);
  });

  it('sends one code a minute; an address taken meanwhile is refused at confirmation', async () => {
    const admin = await w.admin('SuperAdmin', 'Toni');
    const next = `toni.new.${Date.now()}@example.com`;
    expectOk(await office.requestEmail(admin, { email: next }));
    expectRefused(await office.requestEmail(admin, { email: next }), 429, AccountMessages.otpResendWait, 'rate.limited');
    clock.advance(MINUTE + 1000);
    expectOk(await office.requestEmail(admin, { email: next }));
    const code = codeIn(await lastMail(app, next));

    // Someone registers the address before the administrator confirms it.
    await w.person('JobSeeker', 'late registrant', { email: next });
    expectRefused(await office.confirmEmail(admin, { email: next, code }), 409, ProfileMessages.emailTaken);
    expect(expectOk(await office.details(admin)).email).toBe(admin.email);
    expect(await entriesOf(admin.id!)).toHaveLength(0);
  });
});
