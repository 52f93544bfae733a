import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SuggestionMessages, type SuggestedSeekerForJob } from '../../src/contract/suggestions.ts';
import { expectOk, expectRefused, newArea, SKILL, suggestionsApp, type Caller, type SuggestionsWorld } from './suggestions-support.ts';

// SuggestedJobSeeker (spec 2 §7) without a job: the dashboard's suggestions across the company's
// open jobs; with a job, the list of SuggestedJobSeekerByJob.

const EXPIRED = 'Your session has expired. Please sign in again.';
const NO_ACCESS = 'You do not have access to this.';

let t: SuggestionsWorld;

beforeAll(async () => {
  t = await suggestionsApp();
}, 120_000);
afterAll(async () => t?.f.stop());

/** Every page of the caller's suggestions across the company's open jobs, 10 at a time. */
async function everyPage(caller: Caller): Promise<{ items: SuggestedSeekerForJob[]; total: number }> {
  const items: SuggestedSeekerForJob[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = expectOk(await t.s.suggestedAny(caller, { pageNumber }));
    expect([page.job, page.pageSize]).toEqual([null, 10]);
    items.push(...page.items);
    if (page.items.length < 10) return { items, total: page.total };
  }
}

describe('suggested job seekers without a job', () => {
  it('lists the seekers who match any of the company’s open jobs, each once with the job they match best, best first', async () => {
    const area = newArea();
    const picker = await t.jobAt('Order Picker', area.center);
    const proofreader = await t.jobAt('Proofreader', area.center, { skills: [SKILL.proofreading] });
    await t.jobAt('Forklift Driver', area.center, { skills: [SKILL.forklift], status: 'Closed' });
    await t.jobAt('Forklift Operator', area.center, { skills: [SKILL.forklift], company: 'y' });

    const both = await t.seeker('Both', { skills: [SKILL.orderPicking, SKILL.packing], places: [area.at(2)] });
    const proof = await t.seeker('Proof', { skills: [SKILL.proofreading], places: [area.at(2)] });
    // Matches both jobs, the proofreader's better (all of its skills): listed once, with it.
    const twice = await t.seeker('Twice', { skills: [SKILL.packing, SKILL.proofreading], places: [area.at(4)] });
    const packer = await t.seeker('Packer', { skills: [SKILL.packing], places: [area.at(2)] });
    // Only the closed job and Y's job ask for forklift driving.
    const forklift = await t.seeker('Forklift', { skills: [SKILL.forklift], places: [area.at(1)] });

    const { items, total } = await everyPage(t.w.recruiterX);
    expect(new Set(items.map((i) => i.id)).size, 'no seeker twice').toBe(items.length);
    expect(total).toBe(items.length);
    const mine = items.filter((i) => [both.id, proof.id, twice.id, packer.id, forklift.id].includes(i.id));
    expect(mine.map((i) => [i.name.split(' ')[0], i.job.title])).toEqual([
      ['Both', 'Order Picker'],
      ['Proof', 'Proofreader'],
      ['Twice', 'Proofreader'],
      ['Packer', 'Order Picker'],
    ]);
    expect(mine.map((i) => i.job.id)).toEqual([picker, proofreader, proofreader, picker]);
    const [first, , third] = mine;
    expect(first).toMatchObject({ totalSkills: 2, invitedAt: null });
    expect(first!.matchedSkills.map((s) => s.id).sort()).toEqual([SKILL.orderPicking, SKILL.packing].sort());
    expect(third!.matchedSkills.map((s) => s.id)).toEqual([SKILL.proofreading]);
    expect(third!.distanceMiles).toBeCloseTo(4, 0);

    // Y's staff see the seeker of their own job, and none of X's.
    const ofY = (await everyPage(t.w.employerY)).items.map((i) => i.id);
    expect(ofY).toContain(forklift.id);
    expect(ofY).not.toContain(both.id);
  });

  it('leaves out seekers who applied to the job they match, and says when one was invited', async () => {
    const area = newArea();
    const job = await t.jobAt('Warehouse Packer', area.center, { skills: [SKILL.packing] });
    const invited = await t.seeker('Invited', { skills: [SKILL.packing], places: [area.at(1)] });
    await t.setPreferences(t.w.seekerB, { places: [area.at(1)] });
    await t.giveSkills(t.w.seekerB, [SKILL.packing]);
    expect((await everyPage(t.w.recruiterX)).items.map((i) => i.id)).toContain(t.w.seekerB.id);

    await t.applyTo('seekerB', job);
    expect(expectOk(await t.s.invite(t.w.recruiterX, { jobId: job, jobSeekerId: invited.id }), 201).outcome).toBe('invited');
    const items = (await everyPage(t.w.employerX)).items;
    expect(items.map((i) => i.id)).not.toContain(t.w.seekerB.id);
    expect(items.find((i) => i.id === invited.id)).toMatchObject({
      job: { id: job, title: 'Warehouse Packer' },
      invitedAt: expect.any(String),
    });
    await t.setPreferences(t.w.seekerB, {});
  });

  it('pages without repeating or skipping a seeker, and takes no body at all as the first page', async () => {
    const area = newArea();
    await t.jobAt('Stocker', area.center, { skills: [SKILL.packing] });
    for (let k = 0; k < 12; k++) await t.seeker(`P${k}`, { skills: [SKILL.packing], places: [area.at(k + 1)] });
    const { items, total } = await everyPage(t.w.recruiterX);
    expect(total).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.id)).size).toBe(total);
    const past = expectOk(await t.s.suggestedAny(t.w.recruiterX, { pageNumber: 1000 }));
    expect([past.items, past.total]).toEqual([[], total]);

    const bare = expectOk(await t.s.suggestedAny(t.w.recruiterX));
    expect([bare.pageNumber, bare.pageSize, bare.total, bare.job]).toEqual([1, 10, total, null]);
    expect(bare.items.map((i) => i.id)).toEqual(items.slice(0, 10).map((i) => i.id));
    expect(expectOk(await t.s.suggestedAny(t.w.recruiterX, { jobId: '' })).items).toEqual(bare.items);
    expectRefused(await t.s.suggestedAny(t.w.recruiterX, { pageSize: 51 }), 400);
  });
});

