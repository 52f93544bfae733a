import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, type SessionData } from '../../src/contract/account.ts';
import type { Invitation } from '../../src/contract/invitations.ts';
import { StaffMessages, type RecruiterProfile } from '../../src/contract/staff.ts';
import { companies, recruiterInvitations, refreshTokens } from '../../server/db/schema.ts';
import type { TestApp } from '../support/server/test-app.ts';
import {
  DAY,
  MINUTE,
  expectFailure,
  get,
  inbox,
  lastMail,
  linkIn,
  passwordLogin,
  post,
  PASSWORD,
  uniqueEmail,
  verifiedJobSeeker,
  type testClock,
} from './account-support.ts';
import {
  accept,
  act,
  invitationToken,
  invite,
  joinedRecruiter,
  staffApp,
  staffOf,
  userRow,
  verifiedEmployer,
  type Member,
} from './staff-support.ts';

let app: TestApp;
let clock: ReturnType<typeof testClock>;
let employer: Member & { companyId: string };

beforeAll(async () => {
  ({ app, clock } = await staffApp());
  employer = await verifiedEmployer(app, 'Northwind Traders LLC', 'Robin');
});
afterAll(async () => {
  await app.stop();
});

const lookup = (token: string) => get<Invitation>(app, `/api/Account/Invitation?token=${encodeURIComponent(token)}`);

/** Nothing was made for the address: no account, and the invitation (if any) still open. */
async function nothingCreatedFor(email: string) {
  expect(await userRow(app, email)).toBeUndefined();
}

