import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BodyOf, DataOf, EndpointDef, ParamsOf, QueryOf } from '../../src/contract/endpoint.ts';
import { envelopeOf } from '../../src/contract/envelope.ts';
import type { OutcomeCode } from '../../src/contract/outcome-codes.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { ok } from './envelope.ts';
import { forbidden, unauthorized } from './errors.ts';
import { fileRouteOptions, fileRouteSchema } from './upload.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null when no valid bearer token came with the request. */
    caller: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** The handler reads the caller's account in its own first query and refuses a deleted or deactivated one. */
    handlerChecksAccount?: boolean;
  }
}

/** A handler's answer when it needs more than data: a message, a status, a follow-up request or an outcome code. */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly meta: { message?: string; status?: number; request?: unknown; code?: OutcomeCode } = {},
  ) {}
}
export const reply = <T>(data: T, meta: Reply<T>['meta']) => new Reply(data, meta);

export interface HandlerInput<E extends EndpointDef> {
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: ParamsOf<E>;
  caller: E['auth'] extends 'public' ? AccessClaims | null : AccessClaims;
  req: FastifyRequest;
  res: FastifyReply;
}

/** A handler answers data, a Reply, or the reply itself once it has sent a file (a download). */
export type Handler<E extends EndpointDef> = (input: HandlerInput<E>) => Promise<DataOf<E> | Reply<DataOf<E>> | FastifyReply>;

export interface RouteOptions {
  /**
   * Largest JSON body read, in bytes (the app's default is 1 MiB). Raised where the schema's own
   * limits should answer an oversized field with a 400 that names it, rather than a bare 413.
   */
  bodyLimit?: number;
  /**
   * The handler's own first read refuses a deleted or deactivated account (401), so the app's
   * per-request account check is skipped: one query fewer on the busiest calls.
   */
  handlerChecksAccount?: boolean;
}

/**
 * Registers one endpoint of the contract: its auth rule is enforced first, then its schema
 * validates the request, and the answer is enveloped.
 */
export function route<E extends EndpointDef>(app: FastifyInstance, ep: E, handler: Handler<E>, options: RouteOptions = {}): void {
  const status = ep.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.handlerChecksAccount ? { config: { handlerChecksAccount: true } } : {}),
    method: ep.method,
    url: ep.path,
    schema: {
      summary: ep.summary,
      tags: [ep.tag],
      ...(ep.body ? { body: ep.body } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
      response: { [status]: envelopeOf(ep.response) },
      ...fileRouteSchema(ep),
    },
    ...fileRouteOptions(ep),
    // Before the body is read or validated: a caller without access learns nothing about the body (401 before 400).
    // Runs after the app's onRequest hook, which sets req.caller.
    onRequest: async (req) => {
      if (ep.auth === 'public') return;
      if (!req.caller) throw unauthorized();
      if (Array.isArray(ep.auth) && !ep.auth.includes(req.caller.role)) throw forbidden();
    },
    handler: async (req, res) => {
      const result = await handler({
        body: req.body as BodyOf<E>,
        query: req.query as QueryOf<E>,
        params: req.params as ParamsOf<E>,
        caller: req.caller as HandlerInput<E>['caller'],
        req,
        res,
      });
      if (result === res) return res;
      if (result instanceof Reply) {
        const sent = result.meta.status ?? status;
        res.code(sent);
        return ok(result.data, sent, result.meta.message, result.meta.request, result.meta.code);
      }
      res.code(status);
      return ok(result, status);
    },
  });
}
