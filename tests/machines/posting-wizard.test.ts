import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { LocationResult } from '../../src/contract/location.ts';
import { SupplementalPay } from '../../src/contract/lookups.ts';
import {
  newJobData,
  PostingMessages,
  wizardSteps,
  type CompanyJobDetail,
  type Draft,
  type JobData,
  type StepTracking,
} from '../../src/contract/posting.ts';
import { payRangeReason } from '../../src/contract/posting-rules.ts';
import { fieldKeyOf, geoLocationOf, readNumber, serverFieldErrors } from '../../src/machines/posting/job-data.ts';
import {
  AUTOSAVE_DELAY_MS,
  reachableSteps,
  selectCanPublish,
  selectFieldErrors,
  selectNumberText,
  selectReview,
  selectSaveStatus,
  wizardMachine,
  type PublishInput,
  type SaveInput,
  type WizardEmitted,
  type WizardEvent,
  type WizardInput,
  type WizardLoaded,
} from '../../src/machines/posting/wizard.machine.ts';
import type { LocalDraft } from '../../src/services/draft-store.ts';
import { ApiError } from '../../src/services/http.ts';
import {
  completeJobData,
  DRAFT_ID,
  newDraft,
  reviewTracking,
  sampleDraft,
  sampleDescription,
  sampleLookups,
} from '../../src/views/posting/stories-support.tsx';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';
import { companyJob } from '../support/client/job-fixtures.ts';

type Snap = SnapshotFrom<typeof wizardMachine>;

const TODAY = '2026-03-02';
const NOW = new Date('2026-03-02T17:00:00.000Z');
const AFTER_AUTOSAVE = 'xstate.after.autosaveDelay.wizard.ready.autosave.dirty';

const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const offline = new ApiError('network', 0, 'Network Error!, Please check your connection.');
const payRefused = new ApiError('client', 400, PostingMessages.notPublishable, [PostingMessages.notPublishable], {
  'jobData.payDetails.maxSalary': payRangeReason([{ name: 'Washington' }]),
});
const notFound = new ApiError('client', 404, PostingMessages.draftNotFound, [PostingMessages.draftNotFound]);

const published: CompanyJobDetail = {
  ...companyJob({
    id: 'b5e7a0c4-1f55-4d7c-8f3c-9f7e2a9d0e11',
    title: completeJobData.jobDetails.title,
    minimumExperience: 0,
    maximumExperience: 2,
    dateOfPosted: NOW.toISOString(),
    createdDate: NOW.toISOString(),
    geoLatitude: 45.6387,
    geoLongitude: -122.6615,
    compensation: { minimumAmount: 18.5, maximumAmount: 22, rate: 'Hourly' },
    company: { id: 'c1', name: 'Hale Freight' },
    companyName: 'Hale Freight',
    validThrough: null,
    createdBy: { id: 'Recruiter-1', name: 'Casey Hale' },
    modified: NOW.toISOString(),
  }),
  jobData: completeJobData,
};

const loaded = (draft: Draft, local: LocalDraft | null = null): WizardLoaded => ({ draft, lookups: sampleLookups, local });
const withData = (patch: (d: JobData) => JobData) => patch(structuredClone(completeJobData));

/** The machine with every call a stub the test answers, and the browser's store in memory. */
function startSut(input: WizardInput = { draftId: DRAFT_ID, today: TODAY }) {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    saves: [] as SaveInput[],
    writes: [] as SaveInput[],
    publishes: [] as PublishInput[],
    creates: [] as string[],
  };
  const kept = { writes: [] as Array<{ jobData: JobData; stepTracking: StepTracking }>, clears: 0, knownClears: 0 };
  const stub = <T, I>(id: string, record?: (input: I) => void) =>
    fromPromise<T, I>(({ input }) => {
      record?.(input);
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise;
    });
  const machine = wizardMachine.provide({
    actors: {
      load: stub('load'),
      create: stub('create', (i: { title: string }) => server.creates.push(i.title)),
      save: stub('save', (i: SaveInput) => server.saves.push(i)),
      write: stub('write', (i: SaveInput) => server.writes.push(i)),
      publish: stub('publish', (i: PublishInput) => server.publishes.push(i)),
    },
    actions: {
      keepLocally: ({ context }) => {
        kept.writes.push({ jobData: context.data, stepTracking: context.tracking });
      },
      forgetLocal: () => {
        kept.clears++;
      },
      forgetKnownLocal: ({ context }) => {
        if (!context.offer) kept.knownClears++;
      },
    },
  });
  const emitted: WizardEmitted[] = [];
  const actor = createActor(machine, { input });
  actor.on('*', (e) => emitted.push(e as WizardEmitted));
  actor.start();
  return { actor, server, kept, emitted };
}

