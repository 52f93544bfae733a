import { and, assertEvent, assign, emit, fromPromise, not, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import type { LocationResult } from '../../contract/location.ts';
import { SUPPLEMENTAL_PAY_ALL, type AllLookups } from '../../contract/lookups.ts';
import {
  newJobData,
  PostingMessages,
  todayIso,
  wizardSteps,
  type CompanyJobDetail,
  type Draft,
  type JobData,
  type StepContext,
  type StepTracking,
  type WizardStep,
} from '../../contract/posting.ts';
import { hazardsNamed, payRangeReason, payRangeStates } from '../../contract/posting-rules.ts';
import { togglePay } from '../../lib/supplemental-pay.ts';
import { draftStore, type LocalDraft } from '../../services/draft-store.ts';
import { ApiError } from '../../services/http.ts';
import { loadLookups } from '../../services/lookups.ts';
import { postingService } from '../../services/posting.ts';
import { messagesOf } from '../form.ts';
import {
  allStepErrors,
  geoLocationOf,
  inStep,
  isNumberField,
  isSavable,
  publishErrors,
  readNumber,
  serverFieldErrors,
  shapeErrors,
  stepErrors,
  stepOf,
  titleError,
  withField,
  type FieldErrors,
  type FieldKey,
} from './job-data.ts';

/** Autosave waits this long after the last change (a named delay: `autosaveDelay`). */
export const AUTOSAVE_DELAY_MS = 2000;

/** The lists the wizard offers its choices from. */
export type WizardLookups = Pick<
  AllLookups,
  'jobTypes' | 'jobSchedules' | 'jobBenefits' | 'jobSupplementalPays' | 'industries' | 'jobSkills' | 'fieldsOfStudy' | 'jobEducations'
>;

export const emptyLookups: WizardLookups = {
  jobTypes: [],
  jobSchedules: [],
  jobBenefits: [],
  jobSupplementalPays: [],
  industries: [],
  jobSkills: [],
  fieldsOfStudy: [],
  jobEducations: [],
};

/** Who wrote the draft and when, as the server last answered. */
export type DraftMeta = Pick<Draft, 'jobPostDraftId' | 'title' | 'created' | 'createdBy' | 'modified' | 'modifiedBy'>;

export interface WizardContext {
  draftId: string | null;
  /** YYYY-MM-DD: the day the rules are read for (start date, pay transparency). */
  today: string;
  /** The title asked for before a new draft exists. */
  title: string;
  titleError: string | null;
  /** Why the new draft could not be made. */
  createError: string | null;
  loadError: string | null;
  draft: DraftMeta | null;
  data: JobData;
  tracking: StepTracking;
  /** Numbers as typed, so a half-typed amount shows as it is. */
  numberText: Partial<Record<FieldKey, string>>;
  /** Fields left once on this step: their shape errors show. */
  touched: FieldKey[];
  /** Leaving this step was tried: everything it lacks shows. */
  attempted: boolean;
  /** What the server said of a field when publishing, until it changes. */
  serverErrors: FieldErrors;
  /** Each change counts one; a save takes the count it sent. */
  version: number;
  savedVersion: number;
  savingVersion: number;
  saveError: string | null;
  lookups: WizardLookups;
  /** Unsaved changes kept in this browser, offered back when the draft reopens. */
  offer: LocalDraft | null;
  /** The writer's description, beside the author's until taken or dismissed. */
  suggestion: string | null;
  writerError: string | null;
  publishError: string | null;
}

export interface WizardInput {
  /** The draft to resume; without one the wizard asks for a title and makes a draft. */
  draftId?: string | null;
  /** YYYY-MM-DD; today by default. */
  today?: string;
}

export type WizardEvent =
  | { type: 'title.change'; title: string }
  | { type: 'title.submit' }
  | { type: 'wizard.retry' }
  | { type: 'field.change'; field: FieldKey; value: unknown }
  | { type: 'field.blur'; field: FieldKey }
  | { type: 'address.pick'; location: LocationResult }
  | { type: 'address.clear' }
  | { type: 'pay.toggle'; flag: number; checked: boolean }
  | { type: 'pay.all'; checked: boolean }
  /** The boost step: a tier and length for display (the server prices it when paid), or no boost. */
  | { type: 'plan.choose'; plan: JobData['subscriptionPlan'] }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.goto'; step: WizardStep }
  | { type: 'wizard.publish' }
  | { type: 'autosave.retry' }
  | { type: 'restore.accept' }
  | { type: 'restore.discard' }
  | { type: 'ai.write' }
  | { type: 'ai.use' }
  | { type: 'ai.dismiss' }
  /** The tab is going away (pagehide, beforeunload): unsaved changes are kept in the browser. */
  | { type: 'page.hide' }
  // Raised by the wizard itself, for its autosave.
  | { type: 'draft.changed' }
  | { type: 'draft.saveNow' };

export type WizardEmitted = { type: 'draft.created'; draftId: string } | { type: 'job.published'; job: CompanyJobDetail; message: string };

export interface WizardLoaded {
  draft: Draft;
  lookups: WizardLookups;
  /** Changes kept in this browser for the draft, if any. */
  local: LocalDraft | null;
}

export interface SaveInput {
  draftId: string;
  jobData: JobData;
  stepTracking: StepTracking;
}

export interface PublishInput extends SaveInput {
  editsLiveJob: boolean;
}

const pickLookups = (all: AllLookups): WizardLookups => ({
  jobTypes: all.jobTypes,
  jobSchedules: all.jobSchedules,
  jobBenefits: all.jobBenefits,
  jobSupplementalPays: all.jobSupplementalPays,
  industries: all.industries,
  jobSkills: all.jobSkills,
  fieldsOfStudy: all.fieldsOfStudy,
  jobEducations: all.jobEducations,
});

const metaOf = ({ jobPostDraftId, title, created, createdBy, modified, modifiedBy }: Draft): DraftMeta => ({
  jobPostDraftId,
  title,
  created,
  createdBy,
  modified,
  modifiedBy,
});

const blankTracking: StepTracking = { currentStep: 'jobDetails', completedSteps: [], stepLastModified: {} };

/** The rules' context: today and the skills' names. */
export function ruleContext(context: Pick<WizardContext, 'today' | 'lookups'>): StepContext {
  return { today: context.today, skillName: (id) => context.lookups.jobSkills.find((s) => s.id === id)?.name };
}

const stepIndex = (step: WizardStep) => wizardSteps.indexOf(step);
const current = (context: WizardContext) => context.tracking.currentStep;

/** Steps the indicator lets the user open: completed ones, the first not completed, and the one after this. */
export function reachableSteps(context: Pick<WizardContext, 'tracking'>): WizardStep[] {
  const { currentStep, completedSteps } = context.tracking;
  const firstOpen = wizardSteps.find((s) => !completedSteps.includes(s));
  const after = wizardSteps[stepIndex(currentStep) + 1];
  return wizardSteps.filter((s) => completedSteps.includes(s) || s === firstOpen || s === after || s === currentStep);
}

const sameData = (a: JobData, b: JobData) => JSON.stringify(a) === JSON.stringify(b);

const now = () => new Date().toISOString();

/** The tracking after moving from the current step to `to`; a step left forward is complete. */
function moved(tracking: StepTracking, to: WizardStep, complete: boolean): StepTracking {
  const from = tracking.currentStep;
  const completedSteps =
    complete && !tracking.completedSteps.includes(from)
      ? wizardSteps.filter((s) => s === from || tracking.completedSteps.includes(s))
      : tracking.completedSteps;
  const stepLastModified = complete ? { ...tracking.stepLastModified, [from]: now() } : tracking.stepLastModified;
  return { currentStep: to, completedSteps, stepLastModified };
}

/** The context after a change of the data on the current step. */
function changed(context: WizardContext, data: JobData, keys: FieldKey[]): Partial<WizardContext> {
  const serverErrors = { ...context.serverErrors };
  for (const key of keys) delete serverErrors[key];
  const step = keys[0] ? stepOf(keys[0]) : current(context);
  return {
    data,
    serverErrors,
    version: context.version + 1,
    tracking: { ...context.tracking, stepLastModified: { ...context.tracking.stepLastModified, [step]: now() } },
  };
}

/**
 * The job post draft wizard (the card's "draft wizard steps" machine, spec 2 §3 and §4 Draft): a
 * draft made from a title or resumed at its current step; steps in order, each checked with the
 * contract before it is left forward; autosave after 2 s without typing and at each step change,
 * with its status, and the unsaved changes kept in the browser; the description writer's text
 * offered beside the author's; publishing, with the server's refusals shown on their steps.
 */
export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    emitted: {} as WizardEmitted,
    input: {} as WizardInput,
  },
  actors: {
    load: fromPromise<WizardLoaded, { draftId: string }>(async ({ input, signal }) => {
      const [res, lookups] = await Promise.all([postingService.draft(input.draftId, signal), loadLookups()]);
      return { draft: res.data, lookups: pickLookups(lookups), local: draftStore.read(input.draftId) };
    }),
    create: fromPromise<{ draft: Draft; lookups: WizardLookups }, { title: string }>(async ({ input, signal }) => {
      const [res, lookups] = await Promise.all([
        postingService.saveDraft({ jobData: newJobData(input.title.trim()) }, false, signal),
        loadLookups(),
      ]);
      return { draft: res.data.draft, lookups: pickLookups(lookups) };
    }),
    save: fromPromise<Draft, SaveInput>(async ({ input, signal }) => {
      const { draftId, jobData, stepTracking } = input;
      return (await postingService.saveDraft({ jobPostDraftId: draftId, jobData, stepTracking }, false, signal)).data.draft;
    }),
    write: fromPromise<string | null, SaveInput>(async ({ input, signal }) => {
      const { draftId, jobData, stepTracking } = input;
      return (await postingService.saveDraft({ jobPostDraftId: draftId, jobData, stepTracking }, true, signal)).data.suggestedDescription;
    }),
    /** The draft as it is now goes first, so the job is what the author sees. */
    publish: fromPromise<CompanyJobDetail, PublishInput>(async ({ input, signal }) => {
      const { draftId, jobData, stepTracking, editsLiveJob } = input;
      await postingService.saveDraft({ jobPostDraftId: draftId, jobData, stepTracking }, false, signal);
      return (await postingService.publish(draftId, editsLiveJob, signal)).data;
    }),
  },
  actions: {
    keepLocally: ({ context }) => {
      if (context.draftId) draftStore.write(context.draftId, { jobData: context.data, stepTracking: context.tracking, savedAt: now() });
    },
    forgetLocal: ({ context }) => {
      if (context.draftId) draftStore.clear(context.draftId);
    },
    forgetKnownLocal: ({ context }) => {
      if (context.draftId && !context.offer) draftStore.clear(context.draftId);
    },
    changed: raise({ type: 'draft.changed' }),
    saveNow: raise({ type: 'draft.saveNow' }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { field, value } = event;
      if (isNumberField(field)) {
        const text = String(value ?? '');
        return {
          ...changed(context, withField(context.data, field, readNumber(field, text)), [field]),
          numberText: { ...context.numberText, [field]: text },
        };
      }
      return changed(context, withField(context.data, field, value), [field]);
    }),
    touch: assign(({ context, event }) => {
      assertEvent(event, 'field.blur');
      const { field } = event;
      return context.touched.includes(field) ? {} : { touched: [...context.touched, field] };
    }),
    pickAddress: assign(({ context, event }) => {
      assertEvent(event, 'address.pick');
      const geo = geoLocationOf(event.location);
      const data = { ...context.data, jobDetails: { ...context.data.jobDetails, address: geo.address, geoLocation: geo } };
      return {
        ...changed(context, data, ['jobDetails.address']),
        touched: [...new Set([...context.touched, 'jobDetails.address' as const])],
      };
    }),
    clearAddress: assign(({ context }) => {
      const data = { ...context.data, jobDetails: { ...context.data.jobDetails, address: null, geoLocation: null } };
      return changed(context, data, ['jobDetails.address']);
    }),
    togglePay: assign(({ context, event }) => {
      assertEvent(event, 'pay.toggle');
      const { flag, checked } = event;
      return changed(
        context,
        withField(context.data, 'payDetails.supplementalPay', togglePay(context.data.payDetails.supplementalPay, flag, checked)),
        ['payDetails.supplementalPay'],
      );
    }),
    setAllPay: assign(({ context, event }) => {
      assertEvent(event, 'pay.all');
      const { checked } = event;
      return changed(context, withField(context.data, 'payDetails.supplementalPay', checked ? SUPPLEMENTAL_PAY_ALL : 0), [
        'payDetails.supplementalPay',
      ]);
    }),
    choosePlan: assign(({ context, event }) => {
      assertEvent(event, 'plan.choose');
      return changed(context, { ...context.data, subscriptionPlan: event.plan }, []);
    }),
    attempt: assign({ attempted: true }),
    next: assign(({ context }) => ({
      tracking: moved(context.tracking, wizardSteps[stepIndex(current(context)) + 1]!, true),
      touched: [],
      attempted: false,
      version: context.version + 1,
    })),
    back: assign(({ context }) => ({
      tracking: moved(context.tracking, wizardSteps[stepIndex(current(context)) - 1]!, false),
      touched: [],
      attempted: false,
      version: context.version + 1,
    })),
    goto: assign(({ context, event }) => {
      assertEvent(event, 'wizard.goto');
      const { step } = event;
      return {
        tracking: moved(context.tracking, step, stepIndex(step) > stepIndex(current(context))),
        touched: [],
        attempted: false,
        version: context.version + 1,
      };
    }),
    useSuggestion: assign(({ context }) => ({
      ...changed(context, withField(context.data, 'jobDetails.description', context.suggestion), ['jobDetails.description']),
      suggestion: null,
    })),
    dismissSuggestion: assign({ suggestion: null }),
    acceptOffer: assign(({ context }) => ({
      data: context.offer!.jobData,
      tracking: context.offer!.stepTracking,
      numberText: {},
      offer: null,
      version: context.version + 1,
    })),
    discardOffer: assign({ offer: null }),
    markSaved: assign(({ context }, saved: Draft) => ({ savedVersion: context.savingVersion, draft: metaOf(saved) })),
  },
  guards: {
    hasDraftId: ({ context }) => context.draftId !== null,
    titleOk: ({ context }) => titleError(context.title) === null,
    hasOffer: ({ context }) => context.offer !== null,
    /** Nothing is missing on this step: it can be left forward. */
    stepReady: ({ context }) => Object.keys(stepErrors(current(context), context.data, ruleContext(context))).length === 0,
    /** The step's values can be kept: it can be left backward. */
    stepSavable: ({ context }) => Object.keys(inStep(shapeErrors(context.data), current(context))).length === 0,
    hasNext: ({ context }) => stepIndex(current(context)) < wizardSteps.length - 1,
    hasPrevious: ({ context }) => stepIndex(current(context)) > 0,
    /** A step the indicator offers, other than this one. */
    canOpen: ({ context, event }) => {
      assertEvent(event, 'wizard.goto');
      const { step } = event;
      return step !== current(context) && reachableSteps(context).includes(step);
    },
    goingForward: ({ context, event }) => {
      assertEvent(event, 'wizard.goto');
      return stepIndex(event.step) > stepIndex(current(context));
    },
    publishable: ({ context }) =>
      current(context) === 'review' &&
      allStepErrors(context.data, ruleContext(context), context.serverErrors).every((s) => Object.keys(s.errors).length === 0),
    savable: ({ context }) => isSavable(context.data),
    changedDuringSave: ({ context }) => context.version !== context.savingVersion,
    unsaved: ({ context }) => context.version !== context.savedVersion,
    hasSuggestion: ({ context }) => context.suggestion !== null,
    refusedFields: (_, { error }: { error: unknown }) =>
      error instanceof ApiError && error.kind === 'client' && Object.keys(serverFieldErrors(error.fieldErrors)).length > 0,
  },
  delays: {
    autosaveDelay: AUTOSAVE_DELAY_MS,
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => ({
    draftId: input?.draftId ?? null,
    today: input?.today ?? todayIso(),
    title: '',
    titleError: null,
    createError: null,
    loadError: null,
    draft: null,
    data: newJobData('New job'),
    tracking: blankTracking,
    numberText: {},
    touched: [],
    attempted: false,
    serverErrors: {},
    version: 0,
    savedVersion: 0,
    savingVersion: 0,
    saveError: null,
    lookups: emptyLookups,
    offer: null,
    suggestion: null,
    writerError: null,
    publishError: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasDraftId', target: 'loading' }, { target: 'naming' }],
    },
    naming: {
      on: {
        'title.change': { actions: assign(({ event }) => ({ title: event.title, titleError: null, createError: null })) },
        'title.submit': [
          { guard: 'titleOk', target: 'creating' },
          { actions: assign(({ context }) => ({ titleError: titleError(context.title) })) },
        ],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ title: context.title }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ event }) => ({
              draftId: event.output.draft.jobPostDraftId,
              draft: metaOf(event.output.draft),
              data: event.output.draft.jobData,
              tracking: event.output.draft.stepTracking,
              lookups: event.output.lookups,
            })),
            emit(({ event }) => ({ type: 'draft.created' as const, draftId: event.output.draft.jobPostDraftId })),
          ],
        },
        onError: {
          target: 'naming',
          actions: assign(({ event }) => ({ createError: messagesOf(event.error, AccountMessages.generic)[0]! })),
        },
      },
    },
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ draftId: context.draftId! }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ event }) => {
              const { draft, lookups, local } = event.output;
              const offer = local && !sameData(local.jobData, draft.jobData) ? local : null;
              return { draft: metaOf(draft), data: draft.jobData, tracking: draft.stepTracking, lookups, offer };
            }),
            // Changes kept here that the server already has are nothing to offer.
            'forgetKnownLocal',
          ],
        },
        onError: {
          target: 'loadFailed',
          actions: assign(({ event }) => ({ loadError: messagesOf(event.error, AccountMessages.generic)[0]! })),
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'wizard.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'page.hide': { guard: 'unsaved', actions: 'keepLocally' },
        'draft.changed': { actions: 'keepLocally' },
        'draft.saveNow': { actions: 'keepLocally' },
      },
      states: {
        editor: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'hasOffer', target: 'offering' }, { target: 'editing' }],
            },
            /** Changes kept in the browser are offered back before anything else. */
            offering: {
              on: {
                'restore.accept': { target: 'editing', actions: ['acceptOffer', 'saveNow'] },
                'restore.discard': { target: 'editing', actions: ['discardOffer', 'forgetLocal'] },
              },
            },
            editing: {
              on: {
                'field.change': { actions: ['setField', 'changed'] },
                'field.blur': { actions: 'touch' },
                'address.pick': { actions: ['pickAddress', 'changed'] },
                'address.clear': { actions: ['clearAddress', 'changed'] },
                'pay.toggle': { actions: ['togglePay', 'changed'] },
                'pay.all': { actions: ['setAllPay', 'changed'] },
                'plan.choose': { actions: ['choosePlan', 'changed'] },
                'wizard.next': [
                  { guard: and(['hasNext', 'stepReady']), actions: ['next', 'saveNow'] },
                  { guard: 'hasNext', actions: 'attempt' },
                ],
                'wizard.back': [
                  { guard: and(['hasPrevious', 'stepSavable']), actions: ['back', 'saveNow'] },
                  { guard: 'hasPrevious', actions: 'attempt' },
                ],
                'wizard.goto': [
                  { guard: and(['canOpen', 'goingForward', 'stepReady']), actions: ['goto', 'saveNow'] },
                  { guard: and(['canOpen', not('goingForward'), 'stepSavable']), actions: ['goto', 'saveNow'] },
                  { guard: 'canOpen', actions: 'attempt' },
                ],
                'wizard.publish': {
                  guard: and([
                    'publishable',
                    not(stateIn({ ready: { autosave: 'saving' } })),
                    not(stateIn({ ready: { writer: 'writing' } })),
                  ]),
                  target: 'publishing',
                },
                'ai.use': { guard: 'hasSuggestion', actions: ['useSuggestion', 'changed'] },
                'ai.dismiss': { actions: 'dismissSuggestion' },
              },
            },
            publishing: {
              tags: ['busy'],
              entry: assign({ publishError: null }),
              invoke: {
                id: 'publish',
                src: 'publish',
                input: ({ context }) => ({
                  draftId: context.draftId!,
                  jobData: context.data,
                  stepTracking: context.tracking,
                  editsLiveJob: context.data.jobPostId !== null,
                }),
                onDone: {
                  target: '#wizard.published',
                  actions: emit(({ context, event }) => ({
                    type: 'job.published' as const,
                    job: event.output,
                    message: context.data.jobPostId !== null ? PostingMessages.republished : PostingMessages.published,
                  })),
                },
                onError: [
                  {
                    // The first step the server refused opens, with its fields marked.
                    guard: { type: 'refusedFields', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: [
                      assign(({ context, event }) => {
                        const serverErrors = serverFieldErrors((event.error as ApiError).fieldErrors);
                        const first = Object.keys(serverErrors)[0]!;
                        return {
                          serverErrors,
                          tracking: { ...context.tracking, currentStep: stepOf(first) },
                          touched: [],
                          attempted: true,
                          version: context.version + 1,
                        };
                      }),
                      'saveNow',
                    ],
                  },
                  {
                    target: 'editing',
                    actions: assign(({ event }) => ({ publishError: messagesOf(event.error, AccountMessages.generic).join(' ') })),
                  },
                ],
              },
            },
          },
        },
        autosave: {
          initial: 'clean',
          states: {
            clean: {
              on: { 'draft.changed': 'dirty', 'draft.saveNow': 'deciding' },
            },
            dirty: {
              after: { autosaveDelay: 'deciding' },
              on: {
                'draft.changed': { target: 'dirty', reenter: true },
                'draft.saveNow': 'deciding',
              },
            },
            deciding: {
              always: [{ guard: 'savable', target: 'saving' }, { target: 'invalid' }],
            },
            saving: {
              entry: assign(({ context }) => ({ savingVersion: context.version, saveError: null })),
              invoke: {
                id: 'save',
                src: 'save',
                input: ({ context }) => ({ draftId: context.draftId!, jobData: context.data, stepTracking: context.tracking }),
                onDone: [
                  // Changes made during the save are saved after it.
                  { guard: 'changedDuringSave', target: 'deciding', actions: { type: 'markSaved', params: ({ event }) => event.output } },
                  { target: 'clean', actions: [{ type: 'markSaved', params: ({ event }) => event.output }, 'forgetLocal'] },
                ],
                onError: {
                  target: 'failed',
                  actions: ['keepLocally', assign(({ event }) => ({ saveError: messagesOf(event.error, AccountMessages.generic)[0]! }))],
                },
              },
            },
            /** Not saved: kept in the browser, tried again on Retry, at the next pause in typing or step change. */
            failed: {
              tags: ['error'],
              on: { 'autosave.retry': 'deciding', 'draft.changed': 'dirty', 'draft.saveNow': 'deciding' },
            },
            /** A value the contract refuses: nothing is sent until it is corrected. */
            invalid: {
              on: { 'autosave.retry': 'deciding', 'draft.changed': 'dirty', 'draft.saveNow': 'deciding' },
            },
          },
        },
        writer: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'ai.write': 'writing' },
            },
            writing: {
              tags: ['writing'],
              entry: assign({ writerError: null }),
              invoke: {
                id: 'write',
                src: 'write',
                input: ({ context }) => ({ draftId: context.draftId!, jobData: context.data, stepTracking: context.tracking }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ event }) =>
                    event.output ? { suggestion: event.output } : { writerError: PostingMessages.writerUnavailable },
                  ),
                },
                onError: { target: 'idle', actions: assign({ writerError: PostingMessages.writerUnavailable }) },
              },
            },
          },
        },
      },
    },
    published: {
      type: 'final',
      entry: 'forgetLocal',
    },
  },
});

