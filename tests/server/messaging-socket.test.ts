import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../server/db/schema.ts';
import { createMemoryRateLimiter } from '../../server/platform/rate-limit.ts';
import { MessagingMessages, SEND_LIMIT, SocketClose } from '../../src/contract/messaging.ts';
import {
  connectSocket,
  expectOk,
  expectRefused,
  listening,
  messagingApp,
  quietFor,
  signedInSocket,
  type MessagingWorld,
  type SocketClient,
} from './messaging-support.ts';

let w: MessagingWorld;
let base: string;
let url: string;
const sockets: SocketClient[] = [];
const open = async (...args: Parameters<typeof signedInSocket> extends [unknown, unknown, ...infer R] ? R : never) => {
  const s = await signedInSocket(w, base, ...args);
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  w = await messagingApp();
  base = await listening(w.f.app);
  url = await w.open(w.apps.aWarehouse, w.jobsOf.warehouse);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await w?.f.app.stop();
});

describe('opening the connection', () => {
  it('closes with 4401 without a valid session: no hello, a bad or foreign token, an access token', async () => {
    const noToken = await connectSocket(base);
    noToken.send({ type: 'hello', lastMessageId: null });
    expect(await noToken.closed).toBe(SocketClose.unauthorized);

    const garbage = await connectSocket(base);
    garbage.send({ type: 'hello', sessionToken: 'garbage', lastMessageId: null });
    expect(await garbage.closed).toBe(SocketClose.unauthorized);

    const notHello = await connectSocket(base);
    notHello.send({ type: 'ping' });
    expect(await notHello.closed).toBe(SocketClose.unauthorized);

    // A bearer token of the API is not a messaging session.
    const access = await connectSocket(base);
    access.send({ type: 'hello', sessionToken: w.w.seekerA.token!, lastMessageId: null });
    expect(await access.closed).toBe(SocketClose.unauthorized);
  });

  it('closes with 4401 a connection that says nothing for 10 seconds', async () => {
    const silent = await connectSocket(base);
    const started = Date.now();
    expect(await silent.closed).toBe(SocketClose.unauthorized);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
  }, 20_000);

  it('answers ready with the unread total, and pong to ping', async () => {
    const s = await open(w.w.seekerA);
    expect(s.frames[0]).toEqual({ type: 'ready', clientId: w.w.seekerA.id, unread: 0 });
    s.send({ type: 'ping' });
    await s.next('pong');
  });

  it('answers an error frame to a frame it cannot use, and stays open', async () => {
    const s = await open(w.w.seekerB);
    s.send('not json');
    await s.next('error');
    s.send({ type: 'typing', channelUrl: url });
    await s.next('error', (f) => f.message === MessagingMessages.notAMember);
    s.send({ type: 'shout', text: 'hi' });
    await quietFor(100);
    expect(s.frames.filter((f) => f.type === 'error').length).toBe(3);
    s.send({ type: 'ping' });
    await s.next('pong');
  });

  it('closes a frame larger than the limit (a 1 MB frame) without reading it', async () => {
    const s = await open(w.w.seekerB);
    s.send(JSON.stringify({ type: 'typing', channelUrl: 'x'.repeat(1024 * 1024) }));
    expect(await s.closed).toBe(1009);
  });
});

