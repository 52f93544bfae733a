import * as ep from '../contract/staff.ts';
import { StaffMessages, type EditRecruiterRequest, type InviteRecruiterRequest, type RecruiterDetailsRequest } from '../contract/staff.ts';
import { ApiError, call } from './http.ts';

type Signal = AbortSignal | undefined;

/**
 * The answer is checked against the contract's schema on the way in (services/http.ts); recruiter
 * data that does not fit is reported in the words of spec 2 §8.
 */
async function recruiterData<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'invalid-response')
      throw new ApiError('invalid-response', err.status, StaffMessages.invalidData);
    throw err;
  }
}

/** Typed calls of the company's staff (spec 2 §7, Employer and Recruiter). */
export const staffService = {
  list: (signal?: Signal) => recruiterData(call(ep.recruiterList, {}, { signal })),
  invite: (body: InviteRecruiterRequest, signal?: Signal) => call(ep.inviteRecruiter, { body }, { signal }),
  revoke: (email: string, signal?: Signal) => call(ep.revokeInvitation, { query: { Email: email } }, { signal }),
  remove: (email: string, signal?: Signal) => call(ep.deleteRecruiter, { query: { Email: email } }, { signal }),
  edit: (body: EditRecruiterRequest, signal?: Signal) => call(ep.editRecruiter, { body }, { signal }),
  activate: (email: string, signal?: Signal) => call(ep.activeRecruiter, { query: { RecruiterEmail: email } }, { signal }),
  deactivate: (email: string, signal?: Signal) => call(ep.deactiveRecruiter, { query: { RecruiterEmail: email } }, { signal }),
  recruiter: (signal?: Signal) => recruiterData(call(ep.getRecruiter, {}, { signal })),
  updateRecruiter: (body: RecruiterDetailsRequest, signal?: Signal) => call(ep.updateRecruiter, { body }, { signal }),
};
