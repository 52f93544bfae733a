import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { education } from '../../src/machines/jobseeker/education.machine.ts';
import { SEARCH_DEBOUNCE_MS, type EntriesEmitted } from '../../src/machines/jobseeker/entries.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import { clark, lookups, osu, psu, psuChoice, stubbedMachine } from '../support/client/entries-fixtures.ts';
import { flush, settle } from '../support/client/model.ts';

async function loaded(list = [psu, clark]) {
  const { server, logic } = stubbedMachine(education.machine);
  const emitted: EntriesEmitted[] = [];
  const actor = createActor(logic);
  actor.on('entries.changed', (e) => emitted.push(e));
  actor.start();
  settle(server.pending, { type: 'xstate.done.actor.load', output: { list, lookups } } as EventObject);
  await flush();
  return { server, actor, emitted };
}

const type = (actor: Awaited<ReturnType<typeof loaded>>['actor'], field: (typeof education.fields)[number], value: string) => {
  actor.send({ type: 'field.change', field, value });
  actor.send({ type: 'field.blur', field });
};

describe('education rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lists newest completion year first, whatever order the answer has', async () => {
    const { actor } = await loaded([clark, psu, osu]);
    expect(actor.getSnapshot().context.entries.map((e) => e.completion)).toEqual([2020, 2017, 2012]);
    expect(actor.getSnapshot().context.lookups).toEqual(lookups);
  });

  it('adds a school typed by hand (no id), then keeps the order, tells the meter and says so', async () => {
    const { server, actor, emitted } = await loaded();
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    actor.send({ type: 'entry.add' });
    expect(education.selectCanSubmit(actor.getSnapshot())).toBe(false);
    type(actor, 'degree', '5');
    type(actor, 'university', 'Clark College');
    type(actor, 'completion', '2020');
    actor.send({ type: 'form.submit' });
    await flush();
    expect(server.saves).toEqual([
      { id: null, input: { degree: 5, completion: 2020, university: 'Clark College', universityId: null, focus: null } },
    ]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    server.pending.save!.resolve([clark, psu, { ...osu, university: 'Clark College', universityId: null }] as never);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ list: 'idle' });
    expect(actor.getSnapshot().context.entries.map((e) => e.university)).toEqual([
      'Clark College',
      'Portland State University',
      'Hudson’s Bay High School',
    ]);
    expect(changes).toBe(1);
    expect(emitted).toEqual([{ type: 'entries.changed', message: ProfileMessages.educationSaved }]);
    stop();
  });

  it('edits an entry with its id, the university picked from the search, and the field of study', async () => {
    const { server, actor } = await loaded();
    actor.send({ type: 'entry.edit', id: clark.id });
    expect(actor.getSnapshot().context.values).toEqual({
      degree: '1',
      focus: '',
      university: 'Hudson’s Bay High School',
      universityId: '',
      completion: '2012',
    });
    type(actor, 'universityId', String(psuChoice.value));
    type(actor, 'university', psuChoice.label);
    type(actor, 'focus', '11');
    actor.send({ type: 'form.submit' });
    await flush();
    expect(server.saves).toEqual([
      { id: clark.id, input: { degree: 1, completion: 2012, university: psuChoice.label, universityId: psuChoice.value, focus: 11 } },
    ]);
  });

  it('shows the rules once a field is left, and does not save while one is unmet', async () => {
    const { server, actor } = await loaded();
    actor.send({ type: 'entry.add' });
    type(actor, 'completion', String(new Date().getFullYear() + 1));
    expect(education.selectFieldErrors(actor.getSnapshot())).toEqual({ completion: ProfileMessages.completionYear });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(server.saves).toEqual([]);
    expect(education.selectFieldErrors(actor.getSnapshot())).toEqual({
      degree: ProfileMessages.degree,
      university: ProfileMessages.university,
      completion: ProfileMessages.completionYear,
    });
  });

  it("keeps the dialog open with the user's input and the server's words when a save fails", async () => {
    const { server, actor } = await loaded();
    actor.send({ type: 'entry.edit', id: psu.id });
    type(actor, 'completion', '2018');
    actor.send({ type: 'form.submit' });
    await flush();
    server.pending.save!.reject(new ApiError('client', 404, ProfileMessages.entryMissing, [ProfileMessages.entryMissing]));
    await flush();
    const s = actor.getSnapshot();
    expect(s.hasTag('dialog')).toBe(true);
    expect(s.context.values.completion).toBe('2018');
    expect(s.context.error).toBe(ProfileMessages.entryMissing);
  });

  it('deletes only once confirmed, then tells the meter', async () => {
    const { server, actor, emitted } = await loaded();
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    actor.send({ type: 'entry.delete', id: clark.id });
    expect(actor.getSnapshot().context.removing).toEqual(clark);
    expect(server.removes).toEqual([]);
    actor.send({ type: 'delete.confirm' });
    await flush();
    expect(server.removes).toEqual([clark.id]);
    server.pending.remove!.resolve([psu] as never);
    await flush();
    expect(actor.getSnapshot().context.entries).toEqual([psu]);
    expect(changes).toBe(1);
    expect(emitted).toEqual([{ type: 'entries.changed', message: ProfileMessages.educationDeleted }]);
    stop();
  });
});

describe('the university search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a pause in typing and searches the last text only', async () => {
    const { server, actor } = await loaded();
    actor.send({ type: 'entry.add' });
    for (const query of ['po', 'por', 'port']) {
      actor.send({ type: 'search.query', query });
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    }
    expect(server.searches).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(server.searches.map((s) => s.query)).toEqual(['port']);
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    server.pending.search!.resolve([psuChoice] as never);
    await flush();
    expect(actor.getSnapshot().context.found).toEqual([psuChoice]);
  });

  it('stops a search when newer text arrives, so an old answer never replaces a new one', async () => {
    const { server, actor } = await loaded();
    actor.send({ type: 'entry.add' });
    actor.send({ type: 'search.query', query: 'port' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    const stale = server.pending.search!;
    actor.send({ type: 'search.query', query: 'portland st' });
    expect(server.searches[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    stale.resolve([{ value: 1, label: 'Portland Community College' }] as never);
    server.pending.search!.resolve([psuChoice] as never);
    await flush();
    expect(server.searches.map((s) => s.query)).toEqual(['port', 'portland st']);
    expect(actor.getSnapshot().context.found).toEqual([psuChoice]);
  });

  it('does not search a single letter, and forgets what it found; closing the dialog stops a search', async () => {
    const { server, actor } = await loaded();
    actor.send({ type: 'entry.add' });
    actor.send({ type: 'search.query', query: 'port' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    server.pending.search!.resolve([psuChoice] as never);
    await flush();
    actor.send({ type: 'search.query', query: 'p' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(server.searches).toHaveLength(1);
    expect(actor.getSnapshot().context.found).toEqual([]);
    actor.send({ type: 'search.query', query: 'reed' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'dialog.close' });
    expect(server.searches[1]!.signal.aborted).toBe(true);
  });
});