type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: EventObject) {
  if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
  else if (!settle(sut.server.pending, event)) sut.actor.send(event as WizardEvent);
  await flush();
}

/** What a user of the wizard can tell apart. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    step: s.context.tracking.currentStep,
    completed: s.context.tracking.completedSteps,
    shown: selectFieldErrors(s),
    status: selectSaveStatus(s),
    // A change made while a save runs is saved after it.
    newerThanSave: s.matches({ ready: { autosave: 'saving' } }) && s.context.version !== s.context.savingVersion,
    title: s.context.title,
    titleError: s.context.titleError,
    createError: s.context.createError,
    loadError: s.context.loadError,
    hires: selectNumberText(s, 'jobDetails.numberOfHires'),
    description: s.context.data.jobDetails.description,
    maxPay: s.context.data.payDetails.maxSalary,
    offer: s.context.offer !== null,
    suggestion: s.context.suggestion,
    writerError: s.context.writerError,
    publishError: s.context.publishError,
    canPublish: selectCanPublish(s),
  });

const leavesOf = (states: Array<{ state: Snap }>) => [...new Set(states.flatMap((s) => atomicStates(s.state.value)))];

/**
 * Walks the model of one concern of the wizard and replays each state and each event tried there
 * on the real machine: it must end where the model says.
 */
function walk(
  name: string,
  options: {
    input?: WizardInput;
    events: Array<EventObject & Record<string, unknown>>;
    filter?: (s: Snap, e: EventObject) => boolean;
    reaches: string[];
  },
) {
  const input = options.input ?? { draftId: DRAFT_ID, today: TODAY };
  const model = modelOf(wizardMachine, {
    input,
    events: options.events,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (s.status === 'done') return false;
      if (e.type.startsWith('xstate.after.')) return s.matches({ ready: { autosave: 'dirty' } });
      if (!whileActorRuns(s, e)) return false;
      return options.filter ? options.filter(s, e) : true;
    },
  });
  const states = modelStates(model);
  allLeaves.push(...leavesOf(states));

  describe(name, () => {
    it('reaches the states of this part of the chart and tries every event', () => {
      for (const leaf of options.reaches) expect(leavesOf(states)).toContain(leaf);
      expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(options.events.map((e) => e.type)));
    });

    it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
      const check = async (path: EventObject[], expected: Snap) => {
        const sut = startSut(input);
        for (const event of path) await play(sut, event);
        expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
        sut.actor.stop();
      };
      await check(s.path, s.state);
      for (const t of s.transitions) await check([...s.path, t.event], t.next);
    });
  });
  return states;
}

const allLeaves: string[] = [];

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const change = (field: string, value: unknown) => ({ type: 'field.change', field, value });

