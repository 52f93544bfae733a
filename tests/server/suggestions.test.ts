import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobInvitations, users } from '../../server/db/schema.ts';
import {
  INVITE_CALLS_PER_HOUR,
  invitationLink,
  invitedSummary,
  MAX_INVITES_PER_CALL,
  MAX_INVITES_PER_DAY,
  SuggestionMessages,
} from '../../src/contract/suggestions.ts';
import { inbox } from './account-support.ts';
import { expectOk, expectRefused, newArea, SKILL, suggestionsApp, type SuggestionsWorld } from './suggestions-support.ts';

let t: SuggestionsWorld;

beforeAll(async () => {
  t = await suggestionsApp();
}, 120_000);
afterAll(async () => t?.f.stop());

const FULL_TIME = 1;
const DAY_SHIFT = 1;

describe('suggested job seekers of a job', () => {
  it('lists the seekers near the job who share its skills or wishes, best match first, with what matched', async () => {
    const area = newArea();
    const job = await t.jobAt('Order Picker', area.center);
    const both = await t.seeker('Bea', {
      skills: [SKILL.orderPicking, SKILL.packing],
      places: [area.at(5, 'Eastville')],
      employmentTypeId: FULL_TIME,
    });
    const one = await t.seeker('Cal', { skills: [SKILL.packing], places: [area.at(2)] });
    const wishOnly = await t.seeker('Dee', { places: [area.at(30)], employmentTypeId: FULL_TIME, scheduleTypeId: DAY_SHIFT });
    await t.seeker('Far', { skills: [SKILL.orderPicking, SKILL.packing], places: [area.at(80)] });
    await t.seeker('Nothing', { skills: [SKILL.proofreading], places: [area.at(1)] });
    await t.seeker('Nowhere', { skills: [SKILL.orderPicking] });

    const page = expectOk(await t.s.suggested(t.w.recruiterX, { jobId: job }));
    expect(page.job).toEqual({ id: job, title: 'Order Picker' });
    expect(page.items.map((i) => i.id)).toEqual([both.id, one.id, wishOnly.id]);
    expect(page.total).toBe(3);
    const [first, second, third] = page.items;
    expect(first).toMatchObject({ name: 'Bea Seeker1', city: 'Eastville', totalSkills: 2, invitedAt: null, headline: 'Full-time' });
    expect(first!.matchedSkills.map((s) => s.id).sort()).toEqual([SKILL.orderPicking, SKILL.packing].sort());
    expect(first!.distanceMiles).toBeCloseTo(5, 0);
    expect(second!.matchedSkills.map((s) => s.id)).toEqual([SKILL.packing]);
    expect(third!.matchedSkills).toEqual([]);
    expect(first!.score).toBeGreaterThan(second!.score);
    expect(second!.score).toBeGreaterThan(0);
    expect(first!.score).toBeLessThanOrEqual(100);
  });

  it('leaves out seekers who switched off “Let employers find me”, and those who already applied', async () => {
    const area = newArea();
    const job = await t.jobAt('Packer', area.center);
    const hidden = await t.seeker('Hidden', { skills: [SKILL.packing], places: [area.at(1)], findable: false });
    const shown = await t.seeker('Shown', { skills: [SKILL.packing], places: [area.at(1)] });
    let page = expectOk(await t.s.suggested(t.w.employerX, { jobId: job }, 'Employer'));
    expect(page.items.map((i) => i.id)).toEqual([shown.id]);
    expect(page.items.map((i) => i.id)).not.toContain(hidden.id);

    // A seeker aged 16 only for a job open to minors.
    await t.setPreferences(t.w.minor, { places: [area.at(2)] });
    await t.giveSkills(t.w.minor, [SKILL.packing]);
    expect(page.items.map((i) => i.id)).not.toContain(t.w.minor.id);
    expectRefused(await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: t.w.minor.id }), 404, SuggestionMessages.seekerNotFound);
    const forMinors = await t.jobAt('Weekend Packer', area.center, { openToMinors: true });
    expect(expectOk(await t.s.suggested(t.w.recruiterX, { jobId: forMinors })).items.map((i) => i.id)).toContain(t.w.minor.id);
    await t.setPreferences(t.w.minor, {});

    await t.setPreferences(t.w.seekerB, { places: [area.at(3)] });
    await t.giveSkills(t.w.seekerB, [SKILL.packing]);
    page = expectOk(await t.s.suggested(t.w.recruiterX, { jobId: job }));
    expect(page.items.map((i) => i.id)).toContain(t.w.seekerB.id);
    await t.applyTo('seekerB', job);
    page = expectOk(await t.s.suggested(t.w.recruiterX, { jobId: job }));
    expect(page.items.map((i) => i.id)).toEqual([shown.id]);
    await t.setPreferences(t.w.seekerB, {});
  });

  it('pages 10 at a time with the total', async () => {
    const area = newArea();
    const job = await t.jobAt('Stocker', area.center);
    for (let k = 0; k < 12; k++) await t.seeker(`P${k}`, { skills: [SKILL.packing], places: [area.at(k + 1)] });
    const one = expectOk(await t.s.suggestedAny(t.w.recruiterX, { jobId: job }));
    expect([one.items.length, one.total, one.pageSize]).toEqual([10, 12, 10]);
    const two = expectOk(await t.s.suggested(t.w.recruiterX, { jobId: job, pageNumber: 2 }));
    expect(two.items).toHaveLength(2);
    expect(new Set([...one.items, ...two.items].map((i) => i.id)).size).toBe(12);
    // Nearer first among equal skills.
    expect(one.items[0]!.distanceMiles!).toBeLessThan(one.items[9]!.distanceMiles!);
  });

  it('answers another company’s job, and a deleted one, as not found', async () => {
    const area = newArea();
    const ofY = await t.jobAt('Y job', area.center, { company: 'y' });
    expectRefused(await t.s.suggested(t.w.recruiterX, { jobId: ofY }), 404, SuggestionMessages.jobNotFound);
    expectRefused(await t.s.suggested(t.w.recruiterX, { jobId: randomUUID() }), 404, SuggestionMessages.jobNotFound);
    expectRefused(await t.s.suggested(t.w.recruiterX, { jobId: await t.jobs.deleted('Gone away') }), 404, SuggestionMessages.jobNotFound);
    expectRefused(await t.s.suggested(t.w.recruiterX, { jobId: 'nope' }), 400);
  });
});

