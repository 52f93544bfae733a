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
