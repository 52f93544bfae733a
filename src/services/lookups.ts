import type { AllLookups } from '../contract/lookups.ts';
import { call, contractLoader } from './http.ts';

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
    const loading = call(
      contract((ep) => ep.allLookups),
      {},
    ).then((res) => res.data);
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
    call(
      contract((ep) => ep.universities),
      { query: { search, ...options } },
      { signal },
    ).then((res) => res.data),
  degrees: (signal?: Signal) =>
    call(
      contract((ep) => ep.degrees),
      {},
      { signal },
    ).then((res) => res.data),
  fieldsOfStudy: (signal?: Signal) =>
    call(
      contract((ep) => ep.fieldsOfStudy),
      {},
      { signal },
    ).then((res) => res.data),
  skills: (signal?: Signal) =>
    call(
      contract((ep) => ep.skills),
      {},
      { signal },
    ).then((res) => res.data),
  jobTypes: (signal?: Signal) =>
    call(
      contract((ep) => ep.jobTypes),
      {},
      { signal },
    ).then((res) => res.data),
  schedules: (signal?: Signal) =>
    call(
      contract((ep) => ep.schedules),
      {},
      { signal },
    ).then((res) => res.data),
  locations: (signal?: Signal) =>
    call(
      contract((ep) => ep.locations),
      {},
      { signal },
    ).then((res) => res.data),
  industries: (signal?: Signal) =>
    call(
      contract((ep) => ep.industries),
      {},
      { signal },
    ).then((res) => res.data),
  countries: (signal?: Signal) =>
    call(
      contract((ep) => ep.countries),
      {},
      { signal },
    ).then((res) => res.data),
  allowedCountries: (signal?: Signal) =>
    call(
      contract((ep) => ep.allowedCountries),
      {},
      { signal },
    ).then((res) => res.data),
  languages: (signal?: Signal) =>
    call(
      contract((ep) => ep.languages),
      {},
      { signal },
    ).then((res) => res.data),
  supplementalPays: (signal?: Signal) =>
    call(
      contract((ep) => ep.supplementalPays),
      {},
      { signal },
    ).then((res) => res.data),
  benefits: (signal?: Signal) =>
    call(
      contract((ep) => ep.benefits),
      {},
      { signal },
    ).then((res) => res.data),
};
