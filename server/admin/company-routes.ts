import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** Companies and recruiters: the dashboard, the lists, a company's page and its state. */
export function companyAdminRoutes(_app: FastifyInstance, _ctx: AppContext) {}