describe('job post wizard (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  walk('a new draft from its title', {
    input: { today: TODAY },
    events: [
      { type: 'title.change', title: 'Ware' },
      { type: 'title.change', title: 'Warehouse Associate' },
      { type: 'title.submit' },
      done('create', { draft: newDraft(), lookups: sampleLookups }),
      failed('create', serverDown),
    ],
    reaches: ['naming', 'creating', 'ready.editor.editing', 'ready.autosave.clean', 'ready.writer.idle'],
  });

  walk('loading a draft', {
    events: [done('load', loaded(sampleDraft())), failed('load', notFound), { type: 'wizard.retry' }],
    reaches: ['loading', 'loadFailed', 'ready.editor.editing'],
  });

  // Every step forward and back, the indicator's steps, and a step that cannot be left yet.
  const moving = walk('moving between the steps', {
    events: [
      done('load', loaded(sampleDraft())),
      { type: 'wizard.next' },
      { type: 'wizard.back' },
      { type: 'wizard.goto', step: 'jobDetails' },
      { type: 'wizard.goto', step: 'categorization' },
      { type: 'wizard.goto', step: 'review' },
      change('jobDetails.description', ''),
      change('jobDetails.description', sampleDescription),
      done('save', sampleDraft()),
    ],
    filter: (s, e) => {
      if (!s.matches('ready')) return e.type === 'xstate.done.actor.load';
      // Saves are answered at once here; the autosave's own paths are walked below.
      if (s.matches({ ready: { autosave: 'saving' } })) return e.type === 'xstate.done.actor.save';
      if (e.type === 'field.change') {
        const description = s.context.data.jobDetails.description;
        return s.context.tracking.currentStep === 'jobDetails' && (e as unknown as { value: string }).value !== description;
      }
      return true;
    },
    reaches: ['ready.editor.editing', 'ready.autosave.clean', 'ready.autosave.dirty', 'ready.autosave.saving'],
  });

  walk('autosave', {
    events: [
      done('load', loaded(sampleDraft())),
      change('jobDetails.numberOfHires', '3'),
      change('jobDetails.numberOfHires', '2'),
      change('jobDetails.numberOfHires', 'lots'),
      { type: 'field.blur', field: 'jobDetails.numberOfHires' },
      { type: AFTER_AUTOSAVE },
      done('save', sampleDraft()),
      failed('save', offline),
      { type: 'autosave.retry' },
      { type: 'page.hide' },
    ],
    filter: (s, e) => {
      if (e.type === 'field.change') return selectNumberText(s, 'jobDetails.numberOfHires') !== (e as unknown as { value: string }).value;
      return true;
    },
    reaches: ['ready.autosave.clean', 'ready.autosave.dirty', 'ready.autosave.saving', 'ready.autosave.failed', 'ready.autosave.invalid'],
  });

  walk('changes kept in the browser, offered back', {
    events: [
      done(
        'load',
        loaded(sampleDraft(), {
          jobData: withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, numberOfHires: 5 } })),
          stepTracking: { ...reviewTracking, currentStep: 'payDetails' },
          savedAt: NOW.toISOString(),
        }),
      ),
      { type: 'restore.accept' },
      { type: 'restore.discard' },
      done('save', sampleDraft()),
    ],
    reaches: ['ready.editor.offering', 'ready.editor.editing', 'ready.autosave.saving'],
  });

  walk('the description writer', {
    events: [
      done('load', loaded(sampleDraft(withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, description: '<p>Pack boxes.</p>' } }))))),
      { type: 'ai.write' },
      done('write', sampleDescription),
      done('write', null),
      failed('write', serverDown),
      { type: 'ai.use' },
      { type: 'ai.dismiss' },
    ],
    filter: (s, e) => {
      // One suggestion at a time: the writer is asked again only once it is taken or dismissed.
      if (e.type === 'ai.write')
        return s.context.suggestion === null && !s.context.writerError && s.context.data.jobDetails.description !== sampleDescription;
      return true;
    },
    reaches: ['ready.writer.idle', 'ready.writer.writing'],
  });

  walk('publishing', {
    events: [
      done('load', loaded(sampleDraft(completeJobData, reviewTracking))),
      { type: 'wizard.publish' },
      done('publish', published),
      failed('publish', payRefused),
      failed('publish', offline),
      { type: 'wizard.goto', step: 'review' },
      change('payDetails.maxSalary', '23'),
      done('save', sampleDraft()),
    ],
    filter: (s, e) => {
      if (s.matches({ ready: { autosave: 'saving' } }) && e.type !== 'xstate.done.actor.save') return e.type.startsWith('xstate.');
      if (e.type === 'field.change') return s.context.tracking.currentStep === 'payDetails' && s.context.data.payDetails.maxSalary !== 23;
      return true;
    },
    reaches: ['ready.editor.publishing', 'published'],
  });

  it('opens every step, each after leaving the one before it forward and the one after it back', () => {
    const seen = (from: string, type: string) =>
      moving.flatMap((s) =>
        s.transitions
          .filter((t) => s.state.context.tracking.currentStep === from && t.event.type === type)
          .map((t) => t.next.context.tracking.currentStep),
      );
    for (const [i, step] of wizardSteps.entries()) {
      if (i > 0) expect(seen(wizardSteps[i - 1]!, 'wizard.next')).toContain(step);
      if (i < wizardSteps.length - 1) expect(seen(wizardSteps[i + 1]!, 'wizard.back')).toContain(step);
    }
  });

  it('walks every state of the chart in one part or another', () => {
    expect([...new Set(allLeaves)].sort()).toEqual(
      [
        'naming',
        'creating',
        'loading',
        'loadFailed',
        'ready.editor.offering',
        'ready.editor.editing',
        'ready.editor.publishing',
        'ready.autosave.clean',
        'ready.autosave.dirty',
        'ready.autosave.saving',
        'ready.autosave.failed',
        'ready.autosave.invalid',
        'ready.writer.idle',
        'ready.writer.writing',
        'published',
      ].sort(),
    );
  });
});

