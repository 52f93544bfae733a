import type { LocationResult } from '../../contract/location.ts';
import {
  jobDataSchema,
  jobDetailsSchema,
  stepIssues,
  wizardSteps,
  type GeoLocation,
  type JobData,
  type StepContext,
  type WizardStep,
} from '../../contract/posting.ts';
import { placeOf } from '../../lib/places.ts';

/**
 * The wizard's view of a job's data: which field each value is, which step it belongs to, how a
 * typed number is read, and what a step lacks (the contract's shape and its publishing rules).
 */

/** The steps that hold data (all but review). */
export type DataStep = Exclude<WizardStep, 'review' | 'subscriptionPlan'>;
export const dataSteps: readonly DataStep[] = ['jobDetails', 'timeRequirements', 'payDetails', 'categorization', 'candidateRequirements'];

/** A field of jobData by its step and name, e.g. `payDetails.minSalary`. */
export type FieldKey = { [S in DataStep]: `${S}.${keyof JobData[S] & string}` }[DataStep];

/** The value a field holds. */
export type FieldValue<K extends FieldKey> = K extends `${infer S extends DataStep}.${infer F}`
  ? F extends keyof JobData[S]
    ? JobData[S][F]
    : never
  : never;

/**
 * Fields typed as numbers: the text is kept as typed and read into the data. A blank reads as
 * `blank`; text that is no number reads as NaN, which the contract refuses with the field's message.
 */
export const NUMBER_FIELDS: Partial<Record<FieldKey, { blank: number | null }>> = {
  'jobDetails.numberOfHires': { blank: Number.NaN },
  'timeRequirements.hoursPerWeek': { blank: Number.NaN },
  'timeRequirements.duration': { blank: null },
  'payDetails.minSalary': { blank: 0 },
  'payDetails.maxSalary': { blank: 0 },
  'candidateRequirements.minimumGPA': { blank: null },
  'candidateRequirements.minExperience': { blank: null },
  'candidateRequirements.maxExperience': { blank: null },
};

export const isNumberField = (key: FieldKey) => key in NUMBER_FIELDS;

/** A typed number as the data holds it. */
export function readNumber(key: FieldKey, text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return NUMBER_FIELDS[key]?.blank ?? null;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** `data` with one field set. */
export function withField(data: JobData, key: FieldKey, value: unknown): JobData {
  const [step, field] = key.split('.') as [DataStep, string];
  return { ...data, [step]: { ...data[step], [field]: value } };
}

/** The value of one field. */
export function fieldOf<K extends FieldKey>(data: JobData, key: K): FieldValue<K> {
  const [step, field] = key.split('.') as [DataStep, string];
  return (data[step] as Record<string, unknown>)[field] as FieldValue<K>;
}

export const stepOf = (key: string): WizardStep => key.split('.')[0] as WizardStep;

/**
 * The field an issue's path points at: `payDetails.maxSalary` for ['payDetails', 'maxSalary'],
 * the address for any part of the place, the list for one of its items. Paths may start with
 * the request's own names (`Draft.jobData.…`, `jobData.…`), as the server's field errors do.
 */
export function fieldKeyOf(path: ReadonlyArray<PropertyKey>): FieldKey | null {
  const parts = path.map(String).flatMap((p) => p.split('.'));
  const at = parts.findIndex((p) => (dataSteps as readonly string[]).includes(p));
  if (at < 0 || at + 1 >= parts.length) return null;
  const step = parts[at]!;
  const field = parts[at + 1]!;
  if (step === 'jobDetails' && field === 'geoLocation') return 'jobDetails.address';
  return `${step}.${field}` as FieldKey;
}

export type FieldErrors = Partial<Record<FieldKey, string>>;

/** One message per field, the first given. */
function firstPerField(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = fieldKeyOf(issue.path);
    if (key && out[key] === undefined) out[key] = issue.message;
  }
  return out;
}

/** What the contract's shape refuses in the data (a value out of range, min above max), by field. */
export function shapeErrors(data: JobData): FieldErrors {
  const result = jobDataSchema.safeParse(data);
  return result.success ? {} : firstPerField(result.error.issues);
}

/** The data can be saved as a draft: the contract's shape takes it. */
export const isSavable = (data: JobData) => jobDataSchema.safeParse(data).success;

/** What publishing still needs of a step (stepIssues), by field. */
export function publishErrors(step: WizardStep, data: JobData, cx: StepContext): FieldErrors {
  return firstPerField(stepIssues(step, data, cx));
}

/** Only the fields of `step`. */
export function inStep(errors: FieldErrors, step: WizardStep): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => stepOf(key) === step)) as FieldErrors;
}

/** Everything a step lacks before it can be left forward: its shape, then its publishing rules. */
export function stepErrors(step: WizardStep, data: JobData, cx: StepContext): FieldErrors {
  return { ...publishErrors(step, data, cx), ...inStep(shapeErrors(data), step) };
}

/** Every step's missing pieces, in step order; empty when the job can be published. */
export function allStepErrors(
  data: JobData,
  cx: StepContext,
  serverErrors: FieldErrors = {},
): Array<{ step: WizardStep; errors: FieldErrors }> {
  const shape = shapeErrors(data);
  return wizardSteps.map((step) => ({
    step,
    errors: { ...publishErrors(step, data, cx), ...inStep(shape, step), ...inStep(serverErrors, step) },
  }));
}

/** The server's field errors (keys as the request's paths) as fields of the wizard. */
export function serverFieldErrors(fieldErrors: Record<string, string>): FieldErrors {
  return firstPerField(Object.entries(fieldErrors).map(([path, message]) => ({ path: path.split('.'), message })));
}

/** A title for a new draft: null when it is fine, else why not. */
export function titleError(title: string): string | null {
  const result = jobDetailsSchema.shape.title.safeParse(title);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** A place the location search found, as a job's geoLocation: its name, city, state, ZIP code and position. */
export function geoLocationOf(result: LocationResult): GeoLocation {
  const place = placeOf(result);
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(place.address)?.[1] ?? null;
  return {
    city: place.city,
    name: place.address,
    state: place.state,
    address: place.address,
    pinCode: zip,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}
