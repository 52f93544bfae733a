import * as ep from '../contract/admin-details.ts';
import type { UpdateAdminDetailsRequest } from '../contract/admin-details.ts';
import { call } from './http.ts';

interface Options {
  signal?: AbortSignal | undefined;
}
const withSignal = (o: Options) => (o.signal ? { signal: o.signal } : {});

/** The SuperAdmin's own details and email (the settings page alone downloads their rules). */
export const adminDetailsService = {
  details: (o: Options = {}) => call(ep.adminDetails, {}, withSignal(o)),
  updateDetails: (body: UpdateAdminDetailsRequest, o: Options = {}) => call(ep.updateAdminDetails, { body }, withSignal(o)),
  requestEmailChange: (email: string, o: Options = {}) => call(ep.requestAdminEmailChange, { body: { email } }, withSignal(o)),
  confirmEmailChange: (email: string, code: string, o: Options = {}) =>
    call(ep.confirmAdminEmailChange, { body: { email, code } }, withSignal(o)),
};
