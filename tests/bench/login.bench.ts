import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createTestApp, type TestApp } from '../support/server/test-app.ts';
import { hashPassword } from '../../server/platform/passwords.ts';
import { createUser } from '../../server/account/users.ts';
import { percentile } from './support/load.ts';

const EMAIL = 'bench.seeker@example.com';
const PASSWORD = 'bench-password-1';

let app: TestApp;
const okSamples: number[] = [];
const unknownSamples: number[] = [];
let ipCounter = 0;
// A new address per sign-in: the real limiter stays in the path without running out.
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

beforeAll(async () => {
  app = await createTestApp();
  await createUser(app.database.db, {
    email: EMAIL,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Bench',
    lastName: 'Seeker',
    role: 'JobSeeker',
    dateOfBirth: '1990-01-01',
    emailVerifiedAt: new Date(),
  });
}, 120_000);

afterAll(async () => {
  const line = (name: string, s: number[]) =>
    `${name}: n=${s.length} p50=${percentile(s, 50).toFixed(0)} ms p99=${percentile(s, 99).toFixed(0)} ms`;
  console.log(
    `\nlogin figures (scrypt N=2^17 r=8 p=1 included)\n  ${line('POST /api/Account/Login, right password', okSamples)}\n  ${line('POST /api/Account/Login, unknown email', unknownSamples)}\n`,
  );
  await app?.stop();
});

async function login(email: string, expected: number, samples: number[]) {
  const t = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { email, password: PASSWORD, isOtp: false },
    remoteAddress: nextIp(),
  });
  samples.push(performance.now() - t);
  if (res.statusCode !== expected) throw new Error(`status ${res.statusCode}: ${res.body}`);
}

describe('password login', () => {
  bench('POST /api/Account/Login (right password)', () => login(EMAIL, 200, okSamples), {
    iterations: 60,
    time: 0,
    warmupIterations: 3,
  });

  let n = 0;
  bench('POST /api/Account/Login (unknown email)', () => login(`nobody${n++}@example.com`, 400, unknownSamples), {
    iterations: 30,
    time: 0,
    warmupIterations: 2,
  });
});
