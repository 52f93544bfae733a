import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionData } from '../../src/contract/account.ts';
import type { TestApp } from '../support/server/test-app.ts';
import { DAY, HOUR, accountApp, expectFailure, get, post, signedIn, testClock, verifiedJobSeeker } from './account-support.ts';

const EXPIRED = 'Your session has expired. Please sign in again.';
const clock = testClock();
let app: TestApp;
let email: string;
beforeAll(async () => {
  app = await accountApp({ adapters: { now: clock.now } });
  email = await verifiedJobSeeker(app);
});
afterAll(async () => {
  await app.stop();
});

const refresh = (refreshToken: string) => post<SessionData>(app, '/api/Account/RefreshToken', { refreshToken });

describe('RefreshToken', () => {
  it('rotates: each refresh gives a new access and refresh token for the same user', async () => {
    const session = await signedIn(app, email);
    const next = await refresh(session.refreshToken);
    expect(next.status).toBe(200);
    expect(next.body.data.refreshToken).not.toBe(session.refreshToken);
    expect(next.body.data.users).toEqual(session.users);
    expect(next.body.data.remember).toBe(false);
    const me = await get<{ email: string }>(app, '/api/Account/User', next.body.data.accessToken);
    expect(me.body.data.email).toBe(email);

    const third = await refresh(next.body.data.refreshToken);
    expect(third.status).toBe(200);
  });

  it('replaying a used refresh token revokes the whole family: the newer token stops working too', async () => {
    const session = await signedIn(app, email);
    const rotated = await refresh(session.refreshToken);
    expect(rotated.status).toBe(200);

    expectFailure(await refresh(session.refreshToken), 401, EXPIRED);
    expectFailure(await refresh(rotated.body.data.refreshToken), 401, EXPIRED);
  });

  it('revokes only that family: another sign-in of the same user keeps working', async () => {
    const stolen = await signedIn(app, email);
    const other = await signedIn(app, email);
    await refresh(stolen.refreshToken);
    await refresh(stolen.refreshToken);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('refuses made-up tokens', async () => {
    expectFailure(await refresh('A'.repeat(43)), 401, EXPIRED);
    expect((await post(app, '/api/Account/RefreshToken', { refreshToken: '' })).status).toBe(400);
  });

  it('keeps a sign-in without Remember Me for 12 hours at most, with Remember Me for 30 days', async () => {
    const session = await signedIn(app, email, undefined, false);
    const remembered = await signedIn(app, email, undefined, true);
    expect(remembered.remember).toBe(true);

    clock.advance(12 * HOUR + 1000);
    expectFailure(await refresh(session.refreshToken), 401, EXPIRED);
    const stillThere = await refresh(remembered.refreshToken);
    expect(stillThere.status).toBe(200);
    expect(stillThere.body.data.remember).toBe(true);

    // Rotation does not stretch the 30 days.
    clock.advance(30 * DAY - 12 * HOUR);
    expectFailure(await refresh(stillThere.body.data.refreshToken), 401, EXPIRED);
    clock.advance(-(30 * DAY + 1000));
  });
});

describe('Logout', () => {
  it('revokes the refresh token family of this sign-in and answers 200', async () => {
    const session = await signedIn(app, email);
    const rotated = (await refresh(session.refreshToken)).body.data;
    const out = await post(app, '/api/Account/Logout', { refreshToken: rotated.refreshToken });
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    expect(out.body.data).toBeNull();
    expectFailure(await refresh(rotated.refreshToken), 401, EXPIRED);
  });

  it('answers 200 for an unknown token and for no token', async () => {
    expect((await post(app, '/api/Account/Logout', { refreshToken: 'never-issued' })).status).toBe(200);
    expect((await post(app, '/api/Account/Logout', {})).status).toBe(200);
  });
});

describe('Access tokens', () => {
  it('a signed-in route answers 401 without a token or with a forged one', async () => {
    expectFailure(await get(app, '/api/Account/User'), 401, EXPIRED);
    expectFailure(await get(app, '/api/Account/User', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'), 401, EXPIRED);
  });
});
