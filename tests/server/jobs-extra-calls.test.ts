import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, contactMessages, jobAlertSubscriptions, outbox, storedFiles } from '../../server/db/schema.ts';
import { CONTACT_LIMIT, SUBSCRIBE_LIMIT } from '../../server/jobs/routes.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import { ContactMessages, MAX_CONTACT_MESSAGE, type JobAlert } from '../../src/contract/contact.ts';
import { JobMessages, type ResumeTracking } from '../../src/contract/jobs.ts';
import { inbox } from './account-support.ts';
import { expectOk, expectRefused, jobsApp, type Answer, type Caller, type JobsWorld } from './jobs-support.ts';

let t: JobsWorld;
let ipSeq = 0;
/** A fresh address per test, so the limits of one test do not reach the next. */
const freshIp = () => `203.0.113.${++ipSeq}`;

beforeAll(async () => {
  t = await jobsApp();
});
afterAll(async () => t?.f.stop());

async function post<T>(url: string, caller: Caller | null, json?: unknown, ip = freshIp()): Promise<Answer<T>> {
  const res = await t.f.app.inject({
    method: 'POST',
    url,
    headers: caller?.token ? { authorization: `Bearer ${caller.token}` } : {},
    ...(json !== undefined ? { payload: json as object } : {}),
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

const track = (c: Caller, body?: unknown) => post<ResumeTracking>('/api/JobSeeker/ResumeTracking', c, body);
const subscribe = (body: unknown, ip?: string) => post<JobAlert>('/api/job/Subscribe', null, body, ip);
const unsubscribe = (token: unknown) => post<null>('/api/job/Unsubscribe', null, { token });
const contact = (body: unknown, caller: Caller | null = null, ip?: string) => post<null>('/api/job/ConnectWithUs', caller, body, ip);

const db = () => t.f.app.database.db;
const alertsOf = (email: string) => db().select().from(jobAlertSubscriptions).where(eq(jobAlertSubscriptions.email, email));
const contactsFrom = (email: string) => db().select().from(contactMessages).where(eq(contactMessages.email, email));

function expectFieldError(answer: Answer, field: string, message: string) {
  expectRefused(answer, 400, message);
  expect((answer.body.state as { fieldErrors?: Record<string, string> }).fieldErrors).toEqual({ [field]: message });
}

// ---------- ResumeTracking ----------

describe('ResumeTracking (POST JobSeeker/ResumeTracking)', () => {
  it('lists each resume, newest first, with the applications it was sent with and their status now', async () => {
    const older = await t.document(t.w.seekerA, 'resume', 'Warehouse resume.pdf');
    const newer = await t.document(t.w.seekerA, 'resume', 'Office resume.pdf');
    await db()
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(storedFiles.id, older));
    const picker = await t.jobs.create('Forklift Driver');
    const clerk = await t.jobs.create('Front Desk Clerk', {}, { company: 'y' });
    const closed = await t.jobs.create('Night Stocker');
    const first = expectOk(await t.calls.apply(t.w.seekerA, { jobId: picker, resumeId: older, workAuthorization: true }), 201);
    const second = expectOk(await t.calls.apply(t.w.seekerA, { jobId: clerk, resumeId: newer, workAuthorization: true }), 201);
    const third = expectOk(await t.calls.apply(t.w.seekerA, { jobId: closed, resumeId: older, workAuthorization: true }), 201);
    await db().update(applications).set({ status: 'Interviewing' }).where(eq(applications.id, first.id));
    expectOk(await t.api.setStatus(t.w.recruiterX, closed, 'Closed'));

    const answer = expectOk(await track(t.w.seekerA));
    expect(answer.resumes.map((r) => r.name)).toEqual(['Office resume.pdf', 'Warehouse resume.pdf']);
    const [office, warehouse] = answer.resumes;
    expect(office!.applications).toEqual([
      {
        applicationId: second.id,
        jobId: clerk,
        title: 'Front Desk Clerk',
        companyName: expect.any(String),
        jobStatus: 'Active',
        appliedDate: second.appliedDate,
        status: 'Applied',
      },
    ]);
    expect(warehouse!.applications.map((a) => [a.title, a.status, a.jobStatus])).toEqual([
      ['Night Stocker', 'Applied', 'Closed'],
      ['Forklift Driver', 'Interviewing', 'Active'],
    ]);
    expect(warehouse!.applications[1]!.applicationId).toBe(first.id);
    expect(warehouse!.applications[0]!.applicationId).toBe(third.id);
    expect(office!.applications[0]!.companyName).not.toBe(warehouse!.applications[1]!.companyName);
  });

  it('narrows to one resume with resumeId, and a resume with no applications has an empty list', async () => {
    const fresh = await t.document(t.w.seekerB, 'resume', 'Blake resume.pdf');
    const answer = expectOk(await track(t.w.seekerB, { resumeId: fresh }));
    expect(answer.resumes).toEqual([{ id: fresh, name: 'Blake resume.pdf', uploadedDate: expect.any(String), applications: [] }]);
  });

  it('shows a deleted job’s application as Removed', async () => {
    const resume = await t.document(t.w.seekerB, 'resume', 'Removed job resume.pdf');
    const job = await t.jobs.create('Yard Hand');
    expectOk(await t.calls.apply(t.w.seekerB, { jobId: job, resumeId: resume, workAuthorization: true }), 201);
    expectOk(await t.api.remove(t.w.recruiterX, job));
    const answer = expectOk(await track(t.w.seekerB, { resumeId: resume }));
    expect(answer.resumes[0]!.applications.map((a) => [a.title, a.jobStatus])).toEqual([['Yard Hand', 'Removed']]);
  });

  it('answers without a body and with an empty one alike', async () => {
    const without = expectOk(await track(t.w.seekerA));
    const empty = expectOk(await track(t.w.seekerA, {}));
    expect(empty).toEqual(without);
  });

  it('never shows another seeker’s resume: naming it is 404, and B’s list holds none of A’s', async () => {
    const aResume = await t.document(t.w.seekerA, 'resume', 'Only for A.pdf');
    expectRefused(await track(t.w.seekerB, { resumeId: aResume }), 404, JobMessages.resumeNotFound);
    const bList = expectOk(await track(t.w.seekerB));
    expect(bList.resumes.map((r) => r.id)).not.toContain(aResume);
    expect(bList.resumes.map((r) => r.name)).not.toContain('Only for A.pdf');
  });

  it('reads a cover letter’s id as no resume of the seeker (404), and a malformed id as 400', async () => {
    const letter = await t.document(t.w.seekerA, 'cover-letter');
    expectRefused(await track(t.w.seekerA, { resumeId: letter }), 404, JobMessages.resumeNotFound);
    expectFieldError(await track(t.w.seekerA, { resumeId: 'not-an-id' }), 'resumeId', JobMessages.resumeNotFound);
  });

  it('is for job seekers: anonymous 401, employer and recruiter 403', async () => {
    expectRefused(await track(t.w.anonymous), 401);
    expectRefused(await track(t.w.employerX), 403);
    expectRefused(await track(t.w.recruiterX), 403);
  });
});

// ---------- Subscribe and Unsubscribe ----------

describe('job alerts (POST job/Subscribe, job/Unsubscribe)', () => {
  it('subscribes an address (lowercased) with a keyword and a place, and mails a confirmation with the unsubscribe link', async () => {
    const answer = await subscribe({
      email: 'Pat.Alerts@Example.com',
      keyword: '  forklift   driver ',
      latitude: 45.64,
      longitude: -122.66,
      radius: 15,
    });
    expect(expectOk(answer)).toEqual({
      email: 'pat.alerts@example.com',
      keyword: 'forklift driver',
      latitude: 45.64,
      longitude: -122.66,
      radius: 15,
      placeName: null,
      frequency: 'daily',
      confirmed: false,
    });
    expect(answer.body.message).toBe(ContactMessages.subscribed);

    const [row, ...more] = await alertsOf('pat.alerts@example.com');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ keyword: 'forklift driver', latitude: 45.64, longitude: -122.66, radius: 15, confirmedAt: null });

    const [mail, ...others] = await inbox(t.f.app, 'pat.alerts@example.com');
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Confirm your Job Marketplace job alert');
    expect(mail!.text).toContain('jobs matching “forklift driver” within 15 miles of the place you chose');
    expect(new URL(mail!.links[0]!).pathname).toBe('/job-alerts/confirm');
    const link = new URL(mail!.links.at(-1)!);
    expect(link.pathname).toBe('/job-alerts/unsubscribe');
    const token = link.searchParams.get('token')!;
    expect(row!.unsubscribeTokenHash).not.toContain(token);

    const left = await unsubscribe(token);
    expectOk(left);
    expect(left.body.message).toBe(ContactMessages.unsubscribed);
    expect(await alertsOf('pat.alerts@example.com')).toEqual([]);
    expectRefused(await unsubscribe(token), 404, ContactMessages.unsubscribeLinkInvalid);
  });

  it('subscribes to every new job with the address alone, and gives a place without a radius 10 miles', async () => {
    expect(expectOk(await subscribe({ email: 'everything@example.com' }))).toEqual({
      email: 'everything@example.com',
      keyword: null,
      latitude: null,
      longitude: null,
      radius: null,
      placeName: null,
      frequency: 'daily',
      confirmed: false,
    });
    expect((await inbox(t.f.app, 'everything@example.com'))[0]!.text).toContain('all new jobs');
    expect(expectOk(await subscribe({ email: 'near@example.com', latitude: 43.6, longitude: -116.2 })).radius).toBe(10);
  });

  it('keeps one subscription for the same address and criteria: again answers OK, stores no copy and mails nothing', async () => {
    const body = { email: 'twice@example.com', keyword: 'Welder', latitude: 40, longitude: -100, radius: 25 };
    expectOk(await subscribe(body));
    const again = await subscribe({ ...body, email: 'TWICE@example.com', keyword: 'welder' });
    expectOk(again);
    expect(again.body.message).toBe(ContactMessages.subscribed);
    const both = await Promise.all([subscribe({ email: 'together@example.com' }), subscribe({ email: 'together@example.com' })]);
    both.forEach((a) => expectOk(a));
    expect(await alertsOf('twice@example.com')).toHaveLength(1);
    expect(await inbox(t.f.app, 'twice@example.com')).toHaveLength(1);
    expect(await alertsOf('together@example.com')).toHaveLength(1);
    expect(await inbox(t.f.app, 'together@example.com')).toHaveLength(1);

    expectOk(await subscribe({ ...body, keyword: 'Pipe welder' }));
    expect(await alertsOf('twice@example.com')).toHaveLength(2);
  });

  it.each([
    ['email', { email: 'not-an-email' }, ContactMessages.email],
    ['email', { keyword: 'cook' }, ContactMessages.email],
    ['keyword', { email: 'bad1@example.com', keyword: 'x'.repeat(201) }, ContactMessages.keyword],
    ['keyword', { email: 'bad2@example.com', keyword: 7 }, ContactMessages.keyword],
    ['latitude', { email: 'bad3@example.com', latitude: 91, longitude: 0 }, ContactMessages.place],
    ['longitude', { email: 'bad4@example.com', latitude: 45 }, ContactMessages.place],
    ['latitude', { email: 'bad5@example.com', longitude: -122 }, ContactMessages.place],
    ['radius', { email: 'bad6@example.com', latitude: 45, longitude: -122, radius: 0 }, ContactMessages.radius],
    ['radius', { email: 'bad7@example.com', latitude: 45, longitude: -122, radius: 501 }, ContactMessages.radius],
    ['radius', { email: 'bad8@example.com', radius: 20 }, ContactMessages.radiusWithoutPlace],
  ])('refuses a bad %s (400 with its message) and stores and sends nothing', async (field, body, message) => {
    const before = (await db().select().from(outbox)).length;
    expectFieldError(await subscribe(body), field, message);
    const email = (body as { email?: string }).email;
    if (email) expect(await alertsOf(email)).toEqual([]);
    expect((await db().select().from(outbox)).length).toBe(before);
  });

  it('refuses an unknown or empty unsubscribe token', async () => {
    expectRefused(await unsubscribe('no-such-token'), 404, ContactMessages.unsubscribeLinkInvalid);
    expectFieldError(await unsubscribe(''), 'token', ContactMessages.unsubscribeLinkInvalid);
  });

  it(`allows ${SUBSCRIBE_LIMIT.perIp} subscriptions an hour from one address, then 429 with the product message`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SUBSCRIBE_LIMIT.perIp; i++) expectOk(await subscribe({ email: `limit${i}@example.com` }, ip));
    expectRefused(await subscribe({ email: 'one-too-many@example.com' }, ip), 429, ContactMessages.tooManyRequests);
    expect(await alertsOf('one-too-many@example.com')).toEqual([]);
    expectOk(await subscribe({ email: 'one-too-many@example.com' }, freshIp()));
  });
});

