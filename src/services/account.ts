import * as ep from '../contract/account.ts';
import type { BodyOf } from '../contract/endpoint.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/** Typed calls of the account area (spec 1 §7). */
export const accountService = {
  login: (body: BodyOf<typeof ep.login>, signal?: Signal) => call(ep.login, { body }, { signal }),
  requestOtp: (email: string, signal?: Signal) => call(ep.requestOtp, { body: { email } }, { signal }),
  refreshToken: (refreshToken: string, signal?: Signal) => call(ep.refreshToken, { body: { refreshToken } }, { signal }),
  logout: (refreshToken: string | undefined, signal?: Signal) =>
    call(ep.logout, { body: refreshToken ? { refreshToken } : {} }, { signal }),
  register: (body: BodyOf<typeof ep.register>, signal?: Signal) => call(ep.register, { body }, { signal }),
  verifyEmail: (body: BodyOf<typeof ep.verifyEmail>, signal?: Signal) => call(ep.verifyEmail, { body }, { signal }),
  verifyBusiness: (body: BodyOf<typeof ep.verifyBusiness>, signal?: Signal) => call(ep.verifyBusiness, { body }, { signal }),
  forgotPassword: (email: string, signal?: Signal) => call(ep.forgotPassword, { body: { email } }, { signal }),
  resetPassword: (body: BodyOf<typeof ep.resetPassword>, signal?: Signal) => call(ep.resetPassword, { body }, { signal }),
  changePassword: (body: BodyOf<typeof ep.changePassword>, signal?: Signal) => call(ep.changePassword, { body }, { signal }),
  googleLoginAddress: (signal?: Signal) => call(ep.googleLogin, {}, { signal }),
  googleCallback: (body: BodyOf<typeof ep.googleCallback>, signal?: Signal) => call(ep.googleCallback, { body }, { signal }),
  googleCompleteRegistration: (body: BodyOf<typeof ep.googleCompleteRegistration>, signal?: Signal) =>
    call(ep.googleCompleteRegistration, { body }, { signal }),
  currentUser: (signal?: Signal) => call(ep.currentUser, {}, { signal }),
  completionStatus: (signal?: Signal) => call(ep.completionStatus, {}, { signal }),
  jobSeekerProfile: (signal?: Signal) => call(ep.jobSeekerProfile, {}, { signal }),
  profileCompletePercentage: (signal?: Signal) => call(ep.profileCompletePercentage, {}, { signal }),
};
