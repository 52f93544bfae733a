import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { MAX_SKILLS, ProfileMessages, type Skill } from '../../src/contract/jobseeker.ts';
import {
  selectAtLimit,
  selectChoices,
  selectCount,
  selectSkills,
  selectSuggested,
  skillsMachine,
  type SkillsData,
  type SkillsEvent,
} from '../../src/machines/jobseeker/skills.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof skillsMachine>;

const carpentry: Skill = { id: 101, name: 'Carpentry', category: 'Construction and skilled trades' };
const welding: Skill = { id: 118, name: 'Welding', category: 'Construction and skilled trades' };
const forklift: Skill = { id: 301, name: 'Forklift operation', category: 'Warehouse and logistics' };
const palletJack: Skill = { id: 302, name: 'Pallet jack', category: 'Warehouse and logistics' };
const taxonomy = [carpentry, welding, forklift, palletJack];

const stored: SkillsData = { skills: [carpentry, welding], taxonomy, suggested: [{ id: forklift.id, name: forklift.name }] };

const serverDown = new ApiError('server', 500, HttpMessages.failed);
const duplicate = ApiError.of('skill.duplicate', ProfileMessages.skillDuplicate);
const missing = ApiError.of('skill.notOnProfile', ProfileMessages.skillMissing, { fieldErrors: { skill: ProfileMessages.skillMissing } });
const offline = new ApiError('network', 0, HttpMessages.network);

const modelEvents = [
  { type: 'xstate.done.actor.load', output: stored },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'skills.retry' },
  { type: 'skill.add', id: forklift.id },
  { type: 'skill.add', id: welding.id },
  { type: 'skill.add', id: 999 },
  { type: 'skill.remove', id: carpentry.id },
  { type: 'skill.remove', id: forklift.id },
  { type: 'xstate.done.actor.add', output: [carpentry, forklift, welding] },
  { type: 'xstate.error.actor.add', error: serverDown },
  { type: 'xstate.error.actor.add', error: duplicate },
  { type: 'xstate.done.actor.remove', output: [welding] },
  { type: 'xstate.error.actor.remove', error: offline },
  { type: 'xstate.error.actor.remove', error: missing },
] as unknown as EventObject[];

/** What the user can tell apart, and what decides what happens next (the queue). */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    skills: selectSkills(s).map((k) => `${k.id}${k.pending ? '…' : ''}`),
    queue: s.context.queue.map((c) => `${c.kind} ${c.skill.id}`),
    saved: s.context.saved.map((k) => k.id),
    error: s.context.error,
    suggested: selectSuggested(s),
  });

