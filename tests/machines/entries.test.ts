import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { education } from '../../src/machines/jobseeker/education.machine.ts';
import { SEARCH_DEBOUNCE_MS, type EntriesContext } from '../../src/machines/jobseeker/entries.machine.ts';
import { experience } from '../../src/machines/jobseeker/experience.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { barista, clark, framer, jobs, lookups, osu, psu, psuChoice, stubbedMachine } from '../support/client/entries-fixtures.ts';
import { atomicStates, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

/** The parts every list section shares, whatever its entries. */
type Section = {
  machine: AnyStateMachine;
  fields: readonly string[];
  selectFieldErrors(s: never): Record<string, string | undefined>;
  selectCanSubmit(s: never): boolean;
};
type Snap = { value: unknown; context: EntriesContext<{ id: string }, string>; hasTag(t: string): boolean; matches(v: unknown): boolean };

const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const missing = new ApiError('client', 404, ProfileMessages.entryMissing, [ProfileMessages.entryMissing]);

/**
 * What a user of the section can tell apart: where it is, the list, the dialog's values and the
 * errors it shows, the pending delete, the search's answer, and whether Save can be pressed.
 */
const observableOf = (section: Section) => (s: Snap) =>
  JSON.stringify({
    value: s.value,
    entries: s.context.entries.map((e) => e.id),
    flag: s.context.flag,
    editing: s.context.editing,
    removing: s.context.removing?.id ?? null,
    values: s.hasTag('dialog') ? s.context.values : null,
    shown: section.selectFieldErrors(s as never),
    error: s.context.error,
    query: s.context.query,
    found: s.context.found.map((f) => f.label),
    canSubmit: section.selectCanSubmit(s as never),
  });

const searchWaited = (id: string) => `xstate.after.searchDelay.${id}.dialog.search.waiting`;

/**
 * Walks every state of `section`'s chart the events reach, and replays each state and each event
 * tried there on the real machine with stub calls: it must end where the model says, and keep the
 * form rules (spec 1 §5) all along.
 */
function walk(section: Section, events: EventObject[], reached: string[]) {
  const observable = observableOf(section);
  const model = modelOf(section.machine, {
    events,
    serializeState: observable as never,
    filterEvents: (s, e) => {
      if (e.type.startsWith('xstate.after.')) return (s as unknown as Snap).matches({ dialog: { search: 'waiting' } });
      // Field events come from the dialog's inputs, which are disabled while it saves.
      if (e.type.startsWith('field.')) return (s as unknown as Snap).matches('dialog');
      return whileActorRuns(s, e);
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([...reached].sort());
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: unknown) => {
      const { server, logic } = stubbedMachine(section.machine);
      const actor = createActor(logic).start();
      for (const event of path) {
        if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
        else if (!settle(server.pending, event)) actor.send(event);
        await flush();
      }
      const now = actor.getSnapshot() as unknown as Snap;
      expect(observable(now)).toBe(observable(expected as Snap));
      // Save only in the open dialog, valid and not busy; a rule's error shows only for a field left once, or after a submit.
      const valid = Object.keys(now.context.errors).length === 0;
      expect(section.selectCanSubmit(now as never)).toBe(now.matches('dialog') && valid);
      for (const [field, shown] of Object.entries(section.selectFieldErrors(now as never))) {
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
}

const listStates = ['loading', 'loadFailed', 'list.idle', 'confirming', 'deleting', 'saving'];
const dialogStates = ['dialog.form.idle', 'dialog.form.failed', 'dialog.search.idle'];

describe('entries machine, education (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const loaded = { list: [psu, clark], lookups };
  describe('list, dialog and delete', () => {
    walk(
      education as unknown as Section,
      [
        { type: 'xstate.done.actor.load', output: loaded },
        { type: 'xstate.error.actor.load', error: serverDown },
        { type: 'entries.retry' },
        { type: 'entry.add' },
        { type: 'entry.edit', id: psu.id },
        { type: 'entry.delete', id: clark.id },
        { type: 'field.change', field: 'degree', value: '5' },
        { type: 'field.change', field: 'completion', value: '' },
        { type: 'field.blur', field: 'completion' },
        { type: 'form.submit' },
        { type: 'dialog.close' },
        // The server's order is not the client's: the client sorts again.
        { type: 'xstate.done.actor.save', output: [psu, clark, osu] },
        { type: 'xstate.error.actor.save', error: serverDown },
        {
          type: 'xstate.error.actor.save',
          error: new ApiError('client', 400, ProfileMessages.university, [ProfileMessages.university], {
            university: ProfileMessages.university,
          }),
        },
        { type: 'delete.confirm' },
        { type: 'delete.cancel' },
        { type: 'xstate.done.actor.remove', output: [psu] },
        { type: 'xstate.error.actor.remove', error: missing },
      ] as unknown as EventObject[],
      [...listStates, ...dialogStates],
    );
  });

  describe('the university search in the dialog', () => {
    walk(
      education as unknown as Section,
      [
        { type: 'xstate.done.actor.load', output: loaded },
        { type: 'entry.add' },
        { type: 'search.query', query: 'p' },
        { type: 'search.query', query: 'port' },
        { type: searchWaited('education') },
        { type: 'xstate.done.actor.search', output: [psuChoice] },
        { type: 'xstate.error.actor.search', error: serverDown },
        { type: 'dialog.close' },
      ] as unknown as EventObject[],
      ['loading', 'list.idle', 'dialog.form.idle', 'dialog.search.idle', 'dialog.search.waiting', 'dialog.search.searching'],
    );
  });
});

describe('entries machine, experience (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  walk(
    experience as unknown as Section,
    [
      { type: 'xstate.done.actor.load', output: { list: jobs(false), lookups } },
      { type: 'xstate.done.actor.load', output: { list: jobs(false, framer), lookups } },
      { type: 'xstate.error.actor.load', error: serverDown },
      { type: 'entries.retry' },
      { type: 'flag.set', value: true },
      { type: 'xstate.done.actor.setFlag', output: jobs(true) },
      { type: 'xstate.error.actor.setFlag', error: serverDown },
      { type: 'entry.add' },
      { type: 'entry.edit', id: framer.id },
      { type: 'entry.delete', id: framer.id },
      { type: 'field.change', field: 'currentEmployer', value: 'true' },
      { type: 'field.blur', field: 'companyName' },
      { type: 'form.submit' },
      { type: 'dialog.close' },
      { type: 'xstate.done.actor.save', output: jobs(false, framer, barista) },
      {
        type: 'xstate.error.actor.save',
        error: new ApiError('client', 400, ProfileMessages.endWhileCurrent, [ProfileMessages.endWhileCurrent], {
          endDate: ProfileMessages.endWhileCurrent,
        }),
      },
      { type: 'delete.confirm' },
      { type: 'delete.cancel' },
      { type: 'xstate.done.actor.remove', output: jobs(false) },
      { type: 'xstate.error.actor.remove', error: serverDown },
    ] as unknown as EventObject[],
    [...listStates, 'list.failed', 'savingFlag', ...dialogStates],
  );
});

describe('entries machine rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the messages of a failed delete in the confirmation, and a generic one when the server said nothing', async () => {
    const { server, logic } = stubbedMachine(education.machine);
    const actor = createActor(logic).start();
    settle(server.pending, { type: 'xstate.done.actor.load', output: { list: [psu], lookups } } as EventObject);
    await flush();
    actor.send({ type: 'entry.delete', id: psu.id });
    actor.send({ type: 'delete.confirm' });
    await flush();
    server.pending.remove!.reject(new TypeError('Failed to fetch'));
    await flush();
    const s = actor.getSnapshot() as SnapshotFrom<typeof education.machine>;
    expect(s.value).toBe('confirming');
    expect(s.context.error).toBe(AccountMessages.generic);
    expect(s.context.removing?.id).toBe(psu.id);
  });

  it('ignores an edit or delete of an entry it does not list', async () => {
    const { server, logic } = stubbedMachine(education.machine);
    const actor = createActor(logic).start();
    settle(server.pending, { type: 'xstate.done.actor.load', output: { list: [psu], lookups } } as EventObject);
    await flush();
    actor.send({ type: 'entry.edit', id: clark.id });
    actor.send({ type: 'entry.delete', id: clark.id });
    expect(actor.getSnapshot().value).toEqual({ list: 'idle' });
  });
});
