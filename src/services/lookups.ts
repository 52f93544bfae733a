import type { AllLookups } from '../contract/lookups.ts';
import { contractLoader } from './http.ts';

type Signal = AbortSignal | undefined;

const contract = contractLoader(() => import('../contract/lookups.ts'));

let shared: Promise<AllLookups> | undefined;

/**
 * Every list the profile and posting forms need. All callers within a page load share one
 * request and its answer; a failed load is forgotten, so the next caller asks again. It takes no
 * signal: one form closing must not cancel the load the others wait for.
 */
export function loadLookups(): Promise<AllLookups> {
  if (!shared) {
    const loading = contract.call('allLookups', {}).then((res) => res.data);
    shared = loading;
    loading.catch(() => {
      if (shared === loading) shared = undefined;
    });
  }
  return shared;
}

/** Drops the shared lists, so the next caller loads them again (tests; a new release). */
export function forgetLookups() {
  shared = undefined;
}

/** Typed calls of the lookups area (spec 2 §7 "Master"). */
export const lookupsService = {
  all: loadLookups,
  /** One call per query: the answer is a page of the matches, names starting with the text first. */
  searchUniversities: (search: string, options: { page?: number; pageSize?: number } = {}, signal?: Signal) =>
    contract.call('universities', { query: { search, ...options } }, { signal }).then((res) => res.data),
  degrees: (signal?: Signal) => contract.call('degrees', {}, { signal }).then((res) => res.data),
  fieldsOfStudy: (signal?: Signal) => contract.call('fieldsOfStudy', {}, { signal }).then((res) => res.data),
  skills: (signal?: Signal) => contract.call('skills', {}, { signal }).then((res) => res.data),
  jobTypes: (signal?: Signal) => contract.call('jobTypes', {}, { signal }).then((res) => res.data),
  schedules: (signal?: Signal) => contract.call('schedules', {}, { signal }).then((res) => res.data),
  locations: (signal?: Signal) => contract.call('locations', {}, { signal }).then((res) => res.data),
  industries: (signal?: Signal) => contract.call('industries', {}, { signal }).then((res) => res.data),
  countries: (signal?: Signal) => contract.call('countries', {}, { signal }).then((res) => res.data),
  allowedCountries: (signal?: Signal) => contract.call('allowedCountries', {}, { signal }).then((res) => res.data),
  languages: (signal?: Signal) => contract.call('languages', {}, { signal }).then((res) => res.data),
  supplementalPays: (signal?: Signal) => contract.call('supplementalPays', {}, { signal }).then((res) => res.data),
  benefits: (signal?: Signal) => contract.call('benefits', {}, { signal }).then((res) => res.data),
};
