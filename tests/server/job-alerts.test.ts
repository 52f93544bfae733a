import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobAlertSubscriptions, outbox, users } from '../../server/db/schema.ts';
import { createContext, type AppContext } from '../../server/context.ts';
import { DIGEST_CLAIM_MS, runDueDigests } from '../../server/jobs/alert-digests.ts';
import { searchJobs } from '../../server/jobs/search.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import { ContactMessages, type JobAlert } from '../../src/contract/contact.ts';
import { DIGEST_MAX_JOBS, JobAlertMessages, type MyJobAlert } from '../../src/contract/job-alerts.ts';
import { NO_FILTERS } from '../../src/contract/search.ts';
import { DAY, HOUR, MINUTE } from './account-support.ts';
import { boiseId } from './posting-support.ts';
import { expectOk, expectRefused, jobsApp, type Answer, type Caller, type JobsWorld } from './jobs-support.ts';

let t: JobsWorld;
let ipSeq = 0;
let seq = 0;
/** A fresh address and a fresh made-up word per test, so one test's alerts and jobs never match another's. */
const fresh = (prefix: string) => `${prefix}${++seq}@example.com`;

beforeAll(async () => {
  t = await jobsApp();
});
afterAll(async () => t?.f.stop());

const db = () => t.f.app.database.db;
const ctx = (): AppContext => t.f.app.ctx;
const VANCOUVER = { latitude: 45.6387, longitude: -122.6615 };

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, caller: Caller | null, json?: unknown): Promise<Answer<T>> {
  const res = await t.f.app.inject({
    method,
    url,
    headers: caller?.token ? { authorization: `Bearer ${caller.token}` } : {},
    ...(json !== undefined ? { payload: json as object } : {}),
    remoteAddress: `198.51.100.${(++ipSeq % 250) + 1}`,
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers, raw: res.rawPayload };
}

const subscribe = (body: object, caller: Caller | null = null) => call<JobAlert>('POST', '/api/job/Subscribe', caller, body);
const confirm = (token: string) => call<{ frequency: string }>('POST', '/api/job/ConfirmAlert', null, { token });
const mine = (caller: Caller) => call<MyJobAlert[]>('GET', '/api/JobSeeker/job-alerts', caller);
const update = (caller: Caller, id: string, body: object) => call<MyJobAlert>('PUT', `/api/JobSeeker/job-alerts/${id}`, caller, body);
const remove = (caller: Caller, id: string) => call<null>('DELETE', `/api/JobSeeker/job-alerts/${id}`, caller);
const run = (on: AppContext = ctx()) => runDueDigests(on);

const mailsTo = (email: string) => db().select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.createdAt);
const digestsTo = async (email: string) => (await mailsTo(email)).filter((m) => / new jobs? for your /i.test(m.subject));
const alertOf = async (email: string) => (await db().select().from(jobAlertSubscriptions).where(eq(jobAlertSubscriptions.email, email)))[0];
const emailOf = async (c: Caller) => (await db().select({ email: users.email }).from(users).where(eq(users.id, c.id!)))[0]!.email;
/** The jobs a digest lists, by the ids of their links, in order. */
const jobsIn = (mail: { links: string[] }) => mail.links.filter((l) => /\/jobs\/[0-9a-f-]{36}$/.test(l)).map((l) => l.split('/').at(-1)!);
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Every alert mail: a visible unsubscribe link and the one-click List-Unsubscribe headers (RFC 8058). */
function expectListHeaders(mail: { links: string[]; text: string; headers: Record<string, string> | null }) {
  const unsubscribe = mail.links.find((l) => l.includes('/job-alerts/unsubscribe?token='));
  expect(unsubscribe, 'a visible unsubscribe link').toBeDefined();
  expect(mail.text).toContain(`Unsubscribe: ${unsubscribe}`);
  const list = mail.headers?.['List-Unsubscribe'] ?? '';
  const oneClick = /<(https?:\/\/[^>]+\/api\/job\/Unsubscribe\/one-click\?token=[^>]+)>/.exec(list)?.[1];
  expect(oneClick, list).toBeDefined();
  expect(tokenOf(oneClick!)).toBe(tokenOf(unsubscribe!));
  expect(list).toContain('<mailto:');
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  return tokenOf(unsubscribe!);
}