function startSut() {
  const server = {
    calls: [] as string[],
    inFlight: 0,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const stub = <T, I>(id: string) =>
    fromPromise<T, I>(({ input }) => {
      server.calls.push(input === undefined ? id : `${id} ${String(input)}`);
      server.inFlight++;
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise.finally(() => server.inFlight--);
    });
  const machine = skillsMachine.provide({
    actors: { load: stub<SkillsData, unknown>('load'), add: stub<Skill[], number>('add'), remove: stub<Skill[], number>('remove') },
  });
  const actor = createActor(machine);
  let changes = 0;
  const stop = profileChanges.subscribe(() => changes++);
  actor.start();
  return {
    actor,
    server,
    changes: () => changes,
    stop() {
      stop();
      actor.stop();
    },
  };
}

describe('job seeker skills machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(skillsMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.load')) return s.matches('loading');
      if (e.type.endsWith('actor.add')) return s.matches({ ready: 'adding' });
      if (e.type.endsWith('actor.remove')) return s.matches({ ready: 'removing' });
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'loadFailed',
      'loading',
      'ready.adding',
      'ready.idle',
      'ready.removing',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as SkillsEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // One call at a time, and it is the first change in line.
      const busy = now.matches('loading') || now.matches({ ready: 'adding' }) || now.matches({ ready: 'removing' });
      expect(sut.server.inFlight).toBe(busy ? 1 : 0);
      const first = now.context.queue[0];
      if (first) expect(sut.server.calls.at(-1)).toBe(`${first.kind} ${first.skill.id}`);
      // Idle only with nothing left to send.
      if (now.matches({ ready: 'idle' })) expect(now.context.queue).toEqual([]);
      // The completion meter hears of every change the server took, and of nothing else.
      expect(sut.changes()).toBe(path.filter((e) => /^xstate\.done\.actor\.(add|remove)$/.test(e.type)).length);
      // No skill twice; pending exactly while its add waits; the picker never offers a listed skill.
      const ids = selectSkills(now).map((k) => k.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const k of selectSkills(now)) expect(k.pending).toBe(now.context.queue.some((c) => c.kind === 'add' && c.skill.id === k.id));
      expect(selectChoices(now).filter((k) => ids.includes(k.id))).toEqual([]);
      sut.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('job seeker skills rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function loaded(data: SkillsData = stored) {
    const sut = startSut();
    sut.server.pending.load!.resolve(data as never);
    await flush();
    return sut;
  }

  it('shows a change at once and sends the changes one at a time, in the order asked', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'skill.add', id: forklift.id });
    sut.actor.send({ type: 'skill.remove', id: carpentry.id });
    sut.actor.send({ type: 'skill.add', id: palletJack.id });
    await flush();
    expect(selectSkills(sut.actor.getSnapshot()).map((k) => [k.name, k.pending])).toEqual([
      ['Forklift operation', true],
      ['Pallet jack', true],
      ['Welding', false],
    ]);
    expect(sut.server.calls).toEqual(['load', 'add 301']);
    sut.server.pending.add!.resolve([carpentry, forklift, welding] as never);
    await flush();
    expect(sut.server.calls).toEqual(['load', 'add 301', 'remove 101']);
    sut.server.pending.remove!.resolve([forklift, welding] as never);
    await flush();
    expect(sut.server.calls).toEqual(['load', 'add 301', 'remove 101', 'add 302']);
    sut.server.pending.add!.resolve([forklift, palletJack, welding] as never);
    await flush();
    expect(sut.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(selectSkills(sut.actor.getSnapshot()).map((k) => k.name)).toEqual(['Forklift operation', 'Pallet jack', 'Welding']);
    expect(sut.changes()).toBe(3);
    sut.stop();
  });

  it('drops a waiting change that the next one undoes, but never the one on its way', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'skill.add', id: forklift.id });
    sut.actor.send({ type: 'skill.add', id: palletJack.id });
    sut.actor.send({ type: 'skill.remove', id: palletJack.id });
    sut.actor.send({ type: 'skill.remove', id: forklift.id });
    await flush();
    expect(sut.actor.getSnapshot().context.queue.map((c) => `${c.kind} ${c.skill.id}`)).toEqual(['add 301', 'remove 301']);
    expect(selectSkills(sut.actor.getSnapshot()).map((k) => k.name)).toEqual(['Carpentry', 'Welding']);
    sut.stop();
  });

  it('undoes a refused change, says which and why, and keeps the rest of the line', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'skill.add', id: forklift.id });
    sut.actor.send({ type: 'skill.remove', id: forklift.id });
    sut.actor.send({ type: 'skill.add', id: palletJack.id });
    await flush();
    sut.server.pending.add!.reject(new ApiError('client', 400, ProfileMessages.skillLimit, [ProfileMessages.skillLimit]));
    await flush();
    const now = sut.actor.getSnapshot();
    expect(now.context.error).toBe(`${ProfileMessages.skillNotAdded('Forklift operation')} ${ProfileMessages.skillLimit}`);
    // The remove that depended on the refused add went with it; Pallet jack is on its way.
    expect(sut.server.calls).toEqual(['load', 'add 301', 'add 302']);
    expect(selectSkills(now).map((k) => k.name)).toEqual(['Carpentry', 'Pallet jack', 'Welding']);
    expect(selectSuggested(now)).toEqual([{ id: forklift.id, name: forklift.name }]);
    expect(sut.changes()).toBe(0);
    // The next change the user makes clears the message.
    sut.actor.send({ type: 'skill.remove', id: carpentry.id });
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    sut.stop();
  });

  it('a failed remove puts the skill back, with a readable message when the server gave none', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'skill.remove', id: welding.id });
    await flush();
    expect(selectSkills(sut.actor.getSnapshot()).map((k) => k.name)).toEqual(['Carpentry']);
    sut.server.pending.remove!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(selectSkills(sut.actor.getSnapshot()).map((k) => k.name)).toEqual(['Carpentry', 'Welding']);
    expect(sut.actor.getSnapshot().context.error).toBe(`${ProfileMessages.skillNotRemoved('Welding')} ${AccountMessages.generic}`);
    sut.stop();
  });

  it('takes "already so" from the server as done: a skill added or removed elsewhere', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'skill.add', id: forklift.id });
    sut.actor.send({ type: 'skill.remove', id: carpentry.id });
    await flush();
    sut.server.pending.add!.reject(duplicate);
    await flush();
    sut.server.pending.remove!.reject(missing);
    await flush();
    const now = sut.actor.getSnapshot();
    expect(now.context.error).toBeNull();
    expect(selectSkills(now).map((k) => [k.name, k.pending])).toEqual([
      ['Forklift operation', false],
      ['Welding', false],
    ]);
    sut.stop();
  });

  it(`stops at ${MAX_SKILLS} skills, counting the ones on their way`, async () => {
    const many = Array.from({ length: MAX_SKILLS + 2 }, (_, i): Skill => ({
      id: 500 + i,
      name: `Skill ${String(i).padStart(2, '0')}`,
      category: 'Other',
    }));
    const sut = await loaded({ skills: many.slice(0, MAX_SKILLS - 1), taxonomy: many, suggested: 'noResume' });
    expect(selectAtLimit(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'skill.add', id: many[MAX_SKILLS - 1]!.id });
    sut.actor.send({ type: 'skill.add', id: many[MAX_SKILLS]!.id });
    await flush();
    const now = sut.actor.getSnapshot();
    expect(selectCount(now)).toBe(MAX_SKILLS);
    expect(selectAtLimit(now)).toBe(true);
    expect(now.context.error).toBe(ProfileMessages.skillLimit);
    expect(sut.server.calls).toEqual(['load', `add ${many[MAX_SKILLS - 1]!.id}`]);
    sut.stop();
  });

  it('refuses a skill that is not in the lookup or already listed, without calling the server', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'skill.add', id: 999 });
    expect(sut.actor.getSnapshot().context.error).toBe(ProfileMessages.skillUnknown);
    sut.actor.send({ type: 'skill.add', id: welding.id });
    expect(sut.actor.getSnapshot().context.error).toBe(ProfileMessages.skillDuplicate);
    sut.actor.send({ type: 'skill.remove', id: palletJack.id });
    await flush();
    expect(sut.server.calls).toEqual(['load']);
    sut.stop();
  });

  it('offers the lookup by category without the listed skills, and the résumé skills not listed yet', async () => {
    const sut = await loaded();
    const now = sut.actor.getSnapshot();
    expect(selectChoices(now).map((k) => k.name)).toEqual(['Forklift operation', 'Pallet jack']);
    expect(selectSuggested(now)).toEqual([{ id: forklift.id, name: forklift.name }]);
    sut.actor.send({ type: 'skill.add', id: forklift.id });
    expect(selectSuggested(sut.actor.getSnapshot())).toEqual([]);
    sut.stop();
  });
});