// ---------- ConnectWithUs ----------

describe('the contact form (POST job/ConnectWithUs)', () => {
  const support = () => t.f.app.ctx.config.supportEmail;

  it('keeps the message, mails it to support with a reply link to the sender, and thanks the sender', async () => {
    const before = (await inbox(t.f.app, support())).length;
    const answer = await contact({
      name: ' Robin Lee ',
      email: 'Robin@Example.com',
      subject: 'A question about pay',
      message: 'Hello,\nhow are jobs <b>verified</b>?',
    });
    expectOk(answer);
    expect(answer.body.message).toBe(ContactMessages.thanks);

    expect(await contactsFrom('robin@example.com')).toEqual([
      expect.objectContaining({
        name: 'Robin Lee',
        subject: 'A question about pay',
        message: 'Hello,\nhow are jobs <b>verified</b>?',
        userId: null,
      }),
    ]);
    const mails = await inbox(t.f.app, support());
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe('Contact form: A question about pay');
    expect(mails[0]!.text).toContain('Robin Lee <robin@example.com> wrote');
    expect(mails[0]!.text).toContain('Hello,\nhow are jobs <b>verified</b>?');
    expect(mails[0]!.html).toContain('&lt;b&gt;verified&lt;/b&gt;');
    expect(mails[0]!.html).not.toContain('<b>verified</b>');
    expect(mails[0]!.links[0]).toMatch(/^mailto:robin@example\.com\?subject=/);
  });

  it('takes a message without a subject, and keeps who sent it when signed in', async () => {
    expectOk(await contact({ name: 'Alex', email: 'alex.contact@example.com', message: 'Thanks!' }, t.w.seekerA));
    expect(await contactsFrom('alex.contact@example.com')).toEqual([expect.objectContaining({ subject: null, userId: t.w.seekerA.id })]);
    expect((await inbox(t.f.app, support()))[0]!.subject).toBe('Contact form: message from Alex');
  });

  it('accepts a message of 4,000 characters', async () => {
    expectOk(await contact({ name: 'Long', email: 'long@example.com', message: 'a'.repeat(MAX_CONTACT_MESSAGE) }));
    expect((await contactsFrom('long@example.com'))[0]!.message).toHaveLength(MAX_CONTACT_MESSAGE);
  });

  it.each([
    ['name', { email: 'c1@example.com', message: 'Hi' }, ContactMessages.name],
    ['name', { name: '   ', email: 'c2@example.com', message: 'Hi' }, ContactMessages.name],
    ['name', { name: 'n'.repeat(101), email: 'c3@example.com', message: 'Hi' }, ContactMessages.name],
    ['email', { name: 'Sam', email: 'sam@', message: 'Hi' }, ContactMessages.email],
    ['subject', { name: 'Sam', email: 'c4@example.com', subject: 's'.repeat(201), message: 'Hi' }, ContactMessages.subject],
    ['message', { name: 'Sam', email: 'c5@example.com' }, ContactMessages.message],
    ['message', { name: 'Sam', email: 'c6@example.com', message: ' \n ' }, ContactMessages.message],
    ['message', { name: 'Sam', email: 'c7@example.com', message: 'a'.repeat(MAX_CONTACT_MESSAGE + 1) }, ContactMessages.message],
  ])('refuses a bad %s (400 with its message) and stores and sends nothing', async (field, body, message) => {
    const before = (await inbox(t.f.app, support())).length;
    expectFieldError(await contact(body), field, message);
    const email = (body as { email: string }).email;
    expect(await contactsFrom(email.toLowerCase())).toEqual([]);
    expect(await inbox(t.f.app, support())).toHaveLength(before);
  });

  it('answers a message with the hidden field filled (a form-filling bot) like any other, and keeps and sends nothing', async () => {
    const before = (await inbox(t.f.app, support())).length;
    const answer = await contact({ name: 'Best Deals', email: 'bot@example.com', message: 'Cheap pills', website: 'https://spam.example' });
    expectOk(answer);
    expect(answer.body.message).toBe(ContactMessages.thanks);
    expect(await contactsFrom('bot@example.com')).toEqual([]);
    expect(await inbox(t.f.app, support())).toHaveLength(before);
    // Left empty, as a person leaves it, the message goes through.
    expectOk(await contact({ name: 'Person', email: 'person@example.com', message: 'Hello', website: '' }));
    expect(await contactsFrom('person@example.com')).toHaveLength(1);
  });

  it(`allows ${CONTACT_LIMIT.perIp} messages an hour from one address, signed in or not, then 429 with the product message`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMIT.perIp; i++)
      expectOk(await contact({ name: 'Flood', email: `flood${i}@example.com`, message: 'Hi' }, i % 2 ? t.w.seekerB : null, ip));
    expectRefused(
      await contact({ name: 'Flood', email: 'flood-last@example.com', message: 'Hi' }, t.w.seekerB, ip),
      429,
      ContactMessages.tooManyRequests,
    );
    expect(await contactsFrom('flood-last@example.com')).toEqual([]);
  });
});
