import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  tag: 'system',
  summary: 'Liveness and database reachability',
  response: z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    version: z.string(),
    uptimeSeconds: z.number(),
    /**
     * This process's search index, for operators: off (SEARCH_ENGINE=postgres), idle (built at the first
     * search), building (searches answered in SQL meanwhile) or ready; the written jobs, companies
     * and seekers' records it has not read yet, and since when the oldest of them waits.
     */
    searchIndex: z.object({
      state: z.enum(['off', 'idle', 'building', 'ready']),
      pendingNotes: z.number().int(),
      behindMs: z.number().int(),
      /** Safety passes failed in a row (each is tried again, 1 s, 2 s, 4 s… up to a minute later). */
      failures: z.number().int(),
    }),
  }),
});

export const clientConfig = endpoint({
  method: 'GET',
  path: '/api/config',
  auth: 'public',
  tag: 'system',
  summary: 'Public settings the browser needs (support address, which integrations are on)',
  response: z.object({
    supportEmail: z.string(),
    googleSignIn: z.boolean(),
    mapsApiKey: z.string().nullable(),
    devMailbox: z.boolean(),
  }),
});