describe('inviting job seekers', () => {
  it('invites one seeker: an email with a link to the job, shown on the seeker’s dashboard and in the suggestions', async () => {
    const area = newArea();
    const job = await t.jobAt('Forklift Driver', area.center);
    const bea = await t.seeker('Invitee', { skills: [SKILL.packing], places: [area.at(4)] });
    const mails = await t.mailsDuring(async () => {
      const answer = await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: bea.id });
      expect(answer.body.message).toBe(SuggestionMessages.invited);
      expect(expectOk(answer, 201)).toMatchObject({ jobSeekerId: bea.id, outcome: 'invited' });
    });
    expect(mails).toHaveLength(1);
    const [invitation] = await t.invitationsOf(job);
    const email = await t.emailOf(bea);
    const mail = (await inbox(t.f.app, email))[0]!;
    expect(mail.subject).toBe('Hale Logistics LLC invites you to apply for Forklift Driver');
    expect(mail.text).toContain('“Forklift Driver”');
    expect(mail.links).toContain(`${t.f.app.ctx.config.publicUrl}${invitationLink(job, invitation!.id)}`);

    const mine = expectOk(await t.s.mine(bea));
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      id: invitation!.id,
      status: 'sent',
      job: { id: job, title: 'Forklift Driver' },
      jobOpen: true,
      viewedAt: null,
    });
    const suggested = expectOk(await t.s.suggested(t.w.recruiterX, { jobId: job }));
    expect(suggested.items.find((i) => i.id === bea.id)?.invitedAt).toBe(mine.items[0]!.invitedAt);
  });

  it('does not mail twice: inviting the same seeker to the same job again says already invited', async () => {
    const area = newArea();
    const job = await t.jobAt('Picker', area.center);
    const s = await t.seeker('Twice', { skills: [SKILL.packing], places: [area.at(4)] });
    const first = expectOk(await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: s.id }), 201);
    const mails = await t.mailsDuring(async () => {
      const again = await t.s.invite(t.w.employerX, { jobId: job, jobSeekerId: s.id }, 'Employer');
      expect(expectOk(again, 200)).toEqual({ jobSeekerId: s.id, outcome: 'alreadyInvited', invitedAt: first.invitedAt });
      expect(again.body.message).toBe(SuggestionMessages.alreadyInvited);
      const many = expectOk(await t.s.inviteMany(t.w.recruiterX, { jobId: job, jobSeekerIds: [s.id] }));
      expect(many).toEqual({
        results: [{ jobSeekerId: s.id, outcome: 'alreadyInvited', invitedAt: first.invitedAt }],
        invited: 0,
        skipped: 1,
      });
    });
    expect(mails).toHaveLength(0);
    expect(await t.invitationsOf(job)).toHaveLength(1);
  });

  it('keeps one invitation when two calls race', async () => {
    const area = newArea();
    const job = await t.jobAt('Racer', area.center);
    const s = await t.seeker('Race', { skills: [SKILL.packing], places: [area.at(4)] });
    const mails = await t.mailsDuring(async () => {
      const answers = await Promise.all([
        t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: s.id }),
        t.s.invite(t.w.employerX, { jobId: job, jobSeekerId: s.id }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    });
    expect(mails).toHaveLength(1);
    expect(await t.invitationsOf(job)).toHaveLength(1);
  });

  it('invites many at once with each one’s outcome, and mails only the newly invited', async () => {
    const area = newArea();
    const job = await t.jobAt('Crew member', area.center);
    const a = await t.seeker('Ann', { skills: [SKILL.packing], places: [area.at(1)] });
    const b = await t.seeker('Ben', { skills: [SKILL.packing], places: [area.at(2)] });
    const hidden = await t.seeker('Off', { skills: [SKILL.packing], places: [area.at(2)], findable: false });
    const before = await t.seeker('Before', { skills: [SKILL.packing], places: [area.at(2)] });
    expectOk(await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: before.id }), 201);
    await t.applyTo('seekerA', job);
    const unknown = randomUUID();
    let answer!: Awaited<ReturnType<typeof t.s.inviteMany>>;
    const mails = await t.mailsDuring(async () => {
      answer = await t.s.inviteMany(t.w.recruiterX, {
        jobId: job,
        jobSeekerIds: [a.id, b.id, hidden.id, before.id, t.w.seekerA.id, unknown, t.w.recruiterX.id, a.id],
      });
    });
    const data = expectOk(answer);
    expect(data.results.map((r) => [r.jobSeekerId, r.outcome])).toEqual([
      [a.id, 'invited'],
      [b.id, 'invited'],
      [hidden.id, 'notFound'],
      [before.id, 'alreadyInvited'],
      [t.w.seekerA.id, 'alreadyApplied'],
      [unknown, 'notFound'],
      [t.w.recruiterX.id, 'notFound'],
    ]);
    expect([data.invited, data.skipped]).toEqual([2, 5]);
    expect(answer.body.message).toBe(invitedSummary(2, 5));
    expect(mails.map((m) => m.to).sort()).toEqual([await t.emailOf(a), await t.emailOf(b)].sort());
  });

  it('refuses a seeker who switched the setting off, one who applied, a closed job, and more than 50 at once', async () => {
    const area = newArea();
    const job = await t.jobAt('Refusals', area.center);
    const hidden = await t.seeker('Hide', { skills: [SKILL.packing], places: [area.at(1)], findable: false });
    await t.applyTo('seekerB', job);
    const mails = await t.mailsDuring(async () => {
      expectRefused(await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: hidden.id }), 404, SuggestionMessages.seekerNotFound);
      expectRefused(await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: t.w.seekerB.id }), 409, SuggestionMessages.alreadyApplied);
      const closed = await t.jobAt('Closed job', area.center, { status: 'Closed' });
      expectRefused(await t.s.invite(t.w.recruiterX, { jobId: closed, jobSeekerId: t.w.seekerA.id }), 409, SuggestionMessages.jobNotOpen);
      const ids = Array.from({ length: MAX_INVITES_PER_CALL + 1 }, () => randomUUID());
      expectRefused(await t.s.inviteMany(t.w.recruiterX, { jobId: job, jobSeekerIds: ids }), 400, SuggestionMessages.seekerIds);
      expectRefused(await t.s.inviteMany(t.w.recruiterX, { jobId: job, jobSeekerIds: [] }), 400, SuggestionMessages.seekerIds);
    });
    expect(mails).toHaveLength(0);
    expect(await t.invitationsOf(job)).toHaveLength(0);
  });
});

