import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { CompanyMessages, companyDetailsInputSchema, type CompanyDetails, type CompanyDetailsInput } from '../../contract/company.ts';
import type { LookupItem } from '../../contract/lookups.ts';
import type { Place } from '../../lib/places.ts';
import { companyService } from '../../services/company.ts';
import { loadLookups } from '../../services/lookups.ts';
import { canSubmit, firstErrors, formOf, type FieldErrors, type FormEvent, type FormState } from '../form.ts';

export const companyDetailsFields = ['companyName', 'address', 'website', 'about', 'industryId'] as const;
export type CompanyDetailsField = (typeof companyDetailsFields)[number];

export interface CompanyDetailsContext extends FormState<CompanyDetailsField> {
  details: CompanyDetails | null;
  /** The place picked from the location search; the address field shows its text. */
  place: Place | null;
  industries: LookupItem[];
  /** What the last save said. */
  message: string | null;
}

export type CompanyDetailsEvent =
  FormEvent<CompanyDetailsField> | { type: 'address.pick'; place: Place } | { type: 'address.clear' } | { type: 'details.retry' };

export type CompanyDetailsEmitted = { type: 'company.saved'; details: CompanyDetails; message: string };

export interface LoadedCompany {
  details: CompanyDetails;
  industries: LookupItem[];
}

/** What the form sends: the typed values and the picked place. */
export function companyDetailsInput(values: Record<CompanyDetailsField, string>, place: Place | null): CompanyDetailsInput {
  return {
    companyName: values.companyName,
    address: place?.address ?? '',
    city: place?.city ?? null,
    state: place?.state ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    website: values.website,
    about: values.about,
    industryId: values.industryId,
  };
}

/** The contract's rules; a place's parts are one field, the address. */
function check(values: Record<CompanyDetailsField, string>, context: Partial<CompanyDetailsContext>): FieldErrors<CompanyDetailsField> {
  const result = companyDetailsInputSchema.safeParse(companyDetailsInput(values, context.place ?? null));
  if (result.success) return {};
  const issues = result.error.issues.map((issue) =>
    ['city', 'state', 'latitude', 'longitude'].includes(String(issue.path[0])) ? { ...issue, path: ['address'] } : issue,
  );
  return firstErrors(issues, companyDetailsFields);
}

const form = formOf<CompanyDetailsField, CompanyDetailsContext, CompanyDetailsEvent>(companyDetailsFields, check);

const placeOfDetails = (d: CompanyDetails): Place | null =>
  d.address && d.latitude !== null && d.longitude !== null
    ? { address: d.address, city: d.city, state: d.state, latitude: d.latitude, longitude: d.longitude }
    : null;

const valuesOf = (d: CompanyDetails): Record<CompanyDetailsField, string> => ({
  companyName: d.companyName,
  address: d.address ?? '',
  website: d.website ?? '',
  about: d.about ?? '',
  industryId: d.industryId === null ? '' : String(d.industryId),
});

/** The form filled from what the server holds. */
const filled = (details: CompanyDetails) => {
  const place = placeOfDetails(details);
  return { ...form.empty(valuesOf(details), { place }), details, place };
};

/**
 * The company's details as seekers see them (spec 2 §7 CompanyDetails, UpdateCompanyDetails):
 * loaded with the industries list; the employer edits them under the contract's rules (an address
 * only as picked from the location search, an https website); the company's recruiters read them.
 */
export const companyDetailsMachine = setup({
  types: {
    context: {} as CompanyDetailsContext,
    events: {} as CompanyDetailsEvent,
    emitted: {} as CompanyDetailsEmitted,
  },
  actors: {
    load: fromPromise<LoadedCompany>(async ({ signal }) => {
      const [details, lookups] = await Promise.all([companyService.details(signal), loadLookups()]);
      return { details: details.data, industries: lookups.industries };
    }),
    save: fromPromise<{ details: CompanyDetails; message: string }, CompanyDetailsInput>(async ({ input, signal }) => {
      const res = await companyService.updateDetails(input, signal);
      return { details: res.data, message: res.message || CompanyMessages.detailsSaved };
    }),
  },
  actions: {
    ...form.actions,
    pickPlace: assign(({ context }, place: Place | null) => {
      const values = { ...context.values, address: place?.address ?? '' };
      const serverErrors = { ...context.serverErrors };
      delete serverErrors.address;
      return {
        place,
        values,
        errors: check(values, { ...context, place }),
        serverErrors,
        touched: { ...context.touched, address: true as const },
        message: null,
      };
    }),
  },
  guards: {
    ...form.guards,
    canEdit: (_, loaded: LoadedCompany) => loaded.details.canEdit,
  },
}).createMachine({
  id: 'companyDetails',
  context: { ...form.empty(), details: null, place: null, industries: [], message: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: { type: 'canEdit', params: ({ event }) => event.output },
            target: 'editing',
            actions: assign(({ event }) => ({ ...filled(event.output.details), industries: event.output.industries })),
          },
          {
            target: 'readOnly',
            actions: assign(({ event }) => ({ ...filled(event.output.details), industries: event.output.industries })),
          },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'details.retry': 'loading' },
    },
    /** A recruiter of the company: the details, not the form. */
    readOnly: {},
    editing: {
      initial: 'idle',
      on: {
        'field.change': { target: '.idle', actions: [{ type: 'changeField', params: ({ event }) => event }, assign({ message: null })] },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'address.pick': { target: '.idle', actions: { type: 'pickPlace', params: ({ event }) => event.place } },
        'address.clear': { target: '.idle', actions: { type: 'pickPlace', params: null } },
        'form.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'touchAll' }],
      },
      states: {
        idle: {},
        saved: {},
        failed: {
          tags: ['error'],
          always: { guard: 'nothingToShow', target: 'idle' },
        },
      },
    },
    saving: {
      tags: ['busy'],
      entry: ['clearFailure', assign({ message: null })],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => companyDetailsInput(context.values, context.place),
        onDone: {
          target: 'editing.saved',
          actions: [
            assign(({ event }) => ({ ...filled(event.output.details), message: event.output.message })),
            emit(({ event }) => ({ type: 'company.saved' as const, ...event.output })),
          ],
        },
        onError: {
          target: 'editing.failed',
          actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)),
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof companyDetailsMachine>;

export const selectFieldErrors = (s: Snap) => form.visibleErrors(s.context);
/** Save is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snap) => canSubmit(!s.matches('editing'), form.isValid(s.context));
