import * as system from './system.ts';
import * as account from './account.ts';
import * as location from './location.ts';
import * as jobseeker from './jobseeker.ts';
import * as jobseekerProfile from './jobseeker-profile.ts';
import * as lookups from './lookups.ts';
import * as documents from './documents.ts';
import * as common from './common.ts';
import * as staff from './staff.ts';
import * as invitations from './invitations.ts';
import * as company from './company.ts';
import * as employer from './employer.ts';
import * as posting from './posting.ts';
import * as jobs from './jobs.ts';
import * as search from './search.ts';
import * as applicants from './applicants.ts';
import * as contact from './contact.ts';
import * as jobAlerts from './job-alerts.ts';
import * as suggestions from './suggestions.ts';
import * as messaging from './messaging.ts';
import * as billing from './billing.ts';
import * as metrics from './metrics.ts';
import * as admin from './admin.ts';
import * as adminDetails from './admin-details.ts';
import * as colleges from './colleges.ts';
import type { EndpointDef } from './endpoint.ts';

/** The endpoints a contract module exports. */
export function endpointsOf(mod: Record<string, unknown>): EndpointDef[] {
  return Object.values(mod).filter(
    (v): v is EndpointDef => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v,
  );
}

/** Every endpoint of the API, for the server's route check and the docs. */
export const allEndpoints: EndpointDef[] = [
  ...endpointsOf(system),
  ...endpointsOf(account),
  ...endpointsOf(location),
  ...endpointsOf(jobseeker),
  ...endpointsOf(jobseekerProfile),
  ...endpointsOf(lookups),
  ...endpointsOf(documents),
  ...endpointsOf(common),
  ...endpointsOf(staff),
  ...endpointsOf(invitations),
  ...endpointsOf(company),
  ...endpointsOf(employer),
  ...endpointsOf(posting),
  ...endpointsOf(jobs),
  ...endpointsOf(search),
  ...endpointsOf(applicants),
  ...endpointsOf(contact),
  ...endpointsOf(jobAlerts),
  ...endpointsOf(suggestions),
  ...endpointsOf(messaging),
  ...endpointsOf(billing),
  ...endpointsOf(metrics),
  ...endpointsOf(admin),
  ...endpointsOf(adminDetails),
  ...endpointsOf(colleges),
];
