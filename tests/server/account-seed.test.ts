import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onFirstStart, DEMO_PASSWORD } from '../../server/seed.ts';
import { contactMessages, users } from '../../server/db/schema.ts';
import { AccountMessages, type CompletionStatus, type SessionData } from '../../src/contract/account.ts';
import type { RecruiterList, RecruiterProfile } from '../../src/contract/staff.ts';
import type { Documents } from '../../src/contract/documents.ts';
import type { ExperienceList } from '../../src/contract/jobseeker.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { accountApp, codeIn, get, inbox, lastMail, linkIn, passwordLogin, post } from './account-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await accountApp({ env: { DEMO_DATA: '1', PUBLIC_URL: 'https://jobs.example.com' } });
});
afterAll(async () => {
  await app.stop();
});

describe('demo accounts on first start', () => {
  it('creates two job seekers, a verified employer with a recruiter and a SuperAdmin once, prints their logins, and each can sign in', async () => {
    let printed = '';
    const created = await onFirstStart(app.ctx, (text) => (printed += text));
    expect(created).toEqual([
      'jobseeker@demo.local',
      'newcomer@demo.local',
      'employer@demo.local',
      'recruiter@demo.local',
      'admin@demo.local',
    ]);
    expect(printed).toContain('jobseeker@demo.local');
    expect(printed).toContain('newcomer@demo.local');
    expect(printed).toContain('employer@demo.local');
    expect(printed).toMatch(/Recruiter \(Demo Hiring Co\)\s+recruiter@demo\.local/);
    expect(printed).toContain('admin@demo.local');
    expect(printed).toContain('Demo-password-1');
    expect(printed).toContain('https://jobs.example.com/login');

    // A second start changes nothing.
    expect(await onFirstStart(app.ctx, (text) => (printed += text))).toEqual([]);
    // The back office has contact messages to read, one of them from the demo job seeker's account.
    const messages = await app.database.db.select().from(contactMessages);
    expect(messages).toHaveLength(5);
    expect(messages.filter((m) => m.userId !== null)).toEqual([expect.objectContaining({ email: 'jobseeker@demo.local' })]);
    // The four above, and the company's two recruiters (one of them deactivated); the demo
    // market's other employers own its jobs and the demo company's other applicants applied to
    // its jobs: none of them can sign in.
    const everyone = await app.database.db.select().from(users);
    expect(everyone.filter((u) => u.email.endsWith('@demo.local'))).toHaveLength(6);
    const others = everyone.filter((u) => !u.email.endsWith('@demo.local'));
    expect(
      others.every((u) => (u.role === 'Employer' || u.role === 'JobSeeker') && u.passwordHash === null && u.googleSubject === null),
    ).toBe(true);

    const seeker = await passwordLogin(app, 'jobseeker@demo.local', DEMO_PASSWORD);
    expect(seeker.status).toBe(200);
    expect(seeker.body.data.users.role).toBe('JobSeeker');
    const profile = await get<{ dateOfBirth: string }>(app, '/api/JobSeeker/Profile', seeker.body.data.accessToken);
    expect(profile.body.data.dateOfBirth).toBe('1995-04-12');
    // A lived-in profile: every section filled, the résumé included.
    const completion = await get<CompletionStatus>(app, '/api/Account/CompletionStatus', seeker.body.data.accessToken);
    expect(completion.body.data).toEqual({
      isCompleted: true,
      completedPercentage: 100,
      profileComplete: true,
      educationComplete: true,
      skillsComplete: true,
      experienceComplete: true,
      preferencesComplete: true,
      documentsComplete: true,
    });
    // The résumé is a real PDF whose text was read: it names skills the profile does not list yet.
    const documents = await get<Documents>(app, '/api/JobSeeker/documents', seeker.body.data.accessToken);
    expect(documents.body.data.resumes.map((r) => r.name)).toEqual(['Jordan-Rivera-Resume.pdf', 'None']);
    expect(documents.body.data.suggestedSkills.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Pallet jack operation', 'Shipping and receiving', 'OSHA 10', 'Leadership']),
    );
    const experience = await get<ExperienceList>(app, '/api/JobSeeker/experience', seeker.body.data.accessToken);
    expect(experience.body.data.jobsekerExps.map((e) => e.companyName)).toEqual(['Columbia Home Supply', 'Riverside Grocers']);

    const newcomer = await passwordLogin(app, 'newcomer@demo.local', DEMO_PASSWORD);
    const half = await get<number>(app, '/api/JobSeeker/ProfileCompletePercentage', newcomer.body.data.accessToken);
    expect(half.body.data).toBe(50);

    const employer = await passwordLogin(app, 'employer@demo.local', DEMO_PASSWORD);
    expect(employer.status).toBe(200);
    const me = await get<{ company: { name: string; verified: boolean } }>(app, '/api/Account/User', employer.body.data.accessToken);
    expect(me.body.data.company).toMatchObject({ name: 'Demo Hiring Co', verified: true });
    // The company's staff: an active recruiter, a deactivated one and a pending invitation.
    const staff = await get<RecruiterList>(app, '/api/Employer/RecruiterList', employer.body.data.accessToken);
    expect(staff.body.data.recruiters.map((r) => [r.email, r.status])).toEqual([
      ['recruiter@demo.local', 'active'],
      ['jamie.park@demo.local', 'inactive'],
      ['taylor.brooks@demo.local', 'invited'],
    ]);
    const recruiter = await passwordLogin(app, 'recruiter@demo.local', DEMO_PASSWORD);
    expect(recruiter.status).toBe(200);
    expect(recruiter.body.data.users.role).toBe('Recruiter');
    const details = await get<RecruiterProfile>(app, '/api/Recruiter/GetRecruiter', recruiter.body.data.accessToken);
    expect(details.body.data).toMatchObject({ firstName: 'Casey', jobTitle: 'Talent Partner', company: { name: 'Demo Hiring Co' } });
    const switchedOff = await passwordLogin(app, 'jamie.park@demo.local', DEMO_PASSWORD);
    expect(switchedOff.status).toBe(403);
    expect(switchedOff.body.message).toBe(AccountMessages.accountDeactivated);
    // The invitation mail is in the dev mailbox, with its accept link.
    const [invitation] = await inbox(app, 'taylor.brooks@demo.local');
    expect(linkIn(invitation!).path).toBe('/accept-invitation');

    // The demo SuperAdmin's password is right: the emailed code finishes the sign-in (the dev mailbox has it).
    const asked = await passwordLogin(app, 'admin@demo.local', DEMO_PASSWORD);
    expect(asked.body.state.code).toBe('auth.codeRequired');
    const code = codeIn(await lastMail(app, 'admin@demo.local'));
    const admin = await post<SessionData>(app, '/api/Account/Login', {
      email: 'admin@demo.local',
      password: DEMO_PASSWORD,
      isOtp: false,
      code,
    });
    expect(admin.status).toBe(200);
    expect(admin.body.data.users.role).toBe('SuperAdmin');
  }, 120_000);

  it('does nothing when demo data is off', async () => {
    const off = await accountApp({ env: { DEMO_DATA: '0' } });
    try {
      expect(await onFirstStart(off.ctx, () => {})).toEqual([]);
      expect(await off.database.db.select().from(users)).toHaveLength(0);
    } finally {
      await off.stop();
    }
  });
});
