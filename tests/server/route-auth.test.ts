import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { allEndpoints, endpointsOf } from '../../src/contract/index.ts';
import { buildPath, type EndpointDef } from '../../src/contract/endpoint.ts';
import { roles, type Role } from '../../src/contract/roles.ts';
import { MESSAGING_SOCKET_PATH } from '../../src/contract/messaging.ts';
import { SUBSCRIPTIONS_WEBHOOK_PATH } from '../../src/contract/billing.ts';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../../server/jobs/alerts.ts';
import { createAccessTokens } from '../../server/platform/tokens.ts';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';

// DESIGN §8: auth is checked before the body is validated. Walks the contract's whole endpoint
// table, so an endpoint added to any area is covered without being listed here.

const contractDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/contract');
const EXPIRED = 'Your session has expired. Please sign in again.';

const guarded = allEndpoints.filter((ep) => ep.auth !== 'public');
const roleListed = guarded.filter((ep): ep is EndpointDef & { auth: readonly Role[] } => Array.isArray(ep.auth));
const publicWithBody = allEndpoints.filter((ep) => ep.auth === 'public' && ep.body);
const name = (ep: EndpointDef) => `${ep.method} ${ep.path}`;

/** The field names of an object schema, through refinements and transforms. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return [];
}

interface Input {
  label: string;
  payload?: unknown;
  query?: string;
}

/** What a caller might send that the endpoint's schema refuses; GET carries it in the query. */
function wrongInputs(ep: EndpointDef): Input[] {
  if (ep.method === 'GET') {
    const fields = fieldsOf(ep.query);
    const query = (fields.length ? fields : ['id']).map((f) => `${f}=1&${f}=2`).join('&');
    return [{ label: 'no input' }, { label: 'a query of repeated fields', query }];
  }
  const fields = fieldsOf(ep.body);
  return [
    { label: 'no body' },
    { label: 'a JSON array', payload: [1, 2, 3] },
    { label: 'every field a number', payload: Object.fromEntries((fields.length ? fields : ['id']).map((f) => [f, 7])) },
  ];
}

/** The endpoint's URL with a plausible value (a fresh id) in each `:param` segment. */
function urlOf(ep: EndpointDef, query?: string): string {
  const params = Object.fromEntries([...ep.path.matchAll(/:([A-Za-z]+)/g)].map(([, key]) => [key!, randomUUID()]));
  const url = buildPath(ep.path, params);
  return query ? `${url}?${query}` : url;
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.stop());

async function send(ep: EndpointDef, input: Input, token?: string) {
  const res = await app.inject({
    method: ep.method,
    url: urlOf(ep, input.query),
    ...(input.payload !== undefined ? { payload: input.payload as object } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, message: (res.json() as { message?: string }).message };
}

const tokenOf = (role: Role) => app.ctx.tokens.sign({ userId: randomUUID(), role });

describe('the endpoint table', () => {
  it('has endpoints that need a session, and public ones with a body', () => {
    expect(guarded.length).toBeGreaterThan(0);
    expect(publicWithBody.length).toBeGreaterThan(0);
  });

  it('holds every endpoint of every contract module', async () => {
    const inTable = new Set(allEndpoints);
    const missing: string[] = [];
    const files = fs.readdirSync(contractDir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    for (const file of files) {
      const mod = (await import(path.join(contractDir, file))) as Record<string, unknown>;
      for (const ep of endpointsOf(mod)) if (!inTable.has(ep)) missing.push(`${file}: ${name(ep)}`);
    }
    expect(files).toContain('account.ts');
    expect(missing, 'endpoints missing from allEndpoints in src/contract/index.ts').toEqual([]);
  });

  it('declares every route the app serves under /api', () => {
    const declared = new Set(allEndpoints.map(name));
    const served = app.routes
      .filter((r) => /^\/api(\/|$)/.test(r.url) && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      // The realtime connection is declared by its frames (src/contract/messaging.ts), not as an endpoint.
      .filter((r) => r.url !== MESSAGING_SOCKET_PATH)
      // The payment processor's webhook is public and signed, read on its raw body (server/billing/routes.ts).
      .filter((r) => !(r.method === 'POST' && r.url === SUBSCRIPTIONS_WEBHOOK_PATH))
      // A mail program's one-click unsubscribe (RFC 8058) posts a form to the token's address (server/jobs/routes.ts).
      .filter((r) => !(r.method === 'POST' && r.url === ONE_CLICK_UNSUBSCRIBE_PATH))
      .map((r) => `${r.method} ${r.url}`);
    expect(served.length).toBeGreaterThan(0);
    expect(
      served.filter((r) => !declared.has(r)),
      'routes served outside the contract',
    ).toEqual([]);
  });
});

describe.each(guarded.map((ep) => [name(ep), ep] as const))('%s', (_, ep) => {
  it.each(wrongInputs(ep).map((input) => [input.label, input] as const))('answers 401 without a token, given %s', async (_, input) => {
    expect(await send(ep, input)).toEqual({ status: 401, message: EXPIRED });
  });

  it('answers 401 to a bearer token that is not ours, whatever the input', async () => {
    const foreign = await createAccessTokens('another-secret-of-at-least-thirty-two-chars').sign({
      userId: randomUUID(),
      role: 'SuperAdmin',
    });
    for (const token of ['garbage', 'e30.e30.e30', foreign]) {
      for (const input of wrongInputs(ep)) {
        expect(await send(ep, input, token), `${token.slice(0, 12)}…, ${input.label}`).toEqual({ status: 401, message: EXPIRED });
      }
    }
  });

  if (ep.body) {
    it('validates the body once the caller may call it', async () => {
      const allowed = Array.isArray(ep.auth) ? ep.auth[0]! : 'JobSeeker';
      expect((await send(ep, { label: 'a JSON array', payload: [1, 2, 3] }, await tokenOf(allowed))).status).toBe(400);
    });
  }
});

describe.each(roleListed.map((ep) => [name(ep), ep] as const))('%s, for its roles only', (_, ep) => {
  const others = roles.filter((role) => !ep.auth.includes(role));
  it.skipIf(others.length === 0).each(others)('answers 403 to the role %s, whatever the input', async (role) => {
    const token = await tokenOf(role);
    for (const input of wrongInputs(ep)) {
      expect((await send(ep, input, token)).status, input.label).toBe(403);
    }
  });
});

describe('public endpoints', () => {
  it.each(publicWithBody.map((ep) => [name(ep), ep] as const))('%s still validates its body: 400', async (_, ep) => {
    expect((await send(ep, { label: 'a JSON array', payload: [1, 2, 3] })).status).toBe(400);
  });
});

describe('an access token verified once', () => {
  const tokens = createAccessTokens('a-secret-of-at-least-thirty-two-characters!');
  afterEach(() => vi.useRealTimers());

  it('is accepted again until it expires, and refused from then on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const claims = { userId: randomUUID(), role: 'JobSeeker' as const };
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('does not make a token altered from it valid', async () => {
    const token = await tokens.sign({ userId: randomUUID(), role: 'JobSeeker' });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: randomUUID(), role: 'SuperAdmin', iss: 'job-marketplace', aud: 'job-marketplace-api', exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });
});
