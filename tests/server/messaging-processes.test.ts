import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { SocketClose } from '../../src/contract/messaging.ts';
import {
  connectSocket,
  expectOk,
  listening,
  messagingApp,
  signedInSocket,
  type MessagingWorld,
  type SocketClient,
} from './messaging-support.ts';

/**
 * Two server processes on one database: app A (the test world's) and app B, built on its own
 * database handle (a second PostgreSQL connection pool when DATABASE_URL is set; the same PGlite
 * otherwise, where B still has a hub and a listener of its own). A socket on one app hears what
 * happens through the other only by LISTEN/NOTIFY.
 */
let w: MessagingWorld;
let b: Awaited<ReturnType<typeof buildApp>>;
let databaseB: Database | null = null;
let baseA: string;
let baseB: string;
let url: string;
const sockets: SocketClient[] = [];

beforeAll(async () => {
  w = await messagingApp();
  const a = w.f.app;
  if (process.env.DATABASE_URL) {
    const rows = (await a.database.db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
    const dbUrl = new URL(process.env.DATABASE_URL);
    dbUrl.pathname = `/${rows[0]!.name}`;
    databaseB = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: '' });
  }
  b = await buildApp(a.ctx.config, { ...a.ctx.adapters, database: databaseB ?? a.database }, { logger: false });
  await b.ready();
  baseA = await listening(a);
  baseB = await listening(b as unknown as MessagingWorld['f']['app']);
  url = await w.open(w.apps.aWarehouse, w.jobsOf.warehouse);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await b?.close();
  await databaseB?.close();
  await w?.f.app.stop();
});

const on = async (base: string, ...args: Parameters<typeof signedInSocket> extends [unknown, unknown, ...infer R] ? R : never) => {
  const s = await signedInSocket(w, base, ...args);
  sockets.push(s);
  return s;
};

describe('two server processes on one database', () => {
  it('delivers a message sent through app A to a socket on app B, and B’s typing to a socket on A', async () => {
    const seekerOnB = await on(baseB, w.w.seekerA);
    const recruiterOnA = await on(baseA, w.w.recruiterX);
    const sent = await w.say(w.w.recruiterX, url, 'Hi Alex, this reached you through the other server.');
    expect((await seekerOnB.next('message', (f) => f.message.id === sent.id)).message).toEqual(sent);
    await seekerOnB.next('unread', (f) => f.unread === 1);
    seekerOnB.send({ type: 'typing', channelUrl: url });
    expect(await recruiterOnA.next('typing')).toMatchObject({ channelUrl: url, clientId: w.w.seekerA.id });
    seekerOnB.send({ type: 'read', channelUrl: url, messageId: sent.id });
    expect(await recruiterOnA.next('read')).toMatchObject({ clientId: w.w.seekerA.id, messageId: sent.id });
  });

  it('answers a session made by one app on the other', async () => {
    const session = expectOk(await w.calls.session(w.w.employerX));
    const s = await connectSocket(baseB);
    sockets.push(s);
    s.send({ type: 'hello', sessionToken: session.sessionToken, lastMessageId: 0 });
    const ready = await s.next('ready');
    expect(ready.clientId).toBe(w.w.employerX.id);
    // Catch-up from the start: the message of the test before.
    await s.next('message', (f) => f.message.text.startsWith('Hi Alex, this reached you'));
  });

  it('closes a switched-off recruiter’s socket on app B when the employer switches them off on app A', async () => {
    const recruiterOnB = await on(baseB, w.w.recruiterX);
    const email = await w.emailOf(w.w.recruiterX);
    const off = await w.f.app.inject({
      method: 'POST',
      url: `/api/Employer/DeactiveRecruiter?RecruiterEmail=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${w.w.employerX.token}` },
    });
    expect(off.statusCode).toBe(200);
    expect(await recruiterOnB.closed).toBe(SocketClose.forbidden);
  });
});