/** Subscribes an address and follows its confirmation link; answers the unsubscribe token. */
async function confirmedAlert(email: string, body: object = {}): Promise<string> {
  expectOk(await subscribe({ email, ...body }));
  const [mail] = await mailsTo(email);
  expectOk(await confirm(tokenOf(mail!.links[0]!)));
  return expectListHeaders(mail!);
}

const job = (title: string, data: Parameters<JobsWorld['jobs']['create']>[1] = {}) => t.jobs.create(title, data);

describe('double opt-in (Subscribe, ConfirmAlert)', () => {
  it('sends nothing before the address confirms; the confirm link works once, a wrong one is 404', async () => {
    const email = fresh('optin');
    const answer = await subscribe({
      email,
      keyword: 'Aardvark',
      frequency: 'daily',
      placeName: 'Vancouver, WA',
      ...VANCOUVER,
      radius: 20,
    });
    expect(expectOk(answer)).toMatchObject({
      email,
      keyword: 'Aardvark',
      placeName: 'Vancouver, WA',
      frequency: 'daily',
      confirmed: false,
    });
    expect(answer.body.message).toBe(JobAlertMessages.checkEmail);
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Confirm your Job Marketplace job alert');
    expect(mail!.text).toContain('jobs matching “Aardvark” within 20 miles of Vancouver, WA');
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${ctx().config.publicUrl}/job-alerts/confirm`);
    expectListHeaders(mail!);
    const row = await alertOf(email);
    expect(row!.confirmTokenHash).not.toContain(tokenOf(link.href));

    await job('Aardvark Keeper');
    t.clock.advance(DAY + MINUTE);
    await run();
    expect(await digestsTo(email)).toEqual([]);

    expectRefused(await confirm('no-such-token'), 404, JobAlertMessages.confirmLinkInvalid);
    const confirmed = await confirm(tokenOf(link.href));
    expect(expectOk(confirmed)).toEqual({ frequency: 'daily' });
    expect(confirmed.body.message).toBe(JobAlertMessages.confirmed);
    expectRefused(await confirm(tokenOf(link.href)), 404, JobAlertMessages.confirmLinkInvalid);

    // The job posted before the confirmation is not in the first digest; one posted after is.
    const after = await job('Aardvark Handler');
    t.clock.advance(DAY + MINUTE);
    await run();
    const [digest, ...others] = await digestsTo(email);
    expect(others).toEqual([]);
    expect(jobsIn(digest!)).toEqual([after]);
  });

  it('answers the same to a second request and mails the confirmation again at most once an hour', async () => {
    const email = fresh('again');
    const body = { email, keyword: 'Pangolin' };
    expectOk(await subscribe(body));
    const again = await subscribe({ ...body, email: email.toUpperCase(), keyword: 'pangolin' });
    expect(expectOk(again)).toMatchObject({ confirmed: false });
    expect(again.body.message).toBe(JobAlertMessages.checkEmail);
    expect(await mailsTo(email)).toHaveLength(1);

    t.clock.advance(HOUR + MINUTE);
    const both = await Promise.all([subscribe(body), subscribe(body), subscribe(body)]);
    both.forEach((a) => expect(expectOk(a).confirmed).toBe(false));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    // The newest link confirms; the first one was replaced.
    expectRefused(await confirm(tokenOf(mails[0]!.links[0]!)), 404, JobAlertMessages.confirmLinkInvalid);
    expectOk(await confirm(tokenOf(mails[1]!.links[0]!)));
    // Confirmed: asking again sends nothing, whatever the time.
    t.clock.advance(2 * HOUR);
    expect(expectOk(await subscribe(body)).confirmed).toBe(false);
    expect(await mailsTo(email)).toHaveLength(2);
    expect(await db().select().from(jobAlertSubscriptions).where(eq(jobAlertSubscriptions.email, email))).toHaveLength(1);
  });

  it('mails a confirmation, with a working unsubscribe link, to an alert kept from before confirmations', async () => {
    const email = fresh('legacy');
    await db()
      .insert(jobAlertSubscriptions)
      .values({
        email,
        keyword: 'Cassowary',
        unsubscribeTokenHash: 'kept-from-before',
        createdAt: new Date(t.clock.now().getTime() - 2 * HOUR),
      });
    expect(expectOk(await subscribe({ email, keyword: 'cassowary' })).confirmed).toBe(false);
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    const token = expectListHeaders(mail!);
    expectOk(await call('POST', '/api/job/Unsubscribe', null, { token }));
    expect(await alertOf(email)).toBeUndefined();
  });

  it('turns a signed-in job seeker’s alert for their own address on at once; another address still confirms', async () => {
    const own = await emailOf(t.w.seekerB);
    const answer = await subscribe({ email: own, keyword: 'Okapi', frequency: 'weekly' }, t.w.seekerB);
    expect(expectOk(answer)).toMatchObject({ email: own, confirmed: true, frequency: 'weekly' });
    expect(answer.body.message).toBe(JobAlertMessages.subscribedConfirmed);
    const [on] = (await mailsTo(own)).filter((m) => m.text.includes('Okapi'));
    expect(on!.subject).toBe('Your Job Marketplace job alert is on');
    expectListHeaders(on!);
    expect((await alertOf(own))?.confirmedAt).not.toBeNull();

    const other = fresh('not-mine');
    const theirs = await subscribe({ email: other, keyword: 'Okapi' }, t.w.seekerB);
    expect(expectOk(theirs).confirmed).toBe(false);
    expect(theirs.body.message).toBe(JobAlertMessages.checkEmail);
    expect((await alertOf(other))?.confirmedAt).toBeNull();
  });

  it('drops an alert left unconfirmed for a week; its link then fails', async () => {
    const email = fresh('late');
    expectOk(await subscribe({ email, keyword: 'Tapir' }));
    const [mail] = await mailsTo(email);
    t.clock.advance(7 * DAY + MINUTE);
    const report = await run();
    expect(report.dropped).toBeGreaterThanOrEqual(1);
    expect(await alertOf(email)).toBeUndefined();
    expectRefused(await confirm(tokenOf(mail!.links[0]!)), 404, JobAlertMessages.confirmLinkInvalid);
  });
});

describe('digests (runDueDigests)', () => {
  it('lists the new matching jobs the search would show, best first, at most 20, each with its title, company, place, pay and link', async () => {
    const email = fresh('digest');
    await confirmedAlert(email, { keyword: 'quokka', ...VANCOUVER, radius: 10, placeName: 'Vancouver, WA' });
    const near: string[] = [];
    for (let i = 0; i < 21; i++) near.push(await job(`Quokka Keeper ${i}`));
    const best = await job('Quokka Quokka Lead', { jobDetails: { description: 'Lead our quokka team. '.repeat(20) } });
    await job('Quokka Remote Coordinator', {
      jobDetails: { locationType: 'remote', address: null, geoLocation: null, remoteStates: ['WA'] },
    });
    const far = await job('Quokka Keeper Boise', { jobDetails: { address: boiseId.address, geoLocation: boiseId } });
    const other = await job('Wombat Keeper');
    const closed = await t.jobs.closed('Quokka Keeper Closed');

    t.clock.advance(DAY + MINUTE);
    await run();
    const [digest, ...more] = await digestsTo(email);
    expect(more).toEqual([]);
    const listed = jobsIn(digest!);
    expect(listed).toHaveLength(DIGEST_MAX_JOBS);
    for (const id of [far, other, closed]) expect(listed).not.toContain(id);
    expect(listed[0]).toBe(best);
    expect(digest!.subject).toBe('23 new jobs for your Job Marketplace job alert');
    expect(digest!.text).toContain('The 20 best of 23 new jobs since you confirmed your alert for jobs matching “quokka”');
    // The search's own best match over the same place and keyword, page 1 of 20.
    const page = await searchJobs(
      ctx(),
      {
        keyword: 'quokka',
        location: { ...VANCOUVER, radius: 10 },
        filters: NO_FILTERS,
        sort: 'relevance',
        pageNumber: 1,
        pageSize: DIGEST_MAX_JOBS,
        asOf: null,
        pins: null,
      },
      { seekerId: null },
    );
    expect(listed).toEqual(page.items.map((i) => i.id));
    expect(digest!.text).toContain(`Quokka Keeper 20\nHale Logistics LLC\n`);
    expect(digest!.text).toMatch(/Vancouver, WA · \$21\.50–\$25\.00 an hour/);
    expect(digest!.links).toContain(`${ctx().config.publicUrl}/jobs/${near[20]}`);
    expectListHeaders(digest!);
  });

  it('sends nothing when nothing matched, and puts each job in exactly one digest (the watermark moves either way)', async () => {
    const email = fresh('watermark');
    await confirmedAlert(email, { keyword: 'numbat' });
    const first = await job('Numbat Ranger');
    t.clock.advance(DAY + MINUTE);
    await run();
    expect((await digestsTo(email)).map(jobsIn)).toEqual([[first]]);
    await run();
    expect(await digestsTo(email)).toHaveLength(1);

    t.clock.advance(DAY);
    const before = await alertOf(email);
    const report = await run();
    expect(report.empty).toBeGreaterThanOrEqual(1);
    expect(await digestsTo(email)).toHaveLength(1);
    const after = await alertOf(email);
    expect(after!.digestFrom!.getTime()).toBeGreaterThan(before!.digestFrom!.getTime());
    expect(after!.lastSentAt).toEqual(before!.lastSentAt);

    const second = await job('Numbat Ranger Senior');
    t.clock.advance(DAY);
    await run();
    expect((await digestsTo(email)).map(jobsIn)).toEqual([[first], [second]]);
  });

  it('leaves a job posted in the last two minutes before a run to the next digest, so one still being saved is not skipped', async () => {
    const email = fresh('grace');
    await confirmedAlert(email, { keyword: 'quokka' });
    t.clock.advance(DAY);
    const late = await job('Quokka Keeper');
    t.clock.advance(MINUTE);
    await run();
    expect(await digestsTo(email)).toEqual([]);
    t.clock.advance(DAY);
    await run();
    expect((await digestsTo(email)).map(jobsIn)).toEqual([[late]]);
  });

  it('waits 7 days for a weekly alert', async () => {
    const email = fresh('weekly');
    await confirmedAlert(email, { keyword: 'bilby', frequency: 'weekly' });
    const posted = await job('Bilby Groomer');
    t.clock.advance(DAY + MINUTE);
    await run();
    expect(await digestsTo(email)).toEqual([]);
    t.clock.advance(6 * DAY);
    await run();
    expect((await digestsTo(email)).map(jobsIn)).toEqual([[posted]]);
  });

  it('sends each digest once when two processes run at the same moment', async () => {
    const emails = [fresh('twice-a'), fresh('twice-b'), fresh('twice-c')];
    for (const email of emails) await confirmedAlert(email, { keyword: 'dingo' });
    await job('Dingo Tracker');
    t.clock.advance(DAY + MINUTE);
    const other = createContext(ctx().config, ctx().adapters, ctx().log);
    const [a, b] = await Promise.all([run(), run(other)]);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(emails.length);
    for (const email of emails) expect(await digestsTo(email)).toHaveLength(1);
  });

  it('records nothing when a run stops before its commit, and a later run sends the digest once', async () => {
    const email = fresh('crash');
    await confirmedAlert(email, { keyword: 'wallaby' });
    const posted = await job('Wallaby Feeder');
    t.clock.advance(DAY + MINUTE);
    const before = await alertOf(email);
    const stopping: AppContext = {
      ...ctx(),
      mailer: {
        ...ctx().mailer,
        recordWith: async () => {
          throw new Error('the process stopped');
        },
      },
    };
    await run(stopping);
    expect(await digestsTo(email)).toEqual([]);
    expect((await alertOf(email))!.digestFrom).toEqual(before!.digestFrom);
    // Claimed by the run that stopped: no one else takes it until the claim lapses.
    await run();
    expect(await digestsTo(email)).toEqual([]);
    t.clock.advance(DIGEST_CLAIM_MS + MINUTE);
    await Promise.all([run(), run()]);
    await run();
    expect((await digestsTo(email)).map(jobsIn)).toEqual([[posted]]);
  });
});

describe('unsubscribing from the mail', () => {
  it('leaves with a mail program’s one-click POST (a form body, no session), once; an unknown token is 404', async () => {
    const email = fresh('oneclick');
    const token = await confirmedAlert(email, { keyword: 'echidna' });
    const post = (url: string, payload: string, type = 'application/x-www-form-urlencoded') =>
      t.f.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
    const url = `/api/job/Unsubscribe/one-click?token=${encodeURIComponent(token)}`;
    const res = await post(url, 'List-Unsubscribe=One-Click');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ContactMessages.unsubscribed);
    expect(await alertOf(email)).toBeUndefined();
    expect((await post(url, 'List-Unsubscribe=One-Click')).statusCode).toBe(404);
    expect((await post('/api/job/Unsubscribe/one-click?token=nope', 'List-Unsubscribe=One-Click')).statusCode).toBe(404);
    expect((await post('/api/job/Unsubscribe/one-click', '')).statusCode).toBe(404);

    const other = fresh('oneclick-any');
    const second = await confirmedAlert(other, { keyword: 'echidna' });
    const any = await post(`/api/job/Unsubscribe/one-click?token=${encodeURIComponent(second)}`, '{"whatever":1}', 'application/json');
    expect(any.statusCode).toBe(200);
    expect(await alertOf(other)).toBeUndefined();
  });
});

describe('the seeker’s alerts in settings (job-alerts)', () => {
  it('lists the alerts of the account’s address newest first, changes how often, deletes; another address’s alert is 404', async () => {
    const own = await emailOf(t.w.seekerA);
    expectOk(await subscribe({ email: own, keyword: 'Koala', frequency: 'daily' }, t.w.seekerA));
    t.clock.advance(MINUTE);
    expectOk(await subscribe({ email: own, keyword: 'Kangaroo', ...VANCOUVER, radius: 5, placeName: 'Vancouver, WA' }));
    const theirs = await emailOf(t.w.seekerB);
    expectOk(await subscribe({ email: theirs, keyword: 'Koala' }, t.w.seekerB));

    const list = expectOk(await mine(t.w.seekerA));
    expect(list.map((a) => [a.keyword, a.confirmed, a.frequency, a.placeName])).toEqual([
      ['Kangaroo', false, 'daily', 'Vancouver, WA'],
      ['Koala', true, 'daily', null],
    ]);
    const [kangaroo, koala] = list;
    expect(koala).toMatchObject({ radius: null, latitude: null, lastSentAt: null });

    const changed = await update(t.w.seekerA, koala!.id, { frequency: 'weekly' });
    expect(expectOk(changed)).toMatchObject({ id: koala!.id, frequency: 'weekly', confirmed: true });
    expect(changed.body.message).toBe(JobAlertMessages.updated);
    expectRefused(await update(t.w.seekerA, koala!.id, { frequency: 'hourly' }), 400, JobAlertMessages.frequency);

    const bAlert = expectOk(await mine(t.w.seekerB)).find((a) => a.keyword === 'Koala')!;
    expectRefused(await update(t.w.seekerA, bAlert.id, { frequency: 'weekly' }), 404, JobAlertMessages.notFound);
    expectRefused(await remove(t.w.seekerA, bAlert.id), 404, JobAlertMessages.notFound);
    expect(expectOk(await mine(t.w.seekerB)).find((a) => a.id === bAlert.id)?.frequency).toBe('daily');

    const deleted = await remove(t.w.seekerA, kangaroo!.id);
    expectOk(deleted);
    expect(deleted.body.message).toBe(JobAlertMessages.deleted);
    expect(expectOk(await mine(t.w.seekerA)).map((a) => a.keyword)).toEqual(['Koala']);
    expectRefused(await remove(t.w.seekerA, kangaroo!.id), 404, JobAlertMessages.notFound);
  });

  it('is for job seekers: employer 403, anonymous 401, on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [caller, status] of [
      [t.w.employerX, 403],
      [t.w.anonymous, 401],
    ] as const) {
      expectRefused(await mine(caller), status);
      expectRefused(await update(caller, id, { frequency: 'weekly' }), status);
      expectRefused(await remove(caller, id), status);
    }
  });
});

describe('the dev clock (POST /dev/clock)', () => {
  it('moves the clock and runs the due digests at once, answering their reports', async () => {
    const email = fresh('devclock');
    await confirmedAlert(email, { keyword: 'platypus' });
    const posted = await job('Platypus Diver');
    const res = await t.f.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: DAY + MINUTE } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { digests: { sent: number; empty: number; dropped: number }; renewals: object };
    expect(data.digests.sent).toBeGreaterThanOrEqual(1);
    expect(data.renewals).toBeDefined();
    expect((await digestsTo(email)).map(jobsIn)).toEqual([[posted]]);
    expect((await t.f.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 1.5 } })).statusCode).toBe(400);
    // Put back, and never before the real time.
    const back = await t.f.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: -(DAY + MINUTE) * 3 } });
    expect(back.json().data.offsetMs).toBe(0);
    const page = await t.f.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(page.body).toContain('List-Unsubscribe-Post');
  });
});
