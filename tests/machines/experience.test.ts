import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { experience, skillIdsOf, withSkill, withoutSkill } from '../../src/machines/jobseeker/experience.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import { barista, framer, jobs, lookups, stubbedMachine } from '../support/client/entries-fixtures.ts';
import { flush, settle } from '../support/client/model.ts';

async function loaded(list = jobs(false, framer, barista)) {
  const { server, logic } = stubbedMachine(experience.machine);
  const actor = createActor(logic).start();
  settle(server.pending, { type: 'xstate.done.actor.load', output: { list, lookups } } as EventObject);
  await flush();
  return { server, actor };
}

const type = (actor: Awaited<ReturnType<typeof loaded>>['actor'], field: (typeof experience.fields)[number], value: string) => {
  actor.send({ type: 'field.change', field, value });
  actor.send({ type: 'field.blur', field });
};

describe('experience rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lists newest start first, whatever order the answer has', async () => {
    const { actor } = await loaded();
    expect(actor.getSnapshot().context.entries.map((e) => e.jobTitle)).toEqual(['Barista', 'Framing carpenter']);
  });

  it('sends a job as the contract reads it: dates, pay, job type and skill ids', async () => {
    const { server, actor } = await loaded(jobs(false));
    actor.send({ type: 'entry.add' });
    type(actor, 'companyName', 'Blue Star Coffee');
    type(actor, 'jobTitle', 'Barista');
    type(actor, 'startDate', '2021-03-01');
    type(actor, 'currentEmployer', 'true');
    type(actor, 'salary', '18.50');
    type(actor, 'salaryType', 'Hourly');
    type(actor, 'expTypeId', '2');
    type(actor, 'skills', withSkill(withSkill('', 103), 102));
    actor.send({ type: 'form.submit' });
    await flush();
    expect(server.saves).toEqual([
      {
        id: null,
        input: {
          companyName: 'Blue Star Coffee',
          jobTitle: 'Barista',
          startDate: '2021-03-01',
          endDate: null,
          currentEmployer: true,
          jobDescription: '',
          salary: 18.5,
          salaryType: 'Hourly',
          expTypeId: 2,
          skills: [103, 102],
        },
      },
    ]);
  });

  it('asks for an end date unless the job is current, after the start; ticking "current" clears it', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'entry.add' });
    type(actor, 'startDate', '2020-05-01');
    type(actor, 'endDate', '2020-04-01');
    expect(experience.selectFieldErrors(actor.getSnapshot()).endDate).toBe(ProfileMessages.endDate);
    type(actor, 'endDate', '');
    expect(experience.selectFieldErrors(actor.getSnapshot()).endDate).toBe(ProfileMessages.endDateRequired);
    type(actor, 'endDate', '2020-09-30');
    expect(experience.selectFieldErrors(actor.getSnapshot()).endDate).toBeUndefined();
    type(actor, 'currentEmployer', 'true');
    expect(actor.getSnapshot().context.values.endDate).toBe('');
    expect(experience.selectFieldErrors(actor.getSnapshot()).endDate).toBeUndefined();
  });

  it('fills the dialog from a job', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'entry.edit', id: barista.id });
    expect(actor.getSnapshot().context.values).toEqual({
      companyName: 'Blue Star Coffee',
      jobTitle: 'Barista',
      startDate: '2021-03-01',
      endDate: '',
      currentEmployer: 'true',
      jobDescription: 'Morning shifts at the Pearl District café.',
      salary: '18.5',
      salaryType: 'Hourly',
      expTypeId: '2',
      skills: '102,103',
    });
    expect(experience.selectCanSubmit(actor.getSnapshot())).toBe(true);
  });

  it('saves "no work experience yet", tells the meter, and shows why when it cannot', async () => {
    const { server, actor } = await loaded(jobs(false));
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    actor.send({ type: 'flag.set', value: true });
    await flush();
    expect(server.flags).toEqual([true]);
    server.pending.setFlag!.resolve(jobs(true) as never);
    await flush();
    expect(actor.getSnapshot().context.flag).toBe(true);
    expect(changes).toBe(1);
    actor.send({ type: 'flag.set', value: false });
    await flush();
    server.pending.setFlag!.reject(new ApiError('server', 503, 'Down for a moment'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ list: 'failed' });
    expect(actor.getSnapshot().context.error).toBe('Down for a moment');
    expect(actor.getSnapshot().context.flag).toBe(true);
    stop();
  });

  it('takes the flag from the answer: a first job ends "no experience yet"', async () => {
    const { server, actor } = await loaded(jobs(true));
    expect(actor.getSnapshot().context.flag).toBe(true);
    actor.send({ type: 'entry.add' });
    for (const [field, value] of [
      ['companyName', 'Cascade Builders'],
      ['jobTitle', 'Framing carpenter'],
      ['startDate', '2018-06-15'],
      ['endDate', '2021-02-26'],
    ] as const)
      type(actor, field, value);
    actor.send({ type: 'form.submit' });
    await flush();
    server.pending.save!.resolve(jobs(false, framer) as never);
    await flush();
    expect(actor.getSnapshot().context.flag).toBe(false);
    expect(actor.getSnapshot().context.entries).toEqual([framer]);
  });
});

describe('skills kept as text', () => {
  it('adds a skill once and removes it', () => {
    expect(skillIdsOf('')).toEqual([]);
    expect(withSkill('', 5)).toBe('5');
    expect(withSkill('5', 7)).toBe('5,7');
    expect(withSkill('5,7', 5)).toBe('5,7');
    expect(withoutSkill('5,7', 5)).toBe('7');
    expect(withoutSkill('7', 7)).toBe('');
  });
});
