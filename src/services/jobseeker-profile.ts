import * as account from '../contract/account.ts';
import type { BodyOf } from '../contract/endpoint.ts';
import * as ep from '../contract/jobseeker-profile.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/** The job seeker's personal details; apart from the other sections, as it brings the phone rules. */
export const jobSeekerProfileService = {
  profile: (signal?: Signal) => call(account.jobSeekerProfile, {}, { signal }),
  updateProfile: (body: BodyOf<typeof ep.updateProfile>, signal?: Signal) => call(ep.updateProfile, { body }, { signal }),
};
