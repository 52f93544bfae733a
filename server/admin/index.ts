// The back office: SuperAdmins police companies and recruiters, work the queue of reported jobs,
// and every action they take is kept in the audit trail. What the area offers the rest of the
// server: nothing outside it imports its other files.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { companyAdminRoutes } from './company-routes.ts';
import { contactAdminRoutes } from './contact-routes.ts';
import { officeRoutes } from './office-routes.ts';

export { seedDemoReports } from './reports-demo.ts';
export { seedDemoBackOffice } from './demo.ts';
export { setCompanyState, type StateChange, type StateChangeOptions, type Tx } from './company-actions.ts';

export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  companyAdminRoutes(app, ctx);
  officeRoutes(app, ctx);
  contactAdminRoutes(app, ctx);
}