describe('job post wizard rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  async function opened(draft: Draft = sampleDraft(), local: LocalDraft | null = null) {
    const sut = startSut();
    sut.server.pending.load!.resolve(loaded(draft, local) as never);
    await flush();
    return sut;
  }
  const snap = (sut: Sut) => sut.actor.getSnapshot();
  const send = async (sut: Sut, event: WizardEvent) => {
    sut.actor.send(event);
    await flush();
  };
  const answerSave = async (sut: Sut, draft = sampleDraft()) => {
    sut.server.pending.save!.resolve(draft as never);
    await flush();
  };

  it('asks for a title of 5 to 120 characters, then makes a draft of it and says which', async () => {
    const sut = startSut({ today: TODAY });
    expect(snap(sut).value).toBe('naming');
    await send(sut, { type: 'title.change', title: '  Dock ' });
    await send(sut, { type: 'title.submit' });
    expect(snap(sut).context.titleError).toBe(PostingMessages.title);
    expect(sut.server.creates).toEqual([]);
    await send(sut, { type: 'title.change', title: 'Dock Worker' });
    expect(snap(sut).context.titleError).toBeNull();
    await send(sut, { type: 'title.submit' });
    expect(sut.server.creates).toEqual(['Dock Worker']);
    sut.server.pending.create!.resolve({ draft: newDraft('Dock Worker'), lookups: sampleLookups } as never);
    await flush();
    expect(sut.emitted).toContainEqual({ type: 'draft.created', draftId: DRAFT_ID });
    expect(snap(sut).context.data).toEqual(newJobData('Dock Worker'));
    // A new draft (spec 2 §3): 1 hire, 20 hours a week, USD, zero pay.
    expect(snap(sut).context.data.jobDetails.numberOfHires).toBe(1);
    expect(snap(sut).context.data.timeRequirements.hoursPerWeek).toBe(20);
    expect(snap(sut).context.data.payDetails).toMatchObject({ currency: 'USD', minSalary: 0, maxSalary: 0 });
    expect(selectSaveStatus(snap(sut))).toBe('saved');
  });

  it('resumes a draft at the step it was left on', async () => {
    const sut = await opened(
      sampleDraft(completeJobData, { currentStep: 'payDetails', completedSteps: ['jobDetails', 'timeRequirements'] }),
    );
    expect(snap(sut).context.tracking.currentStep).toBe('payDetails');
    expect(reachableSteps(snap(sut).context)).toEqual(['jobDetails', 'timeRequirements', 'payDetails', 'categorization']);
  });

  it('walks every step forward and back, completing each step it leaves forward and saving at each move', async () => {
    const sut = await opened();
    for (const [i, step] of wizardSteps.entries()) {
      expect(snap(sut).context.tracking.currentStep).toBe(step);
      if (i === wizardSteps.length - 1) break;
      await send(sut, { type: 'wizard.next' });
      expect(sut.server.saves.at(-1)!.stepTracking.currentStep).toBe(wizardSteps[i + 1]);
      await answerSave(sut);
    }
    expect(snap(sut).context.tracking.completedSteps).toEqual(wizardSteps.slice(0, -1));
    expect(Object.keys(snap(sut).context.tracking.stepLastModified)).toEqual(wizardSteps.slice(0, -1));
    for (const step of [...wizardSteps].reverse().slice(1)) {
      await send(sut, { type: 'wizard.back' });
      await answerSave(sut);
      expect(snap(sut).context.tracking.currentStep).toBe(step);
    }
    expect(sut.server.saves).toHaveLength(12);
  });

  it('stays on a step that lacks something and shows every reason', async () => {
    const sut = await opened(sampleDraft(newJobData('Dock Worker')));
    await send(sut, { type: 'wizard.next' });
    expect(snap(sut).context.tracking.currentStep).toBe('jobDetails');
    expect(selectFieldErrors(snap(sut))).toEqual({
      'jobDetails.description': PostingMessages.description,
      'jobDetails.positionType': PostingMessages.positionType,
      'jobDetails.locationType': PostingMessages.locationType,
    });
    expect(sut.server.saves).toEqual([]);
  });

  it('shows a value the contract refuses once the field is left, and keeps it from being saved', async () => {
    const sut = await opened();
    await send(sut, { type: 'field.change', field: 'jobDetails.numberOfHires', value: '0' });
    expect(selectFieldErrors(snap(sut))).toEqual({});
    await send(sut, { type: 'field.blur', field: 'jobDetails.numberOfHires' });
    expect(selectFieldErrors(snap(sut))).toEqual({ 'jobDetails.numberOfHires': PostingMessages.numberOfHires });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(selectSaveStatus(snap(sut))).toBe('invalid');
    expect(sut.server.saves).toEqual([]);
    await send(sut, { type: 'wizard.back' });
    await send(sut, { type: 'field.change', field: 'jobDetails.numberOfHires', value: '4' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(sut.server.saves.at(-1)!.jobData.jobDetails.numberOfHires).toBe(4);
  });

  it('opens a completed step or the next one from the indicator, and no other', async () => {
    const sut = await opened(sampleDraft(completeJobData, { currentStep: 'timeRequirements', completedSteps: ['jobDetails'] }));
    await send(sut, { type: 'wizard.goto', step: 'categorization' });
    expect(snap(sut).context.tracking.currentStep).toBe('timeRequirements');
    await send(sut, { type: 'wizard.goto', step: 'payDetails' });
    expect(snap(sut).context.tracking).toMatchObject({ currentStep: 'payDetails', completedSteps: ['jobDetails', 'timeRequirements'] });
    await answerSave(sut);
    await send(sut, { type: 'wizard.goto', step: 'jobDetails' });
    expect(snap(sut).context.tracking).toMatchObject({ currentStep: 'jobDetails', completedSteps: ['jobDetails', 'timeRequirements'] });
  });

  it('saves 2 s after the last change, not before; typing again starts the wait again', async () => {
    const sut = await opened();
    await send(sut, { type: 'field.change', field: 'jobDetails.title', value: 'Warehouse Lead' });
    expect(selectSaveStatus(snap(sut))).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    await send(sut, { type: 'field.change', field: 'jobDetails.title', value: 'Warehouse Leader' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(sut.server.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectSaveStatus(snap(sut))).toBe('saving');
    expect(sut.server.saves.map((s) => s.jobData.jobDetails.title)).toEqual(['Warehouse Leader']);
    expect(sut.server.saves[0]!.draftId).toBe(DRAFT_ID);
    await answerSave(sut);
    expect(selectSaveStatus(snap(sut))).toBe('saved');
    // What the server has is no longer kept in the browser.
    expect(sut.kept.clears).toBe(1);
  });

  it('saves the changes made during a save right after it', async () => {
    const sut = await opened();
    await send(sut, { type: 'field.change', field: 'jobDetails.title', value: 'Warehouse Lead' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    await send(sut, { type: 'field.change', field: 'jobDetails.title', value: 'Warehouse Lead (nights)' });
    await answerSave(sut);
    expect(selectSaveStatus(snap(sut))).toBe('saving');
    expect(sut.server.saves.map((s) => s.jobData.jobDetails.title)).toEqual(['Warehouse Lead', 'Warehouse Lead (nights)']);
    await answerSave(sut);
    expect(selectSaveStatus(snap(sut))).toBe('saved');
  });

  it('keeps the changes in the browser when a save fails, says so, and tries again on Retry', async () => {
    const sut = await opened();
    await send(sut, { type: 'field.change', field: 'jobDetails.title', value: 'Warehouse Lead' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    sut.server.pending.save!.reject(offline);
    await flush();
    expect(selectSaveStatus(snap(sut))).toBe('failed');
    expect(sut.kept.writes.at(-1)!.jobData.jobDetails.title).toBe('Warehouse Lead');
    await send(sut, { type: 'autosave.retry' });
    expect(sut.server.saves).toHaveLength(2);
    await answerSave(sut);
    expect(selectSaveStatus(snap(sut))).toBe('saved');
  });

  it('keeps unsaved changes in the browser when the tab goes away', async () => {
    const sut = await opened();
    await send(sut, { type: 'page.hide' });
    expect(sut.kept.writes).toEqual([]);
    await send(sut, { type: 'field.change', field: 'jobDetails.title', value: 'Warehouse Lead' });
    const before = sut.kept.writes.length;
    await send(sut, { type: 'page.hide' });
    expect(sut.kept.writes).toHaveLength(before + 1);
    expect(sut.kept.writes.at(-1)!.jobData.jobDetails.title).toBe('Warehouse Lead');
  });

  it('offers the changes kept in the browser; restoring saves them, discarding forgets them', async () => {
    const local: LocalDraft = {
      jobData: withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, title: 'Warehouse Lead' } })),
      stepTracking: { currentStep: 'payDetails', completedSteps: ['jobDetails', 'timeRequirements'], stepLastModified: {} },
      savedAt: NOW.toISOString(),
    };
    const restoring = await opened(sampleDraft(), local);
    expect(restoring.actor.getSnapshot().matches({ ready: { editor: 'offering' } })).toBe(true);
    await send(restoring, { type: 'restore.accept' });
    expect(snap(restoring).context.data.jobDetails.title).toBe('Warehouse Lead');
    expect(snap(restoring).context.tracking.currentStep).toBe('payDetails');
    expect(restoring.server.saves.at(-1)!.jobData.jobDetails.title).toBe('Warehouse Lead');

    const discarding = await opened(sampleDraft(), local);
    await send(discarding, { type: 'restore.discard' });
    expect(snap(discarding).context.data).toEqual(completeJobData);
    expect(discarding.kept.clears).toBe(1);
    expect(discarding.server.saves).toEqual([]);
  });

  it('offers nothing when the browser kept what the server already has', async () => {
    const sut = await opened(sampleDraft(), { jobData: completeJobData, stepTracking: reviewTracking, savedAt: NOW.toISOString() });
    expect(snap(sut).matches({ ready: { editor: 'editing' } })).toBe(true);
    expect(sut.kept.knownClears).toBe(1);
  });

  it("offers the writer's description beside the author's, and replaces it only when asked", async () => {
    const own = '<p>Pack boxes.</p>';
    const sut = await opened(sampleDraft(withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, description: own } }))));
    await send(sut, { type: 'ai.write' });
    expect(snap(sut).hasTag('writing')).toBe(true);
    expect(sut.server.writes[0]!.jobData.jobDetails.description).toBe(own);
    sut.server.pending.write!.resolve(sampleDescription as never);
    await flush();
    expect(snap(sut).context.suggestion).toBe(sampleDescription);
    expect(snap(sut).context.data.jobDetails.description).toBe(own);
    await send(sut, { type: 'ai.dismiss' });
    expect(snap(sut).context.data.jobDetails.description).toBe(own);

    await send(sut, { type: 'ai.write' });
    sut.server.pending.write!.resolve(sampleDescription as never);
    await flush();
    await send(sut, { type: 'ai.use' });
    expect(snap(sut).context.data.jobDetails.description).toBe(sampleDescription);
    expect(snap(sut).context.suggestion).toBeNull();
    expect(selectSaveStatus(snap(sut))).toBe('unsaved');
  });

  it('says when the writer is not available', async () => {
    const sut = await opened();
    await send(sut, { type: 'ai.write' });
    sut.server.pending.write!.reject(serverDown);
    await flush();
    expect(snap(sut).context.writerError).toBe(PostingMessages.writerUnavailable);
  });

  it('publishes a complete draft, its current data first, and says so', async () => {
    const sut = await opened(sampleDraft(completeJobData, reviewTracking));
    expect(selectReview(snap(sut)).every((r) => Object.keys(r.errors).length === 0)).toBe(true);
    await send(sut, { type: 'wizard.publish' });
    expect(sut.server.publishes).toEqual([
      { draftId: DRAFT_ID, jobData: completeJobData, stepTracking: reviewTracking, editsLiveJob: false },
    ]);
    sut.server.pending.publish!.resolve(published as never);
    await flush();
    expect(snap(sut).status).toBe('done');
    expect(sut.emitted).toContainEqual({ type: 'job.published', job: published, message: PostingMessages.published });
    expect(sut.kept.clears).toBe(1);
  });

  it('keeps the boost chosen on its step as the draft’s plan, for display, and saves it like any change', async () => {
    const sut = await opened(sampleDraft(completeJobData, { ...reviewTracking, currentStep: 'subscriptionPlan' }));
    const plan = { tier: 'premium', length: 30, price: 168, discountPercentage: 20 };
    await send(sut, { type: 'plan.choose', plan });
    expect(snap(sut).context.data.subscriptionPlan).toEqual(plan);
    expect(selectSaveStatus(snap(sut))).toBe('unsaved');
    await send(sut, { type: 'plan.choose', plan: null });
    expect(snap(sut).context.data.subscriptionPlan).toBeNull();
  });

  it('publishes the new version of a live job over it', async () => {
    const live = withData((d) => ({ ...d, jobPostId: published.id }));
    const sut = await opened(sampleDraft(live, reviewTracking));
    await send(sut, { type: 'wizard.publish' });
    expect(sut.server.publishes[0]!.editsLiveJob).toBe(true);
    sut.server.pending.publish!.resolve(published as never);
    await flush();
    expect(sut.emitted).toContainEqual({ type: 'job.published', job: published, message: PostingMessages.republished });
  });

  it("opens the step the server refused, with the server's word on its field", async () => {
    const sut = await opened(sampleDraft(completeJobData, reviewTracking));
    await send(sut, { type: 'wizard.publish' });
    sut.server.pending.publish!.reject(payRefused);
    await flush();
    expect(snap(sut).context.tracking.currentStep).toBe('payDetails');
    expect(selectFieldErrors(snap(sut))).toEqual({ 'payDetails.maxSalary': payRangeReason([{ name: 'Washington' }]) });
    expect(selectCanPublish(snap(sut))).toBe(false);
    await send(sut, { type: 'field.change', field: 'payDetails.maxSalary', value: '24' });
    expect(selectFieldErrors(snap(sut))).toEqual({});
  });

  it('does not publish while something is missing; the review lists it by step', async () => {
    const data = withData((d) => ({ ...d, payDetails: { ...d.payDetails, minSalary: 0, maxSalary: 0, isCompetitiveSalary: true } }));
    const sut = await opened(sampleDraft(data, reviewTracking));
    const review = selectReview(snap(sut));
    expect(review.find((r) => r.step === 'payDetails')!.errors).toEqual({
      'payDetails.maxSalary': payRangeReason([{ name: 'Washington' }]),
    });
    expect(selectCanPublish(snap(sut))).toBe(false);
    await send(sut, { type: 'wizard.publish' });
    expect(sut.server.publishes).toEqual([]);
  });

  it('names the skill that blocks opening a job to applicants aged 16 and 17', async () => {
    const data = withData((d) => ({
      ...d,
      candidateRequirements: { ...d.candidateRequirements, skills: [103], openToMinors: true, hazardsReviewed: true },
    }));
    const sut = await opened(
      sampleDraft(data, {
        currentStep: 'candidateRequirements',
        completedSteps: ['jobDetails', 'timeRequirements', 'payDetails', 'categorization'],
      }),
    );
    await send(sut, { type: 'wizard.next' });
    expect(snap(sut).context.tracking.currentStep).toBe('candidateRequirements');
    expect(selectFieldErrors(snap(sut))['candidateRequirements.openToMinors']).toMatch(/"forklift" names work federal law forbids them/);
  });

  it('takes a place picked in the location search as the address, with its city, state and position', async () => {
    const sut = await opened(sampleDraft(withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, address: null, geoLocation: null } }))));
    const location: LocationResult = {
      id: 'zip:98660',
      address: { freeformAddress: '98660 Vancouver, WA', countrySubdivisionName: 'Washington' },
      position: { lat: 45.64, lng: -122.68 },
    };
    await send(sut, { type: 'address.pick', location });
    expect(snap(sut).context.data.jobDetails.geoLocation).toEqual({
      city: 'Vancouver',
      name: '98660 Vancouver, WA',
      state: 'WA',
      address: '98660 Vancouver, WA',
      pinCode: '98660',
      latitude: 45.64,
      longitude: -122.68,
    });
    await send(sut, { type: 'address.clear' });
    await send(sut, { type: 'wizard.next' });
    expect(selectFieldErrors(snap(sut))).toEqual({ 'jobDetails.address': PostingMessages.address });
  });

  it('keeps supplemental pay as bit flags, "None" alone', async () => {
    const sut = await opened(sampleDraft(completeJobData, { currentStep: 'payDetails' }));
    await send(sut, { type: 'pay.toggle', flag: SupplementalPay.Tips, checked: true });
    expect(snap(sut).context.data.payDetails.supplementalPay).toBe(SupplementalPay.OvertimePay | SupplementalPay.Tips);
    await send(sut, { type: 'pay.toggle', flag: SupplementalPay.None, checked: true });
    expect(snap(sut).context.data.payDetails.supplementalPay).toBe(SupplementalPay.None);
    await send(sut, { type: 'pay.all', checked: true });
    expect(snap(sut).context.data.payDetails.supplementalPay).toBe(511);
  });
});

