import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '../../src/contract/index.ts';
import { buildPath, type EndpointDef } from '../../src/contract/endpoint.ts';
import type { Role } from '../../src/contract/roles.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../../server/http/storable-text.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { officeApp, officeWorld, type Caller, type OfficeWorld } from './admin-office-support.ts';

// Walks the contract's whole endpoint table: every text field of every call, sent text PostgreSQL
// cannot keep (a NUL, half a surrogate pair) or a 100,000-character string, is answered with a
// client error, never a 5xx; the unstorable ones with a 400 that names the field.

const NUL = 'Forklift\u0000operator';
const LONE_SURROGATE = 'Forklift \ud800 operator';
const LONG = 'x'.repeat(100_000);

/** The field names of an object schema, through refinements and transforms. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return [];
}

const name = (ep: EndpointDef) => `${ep.method} ${ep.path}`;
// Uploads read their fields from a multipart body (their own test sends NUL in a file name).
const endpoints = allEndpoints.filter((ep) => !ep.upload);

let app: TestApp;
let w: OfficeWorld;
beforeAll(async () => {
  ({ app } = await officeApp());
  w = await officeWorld(app);
}, 60_000);
afterAll(async () => app?.stop());

/** Someone the endpoint lets in, so the request itself is what is judged. */
function callerOf(ep: EndpointDef): Caller {
  if (ep.auth === 'public') return w.anonymous;
  const role: Role = ep.auth === 'signedIn' ? 'JobSeeker' : ep.auth[0]!;
  return { JobSeeker: w.seeker, Employer: w.employer, Recruiter: w.recruiter, SuperAdmin: w.superAdmin }[role];
}

function urlOf(ep: EndpointDef, param?: string): string {
  const params = Object.fromEntries([...ep.path.matchAll(/:([A-Za-z]+)/g)].map(([, key]) => [key!, param ?? randomUUID()]));
  return buildPath(ep.path, params);
}

async function send(ep: EndpointDef, field: string | null, value: string, param?: string) {
  const caller = callerOf(ep);
  const inQuery = ep.method === 'GET' || ep.method === 'DELETE';
  const fields = field === null ? {} : { [field]: value };
  const query = inQuery && field !== null ? `?${new URLSearchParams(fields).toString()}` : '';
  const res = await app.inject({
    method: ep.method,
    url: urlOf(ep, param) + query,
    ...(inQuery ? {} : { payload: fields }),
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
  });
  const body = res.headers['content-type']?.toString().includes('json')
    ? (res.json() as { state?: { fieldErrors?: Record<string, string> } })
    : {};
  return { status: res.statusCode, fieldErrors: body.state?.fieldErrors ?? {} };
}

const withFields = endpoints
  .map((ep) => [name(ep), ep, fieldsOf(ep.method === 'GET' || ep.method === 'DELETE' ? ep.query : ep.body)] as const)
  .filter(([, , fields]) => fields.length > 0);
const withParams = endpoints.filter((ep) => ep.path.includes(':'));

describe('text that cannot be stored', () => {
  it('finds text fields to try in most of the contract', () => {
    expect(withFields.length).toBeGreaterThan(100);
    expect(withParams.length).toBeGreaterThan(20);
  });

  it.each(withFields)('%s: a NUL or half a surrogate pair in any field is a 400 naming it', async (_, ep, fields) => {
    // Half a surrogate pair cannot travel in a URL (it has no UTF-8 form), only in a JSON body.
    const values = ep.method === 'GET' || ep.method === 'DELETE' ? [NUL] : [NUL, LONE_SURROGATE];
    for (const field of fields) {
      for (const value of values) {
        const answer = await send(ep, field, value);
        expect(answer.status, `${field}: ${JSON.stringify(value)}`).toBe(400);
        expect(answer.fieldErrors, field).toEqual({ [field]: UNSTORABLE_TEXT_MESSAGE });
      }
    }
  });

  it.each(withFields)('%s: a 100,000-character string in any field is never a server error', async (_, ep, fields) => {
    for (const field of fields) {
      const answer = await send(ep, field, LONG);
      expect(answer.status, field).toBeGreaterThanOrEqual(400);
      expect(answer.status, field).toBeLessThan(500);
    }
  });

  it.each(withParams.map((ep) => [name(ep), ep] as const))(
    '%s: a NUL in the address is a 400, or a 404 where no record could match',
    async (_, ep) => {
      const answer = await send(ep, null, '', '%00');
      // Refused as a field, or looked up as it is and not found: never a server error.
      expect([400, 404]).toContain(answer.status);
    },
  );
});
