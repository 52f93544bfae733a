import * as ep from '../contract/admin.ts';
import type {
  AuditQuery,
  BlacklistedQuery,
  ContactMessagesQuery,
  CompanyListQuery,
  RecruitersByCompanyQuery,
  ReportQueueQuery,
  ResolveReportsRequest,
  ToggleActiveRequest,
  ToggleBlacklistRequest,
} from '../contract/admin.ts';
import { call } from './http.ts';
import { browserTimeZone } from './metrics.ts';

interface Options {
  signal?: AbortSignal | undefined;
}
/** 4xx answers come back to the page, which shows their errors; 5xx and network failures toast (spec 2 §8). */
const quiet = (o: Options) => (o.signal ? { signal: o.signal } : {});

/** Typed calls of the back office (spec 2 §7, Admin), for SuperAdmins only. */
export const adminService = {
  dashboard: (o: Options & { timeZone?: string } = {}) =>
    call(ep.adminDashboard, { query: { timeZone: o.timeZone ?? browserTimeZone() } }, quiet(o)),
  companies: (query: CompanyListQuery, o: Options = {}) => call(ep.companyListing, { query }, quiet(o)),
  blacklisted: (query: BlacklistedQuery, o: Options = {}) => call(ep.blacklistedCompanyList, { query }, quiet(o)),
  company: (companyId: string, o: Options = {}) => call(ep.companyById, { query: { companyId } }, quiet(o)),
  /** The state is named, so a second click changes nothing. */
  setActive: (body: ToggleActiveRequest & { active: boolean }, o: Options = {}) => call(ep.toggleForActivePost, { body }, quiet(o)),
  setBlacklisted: (body: ToggleBlacklistRequest & { blacklisted: boolean }, o: Options = {}) =>
    call(ep.toggleForBlacklistPost, { body }, quiet(o)),
  recruitersByCompany: (query: RecruitersByCompanyQuery, o: Options = {}) => call(ep.recruitersByCompanyName, { query }, quiet(o)),
  recruiter: (recruiterId: string, o: Options = {}) => call(ep.recruiterDetails, { query: { recruiterId } }, quiet(o)),
  reports: (query: ReportQueueQuery, o: Options = {}) => call(ep.reportQueue, { query }, quiet(o)),
  resolveReports: (body: ResolveReportsRequest, o: Options = {}) => call(ep.resolveReports, { body }, quiet(o)),
  audit: (query: AuditQuery, o: Options = {}) => call(ep.auditTrail, { query }, quiet(o)),
  contactMessages: (query: ContactMessagesQuery, o: Options = {}) => call(ep.contactMessageList, { query }, quiet(o)),
};
