import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { companyMemberOf } from '../company/index.ts';
import * as ep from '../../src/contract/metrics.ts';
import { employerMetrics } from './employer-metrics.ts';
import { jobMetrics } from './job-metrics.ts';
import { jobpostsPerformance } from './performance.ts';

/**
 * Metrics (spec 2 §7 job-metrics, employer-metrics, jobposts-performance; also under the Employer
 * prefix, spec 2 §6), read from the count tables only. The company is the one the caller's own row
 * names: a job of another company answers 404 like one that never existed, and the company calls
 * read the caller's company alone. Counts reach the tables within a few seconds of happening
 * (server/platform/counters.ts).
 */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  const companyOf = async (caller: AccessClaims) => (await companyMemberOf(ctx, caller)).company.id;
  // companyMemberOf reads the caller's account first: a disabled account or a switched-off recruiter is signed out (401).
  const options = { handlerChecksAccount: true };

  for (const e of [ep.jobMetrics, ep.employerJobMetrics]) {
    route(app, e, async ({ caller, body }) => jobMetrics(ctx, await companyOf(caller), body), options);
  }
  for (const e of [ep.employerMetrics, ep.employerEmployerMetrics]) {
    route(app, e, async ({ caller, body }) => employerMetrics(ctx, await companyOf(caller), body), options);
  }
  for (const e of [ep.jobpostsPerformance, ep.employerJobpostsPerformance]) {
    route(app, e, async ({ caller, body }) => jobpostsPerformance(ctx, await companyOf(caller), body), options);
  }
}
