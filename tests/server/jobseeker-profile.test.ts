import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionStatus, JobSeekerProfile } from '../../src/contract/account.ts';
import {
  MAX_SKILLS,
  ProfileMessages,
  type Education,
  type ExperienceList,
  type Preferences,
  type Skill,
} from '../../src/contract/jobseeker.ts';
import { jobSeekerSkills, storedFiles, users } from '../../server/db/schema.ts';
import type { TestApp } from '../support/server/test-app.ts';
import {
  accountApp,
  expectFailure,
  get,
  inbox,
  linkIn,
  passwordLogin,
  post,
  signedIn,
  uniqueEmail,
  verifiedJobSeeker,
} from './account-support.ts';
import { lookupRows } from './jobseeker-support.ts';

let app: TestApp;
let lookups: Awaited<ReturnType<typeof lookupRows>>;

/** A new verified job seeker and their access token. */
async function seeker(overrides: Record<string, unknown> = {}) {
  const email = await verifiedJobSeeker(app, uniqueEmail('seeker'), { dateOfBirth: '1996-02-03', ...overrides });
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
  return { email, id: row!.id, token: (await signedIn(app, email)).accessToken };
}

const thisYear = new Date().getFullYear();
const isoDaysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await accountApp();
  lookups = await lookupRows(app.database.db);
});
afterAll(async () => {
  await app.stop();
});

