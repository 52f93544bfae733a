import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../server/db/schema.ts';
import { AdminMessages, type ContactMessageList } from '../../src/contract/admin.ts';
import type { Envelope } from '../../src/contract/envelope.ts';
import { expectRefused, queryOf, superAdmin, type Answer, type Caller } from './admin-support.ts';
import { postingApp } from './posting-support.ts';

// The back office's list of contact form messages (GET Admin/ContactMessages): the SuperAdmin's
// alone, newest first, 10 a page with the total, and who sent each one.

let t: Awaited<ReturnType<typeof postingApp>>;
let admin: Caller;

beforeAll(async () => {
  t = await postingApp();
  admin = await superAdmin(t.f);
}, 60_000);
afterAll(async () => t?.f.stop());

async function list(caller: Caller, query: Record<string, string | number> = {}): Promise<Answer<ContactMessageList>> {
  const res = await t.f.app.inject({
    method: 'GET',
    url: `/api/Admin/ContactMessages${queryOf(query)}`,
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
  });
  return { status: res.statusCode, body: res.json() as Envelope<ContactMessageList>, headers: res.headers, raw: res.rawPayload };
}

/** Sends the contact form as a visitor does (signed in or not). */
async function send(caller: Caller, body: Record<string, string>) {
  const res = await t.f.app.inject({
    method: 'POST',
    url: '/api/job/ConnectWithUs',
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const db = () => t.f.app.database.db;

describe('who may read the contact messages', () => {
  it('the SuperAdmin alone: other roles 403, signed out 401, before the request is read', async () => {
    expect((await list(admin)).status).toBe(200);
    for (const caller of [t.w.employerX, t.w.recruiterX, t.w.employerY, t.w.recruiterY, t.w.seeker]) {
      expect((await list(caller)).status, caller.label).toBe(403);
      expect((await list(caller, { pageNumber: 1e9 })).status, `${caller.label}, bad page`).toBe(403);
    }
    expect((await list(t.w.anonymous)).status).toBe(401);
    expect((await list(t.w.anonymous, { pageNumber: 0 })).status).toBe(401);
  });
});

describe('the list', () => {
  it('is empty before any message, then shows what the form sent, newest first, with the signed-in sender', async () => {
    await db().delete(contactMessages);
    const empty = await list(admin);
    expect(empty.body.data).toEqual({ messages: [], totalCount: 0, pageNumber: 1, pageSize: 10 });

    await send(t.w.anonymous, { name: 'Robin Lee', email: 'Robin@Example.com', subject: 'Pay', message: 'How is pay shown?' });
    await send(t.w.seeker, { name: 'Sky', email: 'sky@example.com', message: 'Hello' });
    // A bot's message (the hidden field filled) is not listed.
    await send(t.w.anonymous, { name: 'Bot', email: 'bot@example.com', message: 'Buy now', website: 'https://spam.example' });

    const { messages, totalCount } = (await list(admin)).body.data;
    expect(totalCount).toBe(2);
    expect(messages).toEqual([
      expect.objectContaining({
        name: 'Sky',
        email: 'sky@example.com',
        subject: null,
        message: 'Hello',
        account: { id: t.w.seeker.id, name: expect.any(String), email: expect.any(String), role: 'JobSeeker' },
      }),
      expect.objectContaining({ name: 'Robin Lee', email: 'robin@example.com', subject: 'Pay', account: null }),
    ]);
    expect(Date.parse(messages[0]!.createdAt)).toBeGreaterThan(Date.parse(messages[1]!.createdAt));
  });

  it('pages 10 at a time with the total: every message once, newest first, ties in a stable order', async () => {
    await db().delete(contactMessages);
    const base = Date.parse('2025-06-01T12:00:00Z');
    // 23 messages; every third shares its time with the one before, so the order must not rest on time alone.
    await db()
      .insert(contactMessages)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          name: `Sender ${i}`,
          email: `sender${i}@example.com`,
          message: `Message ${i}`,
          createdAt: new Date(base + (i - (i % 3 === 2 ? 1 : 0)) * 60_000),
        })),
      );
    const pages = await Promise.all([1, 2, 3, 4].map((pageNumber) => list(admin, { pageNumber })));
    for (const p of pages) expect(p.status).toBe(200);
    expect(pages.map((p) => p.body.data.messages.length)).toEqual([10, 10, 3, 0]);
    expect(pages.map((p) => p.body.data.totalCount)).toEqual([23, 23, 23, 23]);
    const all = pages.flatMap((p) => p.body.data.messages);
    expect(new Set(all.map((m) => m.id)).size).toBe(23);
    const times = all.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all[0]!.name).toBe('Sender 22');
    // Asking again gives the same pages.
    const again = await list(admin, { pageNumber: 2 });
    expect(again.body.data.messages.map((m) => m.id)).toEqual(pages[1]!.body.data.messages.map((m) => m.id));
    // A smaller page size is honoured.
    expect((await list(admin, { pageSize: 5 })).body.data.messages.map((m) => m.name)).toEqual(all.slice(0, 5).map((m) => m.name));
  });

  it('refuses a bad page or page size with the contract’s message (400)', async () => {
    const field = (answer: Answer, name: string, message: string) => {
      expectRefused(answer, 400, message, 'request.invalid');
      expect(answer.body.state.fieldErrors).toMatchObject({ [name]: message });
    };
    field(await list(admin, { pageNumber: 0 }), 'pageNumber', AdminMessages.page);
    field(await list(admin, { pageNumber: 1e9 }), 'pageNumber', AdminMessages.page);
    field(await list(admin, { pageNumber: 'two' }), 'pageNumber', AdminMessages.page);
    field(await list(admin, { pageNumber: 1.5 }), 'pageNumber', AdminMessages.page);
    field(await list(admin, { pageSize: 51 }), 'pageSize', AdminMessages.pageSize);
  });
});