type Snap = SnapshotFrom<typeof wizardMachine>;

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'failed' | 'invalid';

/** What the save status says. */
export function selectSaveStatus(s: Snap): SaveStatus | null {
  if (!s.matches('ready')) return null;
  if (s.matches({ ready: { autosave: 'saving' } })) return 'saving';
  if (s.matches({ ready: { autosave: 'failed' } })) return 'failed';
  if (s.matches({ ready: { autosave: 'invalid' } })) return 'invalid';
  if (s.matches({ ready: { autosave: 'clean' } })) return 'saved';
  return 'unsaved';
}

export const selectStep = (s: Snap) => s.context.tracking.currentStep;

/** What publishing said, once the job is published: a job edited live is republished. */
export const selectPublishedMessage = (s: Snap) =>
  s.matches('published') ? (s.context.data.jobPostId ? PostingMessages.republished : PostingMessages.published) : null;

/** The fields take no input but while editing: not while a kept copy is offered, nor while publishing. */
export const selectFieldsLocked = (s: Snap) => !s.matches({ ready: { editor: 'editing' } });

/** The errors shown on the current step: the shape of fields left once, everything once leaving was tried, the server's word. */
export function selectFieldErrors(s: Snap): FieldErrors {
  const { context } = s;
  const step = current(context);
  const shape = inStep(shapeErrors(context.data), step);
  const shown: FieldErrors = {};
  if (context.attempted) Object.assign(shown, publishErrors(step, context.data, ruleContext(context)), shape);
  else for (const key of context.touched) if (shape[key]) shown[key] = shape[key];
  return { ...shown, ...inStep(context.serverErrors, step) };
}