describe('UpdateProfile', () => {
  it('saves the name and stores the phone number as E.164, US by default', async () => {
    const me = await seeker();
    const answer = await post<JobSeekerProfile>(
      app,
      '/api/Account/UpdateProfile',
      { firstName: ' Maria ', lastName: 'Lopez', email: me.email, phoneNumber: '(503) 555-0123' },
      { token: me.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(ProfileMessages.profileSaved);
    expect(answer.body.data).toMatchObject({
      firstName: 'Maria',
      lastName: 'Lopez',
      email: me.email,
      pendingEmail: null,
      phoneNumber: '+15035550123',
    });
    expect((await get<JobSeekerProfile>(app, '/api/JobSeeker/Profile', me.token)).body.data.phoneNumber).toBe('+15035550123');
  });

  it('refuses a phone number that is not one, and an empty name, storing nothing', async () => {
    const me = await seeker();
    const bad = await post(
      app,
      '/api/Account/UpdateProfile',
      { firstName: '', lastName: 'Lopez', email: me.email, phoneNumber: '555-01' },
      { token: me.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.state.fieldErrors).toMatchObject({ firstName: ProfileMessages.firstName, phoneNumber: ProfileMessages.phone });
    const [row] = await app.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.phoneNumber).toBeNull();
    expect(row!.firstName).toBe('Dana');
  });

  it('keeps the old email in force until the link sent to the new one is opened', async () => {
    const me = await seeker();
    const newEmail = uniqueEmail('moved');
    const answer = await post<JobSeekerProfile>(
      app,
      '/api/Account/UpdateProfile',
      { firstName: 'Dana', lastName: 'Fields', email: newEmail, phoneNumber: '503-555-0199' },
      { token: me.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(ProfileMessages.emailChangeSent(newEmail));
    expect(answer.body.data).toMatchObject({ email: me.email, pendingEmail: newEmail });
    // Still the old address that signs in.
    expect((await passwordLogin(app, me.email)).status).toBe(200);
    expect((await passwordLogin(app, newEmail)).status).toBe(400);

    const [mail] = await inbox(app, newEmail);
    const link = linkIn(mail!);
    expect(link.email).toBe(newEmail);
    const opened = await post(app, '/api/Account/VerifyEmail', { email: link.email, token: link.token });
    expect(opened.status).toBe(200);

    expect((await passwordLogin(app, newEmail)).status).toBe(200);
    expect((await passwordLogin(app, me.email)).status).toBe(400);
    const profile = (await get<JobSeekerProfile>(app, '/api/JobSeeker/Profile', me.token)).body.data;
    expect(profile).toMatchObject({ email: newEmail, pendingEmail: null });
    // The old address is told, so a takeover does not go unnoticed.
    expect((await inbox(app, me.email)).some((m) => m.subject.includes('email was changed'))).toBe(true);
    // The link works once.
    expect((await post(app, '/api/Account/VerifyEmail', { email: link.email, token: link.token })).status).toBe(200);
  });

  it("refuses another account's email", async () => {
    const me = await seeker();
    const other = await seeker();
    const answer = await post(
      app,
      '/api/Account/UpdateProfile',
      { firstName: 'Dana', lastName: 'Fields', email: other.email, phoneNumber: '503-555-0199' },
      { token: me.token },
    );
    expectFailure(answer, 409, ProfileMessages.emailTaken);
    expect((await get<JobSeekerProfile>(app, '/api/JobSeeker/Profile', me.token)).body.data.pendingEmail).toBeNull();
  });
});

describe('skills', () => {
  it('adds by lookup id under both names, lists alphabetically, refuses duplicates and unknown ids, deletes', async () => {
    const me = await seeker();
    const [a, b] = lookups.skills;
    expect((await post<Skill[]>(app, '/api/Account/AddJobseekerSkill', { skill: a!.id }, { token: me.token })).status).toBe(200);
    const added = await post<Skill[]>(app, '/api/JobSeeker/skills', { skill: String(b!.id) }, { token: me.token });
    expect(added.body.data.map((s) => s.id).sort()).toEqual([a!.id, b!.id].sort());
    const names = added.body.data.map((s) => s.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect((await get<Skill[]>(app, '/api/Account/JobseekerSkills', me.token)).body.data).toEqual(added.body.data);
    expect((await get<Skill[]>(app, '/api/JobSeeker/skills', me.token)).body.data).toEqual(added.body.data);

    expectFailure(
      await post(app, '/api/Account/AddJobseekerSkill', { skill: a!.id }, { token: me.token }),
      409,
      ProfileMessages.skillDuplicate,
      'skill.duplicate',
    );
    expectFailure(
      await post(app, '/api/Account/AddJobseekerSkill', { skill: 987654321 }, { token: me.token }),
      400,
      ProfileMessages.skillUnknown,
    );
    expect((await post(app, '/api/Account/AddJobseekerSkill', { skill: 'piano' }, { token: me.token })).status).toBe(400);

    const left = await post<Skill[]>(app, '/api/Account/DeleteJobseekerSkill', { skill: a!.id }, { token: me.token });
    expect(left.body.data.map((s) => s.id)).toEqual([b!.id]);
    expectFailure(
      await post(app, '/api/Account/DeleteJobseekerSkill', { skill: a!.id }, { token: me.token }),
      400,
      ProfileMessages.skillMissing,
      'skill.notOnProfile',
    );
  });

  it(`keeps at most ${MAX_SKILLS}`, async () => {
    const me = await seeker();
    await app.database.db
      .insert(jobSeekerSkills)
      .values(lookups.skills.slice(0, MAX_SKILLS).map((s) => ({ userId: me.id, skillId: s.id })));
    const answer = await post(app, '/api/Account/AddJobseekerSkill', { skill: lookups.skills[MAX_SKILLS]!.id }, { token: me.token });
    expectFailure(answer, 400, ProfileMessages.skillLimit);
    expect((await get<Skill[]>(app, '/api/Account/JobseekerSkills', me.token)).body.data).toHaveLength(MAX_SKILLS);
  });
});

describe('education', () => {
  it('adds with the degree own level, lists newest completion first, updates and deletes', async () => {
    const me = await seeker();
    const [lower, higher] = lookups.degrees;
    const uni = lookups.universities[0]!;
    const first = await post<Education[]>(
      app,
      '/api/Account/AddJobseekerEducation',
      {
        degree: lower!.id,
        level: 7,
        completion: thisYear - 6,
        university: 'typed, replaced by the searched name',
        universityId: uni.id,
        focus: lookups.fields[0]!.id,
      },
      { token: me.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data[0]).toMatchObject({
      degreeId: lower!.id,
      degree: lower!.name,
      level: lower!.level,
      university: uni.name,
      universityId: uni.id,
      focus: lookups.fields[0]!.name,
    });
    const both = await post<Education[]>(
      app,
      '/api/JobSeeker/education',
      { degree: higher!.id, completion: thisYear - 1, university: 'Lakeside Community College' },
      { token: me.token },
    );
    expect(both.body.data.map((e) => e.completion)).toEqual([thisYear - 1, thisYear - 6]);
    expect(both.body.data[0]).toMatchObject({ university: 'Lakeside Community College', universityId: null, focus: null });

    const id = both.body.data[1]!.id;
    const updated = await post<Education[]>(
      app,
      '/api/Account/UpdateJobseekerEducation',
      { id, degree: lower!.id, completion: thisYear, university: 'Night School' },
      { token: me.token },
    );
    expect(updated.body.data.map((e) => e.university)).toEqual(['Night School', 'Lakeside Community College']);
    const deleted = await post<Education[]>(app, '/api/Account/DeleteJobseekerEducation', { id }, { token: me.token });
    expect(deleted.body.data).toHaveLength(1);
    expect((await get<Education[]>(app, '/api/Account/JobseekerEducation', me.token)).body.data).toEqual(deleted.body.data);
    expect((await get<Education[]>(app, '/api/JobSeeker/education', me.token)).body.data).toEqual(deleted.body.data);
  });

  it('refuses a year in the future, an unknown degree and a missing university, storing nothing', async () => {
    const me = await seeker();
    const degree = lookups.degrees[0]!.id;
    const future = await post(
      app,
      '/api/Account/AddJobseekerEducation',
      { degree, completion: thisYear + 1, university: 'State University' },
      { token: me.token },
    );
    expect(future.status).toBe(400);
    expect(future.body.state.fieldErrors).toMatchObject({ completion: ProfileMessages.completionYear });
    expectFailure(
      await post(
        app,
        '/api/Account/AddJobseekerEducation',
        { degree: 987654321, completion: 2010, university: 'State University' },
        { token: me.token },
      ),
      400,
      ProfileMessages.degree,
    );
    expect(
      (await post(app, '/api/Account/AddJobseekerEducation', { degree, completion: 2010, university: '' }, { token: me.token })).status,
    ).toBe(400);
    expect((await get<Education[]>(app, '/api/Account/JobseekerEducation', me.token)).body.data).toEqual([]);
  });
});

describe('experience', () => {
  const job = (overrides: Record<string, unknown> = {}) => ({
    companyName: 'Riverside Grocers',
    jobTitle: 'Shift Lead',
    startDate: '2019-05-01',
    endDate: '2022-08-31',
    currentEmployer: false,
    jobDescription: 'Opened the store and ran the morning shift.',
    salary: 19.5,
    salaryType: 'Hourly',
    skills: [],
    ...overrides,
  });

  it('adds, lists newest start first with skills and type, updates and deletes', async () => {
    const me = await seeker();
    const [s1, s2] = lookups.skills;
    const type = lookups.jobTypes[0]!;
    await post(app, '/api/Account/AddJobseekerExperience', job({ skills: [s1!.id, s2!.id], expTypeId: type.id }), { token: me.token });
    const answer = await post<ExperienceList>(
      app,
      '/api/JobSeeker/experience',
      job({
        companyName: 'Harbor Clinic',
        startDate: '2022-09-15',
        endDate: null,
        currentEmployer: true,
        salary: 62000,
        salaryType: 'Yearly',
      }),
      { token: me.token },
    );
    expect(answer.status).toBe(200);
    const [newest, older] = answer.body.data.jobsekerExps;
    expect(newest).toMatchObject({
      companyName: 'Harbor Clinic',
      currentEmployer: true,
      endDate: null,
      salary: 62000,
      salaryType: 'Yearly',
      salaryTypeName: 'Yearly',
    });
    expect(older).toMatchObject({ companyName: 'Riverside Grocers', salary: 19.5, expTypeId: type.id, expTypeName: type.name });
    expect(older!.skills.map((s) => s.id).sort()).toEqual([s1!.id, s2!.id].sort());

    const changed = await post<ExperienceList>(
      app,
      '/api/Account/UpdateJobseekerExperience',
      { ...job({ jobTitle: 'Store Manager', skills: [s2!.id] }), id: older!.id },
      { token: me.token },
    );
    expect(changed.body.data.jobsekerExps[1]).toMatchObject({ jobTitle: 'Store Manager', skills: [{ id: s2!.id, name: s2!.name }] });
    const left = await post<ExperienceList>(app, '/api/Account/DeleteJobseekerExperience', { id: older!.id }, { token: me.token });
    expect(left.body.data.jobsekerExps.map((e) => e.companyName)).toEqual(['Harbor Clinic']);
    expect((await get<ExperienceList>(app, '/api/Account/JobseekerExperience', me.token)).body.data).toEqual(left.body.data);
  });

  it('keeps the dates in order: end after start, none while current, no start in the future', async () => {
    const me = await seeker();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ endDate: '2019-04-01' }, 'endDate', ProfileMessages.endDate],
      [{ currentEmployer: true }, 'endDate', ProfileMessages.endWhileCurrent],
      [{ endDate: null }, 'endDate', ProfileMessages.endDateRequired],
      [{ startDate: isoDaysFromToday(10), endDate: null, currentEmployer: true }, 'startDate', ProfileMessages.startDate],
      [{ salary: -1 }, 'salary', ProfileMessages.salary],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await post(app, '/api/Account/AddJobseekerExperience', job(overrides), { token: me.token });
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.state.fieldErrors?.[field]).toBe(message);
    }
    expectFailure(
      await post(app, '/api/Account/AddJobseekerExperience', job({ skills: [987654321] }), { token: me.token }),
      400,
      ProfileMessages.skillUnknown,
    );
    expect((await get<ExperienceList>(app, '/api/Account/JobseekerExperience', me.token)).body.data.jobsekerExps).toEqual([]);
  });

  it('IsFresher completes the section until a first job is added', async () => {
    const me = await seeker();
    const fresher = await post<ExperienceList>(app, '/api/JobSeeker/experience?IsFresher=true', undefined, { token: me.token });
    expect(fresher.body.data).toEqual({ isFresher: true, jobsekerExps: [] });
    expect((await get<CompletionStatus>(app, '/api/Account/CompletionStatus', me.token)).body.data.experienceComplete).toBe(true);
    const withJob = await post<ExperienceList>(app, '/api/Account/AddJobseekerExperience', job(), { token: me.token });
    expect(withJob.body.data.isFresher).toBe(false);
    expect((await get<CompletionStatus>(app, '/api/Account/CompletionStatus', me.token)).body.data.experienceComplete).toBe(true);
  });
});

describe('preferences', () => {
  const places = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      name: `Place ${i + 1}, WA`,
      city: `Place ${i + 1}`,
      state: 'WA',
      latitude: 45.6 + i / 100,
      longitude: -122.6,
    }));

  it('saves and answers them under both names, places in order', async () => {
    const me = await seeker();
    const body = {
      locations: places(2),
      employmentType: lookups.jobTypes[1]!.id,
      scheduleType: lookups.schedules[0]!.id,
      salary: 24,
      salaryType: 'Hourly',
      additionalCompensation: 16 | 256,
    };
    const saved = await post<Preferences>(app, '/api/Account/UpdateJobseekerPreferences', body, { token: me.token });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      locations: places(2),
      employmentType: lookups.jobTypes[1]!.id,
      employmentTypeName: lookups.jobTypes[1]!.name,
      scheduleTypeName: lookups.schedules[0]!.name,
      salary: 24,
      additionalCompensation: 272,
    });
    expect((await get<Preferences>(app, '/api/JobSeeker/preference', me.token)).body.data).toEqual(saved.body.data);
    const moved = await post<Preferences>(app, '/api/JobSeeker/preference', { ...body, locations: places(1) }, { token: me.token });
    expect((await get<Preferences>(app, '/api/Account/JobseekerPreferences', me.token)).body.data.locations).toEqual(
      moved.body.data.locations,
    );
  });

  it('lets employers find the seeker until the seeker switches it off, and keeps the choice', async () => {
    const me = await seeker();
    expect((await get<Preferences>(app, '/api/Account/JobseekerPreferences', me.token)).body.data.findable).toBe(true);
    const off = await post<Preferences>(
      app,
      '/api/Account/UpdateJobseekerPreferences',
      { locations: places(1), findable: false },
      { token: me.token },
    );
    expect(off.body.data.findable).toBe(false);
    expect((await get<Preferences>(app, '/api/JobSeeker/preference', me.token)).body.data.findable).toBe(false);
    const on = await post<Preferences>(app, '/api/JobSeeker/preference', { locations: places(1), findable: true }, { token: me.token });
    expect(on.body.data.findable).toBe(true);
    expect((await post(app, '/api/JobSeeker/preference', { findable: 'maybe' }, { token: me.token })).status).toBe(400);
  });

  it('refuses six places, "none" with other pay, and an unknown job type', async () => {
    const me = await seeker();
    const six = await post(app, '/api/Account/UpdateJobseekerPreferences', { locations: places(6) }, { token: me.token });
    expect(six.status).toBe(400);
    expect(six.body.state.errors).toContain(ProfileMessages.locations);
    const none = await post(app, '/api/Account/UpdateJobseekerPreferences', { additionalCompensation: 512 | 1 }, { token: me.token });
    expect(none.body.state.errors).toContain(ProfileMessages.compensationNone);
    expectFailure(
      await post(app, '/api/Account/UpdateJobseekerPreferences', { employmentType: 987654321 }, { token: me.token }),
      400,
      ProfileMessages.jobTypeUnknown,
    );
    expect((await get<Preferences>(app, '/api/Account/JobseekerPreferences', me.token)).body.data.locations).toEqual([]);
  });
});

