import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { MessagingMessages } from '../../src/contract/messaging.ts';
import { messagingApp, type Answer, type Caller, type MessagingWorld } from './messaging-support.ts';

/**
 * Who may do what in messaging: the conversation of seeker A about X's warehouse job is A's and
 * X's staff's only. Everyone else learns nothing of it (404, like a url that never existed); a
 * switched-off recruiter and an anonymous visitor are signed out (401); the wrong role is 403.
 */
let w: MessagingWorld;
let url: string;
let who: Record<string, Caller>;

beforeAll(async () => {
  w = await messagingApp();
  url = await w.open(w.apps.aWarehouse, w.jobsOf.warehouse);
  await w.say(w.w.recruiterX, url, 'Hello Alex, thanks for applying!');
  who = {
    anonymous: w.w.anonymous,
    'seeker A (member)': w.w.seekerA,
    'seeker B': w.w.seekerB,
    'recruiter of X': w.w.recruiterX,
    'employer of X': w.w.employerX,
    'recruiter of Y': w.w.recruiterY,
    'employer of Y': w.w.employerY,
    'switched-off recruiter of X': w.w.offRecruiterX,
  };
});
afterAll(async () => w?.f.app.stop());

type Expectation = number | 'empty';
type Row = [name: string, call: (c: Caller) => Promise<Answer<unknown>>, expected: Record<string, Expectation>];

const staffOnly = (x: Expectation, y: Expectation): Record<string, Expectation> => ({
  anonymous: 401,
  'seeker A (member)': 403,
  'seeker B': 403,
  'recruiter of X': x,
  'employer of X': x,
  'recruiter of Y': y,
  'employer of Y': y,
  'switched-off recruiter of X': 401,
});
const seekersOnly = (a: Expectation, b: Expectation): Record<string, Expectation> => ({
  anonymous: 401,
  'seeker A (member)': a,
  'seeker B': b,
  'recruiter of X': 403,
  'employer of X': 403,
  'recruiter of Y': 403,
  'employer of Y': 403,
  'switched-off recruiter of X': 401,
});
const membersOnly = (ok: number): Record<string, Expectation> => ({
  anonymous: 401,
  'seeker A (member)': ok,
  'seeker B': 404,
  'recruiter of X': ok,
  'employer of X': ok,
  'recruiter of Y': 404,
  'employer of Y': 404,
  'switched-off recruiter of X': 401,
});
const everyone = (ok: number): Record<string, Expectation> => ({
  ...membersOnly(ok),
  'seeker B': ok,
  'recruiter of Y': ok,
  'employer of Y': ok,
});

const rows = (): Row[] => [
  ['messaging-info (Recruiter)', (c) => w.calls.info(c, 'Recruiter'), staffOnly(200, 200)],
  ['messaging-info (JobSeeker)', (c) => w.calls.info(c, 'JobSeeker'), seekersOnly(200, 200)],
  ['messaging-session (Recruiter)', (c) => w.calls.session(c, 'Recruiter'), staffOnly(200, 200)],
  ['messaging-session (JobSeeker)', (c) => w.calls.session(c, 'JobSeeker'), seekersOnly(200, 200)],
  ['message-init', (c) => w.calls.init(c, { applicantId: w.apps.aWarehouse, jobPostId: w.jobsOf.warehouse }), staffOnly(200, 404)],
  [
    'messaging-applicant',
    (c) => w.calls.init(c, { applicantId: w.apps.aWarehouse, jobPostId: w.jobsOf.warehouse }, 'messaging-applicant'),
    staffOnly(200, 404),
  ],
  ['message-applicants', (c) => w.calls.applicants(c, {}), staffOnly(200, 'empty')],
  ['messaging-posts', (c) => w.calls.posts(c, {}), staffOnly(200, 'empty')],
  ['messaging-list', (c) => w.calls.list(c, {}), seekersOnly(200, 'empty')],
  ['thread', (c) => w.calls.thread(c, url), membersOnly(200)],
  ['sendMessage', (c) => w.calls.send(c, url, { clientMessageId: randomUUID(), text: 'Checking in.' }), membersOnly(201)],
  ['markRead', (c) => w.calls.read(c, url, { messageId: 1 }), membersOnly(200)],
  ['unreadCount', (c) => w.calls.unread(c), everyone(200)],
];

describe.each(rows().map((r) => [r[0], r] as const))('%s', (name) => {
  it('answers each caller as the rules say', async () => {
    const [, call, expected] = rows().find((r) => r[0] === name)!;
    const got: Record<string, Expectation> = {};
    for (const [label, caller] of Object.entries(who)) {
      const answer = await call(caller);
      const data = answer.body?.data as { messages?: unknown[]; posts?: unknown[] } | null;
      const empty = answer.status === 200 && data && (data.messages ?? data.posts)?.length === 0;
      got[label] = expected[label] === 'empty' && empty ? 'empty' : answer.status;
      if (answer.status === 404)
        expect(answer.body.message).toBe(
          /^messag(e-init|ing-applicant)/.test(name) ? MessagingMessages.jobNotFound : MessagingMessages.conversationNotFound,
        );
    }
    expect(got).toEqual(expected);
  });
});

it('checks the caller before the body: 401 and 403 come before 400', async () => {
  expect((await w.calls.send(w.w.anonymous, url, { text: '' })).status).toBe(401);
  expect((await w.calls.init(w.w.seekerA, { applicantId: 'x' })).status).toBe(403);
  expect((await w.calls.send(w.w.seekerB, url, { text: '' })).status).toBe(400);
});

it('a url that never existed is not found, for members of other conversations too', async () => {
  const answer = await w.calls.thread(w.w.recruiterX, `ch_${randomUUID()}`);
  expect(answer.status).toBe(404);
  expect(answer.body.message).toBe(MessagingMessages.conversationNotFound);
});

it('signs out a member whose account was deleted on the conversation calls too (they read the account themselves), and stores nothing', async () => {
  const db = w.f.app.database.db;
  const before = (await w.calls.thread(w.w.recruiterX, url)).body.data!.messages.length;
  await db.update(users).set({ disabled: true }).where(eq(users.id, w.w.seekerA.id!));
  try {
    expect((await w.calls.thread(w.w.seekerA, url)).status).toBe(401);
    expect((await w.calls.send(w.w.seekerA, url, { clientMessageId: randomUUID(), text: 'Still there?' })).status).toBe(401);
    expect((await w.calls.read(w.w.seekerA, url, { messageId: 1 })).status).toBe(401);
  } finally {
    await db.update(users).set({ disabled: false }).where(eq(users.id, w.w.seekerA.id!));
  }
  expect((await w.calls.thread(w.w.recruiterX, url)).body.data!.messages.length).toBe(before);
  expect((await w.calls.thread(w.w.seekerA, url)).status).toBe(200);
});
