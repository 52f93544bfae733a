import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { systemRoutes, devClockRoutes, devMailboxRoutes } from './system/index.ts';
import { accountRoutes, businessVerificationRoutes, googleSignInRoutes } from './account/index.ts';
import { locationRoutes } from './location/index.ts';
import { jobSeekerRoutes } from './jobseeker/index.ts';
import { lookupRoutes } from './lookups/index.ts';
import { fileRoutes } from './files/index.ts';
import { staffRoutes } from './staff/index.ts';
import { companyRoutes } from './company/index.ts';
import { postingRoutes } from './posting/index.ts';
import { jobDetailRoutes, jobSearchRoutes } from './jobs/index.ts';
import { applicantRoutes, listenForApplicants } from './applicants/index.ts';
import { listenForSuggestions, suggestionRoutes } from './suggestions/index.ts';
import { listenForMessaging, messagingRoutes } from './messaging/index.ts';
import { billingRoutes, listenForBilling } from './billing/index.ts';
import { metricsRoutes } from './metrics/index.ts';
import { adminRoutes } from './admin/index.ts';
import { blogRoutes } from './blog/index.ts';

/**
 * What areas tell each other (AppEvents in context.ts): each listens to the areas below it, which
 * never import it. Wired once per app, before any request or seed can tell anything.
 */
export function connectAreas(ctx: AppContext) {
  listenForApplicants(ctx);
  listenForSuggestions(ctx);
  listenForMessaging(ctx);
  listenForBilling(ctx);
}

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
  billingRoutes(api, ctx);
  metricsRoutes(api, ctx);
  adminRoutes(api, ctx);
  blogRoutes(api, ctx);
  if (ctx.config.devMailbox) {
    devMailboxRoutes(api, ctx);
    devClockRoutes(api, ctx);
  }
}