describe('completion', () => {
  it('recalculates after every change, over six equal sections', async () => {
    const me = await seeker();
    const percentage = async () => (await get<number>(app, '/api/JobSeeker/ProfileCompletePercentage', me.token)).body.data;
    expect(await percentage()).toBe(0);
    await post(
      app,
      '/api/Account/UpdateProfile',
      { firstName: 'Dana', lastName: 'Fields', email: me.email, phoneNumber: '5035550100' },
      { token: me.token },
    );
    expect(await percentage()).toBe(17);
    await post(app, '/api/Account/AddJobseekerSkill', { skill: lookups.skills[0]!.id }, { token: me.token });
    expect(await percentage()).toBe(33);
    await post(
      app,
      '/api/Account/AddJobseekerEducation',
      { degree: lookups.degrees[0]!.id, completion: 2015, university: 'Clark College' },
      { token: me.token },
    );
    expect(await percentage()).toBe(50);
    await post(app, '/api/JobSeeker/experience?IsFresher=true', undefined, { token: me.token });
    expect(await percentage()).toBe(67);
    const place = { name: 'Vancouver, WA', latitude: 45.628, longitude: -122.6739 };
    await post(
      app,
      '/api/Account/UpdateJobseekerPreferences',
      { locations: [place], employmentType: lookups.jobTypes[0]!.id },
      { token: me.token },
    );
    expect(await percentage()).toBe(67);
    await post(
      app,
      '/api/Account/UpdateJobseekerPreferences',
      { locations: [place], employmentType: lookups.jobTypes[0]!.id, scheduleType: lookups.schedules[0]!.id },
      { token: me.token },
    );
    expect(await percentage()).toBe(83);
    await app.database.db.insert(storedFiles).values({
      purpose: 'resume',
      ownerId: me.id,
      storageKey: `k-${me.id}`,
      originalName: 'resume.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
    });
    const status = (await get<CompletionStatus>(app, '/api/Account/CompletionStatus', me.token)).body.data;
    expect(status).toEqual({
      isCompleted: true,
      completedPercentage: 100,
      profileComplete: true,
      educationComplete: true,
      skillsComplete: true,
      experienceComplete: true,
      preferencesComplete: true,
      documentsComplete: true,
    });
  });
});

