import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { systemRoutes } from './system/routes.ts';
import { devMailboxRoutes } from './system/dev-mailbox.ts';
import { accountRoutes } from './account/routes.ts';
import { businessVerificationRoutes } from './account/business-routes.ts';
import { googleSignInRoutes } from './account/google-routes.ts';
import { locationRoutes } from './location/routes.ts';
import { jobSeekerRoutes } from './jobseeker/routes.ts';
import { lookupRoutes } from './lookups/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { companyRoutes } from './company/routes.ts';
import { postingRoutes } from './posting/routes.ts';
import { jobDetailRoutes } from './jobs/detail-routes.ts';
import { jobSearchRoutes } from './jobs/routes.ts';
import { applicantRoutes } from './applicants/routes.ts';
import { suggestionRoutes } from './suggestions/routes.ts';
import { messagingRoutes } from './messaging/routes.ts';

/** Every area's routes, one line each. */
export function registerRoutes(api: FastifyInstance, ctx: AppContext) {
  systemRoutes(api, ctx);
  accountRoutes(api, ctx);
  businessVerificationRoutes(api, ctx);
  googleSignInRoutes(api, ctx);
  locationRoutes(api, ctx);
  jobSeekerRoutes(api, ctx);
  lookupRoutes(api, ctx);
  fileRoutes(api, ctx);
  staffRoutes(api, ctx);
  companyRoutes(api, ctx);
  postingRoutes(api, ctx);
  jobDetailRoutes(api, ctx);
  jobSearchRoutes(api, ctx);
  applicantRoutes(api, ctx);
  suggestionRoutes(api, ctx);
  messagingRoutes(api, ctx);
  if (ctx.config.devMailbox) devMailboxRoutes(api, ctx);
}