describe('suggested job seekers with a job', () => {
  it('answer that job’s list, as SuggestedJobSeekerByJob does, each row naming the job', async () => {
    const area = newArea();
    const job = await t.jobAt('Picker', area.center);
    await t.seeker('Near', { skills: [SKILL.packing], places: [area.at(1)] });
    await t.seeker('Nearer', { skills: [SKILL.orderPicking, SKILL.packing], places: [area.at(1)] });
    const byJob = expectOk(await t.s.suggested(t.w.recruiterX, { jobId: job }));
    const any = expectOk(await t.s.suggestedAny(t.w.recruiterX, { jobId: job }));
    expect(any.job).toEqual({ id: job, title: 'Picker' });
    expect(any.items).toEqual(byJob.items.map((i) => ({ ...i, job: { id: job, title: 'Picker' } })));
    expect([any.total, any.pageNumber, any.pageSize]).toEqual([2, 1, 10]);
  });
});

describe('who may ask', () => {
  it('refuses anonymous callers (401), job seekers (403) and a switched-off recruiter (401)', async () => {
    for (const body of [undefined, {}, { jobId: randomUUID() }]) {
      const anonymous = await t.s.suggestedAny(t.w.anonymous, body);
      expect([anonymous.status, anonymous.body.message]).toEqual([401, EXPIRED]);
      const seeker = await t.s.suggestedAny(t.w.seekerA, body);
      expect([seeker.status, seeker.body.message]).toEqual([403, NO_ACCESS]);
      expect((await t.s.suggestedAny(t.w.offRecruiterX, body)).status).toBe(401);
    }
  });

  it('answers another company’s staff as if X’s job did not exist', async () => {
    const area = newArea();
    const job = await t.jobAt('Shelf Stocker', area.center);
    await t.seeker('Xs', { skills: [SKILL.packing], places: [area.at(1)] });
    for (const who of ['recruiterY', 'employerY'] as const) {
      expectRefused(await t.s.suggestedAny(t.w[who], { jobId: job }), 404, SuggestionMessages.jobNotFound);
      expectRefused(await t.s.suggestedAny(t.w[who], { jobId: randomUUID() }), 404, SuggestionMessages.jobNotFound);
    }
  });
});