describe('live conversation', () => {
  it('delivers a message to every member’s tabs and tells the others their unread total', async () => {
    const seeker = await open(w.w.seekerA);
    const seekerTab2 = await open(w.w.seekerA);
    const recruiter = await open(w.w.recruiterX);
    const employer = await open(w.w.employerX);
    const outsider = await open(w.w.seekerB);
    const otherCompany = await open(w.w.employerY);

    const sent = await w.say(w.w.recruiterX, url, 'Hi Alex! Could you start at 7 am on Mondays?');
    for (const s of [seeker, seekerTab2, recruiter, employer])
      expect((await s.next('message', (f) => f.message.id === sent.id)).message).toEqual(sent);
    expect((await seeker.next('unread', (f) => f.unread === 1)).unread).toBe(1);
    await employer.next('unread', (f) => f.unread === 1);
    await quietFor(150);
    for (const s of [outsider, otherCompany]) expect(s.frames.filter((f) => f.type === 'message')).toEqual([]);
    // The sender's total did not change: no unread frame for them.
    expect(recruiter.frames.filter((f) => f.type === 'unread')).toEqual([]);
  });

  it('delivers the text exactly as written, whatever it holds', async () => {
    const seeker = await open(w.w.seekerA);
    const text = 'Ref "id":-424242 and -424242, {"id":1} <b>bold</b> é 😀';
    const sent = await w.say(w.w.recruiterX, url, text);
    const got = await seeker.next('message', (f) => f.message.id === sent.id);
    expect(got.message.text).toBe(text);
    expect(got.message).toEqual(sent);
  });

  it('passes typing to the other members only', async () => {
    const seeker = await open(w.w.seekerA);
    const recruiter = await open(w.w.recruiterX);
    const outsider = await open(w.w.seekerB);
    seeker.send({ type: 'typing', channelUrl: url });
    expect(await recruiter.next('typing')).toEqual({ type: 'typing', channelUrl: url, clientId: w.w.seekerA.id, nickname: 'Alex Kim' });
    await quietFor(150);
    expect(seeker.frames.filter((f) => f.type === 'typing')).toEqual([]);
    expect(outsider.frames.filter((f) => f.type === 'typing')).toEqual([]);
  });

  it('sends read receipts to the others and the new total to the reader’s other tabs', async () => {
    const seeker = await open(w.w.seekerA);
    const seekerTab2 = await open(w.w.seekerA);
    const recruiter = await open(w.w.recruiterX);
    const sent = await w.say(w.w.recruiterX, url, 'Also, please bring your forklift certificate.');
    await seeker.next('message', (f) => f.message.id === sent.id);
    await seekerTab2.next('unread', (f) => f.unread > 0);
    seeker.send({ type: 'read', channelUrl: url, messageId: sent.id });
    expect(await recruiter.next('read')).toEqual({ type: 'read', channelUrl: url, clientId: w.w.seekerA.id, messageId: sent.id });
    await seekerTab2.next('unread', (f) => f.unread === 0);
    expect(expectOk(await w.calls.unread(w.w.seekerA)).unread).toBe(0);
  });

  it('catches up after a reconnect: every message missed, none twice', async () => {
    const first = await open(w.w.seekerA);
    w.clock.advance(60_000);
    const seen = await w.say(w.w.employerX, url, 'Welcome aboard soon, we hope!');
    await first.next('message', (f) => f.message.id === seen.id);
    await first.close();

    // Later messages, while the tab is away.
    w.clock.advance(60_000);
    const missed = [];
    for (const text of ['Are you still there?', 'We moved the interview to 11.', 'Let us know if that works.'])
      missed.push(await w.say(w.w.recruiterX, url, text));
    const again = await open(w.w.seekerA, seen.id);
    for (const m of missed) await again.next('message', (f) => f.message.id === m.id);
    await quietFor(150);
    const ids = again.frames.flatMap((f) => (f.type === 'message' ? [f.message.id] : []));
    expect(ids).toEqual(missed.map((m) => m.id));
    expect(again.frames[0]).toMatchObject({ type: 'ready', unread: expect.any(Number) });
  });

  it('closes a recruiter’s connections at once when switched off, and refuses their sends', async () => {
    const recruiter = await open(w.w.recruiterX);
    const earlierSession = expectOk(await w.calls.session(w.w.recruiterX));
    const email = await w.emailOf(w.w.recruiterX);
    const off = await w.f.app.inject({
      method: 'POST',
      url: `/api/Employer/DeactiveRecruiter?RecruiterEmail=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${w.w.employerX.token}` },
    });
    expect(off.statusCode).toBe(200);
    expect(await recruiter.closed).toBe(SocketClose.forbidden);
    expectRefused(await w.calls.send(w.w.recruiterX, url, { clientMessageId: randomUUID(), text: 'Still here?' }), 401);
    // A session asked for before the switch no longer opens a connection.
    const s = await connectSocket(base);
    sockets.push(s);
    s.send({ type: 'hello', sessionToken: earlierSession.sessionToken, lastMessageId: null });
    expect(await s.closed).toBe(SocketClose.forbidden);
    // The others go on.
    const seeker = await open(w.w.seekerA);
    await w.say(w.w.employerX, url, 'Casey has moved on; I will take it from here.');
    await seeker.next('message', (f) => f.message.text.startsWith('Casey has moved on'));
  });
});

it('closes a recruiter’s connections at once when removed from the staff', async () => {
  const recruiter = await open(w.w.recruiterY, null, 'Recruiter');
  const email = await w.emailOf(w.w.recruiterY);
  const removed = await w.f.app.inject({
    method: 'POST',
    url: `/api/Employer/DeleteRecruiter?Email=${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${w.w.employerY.token}` },
  });
  expect(removed.statusCode).toBe(200);
  expect(await recruiter.closed).toBe(SocketClose.forbidden);
});

describe('sending too fast', () => {
  let local: MessagingWorld;
  beforeAll(async () => {
    // The limiter's clock stands still: all 1,000 sends fall in one window, however long they take here.
    const second = Date.now();
    local = await messagingApp({ adapters: { rateLimiter: createMemoryRateLimiter(() => second) } });
  });
  afterAll(async () => local?.f.app.stop());

  it('stores SEND_LIMIT of 1,000 sends in one second and answers 429 to the rest', async () => {
    const channel = await local.open(local.apps.bWarehouse, local.jobsOf.warehouse);
    const answers = [];
    for (let batch = 0; batch < 10; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            local.calls.send(local.w.seekerB, channel, { clientMessageId: `m-${batch}-${i}`, text: `Spam ${batch}-${i}` }),
          ),
        )),
      );
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(SEND_LIMIT);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(1000 - SEND_LIMIT);
    expect(refused[0]!.body.message).toBe(MessagingMessages.tooFast);
    expect((await local.db.select({ id: messages.id }).from(messages).where(eq(messages.senderId, local.w.seekerB.id!))).length).toBe(
      SEND_LIMIT,
    );
  });
});