describe('limits on inviting', () => {
  it(`allows ${INVITE_CALLS_PER_HOUR} invitation calls an hour to each person of the staff`, async () => {
    const area = newArea();
    const job = await t.jobAt('Limited job', area.center);
    const busy = await t.w.person('Recruiter', t.w.x.id, 'busy recruiter of X', { firstName: 'Busy' });
    for (let k = 0; k < INVITE_CALLS_PER_HOUR; k++)
      expect((await t.s.inviteMany(busy, { jobId: job, jobSeekerIds: [randomUUID()] })).status).toBe(200);
    expectRefused(await t.s.inviteMany(busy, { jobId: job, jobSeekerIds: [randomUUID()] }), 429, SuggestionMessages.tooManyRequests);
    expect((await t.s.inviteMany(t.w.employerX, { jobId: job, jobSeekerIds: [randomUUID()] })).status).toBe(200);
  });

  it(`allows a company ${MAX_INVITES_PER_DAY} new invitations in 24 hours: a call that would pass it invites no one`, async () => {
    const area = newArea();
    const job = await t.jobAt('Capped job', area.center);
    const [a, b] = [await t.seeker('CapA', { places: [area.at(1)] }), await t.seeker('CapB', { places: [area.at(1)] })];
    const filler = await t.seeker('Filler', {});
    const sentToday = await t.db.select({ id: jobInvitations.id }).from(jobInvitations).where(eq(jobInvitations.companyId, t.w.y.id));
    const yJob = await t.jobAt('Y capped job', area.center, { company: 'y' });
    const fill = MAX_INVITES_PER_DAY - sentToday.length - 1;
    // Y's invitations so far today, written at once: seekers made for the purpose.
    const stamp = Date.now().toString(36);
    const extra = await t.db
      .insert(users)
      .values(
        Array.from({ length: fill }, (_, k) => ({
          email: `filler.${stamp}.${k}@example.com`,
          firstName: 'F',
          lastName: `${k}`,
          role: 'JobSeeker' as const,
        })),
      )
      .returning({ id: users.id });
    await t.db
      .insert(jobInvitations)
      .values(extra.map((p) => ({ jobPostId: yJob, companyId: t.w.y.id, jobSeekerId: p.id, createdAt: t.clock.now() })));
    const mails = await t.mailsDuring(async () => {
      expectRefused(
        await t.s.inviteMany(t.w.employerY, { jobId: yJob, jobSeekerIds: [a.id, b.id] }, 'Employer'),
        429,
        SuggestionMessages.dailyLimit,
      );
      expect(expectOk(await t.s.invite(t.w.employerY, { jobId: yJob, jobSeekerId: a.id }, 'Employer'), 201).outcome).toBe('invited');
      expectRefused(await t.s.invite(t.w.employerY, { jobId: yJob, jobSeekerId: b.id }, 'Employer'), 429, SuggestionMessages.dailyLimit);
    });
    expect(mails).toHaveLength(1);
    // X is not held back by Y's invitations.
    expect(expectOk(await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: filler.id }), 201).outcome).toBe('invited');
    // A day later the company may invite again.
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(expectOk(await t.s.invite(t.w.employerY, { jobId: yJob, jobSeekerId: b.id }, 'Employer'), 201).outcome).toBe('invited');
  });
});