describe('InviteRecruiter', () => {
  it('mails an accept link valid 7 days and lists the invitation as invited', async () => {
    const email = uniqueEmail('invitee');
    const answer = await invite(app, employer, {
      email: ` ${email.toUpperCase()} `,
      firstName: 'Casey',
      lastName: 'Nguyen',
      jobTitle: 'Talent Partner',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(StaffMessages.invited(email));
    expect(answer.body.data.resent).toBe(false);
    expect(answer.body.data.recruiter).toMatchObject({
      email,
      name: 'Casey Nguyen',
      jobTitle: 'Talent Partner',
      status: 'invited',
      expired: false,
      joinedAt: null,
    });
    const { sentAt, expiresAt } = answer.body.data.recruiter;
    expect(Date.parse(expiresAt!) - Date.parse(sentAt!)).toBe(7 * DAY);

    const mail = await lastMail(app, email);
    expect(mail.subject).toBe('Robin Hale invited you to join Northwind Traders LLC on Job Marketplace');
    expect(mail.text).toContain('expires in 7 days');
    const link = linkIn(mail);
    expect(link.href.startsWith(`${app.ctx.config.publicUrl}/accept-invitation?token=`)).toBe(true);

    const shown = await lookup(link.token);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({
      email,
      companyName: 'Northwind Traders LLC',
      inviterName: 'Robin Hale',
      firstName: 'Casey',
      lastName: 'Nguyen',
      jobTitle: 'Talent Partner',
      expiresAt,
    });
    expect((await staffOf(app, employer)).filter((r) => r.email === email)).toEqual([answer.body.data.recruiter]);
  });

  it('refuses an invalid email, and one’s own', async () => {
    const bad = await invite(app, employer, { email: 'not-an-email' });
    expectFailure(bad, 400, AccountMessages.email);
    expect(bad.body.state.fieldErrors).toMatchObject({ email: AccountMessages.email });
    const own = await invite(app, employer, { email: employer.email.toUpperCase() });
    expectFailure(own, 400, StaffMessages.ownEmail);
    expect(own.body.state.fieldErrors).toMatchObject({ email: StaffMessages.ownEmail });
    expect(await inbox(app, employer.email)).toEqual([]);
  });

  it('refuses an email that already belongs to an account, whoever’s it is', async () => {
    const seeker = await verifiedJobSeeker(app);
    const refused = await invite(app, employer, { email: seeker });
    expectFailure(refused, 409, StaffMessages.emailHasAccount, 'invitation.emailHasAccount');
    expect(refused.body.state.fieldErrors).toMatchObject({ email: StaffMessages.emailHasAccount });

    const other = await verifiedEmployer(app, 'Fabrikam Inc', 'Sky');
    const theirs = await joinedRecruiter(app, other);
    expectFailure(await invite(app, employer, { email: theirs.email }), 409, StaffMessages.emailHasAccount);
    expect((await staffOf(app, employer)).map((r) => r.email)).not.toContain(theirs.email);
  });

  it('sends again with a new link and a new 7 days; the earlier link stops working', async () => {
    const email = uniqueEmail('again');
    const before = await invite(app, employer, { email, firstName: 'Jo', jobTitle: 'Sourcer' });
    const first = await invitationToken(app, email);
    clock.advance(3 * DAY);
    const again = await invite(app, employer, { email, lastName: 'Ortiz' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(StaffMessages.resent(email));
    expect(again.body.data.resent).toBe(true);
    // What was not given again stays as it was.
    expect(again.body.data.recruiter).toMatchObject({ name: 'Jo Ortiz', jobTitle: 'Sourcer', status: 'invited' });
    const { sentAt, expiresAt } = again.body.data.recruiter;
    expect(Date.parse(sentAt!) - Date.parse(before.body.data.recruiter.sentAt!)).toBeGreaterThanOrEqual(3 * DAY);
    expect(Date.parse(expiresAt!) - Date.parse(sentAt!)).toBe(7 * DAY);
    expect(await inbox(app, email)).toHaveLength(2);
    const second = await invitationToken(app, email);
    expect(second).not.toBe(first);

    expectFailure(await lookup(first), 404, StaffMessages.invitationInvalid, 'invitation.notFound');
    expectFailure(await accept(app, first), 404, StaffMessages.invitationInvalid, 'invitation.notFound');
    await nothingCreatedFor(email);
    expect((await staffOf(app, employer)).filter((r) => r.email === email)).toHaveLength(1);
    // Valid beyond the first link's 7 days.
    clock.advance(5 * DAY);
    expect((await lookup(second)).status).toBe(200);
  });

  it('allows at most 20 invitations an hour per employer', async () => {
    const busy = await verifiedEmployer(app, 'Busy Bees LLC', 'Bea');
    for (let i = 0; i < 20; i++) expect((await invite(app, busy, { email: uniqueEmail(`bulk${i}`) })).status).toBe(200);
    const refused = await invite(app, busy, { email: uniqueEmail('bulk-over') });
    expectFailure(refused, 429, AccountMessages.tooManyRequests);
    // Another employer is not held back.
    expect((await invite(app, employer, { email: uniqueEmail('unaffected') })).status).toBe(200);
  });
});

describe('RevokeInvitation', () => {
  it('withdraws a pending invitation: off the list, and its link says so', async () => {
    const email = uniqueEmail('revoked');
    await invite(app, employer, { email });
    const token = await invitationToken(app, email);
    const revoked = await act(app, '/api/Employer/RevokeInvitation', { Email: email.toUpperCase() }, employer.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(StaffMessages.revoked(email));
    expect((await staffOf(app, employer)).map((r) => r.email)).not.toContain(email);
    expectFailure(await lookup(token), 410, StaffMessages.invitationRevoked, 'invitation.gone');
    expectFailure(await accept(app, token), 410, StaffMessages.invitationRevoked, 'invitation.gone');
    await nothingCreatedFor(email);
    expectFailure(await act(app, '/api/Employer/RevokeInvitation', { Email: email }, employer.token), 404, StaffMessages.noInvitation);
    // Invited again: a fresh invitation with a link that works.
    await invite(app, employer, { email });
    expect((await lookup(await invitationToken(app, email))).status).toBe(200);
  });
});

describe('AcceptInvitation', () => {
  it('makes a verified recruiter of the company and signs them in', async () => {
    const email = uniqueEmail('joining');
    await invite(app, employer, { email, jobTitle: 'Talent Partner' });
    const token = await invitationToken(app, email);
    const answer = await accept(app, token, { firstName: ' Casey ', lastName: 'Nguyen' });
    expect(answer.status).toBe(201);
    const session: SessionData = answer.body.data;
    expect(session).toMatchObject({
      expiresIn: 900,
      remember: false,
      users: { email, firstName: 'Casey', lastName: 'Nguyen', role: 'Recruiter' },
    });
    expect(session.accessToken).toEqual(expect.any(String));

    const row = (await userRow(app, email))!;
    expect(row).toMatchObject({
      role: 'Recruiter',
      companyId: employer.companyId,
      invitedBy: employer.id,
      jobTitle: 'Talent Partner',
      disabled: false,
      deactivatedAt: null,
    });
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row.termsAcceptedAt).toBeInstanceOf(Date);
    const [invitation] = await app.database.db.select().from(recruiterInvitations).where(eq(recruiterInvitations.acceptedUserId, row.id));
    expect(invitation!.acceptedAt).toBeInstanceOf(Date);

    const me = await get<RecruiterProfile>(app, '/api/Recruiter/GetRecruiter', session.accessToken);
    expect(me.body.data).toEqual({
      email,
      firstName: 'Casey',
      lastName: 'Nguyen',
      jobTitle: 'Talent Partner',
      phoneNumber: null,
      company: { id: employer.companyId, name: 'Northwind Traders LLC' },
    });
    // The session is a real one: it refreshes, and the password signs in.
    expect((await post(app, '/api/Account/RefreshToken', { refreshToken: session.refreshToken })).status).toBe(200);
    expect((await passwordLogin(app, email, PASSWORD)).status).toBe(200);
    expect((await staffOf(app, employer)).find((r) => r.email === email)).toMatchObject({
      status: 'active',
      name: 'Casey Nguyen',
      sentAt: null,
    });
  });

  it('works once: a second use says the invitation was accepted', async () => {
    const email = uniqueEmail('twice');
    await invite(app, employer, { email });
    const token = await invitationToken(app, email);
    expect((await accept(app, token)).status).toBe(201);
    expectFailure(await accept(app, token, { firstName: 'Mallory' }), 410, StaffMessages.invitationUsed, 'invitation.gone');
    expectFailure(await lookup(token), 410, StaffMessages.invitationUsed, 'invitation.gone');
    expect((await userRow(app, email))!.firstName).toBe('Casey');
  });

  it('refuses an expired link and creates nothing', async () => {
    const email = uniqueEmail('late');
    await invite(app, employer, { email });
    const token = await invitationToken(app, email);
    clock.advance(7 * DAY - MINUTE);
    expect((await lookup(token)).status).toBe(200);
    clock.advance(2 * MINUTE);
    expectFailure(await lookup(token), 410, StaffMessages.invitationExpired, 'invitation.gone');
    expectFailure(await accept(app, token), 410, StaffMessages.invitationExpired, 'invitation.gone');
    await nothingCreatedFor(email);
    expect((await staffOf(app, employer)).find((r) => r.email === email)).toMatchObject({ status: 'invited', expired: true });
  });

  it('refuses a deleted recruiter’s old link', async () => {
    const email = uniqueEmail('deleted');
    await invite(app, employer, { email });
    const token = await invitationToken(app, email);
    expect((await accept(app, token)).status).toBe(201);
    expect((await act(app, '/api/Employer/DeleteRecruiter', { Email: email }, employer.token)).status).toBe(200);
    expectFailure(await accept(app, token), 410, StaffMessages.invitationInvalid, 'invitation.gone');
    expectFailure(await lookup(token), 410, StaffMessages.invitationInvalid, 'invitation.gone');
  });

  it('refuses an unknown token, and a bad name or password, creating nothing', async () => {
    expectFailure(await lookup('no-such-token'), 404, StaffMessages.invitationInvalid, 'invitation.notFound');
    expectFailure(await accept(app, 'no-such-token'), 404, StaffMessages.invitationInvalid, 'invitation.notFound');
    expect((await get(app, '/api/Account/Invitation')).status).toBe(400);

    const email = uniqueEmail('weak');
    await invite(app, employer, { email });
    const token = await invitationToken(app, email);
    const weak = await accept(app, token, { password: 'short', firstName: '', acceptTerms: false });
    expect(weak.status).toBe(400);
    expect(weak.body.state.fieldErrors).toMatchObject({
      password: AccountMessages.passwordLength,
      firstName: StaffMessages.firstName,
      acceptTerms: AccountMessages.terms,
    });
    await nothingCreatedFor(email);
    // The link still works once the form is right.
    expect((await accept(app, token)).status).toBe(201);
  });

  it('refuses when the address got an account meanwhile, and keeps the invitation open', async () => {
    const email = uniqueEmail('meanwhile');
    await invite(app, employer, { email });
    const token = await invitationToken(app, email);
    await verifiedJobSeeker(app, email);
    expectFailure(await accept(app, token), 409, StaffMessages.emailHasAccount, 'invitation.emailHasAccount');
    expect((await userRow(app, email))!.role).toBe('JobSeeker');
    expect((await staffOf(app, employer)).find((r) => r.email === email)?.status).toBe('invited');
  });

  it('refuses while the company may not take recruiters', async () => {
    const closing = await verifiedEmployer(app, 'Closing Soon LLC', 'Cai');
    const email = uniqueEmail('closing');
    await invite(app, closing, { email });
    const token = await invitationToken(app, email);
    await app.database.db.update(companies).set({ blacklisted: true }).where(eq(companies.id, closing.companyId));
    expectFailure(await lookup(token), 403, StaffMessages.companyUnavailable);
    expectFailure(await accept(app, token), 403, StaffMessages.companyUnavailable);
    await nothingCreatedFor(email);
  });

  it('signs in with a refresh token family of its own', async () => {
    const recruiter = await joinedRecruiter(app, employer, 'Remy');
    const rows = await app.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, recruiter.id));
    expect(rows).toHaveLength(1);
  });
});