describe('job data helpers', () => {
  it('reads typed numbers: blanks as the field allows, anything else as not a number', () => {
    expect(readNumber('payDetails.minSalary', ' 52,000 ')).toBe(52000);
    expect(readNumber('payDetails.minSalary', '')).toBe(0);
    expect(readNumber('timeRequirements.duration', '')).toBeNull();
    expect(readNumber('timeRequirements.hoursPerWeek', '')).toBeNaN();
    expect(readNumber('candidateRequirements.minimumGPA', 'three')).toBeNaN();
  });

  it("finds the field of an issue's path, the server's request names included", () => {
    expect(fieldKeyOf(['payDetails', 'maxSalary'])).toBe('payDetails.maxSalary');
    expect(fieldKeyOf(['Draft', 'jobData', 'jobDetails', 'geoLocation', 'latitude'])).toBe('jobDetails.address');
    expect(fieldKeyOf(['candidateRequirements', 'skills', 3])).toBe('candidateRequirements.skills');
    expect(fieldKeyOf(['DraftId'])).toBeNull();
    expect(serverFieldErrors({ 'Draft.jobData.timeRequirements.hoursPerWeek': 'x', body: 'y' })).toEqual({
      'timeRequirements.hoursPerWeek': 'x',
    });
  });

  it('reads a ZIP code from a place when it has one', () => {
    const at = (freeform: string) =>
      geoLocationOf({ id: freeform, address: { freeformAddress: freeform, countrySubdivisionName: '' }, position: { lat: 1, lng: 2 } });
    expect(at('Portland, OR')).toMatchObject({ city: 'Portland', state: 'OR', pinCode: null });
    expect(at('1200 Main St, Vancouver, WA 98660')).toMatchObject({ city: 'Vancouver', state: 'WA', pinCode: '98660' });
  });
});
