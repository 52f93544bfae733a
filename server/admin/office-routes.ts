import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** The report queue, the audit trail and the administrator's own details. */
export function officeRoutes(_app: FastifyInstance, _ctx: AppContext) {}