/** Every step's missing pieces, for the review. */
export const selectReview = (s: Snap) => allStepErrors(s.context.data, ruleContext(s.context), s.context.serverErrors);

export const selectCanPublish = (s: Snap) =>
  s.matches({ ready: { editor: 'editing' } }) &&
  !s.matches({ ready: { autosave: 'saving' } }) &&
  !s.matches({ ready: { writer: 'writing' } }) &&
  selectReview(s).every((r) => Object.keys(r.errors).length === 0);

export const selectReachable = (s: Snap) => reachableSteps(s.context);

/** Why the job's place needs a pay range (pay-transparency law), while it does; else null. */
export function selectPayRangeReason(s: Snap): string | null {
  const { locationType, geoLocation, remoteStates } = s.context.data.jobDetails;
  const states = payRangeStates({ locationType, state: geoLocation?.state, remoteStates }, s.context.today);
  return states.length > 0 ? payRangeReason(states) : null;
}

/** The hazardous occupations the job's title or skills name (they keep it closed to minors). */
export function selectHazardsNamed(s: Snap) {
  const { skillName } = ruleContext(s.context);
  const { jobDetails, candidateRequirements } = s.context.data;
  return hazardsNamed([jobDetails.title, ...candidateRequirements.skills.map((id) => skillName?.(id) ?? '')]);
}

/** The text a number field shows: as typed, else the value. */
export function selectNumberText(s: Snap, key: FieldKey): string {
  const typed = s.context.numberText[key];
  if (typed !== undefined) return typed;
  const [step, field] = key.split('.') as [keyof JobData, string];
  const value = (s.context.data[step] as Record<string, unknown> | null)?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}
