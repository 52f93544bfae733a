import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { CompanyMessages, type CompanyDetails, type CompanyDetailsInput } from '../../src/contract/company.ts';
import type { Place } from '../../src/lib/places.ts';
import {
  companyDetailsFields,
  companyDetailsMachine,
  selectCanSubmit,
  selectFieldErrors,
  type CompanyDetailsEmitted,
  type CompanyDetailsEvent,
  type LoadedCompany,
} from '../../src/machines/company/company-details.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { sampleDetails, sampleIndustries } from '../../src/views/company/stories-support.tsx';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof companyDetailsMachine>;
type Saved = { details: CompanyDetails; message: string };

const employerView: LoadedCompany = { details: sampleDetails, industries: sampleIndustries };
const recruiterView: LoadedCompany = { details: { ...sampleDetails, canEdit: false }, industries: sampleIndustries };
const portland: Place = { address: 'Portland, OR', city: 'Portland', state: 'OR', latitude: 45.5152, longitude: -122.6784 };
const saved: Saved = { details: { ...sampleDetails, companyName: 'Hale Freight NW' }, message: CompanyMessages.detailsSaved };
const insecure = new ApiError('client', 400, CompanyMessages.websiteInsecure, [CompanyMessages.websiteInsecure], {
  website: CompanyMessages.websiteInsecure,
});

const modelEvents = [
  { type: 'xstate.done.actor.load', output: employerView },
  { type: 'xstate.done.actor.load', output: recruiterView },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'details.retry' },
  { type: 'field.change', field: 'companyName', value: '' },
  { type: 'field.change', field: 'website', value: 'http://halefreight.example.com' },
  { type: 'field.blur', field: 'companyName' },
  { type: 'address.pick', place: portland },
  { type: 'address.clear' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: saved },
  { type: 'xstate.error.actor.save', error: insecure },
  { type: 'xstate.error.actor.save', error: new TypeError('Failed to fetch') },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    place: s.context.place?.address ?? null,
    shown: selectFieldErrors(s),
    error: s.context.error,
    message: s.context.message,
    canSubmit: selectCanSubmit(s),
  });

function startSut() {
  const server = {
    saves: [] as CompanyDetailsInput[],
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = companyDetailsMachine.provide({
    actors: {
      load: fromPromise<LoadedCompany>(() => {
        const d = deferred<LoadedCompany>();
        server.pending.load = d as never;
        return d.promise;
      }),
      save: fromPromise<Saved, CompanyDetailsInput>(({ input }) => {
        server.saves.push(input);
        const d = deferred<Saved>();
        server.pending.save = d as never;
        return d.promise;
      }),
    },
  });
  const emitted: CompanyDetailsEmitted[] = [];
  const actor = createActor(machine);
  actor.on('company.saved', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

describe('company details machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(companyDetailsMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.load')) return s.matches('loading');
      if (e.type.endsWith('actor.save')) return s.matches('saving');
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'editing.failed',
      'editing.idle',
      'editing.saved',
      'loadFailed',
      'loading',
      'readOnly',
      'saving',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle(sut.server.pending, event)) sut.actor.send(event as CompanyDetailsEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Save only when valid and not busy; a rule's error shows only for a field left once, or after a submit.
      expect(selectCanSubmit(now)).toBe(now.matches('editing') && Object.keys(now.context.errors).length === 0);
      for (const field of companyDetailsFields) {
        const shown = selectFieldErrors(now)[field];
        if (shown && shown !== now.context.serverErrors[field]) expect(now.context.touched[field]).toBe(true);
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('company details rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function loaded(view = employerView) {
    const sut = startSut();
    sut.server.pending.load!.resolve(view as never);
    await flush();
    return sut;
  }

  it('fills the form from the company, with the place it has', async () => {
    const sut = await loaded();
    expect(sut.actor.getSnapshot().context.values).toEqual({
      companyName: 'Hale Freight',
      address: 'Vancouver, WA',
      website: 'https://halefreight.example.com',
      about: 'We move freight across the Pacific Northwest.',
      industryId: '48',
    });
    expect(sut.actor.getSnapshot().context.place).toEqual({
      address: 'Vancouver, WA',
      city: 'Vancouver',
      state: 'WA',
      latitude: 45.6387,
      longitude: -122.6615,
    });
  });

  it('sends the place picked whole, and tells whoever listens once saved', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'address.pick', place: portland });
    sut.actor.send({ type: 'field.change', field: 'website', value: 'Hale.Example.com' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([
      {
        companyName: 'Hale Freight',
        address: 'Portland, OR',
        city: 'Portland',
        state: 'OR',
        latitude: 45.5152,
        longitude: -122.6784,
        website: 'Hale.Example.com',
        about: 'We move freight across the Pacific Northwest.',
        industryId: '48',
      },
    ]);
    sut.server.pending.save!.resolve(saved as never);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'company.saved', ...saved }]);
    expect(sut.actor.getSnapshot().context.values.companyName).toBe('Hale Freight NW');
  });

  it('removing the address sends none', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'address.clear' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves[0]).toMatchObject({ address: '', city: null, state: null, latitude: null, longitude: null });
  });

  it('does not save an insecure website, and says why on the field once left or submitted', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'field.change', field: 'website', value: 'http://hale.example.com' });
    expect(selectFieldErrors(sut.actor.getSnapshot()).website).toBeUndefined();
    sut.actor.send({ type: 'field.blur', field: 'website' });
    expect(selectFieldErrors(sut.actor.getSnapshot()).website).toBe(CompanyMessages.websiteInsecure);
    sut.actor.send({ type: 'field.change', field: 'website', value: 'javascript:alert(1)' });
    expect(selectFieldErrors(sut.actor.getSnapshot()).website).toBe(CompanyMessages.website);
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([]);
  });

  it("puts the server's word on a field next to it, and anything else in the alert", async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(insecure);
    await flush();
    expect(selectFieldErrors(sut.actor.getSnapshot()).website).toBe(CompanyMessages.websiteInsecure);
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
  });

  it("shows a recruiter the company's details without a form", async () => {
    const sut = await loaded(recruiterView);
    expect(sut.actor.getSnapshot().matches('readOnly')).toBe(true);
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([]);
  });
});