describe('an invitation from sent to viewed to applied', () => {
  it('the seeker opens it (viewed, once) and applies (applied); the company follows it in the invitations sent', async () => {
    const area = newArea();
    const job = await t.jobAt('Lifecycle', area.center);
    const other = await t.jobAt('Other job', area.center);
    expectOk(await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: t.w.seekerA.id }), 201);
    expectOk(await t.s.invite(t.w.employerX, { jobId: other, jobSeekerId: t.w.seekerA.id }, 'Employer'), 201);
    const [invitation] = await t.invitationsOf(job);

    let sent = expectOk(await t.s.sent(t.w.recruiterX, { jobId: job }));
    expect(sent.items).toHaveLength(1);
    expect(sent.items[0]).toMatchObject({
      id: invitation!.id,
      status: 'sent',
      jobSeeker: { id: t.w.seekerA.id, name: 'Alex Kim' },
      job: { id: job, title: 'Lifecycle' },
      invitedBy: { id: t.w.recruiterX.id },
    });

    expectRefused(await t.s.viewed(t.w.seekerB, { invitationId: invitation!.id }), 404, SuggestionMessages.invitationNotFound);
    const viewed = expectOk(await t.s.viewed(t.w.seekerA, { invitationId: invitation!.id }));
    expect(viewed).toMatchObject({ status: 'viewed', id: invitation!.id });
    t.clock.advance(60_000);
    expect(expectOk(await t.s.viewed(t.w.seekerA, { invitationId: invitation!.id })).viewedAt).toBe(viewed.viewedAt);
    sent = expectOk(await t.s.sent(t.w.employerX, { status: 'viewed' }, 'Employer'));
    expect(sent.items.map((i) => i.id)).toContain(invitation!.id);
    expect(sent.items.every((i) => i.status === 'viewed')).toBe(true);

    await t.applyTo('seekerA', job);
    sent = expectOk(await t.s.sent(t.w.recruiterX, { jobId: job }));
    expect(sent.items[0]).toMatchObject({ status: 'applied', viewedAt: viewed.viewedAt });
    expect(sent.items[0]!.appliedAt).not.toBeNull();
    const applied = expectOk(await t.s.sent(t.w.recruiterX, { status: 'applied' }));
    expect(applied.items.map((i) => i.id)).toContain(invitation!.id);
    const stillSent = expectOk(await t.s.sent(t.w.recruiterX, { status: 'sent', jobId: other }));
    expect(stillSent.items.map((i) => i.job.id)).toEqual([other]);

    const mine = expectOk(await t.s.mine(t.w.seekerA, '?pageSize=5'));
    expect(mine.items.slice(0, 2).map((i) => [i.job.title, i.status])).toEqual(
      expect.arrayContaining([
        ['Lifecycle', 'applied'],
        ['Other job', 'sent'],
      ]),
    );
  });

  it('the company’s list pages 10 at a time, newest first, and refuses another company’s job', async () => {
    const area = newArea();
    const job = await t.jobAt('Many invites', area.center);
    const people = [];
    for (let k = 0; k < 11; k++) people.push(await t.seeker(`I${k}`, { skills: [SKILL.packing], places: [area.at(1)] }));
    for (const p of people) {
      t.clock.advance(1000);
      expectOk(await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: p.id }), 201);
    }
    const page = expectOk(await t.s.sent(t.w.recruiterX, { jobId: job }));
    expect([page.items.length, page.total]).toEqual([10, 11]);
    expect(page.items[0]!.jobSeeker.id).toBe(people[10]!.id);
    expect(expectOk(await t.s.sent(t.w.recruiterX, { jobId: job, pageNumber: 2 })).items.map((i) => i.jobSeeker.id)).toEqual([
      people[0]!.id,
    ]);
    const ofY = await t.jobAt('Y company job', area.center, { company: 'y' });
    expectRefused(await t.s.sent(t.w.recruiterX, { jobId: ofY }), 404, SuggestionMessages.jobNotFound);
    expectRefused(await t.s.sent(t.w.recruiterX, { status: 'opened' }), 400, SuggestionMessages.status);
  });
});