describe("one seeker's entries are theirs alone", () => {
  it('another seeker can neither see, change nor delete them (404, ids not confirmed)', async () => {
    const a = await seeker();
    const b = await seeker();
    const edu = (
      await post<Education[]>(
        app,
        '/api/Account/AddJobseekerEducation',
        { degree: lookups.degrees[0]!.id, completion: 2012, university: 'Clark College' },
        { token: a.token },
      )
    ).body.data[0]!;
    const exp = (
      await post<ExperienceList>(
        app,
        '/api/Account/AddJobseekerExperience',
        { companyName: 'Acme', jobTitle: 'Clerk', startDate: '2015-01-01', endDate: '2016-01-01' },
        { token: a.token },
      )
    ).body.data.jobsekerExps[0]!;
    await post(app, '/api/Account/AddJobseekerSkill', { skill: lookups.skills[0]!.id }, { token: a.token });

    expect((await get<Education[]>(app, '/api/Account/JobseekerEducation', b.token)).body.data).toEqual([]);
    expect((await get<ExperienceList>(app, '/api/Account/JobseekerExperience', b.token)).body.data.jobsekerExps).toEqual([]);
    expect((await get<Skill[]>(app, '/api/Account/JobseekerSkills', b.token)).body.data).toEqual([]);

    expectFailure(
      await post(
        app,
        '/api/Account/UpdateJobseekerEducation',
        { id: edu.id, degree: lookups.degrees[0]!.id, completion: 2013, university: 'Hijack U' },
        { token: b.token },
      ),
      404,
      ProfileMessages.entryMissing,
    );
    expectFailure(
      await post(app, '/api/Account/DeleteJobseekerEducation', { id: edu.id }, { token: b.token }),
      404,
      ProfileMessages.entryMissing,
    );
    expectFailure(
      await post(
        app,
        '/api/Account/UpdateJobseekerExperience',
        { id: exp.id, companyName: 'Hijack', jobTitle: 'Clerk', startDate: '2015-01-01', endDate: '2016-01-01' },
        { token: b.token },
      ),
      404,
      ProfileMessages.entryMissing,
    );
    expectFailure(
      await post(app, '/api/Account/DeleteJobseekerExperience', { id: exp.id }, { token: b.token }),
      404,
      ProfileMessages.entryMissing,
    );
    expectFailure(
      await post(app, '/api/Account/DeleteJobseekerSkill', { skill: lookups.skills[0]!.id }, { token: b.token }),
      400,
      ProfileMessages.skillMissing,
    );

    // Still there, unchanged, for their owner.
    expect((await get<Education[]>(app, '/api/Account/JobseekerEducation', a.token)).body.data).toEqual([edu]);
    expect((await get<ExperienceList>(app, '/api/Account/JobseekerExperience', a.token)).body.data.jobsekerExps).toEqual([exp]);
    expect((await get<Skill[]>(app, '/api/Account/JobseekerSkills', a.token)).body.data).toHaveLength(1);
  });
});
